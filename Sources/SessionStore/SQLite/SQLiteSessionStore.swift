#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Threading

/// Sessions in one SQLite file, one row each: durable across restarts and crashes.
///
/// - Durability: WAL with `synchronous=FULL`, so a write reports success only after its commit is on disk (kill -9
///   loses no acknowledged write).
/// - Writes: one committer thread (`SQLiteCommitter`) owns the writer connection and runs every write, from a queue
///   (SQLite allows one writer at a time, and the queue is much fairer than SQLite's sleeping busy handler), in
///   group-committed batches; each write reports from that thread after its batch's COMMIT. Writes still use
///   `BEGIN IMMEDIATE` and a `WHERE version = ?` guard so that another process on the same file cannot slip in.
/// - Reads use a small pool of reader connections, which WAL lets run while the committer commits, and answer at once.
/// - The store remembers what it wrote and read lately (`RecentValues`): an update starts from the session as it
///   last wrote it, without reading the row or decoding it; its UPDATE checks version and bytes, so a row another
///   process changed meanwhile is read afresh instead.
/// - Completions of writes run on the committer thread, one after another, while the next batch waits: they must be
///   cheap. A write refused before it is queued (closed store, full store, encoding failure) reports at once, on the
///   caller's thread.
/// - Expiry: reads and updates rewrite the expiry only when it would move by more than 1% of the TTL, so display reads
///   do not cost a disk sync each and presses do not rewrite the expiry index each; a session therefore lives between
///   99% and 100% of the TTL after its last use. A read queues its expiry move and does not wait for it; until it
///   commits, the store remembers it in memory (and `count` may miss it).
/// - `count` counts live rows; the cap check uses an in-process tally of rows and sweeps before refusing.
/// - Expired rows are invisible at once and deleted by `sweepExpired()` (run it periodically, e.g. with `ExpirySweeper`).
/// - Rows an earlier build stored in a form the codec no longer reads are rewritten once, when the file is opened
///   (`SessionCodec.decodeEarlierForm`).
/// - `exclusive`: the store holds a lock on the file (`FileLock`) while open, and refuses to open a file another
///   exclusive store holds, in this process or another. The cap (`maxSessions`) is counted in this process, so two
///   servers on one file would each allow it; a server opens its file exclusively.
public final class SQLiteSessionStore<Value: Sendable>: SessionBackend {
    private final class ConnectionSlot: Sendable {
        let connection: Lock<SQLiteConnection?>
        init(_ connection: sending SQLiteConnection) { self.connection = Lock(connection) }
    }

    private static var readerCount: Int { 2 }

    /// A steady stream of writers would otherwise keep one batch open forever.
    private static var batchLimit: Int { 256 }

    @usableFromInline let committer: SQLiteCommitter
    /// Expiry moves queued by reads and not committed yet.
    private let refreshing = PendingExpiries()
    private let readers: [ConnectionSlot]
    private let nextReader = Atomic<Int>(0)
    @usableFromInline let codec: SessionCodec<Value>
    public let options: SessionStoreOptions
    @usableFromInline let ttl: Double
    @usableFromInline let refreshSlack: Double
    /// Rows in the table, expired or not; only for the cap check, which sweeps before refusing.
    private let stored = Atomic<Int>(0)
    private let closed = Atomic<Bool>(false)
    @usableFromInline let recent: RecentValues<Value>
    public let updates: VersionedUpdates<Value>
    private let lock: FileLock?

