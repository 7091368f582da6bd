#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Sessions in one SQLite file, one row each: durable across restarts and crashes.
///
/// - Durability: WAL with `synchronous=FULL`, so a call that wrote returns only after its commit is on disk
///   (kill -9 loses no acknowledged write).
/// - Concurrency: every write goes through one writer connection behind a `SleepingMutex` (SQLite allows one writer at
///   a time, and queueing on our lock is much fairer than SQLite's sleeping busy handler); reads use a small pool of reader
///   connections, which WAL lets run while the writer commits. Writes still use `BEGIN IMMEDIATE` and a
///   `WHERE version = ?` guard so that another process on the same file cannot slip in.
/// - Group commit: a disk sync costs far more than the write itself, so concurrent writes share one transaction.
///   One writer at a time leads a batch: it runs its own write and those queued meanwhile, each in a savepoint, then
///   commits; the queued writers sleep once until then, and those that queue during the commit's disk sync form the
///   next batch, led by the first of them (see `transaction`). A write is acknowledged (returns) only after that
///   commit, and when the commit fails every write of the batch fails with it.
/// - Expiry: `get` and `update` rewrite the expiry only when it would move by more than 1% of the TTL, so display
///   reads do not cost a disk sync each and presses do not rewrite the expiry index each; a session therefore lives
///   between 99% and 100% of the TTL after its last use.
/// - `count()` counts live rows; the cap check uses an in-process tally of rows and sweeps before refusing.
/// - Expired rows are invisible at once and deleted by `sweepExpired()` (run it periodically, e.g. with `ExpirySweeper`).
public final class SQLiteSessionStore<Value: Sendable>: SessionStore {
    private final class ConnectionSlot: Sendable {
        let connection: Mutex<SQLiteConnection?>
        init(_ connection: sending SQLiteConnection) { self.connection = Mutex(connection) }
    }

    /// Each entry is one schema version; `PRAGMA user_version` records how many have run.
    static var migrations: [String] {
        [
            """
            CREATE TABLE sessions (
                id TEXT PRIMARY KEY NOT NULL,
                state BLOB NOT NULL,
                version INTEGER NOT NULL,
                expires_at REAL NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX sessions_by_expiry ON sessions(expires_at);
            """
        ]
    }

    private static var readerCount: Int { 2 }

    /// The writer connection; whoever holds its lock may write.
    private struct Writer {
        var connection: SQLiteConnection?
    }

    /// A steady stream of writers would otherwise keep one batch open forever.
    private static var batchLimit: Int { 256 }

    private let writer: SleepingMutex<Writer>
    private let batching = SleepingMutex(Batching())
    private let readers: [ConnectionSlot]
    private let nextReader = Atomic<Int>(0)
    private let codec: SessionCodec<Value>
    private let options: SessionStoreOptions
    private let ttl: Double
    private let refreshSlack: Double
    /// Rows in the table, expired or not; only for the cap check, which sweeps before refusing.
    private let stored = Atomic<Int>(0)
    private let closed = Atomic<Bool>(false)
    /// Spares decoding a row that holds what this process last wrote or read.
    private let recent = RecentValues<Value>()

    public init(path: String, codec: SessionCodec<Value>, options: SessionStoreOptions = .init()) throws {
        self.codec = codec
        self.options = options
        self.ttl = options.ttlSeconds
        self.refreshSlack = options.ttlSeconds / 100

        let writerConnection = try SQLiteConnection(path: path)
        try writerConnection.execute("PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;")
        try Self.migrate(writerConnection)
        var rows = 0
        try writerConnection.run("SELECT count(*) FROM sessions") { rows = Int($0.integer(0)) }
        stored.store(rows, ordering: .relaxed)
        writer = SleepingMutex(Writer(connection: writerConnection))

        var readers: [ConnectionSlot] = []
        for _ in 0..<Self.readerCount {
            let reader = try SQLiteConnection(path: path)
            try reader.execute("PRAGMA busy_timeout = 5000; PRAGMA query_only = 1;")
            readers.append(ConnectionSlot(reader))
        }
        self.readers = readers
    }

