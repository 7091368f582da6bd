import Foundation
import SessionStore
import Threading
import TestSupport
import Testing

/// The value the contract stores: a counter (for lost-update checks) and some text (for codec checks).
struct Tally: Sendable, Equatable {
    var count: Int
    var note: String

    /// 8 bytes of little-endian count, then the note's UTF-8. Its earlier form (`earlierForm`) is still read.
    static let codec = SessionCodec<Tally>(
        encode: { tally in
            withUnsafeBytes(of: Int64(tally.count).littleEndian) { Array($0) } + Array(tally.note.utf8)
        },
        decode: { bytes in
            guard bytes.count >= 8 else { throw TallyDecodingError() }
            let count = bytes[..<8].reversed().reduce(Int64(0)) { $0 << 8 | Int64($1) }
            return Tally(count: Int(count), note: String(decoding: bytes[8...], as: UTF8.self))
        },
        decodeEarlierForm: { bytes in
            guard bytes.starts(with: earlierFormPrefix) else { return nil }
            let parts = String(decoding: bytes.dropFirst(earlierFormPrefix.count), as: UTF8.self).split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let count = Int(parts[0]) else { throw TallyDecodingError() }
            return Tally(count: count, note: String(parts[1]))
        }
    )

    /// The form an earlier build stored: "TALLY1:<count>:<note>".
    var earlierForm: [UInt8] { Self.earlierFormPrefix + Array("\(count):\(note)".utf8) }
    static let earlierFormPrefix = Array("TALLY1:".utf8)
}

struct TallyDecodingError: Error {}
struct BodyFailure: Error, Equatable {}

/// An update given as two closures, with an expected version (If-Match) in its check, reporting to `report`.
struct TallyUpdate<Output: Sendable>: SessionUpdate {
    let id: SessionID
    var expectedVersion: UInt64? = nil
    var decide: @Sendable (Tally, UInt64) throws -> Check<Output> = { _, _ in .change }
    let apply: @Sendable (inout Tally, UInt64) -> Output
    let report: @Sendable (Result<(version: UInt64, output: Output), any Error>) -> Void

    func check(_ value: borrowing Tally, version: UInt64) throws -> Check<Output> {
        if let expectedVersion, expectedVersion != version { throw SessionStoreError.versionMismatch(current: version) }
        return try decide(copy value, version)
    }

    func change(_ value: inout Tally, version: UInt64) -> Output { apply(&value, version) }

    /// Hands the store's report on to `report`.
    var completion: UpdateCompletion<Output> {
        { [report] result in report(result.map { (version: $0.version, output: $0.output) }) }
    }
}

extension SessionStore where Value == Tally {
    /// Runs `update` on its session, reporting to its `report`.
    func update<Output>(_ update: TallyUpdate<Output>) {
        self.update(update.id, update, completion: update.completion)
    }
}

extension SessionBackend where Value == Tally {
    /// Runs `update` on its session with its check and change on `worker`, reporting to its `report`.
    func update<Output>(_ update: TallyUpdate<Output>, on worker: LongWork) {
        self.update(update.id, update, on: worker.lane(for: "tests"), completion: update.completion)
    }
}

/// The store's calls, each waiting for its report: the plain calls the tests are written in.
extension SessionStore {
    /// The new session's first version.
    @discardableResult
    func create(_ id: SessionID, _ value: Value) throws -> UInt64 {
        try waitFor { create(id, value, completion: $0) }
    }

    func create(_ id: SessionID, _ value: Value, claiming claim: CreationClaim) throws -> ClaimedCreation {
        try waitFor { create(id, value, claiming: claim, completion: $0) }
    }

    /// Nil when the store reports `.notFound`.
    func get(_ id: SessionID) throws -> Versioned<Value>? {
        do {
            return try waitFor { read(id, completion: $0) }
        } catch SessionStoreError.notFound {
            return nil
        }
    }

    func delete(_ id: SessionID, expectedVersion: UInt64? = nil) throws {
        try waitFor { delete(id, expectedVersion: expectedVersion, completion: $0) }
    }

    func count() throws -> Int {
        try waitFor { count(completion: $0) }
    }

    func checkHealth() throws {
        try waitFor { checkHealth(completion: $0) }
    }
}

extension SessionStore where Value == Tally {
    /// `TallyUpdate` with these closures, waited for: the version afterwards and the output.
    @discardableResult
    func update<Output: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64? = nil,
        check: @escaping @Sendable (Tally, UInt64) throws -> Check<Output> = { _, _ in .change },
        change: @escaping @Sendable (inout Tally, UInt64) -> Output
    ) throws -> (version: UInt64, output: Output) {
        try waitFor { report in
            update(TallyUpdate(id: id, expectedVersion: expectedVersion, decide: check, apply: change, report: report))
        }
    }

    /// Adds one to the count; returns the version afterwards and the value the update started from.
    func increment(_ id: SessionID, expectedVersion: UInt64? = nil) throws -> (version: UInt64, seen: Tally) {
        let (version, seen) = try update(id, expectedVersion: expectedVersion) { tally, _ in
            let seen = tally
            tally.count += 1
            return seen
        }
        return (version, seen)
    }

    /// Queues an increment without waiting; `report` sees the version it wrote.
    func startIncrement(_ id: SessionID, report: @escaping @Sendable (Result<UInt64, any Error>) -> Void) {
        update(TallyUpdate(id: id, apply: { tally, _ in tally.count += 1 }, report: { result in report(result.map(\.version)) }))
    }
}