    public init(path: String, codec: SessionCodec<Value>, options: SessionStoreOptions = .init(), exclusive: Bool = false) throws {
        self.codec = codec
        self.options = options
        self.ttl = options.ttlSeconds
        self.refreshSlack = options.ttlSeconds / 100
        let held: FileLock?
        if exclusive {
            guard let lock = try FileLock(path: path) else {
                throw SessionStoreError.unavailable(
                    "sqlite: \(path) is in use by another server; one server serves a SQLite file (several servers share sessions through Redis)")
            }
            held = lock
        } else {
            held = nil
        }
        lock = held
        // Released only after every connection has closed: closing a descriptor of the file earlier would drop
        // SQLite's own locks (see `FileLock`).
        var opened = false
        defer { if !opened { held?.release() } }

        let writerConnection = try SQLiteConnection(path: path)
        try writerConnection.execute("PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;")
        try Self.migrate(writerConnection, codec: codec)
        var rows = 0
        try writerConnection.run("SELECT count(*) FROM sessions") { rows = Int($0.integer(0)) }
        stored.store(rows, ordering: .relaxed)
        var readers: [ConnectionSlot] = []
        for _ in 0..<Self.readerCount {
            let reader = try SQLiteConnection(path: path)
            try reader.execute("PRAGMA busy_timeout = 5000; PRAGMA query_only = 1;")
            readers.append(ConnectionSlot(reader))
        }
        self.readers = readers
        let recent = RecentValues<Value>()
        self.recent = recent
        updates = VersionedUpdates(remembering: recent)
        committer = try SQLiteCommitter(writer: writerConnection, batchLimit: Self.batchLimit) { committed in
            recent.batchEnded(committed: committed)
        }
        opened = true
    }

    deinit {
        close()  // ends the committer thread
    }

    // MARK: SessionStore

    /// A claim is looked up and written in the new row's transaction (`creation_claims`).
    public func create(
        _ id: SessionID, _ value: Value, claiming claim: CreationClaim?,
        completion: @escaping @Sendable (Result<ClaimedCreation, SessionStoreError>) -> Void
    ) {
        if closed.load(ordering: .acquiring) { return completion(.failure(.closed)) }
        let state: [UInt8]
        do {
            state = try codec.bytes(of: value)
        } catch {
            return completion(.failure(error))
        }
        if reserveSlot() { return insert(id, value, storedAs: state, claim: claim, completion: completion) }
        // Full: sweep the expired rows first (queued too, so this thread does not wait for a commit), then look again.
        sweepExpired { [self] swept in
            if case .failure(let error) = swept { return completion(.failure(error)) }
            guard reserveSlot() else { return completion(.failure(.capacityReached)) }
            insert(id, value, storedAs: state, claim: claim, completion: completion)
        }
    }

    /// Answers at once from a reader connection; a move of the expiry is queued, not waited for.
    public func read(_ id: SessionID, completion: @escaping @Sendable (Result<Versioned<Value>, SessionStoreError>) -> Void) {
        completion(Result { () throws(SessionStoreError) in try readRow(id) })
    }

    /// Answers at once from a reader connection, as `read` does.
    public func fetch(_ id: SessionID, completion: @escaping @Sendable (Result<StoredSession<Value>?, SessionStoreError>) -> Void) {
        completion(
            Result { () throws(SessionStoreError) -> StoredSession<Value>? in
                do throws(SessionStoreError) {
                    return try readSession(id)
                } catch .notFound {
                    return nil
                }
            })
    }

    /// Queued for the committer, in the next batch: `UPDATE … WHERE version = ? AND state = ?`, reported after COMMIT.
    /// Inlinable, with what it runs on the committer, so that it runs specialized for the caller's `Value`:
    /// unspecialized, each press asks the runtime for the metadata of its `Result`s and `WriteOutcome`s.
    @inlinable
    public func compareAndSet(
        _ id: SessionID, over expected: StoredWrite, with value: Value,
        completion: @escaping @Sendable (Result<WriteOutcome<Value>, SessionStoreError>) -> Void
    ) {
        let state: [UInt8]
        do {
            state = try codec.bytes(of: value)
        } catch {
            return completion(.failure(error))
        }
        let now = options.now()
        committer.enqueue({ [self] connection in try replaceRow(id, over: expected, storedAs: state, now: now, connection) }, report: { result in
            completion(result.mapError(Self.storeError))
        })
    }

    public func delete(_ id: SessionID, expectedVersion: UInt64?, completion: @escaping @Sendable (Result<Void, SessionStoreError>) -> Void) {
        let now = options.now()
        committer.enqueue({ [self] in try deleteRow(id, expectedVersion: expectedVersion, now: now, $0) }, report: { [self] result in
            if case .success = result { stored.subtract(1, ordering: .relaxed) }
            completion(result.mapError(Self.storeError))
        })
    }