    /// Runs the migrations this file has not seen yet, each in its own transaction; running it again changes nothing.
    static func migrate(_ connection: SQLiteConnection) throws {
        for (index, sql) in migrations.enumerated() {
            try connection.execute("BEGIN IMMEDIATE")
            do {
                let current = try userVersion(connection)
                if current > migrations.count {
                    throw SessionStoreError.corrupt("sqlite: schema version \(current) is newer than this build (\(migrations.count))")
                }
                if current == index {
                    try connection.execute(sql)
                    try connection.execute("PRAGMA user_version = \(index + 1)")
                }
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    static func userVersion(_ connection: SQLiteConnection) throws -> Int {
        var version = 0
        try connection.run("PRAGMA user_version") { version = Int($0.integer(0)) }
        return version
    }

    /// The schema version this build migrates files to.
    public static var latestSchemaVersion: Int { migrations.count }

    /// The schema version recorded in the file (`PRAGMA user_version`), for diagnostics and tests.
    public func schemaVersion() throws -> Int {
        try withReader { try Self.userVersion($0) }
    }

    // MARK: Connections

    /// Runs `body` on the writer connection between batches, in autocommit mode. For writes nobody waits on:
    /// expiry refreshes, sweeps.
    private func withWriter<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try writer.withLock { state throws -> T in
            guard let connection = state.connection else { throw SessionStoreError.unavailable("session store is closed") }
            return try body(connection)
        }
    }

    /// One acknowledged write: `body` runs in a savepoint of a batch, and this returns only after the batch has
    /// committed durably. When `body` throws, its changes are rolled back and its error returns (after the batch).
    ///
    /// The first writer to find no leader leads: it opens the batch, runs its own write and every write queued
    /// meanwhile (each in its savepoint), commits, then wakes the batch's writers and hands the lead to the first
    /// writer that queued during the commit. So a queued writer sleeps once (not once on the writer lock and again
    /// waiting for the commit), and writers that arrive during a commit's disk sync form the next batch.
    private func transaction<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        var result: T?
        try acknowledgedWrite { connection in result = try body(connection) }
        guard let result else { throw SessionStoreError.unavailable("sqlite: write was not run") }
        return result
    }

    /// `transaction` without a generic result: generic code here ran unspecialized (the store is generic and called
    /// from another module) and looked up type metadata several times per write.
    private func acknowledgedWrite(_ body: (SQLiteConnection) throws -> Void) throws {
        if closed.load(ordering: .acquiring) { throw SessionStoreError.unavailable("session store is closed") }
        var bodyError: (any Error)?
        var ran = false
        let failure = withoutActuallyEscaping(body) { body -> SessionStoreError? in
            let write = QueuedWrite { connection in
                ran = true
                do {
                    try Self.inSavepoint(connection, body)
                } catch {
                    bodyError = error
                }
            }
            var leads = batching.withLock { state -> Bool in
                if state.hasLeader {
                    state.waiting.append(write)
                    return false
                }
                state.hasLeader = true
                return true
            }
            if !leads {
                write.wake.wait()
                leads = write.promoted
            }
            if leads { lead(with: write) }
            return write.failure
        }
        // A body that failed rolled back alone; otherwise the batch's commit decides.
        if let bodyError { throw bodyError }
        if let failure { throw failure }
        if !ran { throw SessionStoreError.unavailable("sqlite: write was not run") }
    }

    private static func inSavepoint(_ connection: SQLiteConnection, _ body: (SQLiteConnection) throws -> Void) throws {
        try connection.run("SAVEPOINT write")
        do {
            try body(connection)
            try connection.run("RELEASE write")
        } catch {
            if connection.isInTransaction {
                _ = try? connection.run("ROLLBACK TO write")
                _ = try? connection.run("RELEASE write")
            }
            throw error
        }
    }

    /// Runs one batch: `first` and the writes queued while it runs, then COMMIT; wakes them and passes the lead on.
    private func lead(with first: QueuedWrite) {
        var batch = [first]
        var failure: SessionStoreError?
        writer.withLock { state in
            guard let connection = state.connection else {
                failure = .unavailable("session store is closed")
                return
            }
            do {
                try connection.run("BEGIN IMMEDIATE")
            } catch {
                failure = error as? SessionStoreError ?? .unavailable("sqlite: \(error)")
                return
            }
            var next = 0
            while next < batch.count {
                let write = batch[next]
                write.work?(connection)
                write.work = nil
                next += 1
                guard connection.isInTransaction else {
                    // An error that aborts the whole transaction (disk full, I/O) undid the batch's earlier writes
                    // too: they all fail, and the rest are not run.
                    failure = .unavailable("sqlite: the batch's transaction was rolled back by an error")
                    return
                }
                if next == batch.count, batch.count < Self.batchLimit {
                    let room = Self.batchLimit - batch.count
                    batching.withLock { state in
                        if state.waiting.isEmpty { return }
                        if state.waiting.count <= room {
                            batch.append(contentsOf: state.waiting)
                            state.waiting.removeAll(keepingCapacity: true)
                        } else {
                            batch.append(contentsOf: state.waiting[..<room])
                            state.waiting.removeSubrange(..<room)
                        }
                    }
                }
            }
            do {
                try connection.run("COMMIT")
            } catch {
                if connection.isInTransaction { _ = try? connection.run("ROLLBACK") }
                failure = error as? SessionStoreError ?? .unavailable("sqlite: \(error)")
            }
        }
        for write in batch {
            // Writes never run (closed store, failed BEGIN) must still let go of their bodies.
            write.work = nil
            write.failure = failure
        }
        let successor = batching.withLock { state -> QueuedWrite? in
            if state.waiting.isEmpty {
                state.hasLeader = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        // The first write is this thread's own; the others sleep until told.
        for index in batch.indices where index > 0 { batch[index].wake.signal() }
        if let successor {
            successor.promoted = true
            successor.wake.signal()
        }
    }

    private func withReader<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let slot = readers[nextReader.wrappingAdd(1, ordering: .relaxed).oldValue & (readers.count - 1)]
        return try slot.connection.withLock { connection throws -> T in
            guard let connection else { throw SessionStoreError.unavailable("session store is closed") }
            return try body(connection)
        }
    }

    private struct Row {
        var state: [UInt8]
        var version: UInt64
        var expiresAt: Double
    }

    private static var selectRow: StaticString { "SELECT state, version, expires_at FROM sessions WHERE id = ?" }

    private static func fetch(_ id: SessionID, _ connection: SQLiteConnection) throws -> Row? {
        var row: Row?
        try connection.run(selectRow, [.text(id.rawValue)]) {
            row = Row(state: $0.blob(0), version: UInt64(bitPattern: $0.integer(1)), expiresAt: $0.real(2))
        }
        return row
    }

    private func decode(_ bytes: [UInt8], of id: SessionID) throws -> Value {
        try recent.value(of: id, storedAs: bytes) { bytes in
            do {
                return try codec.decode(bytes)
            } catch {
                throw SessionStoreError.corrupt("cannot decode a stored session: \(error)")
            }
        }
    }

    // MARK: SessionStore

    public func create(_ id: SessionID, _ value: Value) throws -> Versioned<Value> {
        if closed.load(ordering: .acquiring) { throw SessionStoreError.unavailable("session store is closed") }
        let state = try codec.encode(value)
        try reserveSlot()
        let now = options.now()
        do {
            let replacedExpired = try transaction { connection -> Bool in
                var existing: Double?
                try connection.run("SELECT expires_at FROM sessions WHERE id = ?", [.text(id.rawValue)]) { existing = $0.real(0) }
                if let existing, existing > now { throw SessionStoreError.alreadyExists }
                try connection.run(
                    "INSERT OR REPLACE INTO sessions (id, state, version, expires_at) VALUES (?, ?, 1, ?)",
                    [.text(id.rawValue), .blob(state), .real(now + ttl)]
                )
                return existing != nil
            }
            if replacedExpired { stored.subtract(1, ordering: .relaxed) }
            recent.remember(value, storedAs: state, for: id)
        } catch {
            stored.subtract(1, ordering: .relaxed)
            throw error
        }
        return Versioned(value: value, version: 1)
    }

    private func reserveSlot() throws {
        if stored.add(1, ordering: .relaxed).newValue <= options.maxSessions { return }
        stored.subtract(1, ordering: .relaxed)
        try sweepExpired()
        if stored.add(1, ordering: .relaxed).newValue <= options.maxSessions { return }
        stored.subtract(1, ordering: .relaxed)
        throw SessionStoreError.capacityReached
    }

    public func get(_ id: SessionID) throws -> Versioned<Value>? {
        let now = options.now()
        guard let row = try withReader({ try Self.fetch(id, $0) }), row.expiresAt > now else { return nil }
        let value = try decode(row.state, of: id)
        if row.expiresAt < now + ttl - refreshSlack {
            // Guarded by version so a concurrent write (which sets its own expiry) is not overridden.
            _ = try withWriter { connection in
                try connection.run(
                    "UPDATE sessions SET expires_at = ? WHERE id = ? AND version = ? AND expires_at < ?",
                    [.real(now + ttl), .text(id.rawValue), .integer(Int64(bitPattern: row.version)), .real(now + ttl)]
                )
            }
        }
        return Versioned(value: value, version: row.version)
    }

    public func update<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        _ body: (inout Value, _ currentVersion: UInt64) throws -> Mutation<R>
    ) throws -> (Versioned<Value>, R) {
        let now = options.now()
        return try transaction { connection -> (Versioned<Value>, R) in
            guard let row = try Self.fetch(id, connection), row.expiresAt > now else { throw SessionStoreError.notFound }
            if let expectedVersion, expectedVersion != row.version {
                throw SessionStoreError.versionMismatch(current: row.version)
            }
            let current = try decode(row.state, of: id)
            var value = current
            switch try body(&value, row.version) {
            case .write(let result):
                let state = try codec.encode(value)
                let version = Int64(bitPattern: row.version)
                // Leaving expires_at alone when it would barely move spares a write to the expiry index: one page
                // less in the WAL per press.
                let changed =
                    row.expiresAt < now + ttl - refreshSlack
                    ? try connection.run(
                        "UPDATE sessions SET state = ?, version = version + 1, expires_at = ? WHERE id = ? AND version = ?",
                        [.blob(state), .real(now + ttl), .text(id.rawValue), .integer(version)])
                    : try connection.run(
                        "UPDATE sessions SET state = ?, version = version + 1 WHERE id = ? AND version = ?",
                        [.blob(state), .text(id.rawValue), .integer(version)])
                guard changed == 1 else { throw SessionStoreError.unavailable("sqlite: session changed during its own transaction") }
                recent.remember(value, storedAs: state, for: id)
                return (Versioned(value: value, version: row.version + 1), result)
            case .keep(let result):
                if row.expiresAt < now + ttl - refreshSlack {
                    try connection.run("UPDATE sessions SET expires_at = ? WHERE id = ?", [.real(now + ttl), .text(id.rawValue)])
                }
                // The stored value, not the body's scratch copy: `.keep` means nothing the body did counts.
                return (Versioned(value: current, version: row.version), result)
            }
        }
    }

    public func delete(_ id: SessionID, expectedVersion: UInt64?) throws {
        let now = options.now()
        try transaction { connection in
            guard let row = try Self.fetch(id, connection), row.expiresAt > now else { throw SessionStoreError.notFound }
            if let expectedVersion, expectedVersion != row.version {
                throw SessionStoreError.versionMismatch(current: row.version)
            }
            try connection.run("DELETE FROM sessions WHERE id = ?", [.text(id.rawValue)])
        }
        recent.forget(id)
        stored.subtract(1, ordering: .relaxed)
    }

    /// Exact: the rows whose expiry is still ahead.
    public func count() throws -> Int {
        let now = options.now()
        return try withReader { connection in
            var live = 0
            try connection.run("SELECT count(*) FROM sessions WHERE expires_at > ?", [.real(now)]) { live = Int($0.integer(0)) }
            return live
        }
    }

    @discardableResult
    public func sweepExpired() throws -> Int {
        let now = options.now()
        let removed = try withWriter { connection in
            try connection.run("DELETE FROM sessions WHERE expires_at <= ?", [.real(now)])
        }
        stored.subtract(removed, ordering: .relaxed)
        return removed
    }

    public func checkHealth() throws {
        _ = try withReader { connection in
            try connection.run("SELECT 1 FROM sessions LIMIT 1")
        }
    }

    /// Checkpoints the WAL into the main file and closes every connection.
    public func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        recent.forgetAll()
        for reader in readers {
            reader.connection.withLock { $0 = nil }
        }
        writer.withLock { state in
            try? state.connection?.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            state.connection = nil
        }
    }
}

/// One write handed to the thread that leads a batch; its caller sleeps until the batch has ended.
/// (At file scope: nested in the generic store it would be generic too, its metadata looked up per write.)
private final class QueuedWrite: @unchecked Sendable {
    /// Runs the write in a savepoint and keeps its outcome for the caller; dropped once run (it wraps the
    /// caller's non-escaping body, which must not outlive the call).
    var work: ((SQLiteConnection) -> Void)?
    // Set by the leader before it signals `wake`: woken and not promoted means the batch has ended.
    var promoted = false
    var failure: SessionStoreError?
    let wake = WakeSignal()

    init(_ work: @escaping (SQLiteConnection) -> Void) {
        self.work = work
    }
}

/// Writes waiting for a leader, and whether one is at work.
private struct Batching {
    var waiting: [QueuedWrite] = []
    var hasLeader = false
}
