import Foundation
import SessionStore
import Synchronization
import Testing

/// The value the contract stores: a counter (for lost-update checks) and some text (for codec checks).
struct Tally: Sendable, Equatable {
    var count: Int
    var note: String

    /// 8 bytes of little-endian count, then the note's UTF-8.
    static let codec = SessionCodec<Tally>(
        encode: { tally in
            withUnsafeBytes(of: Int64(tally.count).littleEndian) { Array($0) } + Array(tally.note.utf8)
        },
        decode: { bytes in
            guard bytes.count >= 8 else { throw TallyDecodingError() }
            let count = bytes[..<8].reversed().reduce(Int64(0)) { $0 << 8 | Int64($1) }
            return Tally(count: Int(count), note: String(decoding: bytes[8...], as: UTF8.self))
        }
    )
}

struct TallyDecodingError: Error {}

/// An update as one value (`SessionUpdate`): adds `amount` to the count and reports the new count; with 0 it keeps
/// the value (after changing its copy, which must not count) and reports the count it saw; below 0 it changes its
/// copy and throws `BodyFailure`.
struct AddToTally: SessionUpdate {
    let id: SessionID
    let expectedVersion: UInt64?
    let amount: Int
    let report: @Sendable (Result<(version: UInt64, result: Int), any Error>) -> Void

    func apply(to tally: inout Tally, version: UInt64) throws -> Mutation<Int> {
        let seen = tally.count
        tally.count += amount
        if amount < 0 { throw BodyFailure() }
        return amount == 0 ? .keep(seen) : .write(tally.count)
    }

    func complete(_ result: Result<(version: UInt64, result: Int), any Error>) {
        report(result)
    }
}

extension SessionStore where Value == Tally {
    /// Adds one to the count; returns the updated session and the value the update started from.
    func increment(_ id: SessionID, expectedVersion: UInt64? = nil) throws -> (updated: Versioned<Tally>, seen: Tally) {
        try update(id, expectedVersion: expectedVersion) { tally, _ -> Mutation<Tally> in
            let seen = tally
            tally.count += 1
            return .write(seen)
        }
    }
}
struct BodyFailure: Error, Equatable {}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let seconds = Mutex<Double>(1_700_000_000)
    func advance(by delta: Double) { seconds.withLock { $0 += delta } }
    var now: @Sendable () -> Double { { self.seconds.withLock { $0 } } }
}

enum Backend: String, Sendable, CustomStringConvertible {
    case memory, sqlite, redis

    var description: String { rawValue }

    /// Set by scripts/test, e.g. redis://127.0.0.1:6390.
    static var redisURL: String? {
        ProcessInfo.processInfo.environment["CALC_TEST_REDIS_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Lower for the backends that sync to disk or cross a socket per write.
    var updatesPerThread: Int {
        switch self {
        case .memory: 2_000
        case .sqlite: 25
        case .redis: 150
        }
    }

    /// A fresh, empty store of this kind; `cleanUp` removes what it left behind.
    func makeStore(_ options: SessionStoreOptions) throws -> (store: any SessionStore<Tally>, cleanUp: @Sendable () -> Void) {
        switch self {
        case .memory:
            let store = MemorySessionStore<Tally>(options: options)
            return (store, { store.close() })
        case .sqlite:
            let path = TemporaryPath.make(suffix: ".sqlite")
            let store = try SQLiteSessionStore(path: path, codec: Tally.codec, options: options)
            return (store, { store.close(); TemporaryPath.remove(sqlite: path) })
        case .redis:
            let url = try #require(Self.redisURL, "CALC_TEST_REDIS_URL is not set")
            // A prefix per store keeps parallel tests apart on the one server.
            let prefix = "test:\(SessionID.random().rawValue):"
            let store = try RedisSessionStore(url: url, codec: Tally.codec, options: options, keyPrefix: prefix)
            // Keys carry Redis TTLs of the store's ttl, so the server forgets them by itself.
            return (store, { store.close() })
        }
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

/// Waits for completion-form calls and checks each reports exactly once: `wait` sleeps until the first report, and
/// `reportedOnce` (asked once the store is closed, when nothing can be in flight any more) says whether every call
/// reported exactly once.
final class Completions: Sendable {
    private let reports = Mutex<[Int]>([])

    /// Starts a completion-form call and returns (or throws) what it reported.
    func wait<T>(_ start: (@escaping @Sendable (Result<T, any Error>) -> Void) -> Void) throws -> T {
        let index = reports.withLock { reports -> Int in
            reports.append(0)
            return reports.count - 1
        }
        let first = FirstReport<T>()
        let arrived = DispatchSemaphore(value: 0)
        start { [self] result in
            let isFirst = reports.withLock { reports -> Bool in
                reports[index] += 1
                return reports[index] == 1
            }
            guard isFirst else { return }
            first.result = result
            arrived.signal()
        }
        arrived.wait()
        return try #require(first.result).get()
    }

    var calls: Int { reports.withLock { $0.count } }
    var reportedOnce: Bool { reports.withLock { $0.allSatisfy { $0 == 1 } } }
}

/// Written once before a semaphore is signalled, read after waiting on it.
private final class FirstReport<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