    /// Exact: the rows whose expiry is still ahead. Answers at once from a reader connection.
    public func count(completion: @escaping @Sendable (Result<Int, SessionStoreError>) -> Void) {
        let now = options.now()
        completion(
            Result {
                try withReader { connection in
                    var live = 0
                    try connection.run("SELECT count(*) FROM sessions WHERE expires_at > ?", [.real(now)]) { live = Int($0.integer(0)) }
                    return live
                }
            }.mapError(Self.storeError))
    }

    /// Waits for the committer; must not be called from a completion (which runs on the committer thread).
    @discardableResult
    public func sweepExpired() throws -> Int {
        precondition(!committer.isCommitterThread, "a completion of the SQLite store waited for its committer")
        let done = WakeSignal()
        let outcome = Lock<Result<Int, SessionStoreError>?>(nil)
        sweepExpired { swept in
            outcome.withLock { $0 = swept }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0 ?? .failure(.closed) }.get()
    }

    public func checkHealth(completion: @escaping @Sendable (Result<Void, SessionStoreError>) -> Void) {
        completion(
            Result {
                _ = try withReader { connection in
                    try connection.run("SELECT 1 FROM sessions LIMIT 1")
                }
            }.mapError(Self.storeError))
    }

    /// Refuses later writes, commits the queued ones, checkpoints the WAL into the main file and closes every
    /// connection; the committer thread has ended when this returns.
    public func close() {
        updates.close()  // the updates under way finish first
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        committer.close()
        recent.forgetAll()
        for reader in readers {
            reader.connection.withLock { $0 = nil }
        }
        lock?.release()
    }

    // MARK: Rows

    /// Counts one row more when that stays within `maxSessions`.
    private func reserveSlot() -> Bool {
        if stored.add(1, ordering: .relaxed).newValue <= options.maxSessions { return true }
        stored.subtract(1, ordering: .relaxed)
        return false
    }

    /// Queues the row of a new session whose slot is reserved; gives the slot back when that fails or the claim was
    /// taken.
    private func insert(
        _ id: SessionID, _ value: Value, storedAs state: [UInt8], claim: CreationClaim?,
        completion: @escaping @Sendable (Result<ClaimedCreation, SessionStoreError>) -> Void
    ) {
        let now = options.now()
        committer.enqueue({ [self] in
            if let claim, let first = try Self.firstCreation(claiming: claim, now: now, $0) { return (false, first) }
            let (replacedExpired, version) = try insertRow(id, value, storedAs: state, now: now, $0)
            if let claim {
                try $0.run(
                    "INSERT OR REPLACE INTO creation_claims (key, session_id, version, fingerprint, until) VALUES (?, ?, ?, ?, ?)",
                    [.text(claim.key), .id(id), .integer(Int64(version)), .text(claim.fingerprint), .real(now + claim.retention)])
            }
            return (replacedExpired, .created(version: version))
        }, report: { [self] result in
            switch result {
            case .success(let (replacedExpired, outcome)):
                if case .claimed = outcome { stored.subtract(1, ordering: .relaxed) }
                if replacedExpired { stored.subtract(1, ordering: .relaxed) }
                completion(.success(outcome))
            case .failure(let error):
                stored.subtract(1, ordering: .relaxed)
                completion(.failure(Self.storeError(error)))
            }
        })
    }

    /// The create that claimed `claim.key` within its retention, if any.
    private static func firstCreation(claiming claim: CreationClaim, now: Double, _ connection: SQLiteConnection) throws -> ClaimedCreation? {
        var first: ClaimedCreation?
        try connection.run(
            "SELECT session_id, version, fingerprint FROM creation_claims WHERE key = ? AND until > ?", [.text(claim.key), .real(now)]
        ) { row in
            guard let id = SessionID(String(decoding: row.blob(0), as: UTF8.self)) else { return }
            first = .claimed(id: id, version: UInt64(row.integer(1)), fingerprint: String(decoding: row.blob(2), as: UTF8.self))
        }
        return first
    }