/// Starts a call and sleeps until it reports; fails the test if it reports more than once.
func waitFor<T, Failure: Error>(_ start: (@escaping @Sendable (Result<T, Failure>) -> Void) -> Void) throws -> T {
    let report = FirstReport<T>()
    start { result in report.deliver(result.mapError { $0 as any Error }) }
    return try report.wait()
}

/// Expects `call` to fail with `.unavailable`.
func expectUnavailable(_ call: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(sourceLocation: sourceLocation) {
        try call()
    } throws: { error in
        isUnavailable(error)
    }
}

func isUnavailable(_ error: any Error) -> Bool {
    guard case .unavailable = error as? SessionStoreError else { return false }
    return true
}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let seconds = Lock<Double>(1_700_000_000)
    func advance(by delta: Double) { seconds.withLock { $0 += delta } }
    var now: @Sendable () -> Double { { self.seconds.withLock { $0 } } }
}

/// The stores the suites run against are the kinds of the one list (StoreKind, in TestSupport).
typealias Backend = StoreKind

extension StoreKind {
    /// Lower for the backends that sync to disk or cross a socket per write.
    var updatesPerThread: Int {
        switch self {
        case .memory: 2_000
        case .sqlite: 25
        case .redis, .redisCluster: 150
        }
    }

    /// A fresh, empty store of this kind; `cleanUp` removes what it left behind.
    func makeStore(_ options: SessionStoreOptions) throws -> (store: any SessionBackend<Tally>, cleanUp: @Sendable () -> Void) {
        switch self {
        case .memory:
            let store = MemorySessionStore<Tally>(options: options)
            return (store, { store.close() })
        case .sqlite:
            let path = TemporaryPath.make(suffix: ".sqlite")
            let store = try SQLiteSessionStore(path: path, codec: Tally.codec, options: options)
            return (store, { store.close(); TemporaryPath.remove(sqlite: path) })
        case .redis, .redisCluster:
            // A prefix per store keeps parallel tests apart on the one server or cluster.
            let prefix = "test:\(SessionID.random().rawValue):"
            let store = try RedisSessionStore(url: try sharedRedisURL(), codec: Tally.codec, options: options, keyPrefix: prefix)
            // Keys carry Redis TTLs of the store's ttl, so the server forgets them by itself.
            return (store, { store.close() })
        }
    }

    /// Two stores of this kind on the same data, as two server processes would have them: SQLite on one file, Redis
    /// on one server and prefix; nil for memory, whose data one process holds.
    func makeTwinStores() throws -> (first: any SessionBackend<Tally>, second: any SessionBackend<Tally>, cleanUp: @Sendable () -> Void)? {
        switch self {
        case .memory:
            return nil
        case .sqlite:
            let path = TemporaryPath.make(suffix: ".sqlite")
            let first = try SQLiteSessionStore(path: path, codec: Tally.codec)
            let second = try SQLiteSessionStore(path: path, codec: Tally.codec)
            return (first, second, { first.close(); second.close(); TemporaryPath.remove(sqlite: path) })
        case .redis, .redisCluster:
            let url = try sharedRedisURL()
            let prefix = "test:\(SessionID.random().rawValue):"
            let first = try RedisSessionStore(url: url, codec: Tally.codec, keyPrefix: prefix)
            let second = try RedisSessionStore(url: url, codec: Tally.codec, keyPrefix: prefix)
            return (first, second, { first.close(); second.close() })
        }
    }

    /// The shared server's or cluster's URL, for `.redis` and `.redisCluster`.
    func sharedRedisURL() throws -> String {
        self == .redisCluster
            ? try #require(RedisServer.sharedClusterURL, "CALC_TEST_REDIS_CLUSTER_URL is not set")
            : try #require(RedisServer.sharedURL, "CALC_TEST_REDIS_URL is not set")
    }
}

enum TemporaryPath {
    static func make(suffix: String) -> String {
        NSTemporaryDirectory() + "session-store-\(SessionID.random().rawValue)\(suffix)"
    }

    static func remove(sqlite path: String) {
        for file in [path, path + "-wal", path + "-shm"] {
            try? FileManager.default.removeItem(atPath: file)
        }
    }
}

/// Runs `work(thread)` on `count` real threads at once and waits for all of them.
func onThreads(_ count: Int, _ work: @escaping @Sendable (Int) -> Void) {
    let done = DispatchSemaphore(value: 0)
    for index in 0..<count {
        let thread = Thread {
            work(index)
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    for _ in 0..<count { done.wait() }
}

/// The first report of a call, handed from the thread that reports to the one that waits; a second report is an
/// issue.
final class FirstReport<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?
    private var reports = 0
    private let arrived = DispatchSemaphore(value: 0)

    func deliver(_ result: Result<T, any Error>) {
        lock.lock()
        reports += 1
        let first = reports == 1
        if first { self.result = result }
        lock.unlock()
        if first { arrived.signal() } else { Issue.record("a call reported more than once") }
    }

    func wait() throws -> T {
        arrived.wait()
        lock.lock()
        defer { lock.unlock() }
        return try result!.get()
    }
}