    /// Writes a new session's row: whether it replaced an expired one, and its first version, one above the last of a
    /// session that ended under this id (the expired row's, or the one `ended_sessions` kept), else 1.
    private func insertRow(
        _ id: SessionID, _ value: Value, storedAs state: [UInt8], now: Double, _ connection: SQLiteConnection
    ) throws -> (replacedExpired: Bool, version: UInt64) {
        var existing: (expiresAt: Double, version: Int64)?
        try connection.run("SELECT expires_at, version FROM sessions WHERE id = ?", [.id(id)]) { existing = ($0.real(0), $0.integer(1)) }
        if let existing, existing.expiresAt > now { throw SessionStoreError.alreadyExists }
        var last = existing?.version ?? 0
        if existing == nil {
            try connection.run("SELECT version FROM ended_sessions WHERE id = ?", [.id(id)]) { last = $0.integer(0) }
            if last > 0 { try connection.run("DELETE FROM ended_sessions WHERE id = ?", [.id(id)]) }
        }
        let version = UInt64(last) + 1
        try connection.run(
            "INSERT OR REPLACE INTO sessions (id, state, version, expires_at) VALUES (?, ?, ?, ?)",
            [.id(id), .blob(state), .integer(Int64(version)), .real(now + ttl)]
        )
        recent.wrote(value, as: StoredWrite(bytes: state, version: version, expiresAt: now + ttl), for: id, inBatch: true)
        return (existing != nil, version)
    }

    private func readRow(_ id: SessionID) throws(SessionStoreError) -> Versioned<Value> {
        let session = try readSession(id)
        return Versioned(value: session.value, version: session.write.version)
    }

    private func readSession(_ id: SessionID) throws(SessionStoreError) -> StoredSession<Value> {
        let now = options.now()
        do {
            guard var row = try withReader({ try Self.fetch(id, $0) }) else { throw SessionStoreError.notFound }
            if row.expiresAt <= now, refreshing.expiry(of: id) ?? 0 <= now {
                // An expiry move may have committed (and left `refreshing`) between the read and the look there: a
                // second read sees it.
                guard let again = try withReader({ try Self.fetch(id, $0) }), again.expiresAt > now else { throw SessionStoreError.notFound }
                row = again
            }
            let value = try decode(row, of: id)
            if row.expiresAt < now + ttl - refreshSlack {
                refreshExpiry(of: id, version: row.version, now: now)
                row.expiresAt = now + ttl
            }
            return StoredSession(write: row, value: value)
        } catch {
            throw Self.storeError(error)
        }
    }

    /// The compare-and-set, on the committer. Leaving expires_at alone when it would barely move spares a write to the
    /// expiry index: one page less in the WAL per press.
    @inlinable
    func replaceRow(
        _ id: SessionID, over expected: StoredWrite, storedAs state: [UInt8], now: Double, _ connection: SQLiteConnection
    ) throws -> WriteOutcome<Value> {
        let version = Int64(bitPattern: expected.version)
        let movesExpiry = expected.expiresAt < now + ttl - refreshSlack
        let changed =
            movesExpiry
            ? try connection.run(
                "UPDATE sessions SET state = ?, version = version + 1, expires_at = ? WHERE id = ? AND version = ? AND state = ? AND expires_at > ?",
                [.blob(state), .real(now + ttl), .id(id), .integer(version), .blob(expected.bytes), .real(now)])
            : try connection.run(
                "UPDATE sessions SET state = ?, version = version + 1 WHERE id = ? AND version = ? AND state = ? AND expires_at > ?",
                [.blob(state), .id(id), .integer(version), .blob(expected.bytes), .real(now)])
        if changed == 1 {
            return .written(StoredWrite(bytes: state, version: expected.version + 1, expiresAt: movesExpiry ? now + ttl : expected.expiresAt))
        }
        guard let row = try Self.fetch(id, connection), row.expiresAt > now else { throw SessionStoreError.notFound }
        return .moved(nil)
    }

    /// Queues the expiry's move and does not wait for it: a read must not wait for a commit. Until it has committed,
    /// `refreshing` tells reads (whose connections do not see it yet) that the session lives on.
    private func refreshExpiry(of id: SessionID, version: UInt64, now: Double) {
        let expiresAt = now + ttl
        refreshing.add(id, expiresAt)
        committer.enqueue({ [recent] connection in
            // Guarded by version so a concurrent write (which sets its own expiry) is not overridden.
            let changed = try connection.run(
                "UPDATE sessions SET expires_at = ? WHERE id = ? AND version = ? AND expires_at < ?",
                [.real(expiresAt), .id(id), .integer(Int64(bitPattern: version)), .real(expiresAt)]
            )
            if changed == 1 { recent.moved(id, version: version, expiresAt: expiresAt, inBatch: true) }
        }, report: { [refreshing] _ in refreshing.remove(id, expiresAt) })
    }

    private func deleteRow(_ id: SessionID, expectedVersion: UInt64?, now: Double, _ connection: SQLiteConnection) throws {
        guard let row = try Self.fetch(id, connection), row.expiresAt > now else { throw SessionStoreError.notFound }
        if let expectedVersion, expectedVersion != row.version {
            throw SessionStoreError.versionMismatch(current: row.version)
        }
        try connection.run("DELETE FROM sessions WHERE id = ?", [.id(id)])
        try connection.run(
            "INSERT OR REPLACE INTO ended_sessions (id, version, until) VALUES (?, ?, ?)",
            [.id(id), .integer(Int64(row.version)), .real(now + ttl)])
        recent.forget(id)
    }

    /// Queued like a write, so that the caller does not wait for a commit.
    private func sweepExpired(completion: @escaping @Sendable (Result<Int, SessionStoreError>) -> Void) {
        let now = options.now()
        committer.enqueue({ [recent, ttl] connection in
            // Expired sessions leave their last version for a TTL, as deleted ones do; those older are forgotten.
            try connection.run("DELETE FROM ended_sessions WHERE until <= ?", [.real(now)])
            try connection.run("DELETE FROM creation_claims WHERE until <= ?", [.real(now)])
            try connection.run(
                "INSERT OR REPLACE INTO ended_sessions (id, version, until) SELECT id, version, ? FROM sessions WHERE expires_at <= ?",
                [.real(now + ttl), .real(now)])
            let removed = try connection.run("DELETE FROM sessions WHERE expires_at <= ?", [.real(now)])
            recent.forgetExpired(now: now)
            return removed
        }, report: { [self] result in
            if case .success(let removed) = result { stored.subtract(removed, ordering: .relaxed) }
            completion(result.mapError(Self.storeError))
        })
    }

    // MARK: Connections and rows

    func withReader<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let slot = readers[nextReader.wrappingAdd(1, ordering: .relaxed).oldValue & (readers.count - 1)]
        return try slot.connection.withLock { connection throws -> T in
            guard let connection else { throw SessionStoreError.closed }
            return try body(connection)
        }
    }

    /// The session's row: its state, version and expiry.
    @inlinable
    static func fetch(_ id: SessionID, _ connection: SQLiteConnection) throws -> StoredWrite? {
        var row: StoredWrite?
        try connection.run("SELECT state, version, expires_at FROM sessions WHERE id = ?", [.id(id)]) {
            row = StoredWrite(bytes: $0.blob(0), version: UInt64(bitPattern: $0.integer(1)), expiresAt: $0.real(2))
        }
        return row
    }

    /// The value of a row: remembered, or decoded.
    @inlinable
    func decode(_ row: StoredWrite, of id: SessionID) throws -> Value {
        try recent.value(of: id, storedAs: row) { bytes in
            do {
                return try codec.decode(bytes)
            } catch {
                throw SessionStoreError.corrupt("cannot decode a stored session: \(error)")
            }
        }
    }

    @usableFromInline
    static func storeError(_ error: any Error) -> SessionStoreError {
        error as? SessionStoreError ?? .unavailable("sqlite: \(error)")
    }
}

/// Expiries that reads queued and the committer has not committed yet, so that a read on a reader connection (which
/// cannot see them) does not call a session that was just read expired.
private final class PendingExpiries: Sendable {
    private let expiries = Lock<[SessionID: Double]>([:])

    func add(_ id: SessionID, _ expiresAt: Double) {
        expiries.withLock { $0[id] = max($0[id] ?? 0, expiresAt) }
    }

    /// Forgets `expiresAt` once committed, unless a later refresh replaced it.
    func remove(_ id: SessionID, _ expiresAt: Double) {
        expiries.withLock { if $0[id] == expiresAt { $0[id] = nil } }
    }

    func expiry(of id: SessionID) -> Double? {
        expiries.withLock { $0[id] }
    }
}
