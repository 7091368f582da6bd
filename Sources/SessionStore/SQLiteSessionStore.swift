#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Sessions in one SQLite file, one row each: durable across restarts and crashes.
///
/// - Durability: WAL with `synchronous=FULL`, so a write is acknowledged (a plain call returns, a completion form
///   calls back) only after its commit is on disk (kill -9 loses no acknowledged write).
/// - Concurrency: one committer thread (`SQLiteCommitter`) owns the writer connection and runs every write, from a
///   queue (SQLite allows one writer at a time, and our queue is much fairer than SQLite's sleeping busy handler);
///   reads use a small pool of reader connections, which WAL lets run while the committer commits. Writes still use
///   `BEGIN IMMEDIATE` and a `WHERE version = ?` guard so that another process on the same file cannot slip in.
///   The plain writes queue and sleep once until their completion; the completion forms return at once and report
///   from the committer thread (`completesLater` is true), so a server need not hold a thread per write in flight.
/// - Group commit: a disk sync costs far more than the write itself, so concurrent writes share one transaction: the
///   committer takes what is queued, runs each write, commits, then reports every write of the batch; writes queued
///   during the commit's disk sync form the next batch. When the commit fails every write of the batch fails with it;
///   a write whose own body or statement fails is undone alone and fails alone: every write here fails before its
///   one modifying statement or in it, which SQLite undoes by itself (so no savepoint, see `QueuedWrite.isolated`).
/// - The committer remembers the rows it wrote (`RecentRows`) and updates a session from there, without reading it
///   back; its UPDATE checks version and state, so a row another process changed meanwhile is read afresh instead.
/// - Completions run on the committer thread, one after another, while the next batch waits: they must be cheap (hand
///   a result over, queue a write) and must not call this store's synchronous writes, which would wait for the
///   committer forever. A write refused before it is queued (closed store, full store, encoding failure) reports at
///   once, on the caller's thread.
/// - Expiry: `get` and `update` rewrite the expiry only when it would move by more than 1% of the TTL, so display
///   reads do not cost a disk sync each and presses do not rewrite the expiry index each; a session therefore lives
///   between 99% and 100% of the TTL after its last use. `get` queues its expiry move and does not wait for it (a
///   read must not wait for a commit); until it commits, `get` remembers it in memory and `count()` may miss it.
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

    /// A steady stream of writers would otherwise keep one batch open forever.
    private static var batchLimit: Int { 256 }

    @usableFromInline let committer: SQLiteCommitter
    /// Expiry moves queued by `get` and not committed yet.
    private let refreshing = PendingExpiries()
    private let readers: [ConnectionSlot]
    private let nextReader = Atomic<Int>(0)
    @usableFromInline let codec: SessionCodec<Value>
    @usableFromInline let options: SessionStoreOptions
    @usableFromInline let ttl: Double
    @usableFromInline let refreshSlack: Double
    /// Rows in the table, expired or not; only for the cap check, which sweeps before refusing.
    private let stored = Atomic<Int>(0)
    private let closed = Atomic<Bool>(false)
    /// Spares decoding a row that holds what this process last wrote or read, and the committer reading back the
    /// row it wrote last.
    @usableFromInline let recent: RecentRows<Value>

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
        var readers: [ConnectionSlot] = []
        for _ in 0..<Self.readerCount {
            let reader = try SQLiteConnection(path: path)
            try reader.execute("PRAGMA busy_timeout = 5000; PRAGMA query_only = 1;")
            readers.append(ConnectionSlot(reader))
        }
        self.readers = readers
        let recent = RecentRows<Value>()
        self.recent = recent
        committer = try SQLiteCommitter(writer: writerConnection, batchLimit: Self.batchLimit) { committed in
            recent.batchEnded(committed: committed)
        }
    }

    deinit {
        close()  // ends the committer thread
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

    /// Queues `work` and sleeps once, until its batch has ended; throws its own error or the batch's.
    /// Not generic, like `QueuedWrite`: callers keep their typed result in a local the closure sets.
    private func acknowledgedWrite(_ work: (SQLiteConnection) throws -> Void) throws {
        precondition(!committer.isCommitterThread, "a completion of the SQLite store called one of its synchronous writes")
        // Escapes only until the write is reported, which is before `wait()` returns.
        try withoutActuallyEscaping(work) { work in
            let write = QueuedWrite(work)
            committer.enqueue(write)
            try write.wait()
        }
    }

    /// Queues `work` and reports its output (or its failure) through `completion`, on the committer thread once the
    /// batch has ended, or at once when the store is closed.
    @inlinable
    func enqueue<T>(
        _ work: @escaping (SQLiteConnection) throws -> T,
        completion: @escaping @Sendable (Result<T, any Error>) -> Void
    ) {
        enqueue(ClosureWork(work: work, completion: completion))
    }

    /// Queues `work`: it runs inside a batch and completes once the batch has ended (or at once when the store is closed).
    @inlinable
    func enqueue<Work: CommitterWork>(_ work: consuming Work) {
        let operation = QueuedOperation(work)
        // Each closure captures the one object alone, which then serves as its context: no allocation per closure.
        committer.enqueue(QueuedWrite({ [operation] in try operation.run(on: $0) }, report: { [operation] in operation.report($0) }))
    }

    private func withReader<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let slot = readers[nextReader.wrappingAdd(1, ordering: .relaxed).oldValue & (readers.count - 1)]
        return try slot.connection.withLock { connection throws -> T in
            guard let connection else { throw SessionStoreError.unavailable("session store is closed") }
            return try body(connection)
        }
    }

    @usableFromInline
    struct Row {
        @usableFromInline var state: [UInt8]
        @usableFromInline var version: UInt64
        @usableFromInline var expiresAt: Double
    }

    private static var selectRow: StaticString { "SELECT state, version, expires_at FROM sessions WHERE id = ?" }

    @usableFromInline
    static func fetch(_ id: SessionID, _ connection: SQLiteConnection) throws -> Row? {
        var row: Row?
        try connection.run(selectRow, [.id(id)]) {
            row = Row(state: $0.blob(0), version: UInt64(bitPattern: $0.integer(1)), expiresAt: $0.real(2))
        }
        return row
    }

    @usableFromInline
    func decode(_ bytes: [UInt8], of id: SessionID) throws -> Value {
        try recent.value(of: id, storedAs: bytes) { bytes in
            do {
                return try codec.decode(bytes)
            } catch {
                throw SessionStoreError.corrupt("cannot decode a stored session: \(error)")
            }
        }
    }

    // MARK: SessionStore

    public var completesLater: Bool { true }

    public func create(_ id: SessionID, _ value: Value) throws -> Versioned<Value> {
        if closed.load(ordering: .acquiring) { throw SessionStoreError.unavailable("session store is closed") }
        let state = try codec.encode(value)
        if !reserveSlot() {
            try sweepExpired()
            guard reserveSlot() else { throw SessionStoreError.capacityReached }
        }
        let now = options.now()
        var replacedExpired = false
        do {
            try acknowledgedWrite { replacedExpired = try insertRow(id, value, storedAs: state, now: now, $0) }
        } catch {
            stored.subtract(1, ordering: .relaxed)
            throw error
        }
        return created(id, value, replacedExpired: replacedExpired)
    }

    public func create(_ id: SessionID, _ value: Value, completion: @escaping @Sendable (Result<Versioned<Value>, any Error>) -> Void) {
        if closed.load(ordering: .acquiring) { return completion(.failure(SessionStoreError.unavailable("session store is closed"))) }
        let state: [UInt8]
        do {
            state = try codec.encode(value)
        } catch {
            return completion(.failure(error))
        }
        if reserveSlot() { return insert(id, value, storedAs: state, completion: completion) }
        // Full: sweep the expired rows first (queued too, so this thread does not wait for a commit), then look again.
        sweepExpired { [self] swept in
            if case .failure(let error) = swept { return completion(.failure(error)) }
            guard reserveSlot() else { return completion(.failure(SessionStoreError.capacityReached)) }
            insert(id, value, storedAs: state, completion: completion)
        }
    }

    /// Counts one row more when that stays within `maxSessions`.
    private func reserveSlot() -> Bool {
        if stored.add(1, ordering: .relaxed).newValue <= options.maxSessions { return true }
        stored.subtract(1, ordering: .relaxed)
        return false
    }

    /// Queues the row of a new session whose slot is reserved; gives the slot back when that fails.
    private func insert(
        _ id: SessionID,
        _ value: Value,
        storedAs state: [UInt8],
        completion: @escaping @Sendable (Result<Versioned<Value>, any Error>) -> Void
    ) {
        let now = options.now()
        enqueue({ [self] in try insertRow(id, value, storedAs: state, now: now, $0) }, completion: { [self] result in
            switch result {
            case .success(let replacedExpired):
                completion(.success(created(id, value, replacedExpired: replacedExpired)))
            case .failure(let error):
                stored.subtract(1, ordering: .relaxed)
                completion(.failure(error))
            }
        })
    }

    /// Writes a new session's row; true when it replaced an expired one.
    private func insertRow(_ id: SessionID, _ value: Value, storedAs state: [UInt8], now: Double, _ connection: SQLiteConnection) throws -> Bool {
        var existing: Double?
        try connection.run("SELECT expires_at FROM sessions WHERE id = ?", [.id(id)]) { existing = $0.real(0) }
        if let existing, existing > now { throw SessionStoreError.alreadyExists }
        try connection.run(
            "INSERT OR REPLACE INTO sessions (id, state, version, expires_at) VALUES (?, ?, 1, ?)",
            [.id(id), .blob(state), .real(now + ttl)]
        )
        recent.wrote(value, storedAs: state, version: 1, expiresAt: now + ttl, for: id)
        return existing != nil
    }

    /// Bookkeeping once a new session's row has committed.
    private func created(_ id: SessionID, _ value: Value, replacedExpired: Bool) -> Versioned<Value> {
        if replacedExpired { stored.subtract(1, ordering: .relaxed) }
        return Versioned(value: value, version: 1)
    }

    public func get(_ id: SessionID) throws -> Versioned<Value>? {
        let now = options.now()
        guard var row = try withReader({ try Self.fetch(id, $0) }) else { return nil }
        if row.expiresAt <= now, refreshing.expiry(of: id) ?? 0 <= now {
            // An expiry move may have committed (and left `refreshing`) between the read and the look there: a
            // second read sees it.
            guard let again = try withReader({ try Self.fetch(id, $0) }), again.expiresAt > now else { return nil }
            row = again
        }
        let value = try decode(row.state, of: id)
        if row.expiresAt < now + ttl - refreshSlack { refreshExpiry(of: id, version: row.version, now: now) }
        return Versioned(value: value, version: row.version)
    }

    /// Queues the expiry's move and does not wait for it: a read must not wait for a commit. Until it has committed,
    /// `refreshing` tells `get` (whose readers do not see it yet) that the session lives on.
    private func refreshExpiry(of id: SessionID, version: UInt64, now: Double) {
        let expiresAt = now + ttl
        refreshing.add(id, expiresAt)
        committer.enqueue(QueuedWrite({ [recent] connection in
            // Guarded by version so a concurrent write (which sets its own expiry) is not overridden.
            let changed = try connection.run(
                "UPDATE sessions SET expires_at = ? WHERE id = ? AND version = ? AND expires_at < ?",
                [.real(expiresAt), .id(id), .integer(Int64(bitPattern: version)), .real(expiresAt)]
            )
            if changed == 1 { recent.moved(id, version: version, expiresAt: expiresAt) }
        }, report: { [refreshing] _ in refreshing.remove(id, expiresAt) }))
    }

    public func update<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        _ body: (inout Value, _ currentVersion: UInt64) throws -> Mutation<R>
    ) throws -> (Versioned<Value>, R) {
        let now = options.now()
        var output: (Versioned<Value>, R)?
        try acknowledgedWrite { connection in
            var stored: Versioned<Value>?
            let result = try updateRow(id, expectedVersion: expectedVersion, now: now, body, connection) {
                stored = Versioned(value: $0, version: $1)
            }
            output = stored.map { ($0, result) }
        }
        guard let output else { throw SessionStoreError.unavailable("sqlite: write was not run") }
        return output
    }

    /// `@inlinable`, with what it runs on the committer thread, so that a caller that knows `Value` runs it specialized:
    /// unspecialized, every press asked the runtime for type metadata eight times (`Mutation`, `Result`, `Optional`,
    /// the output and value boxes), about 2.6k instructions.
    @inlinable
    public func updateInPlace<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        _ body: @escaping @Sendable (inout Value, _ currentVersion: UInt64) throws -> Mutation<R>,
        completion: @escaping @Sendable (Result<(version: UInt64, result: R), any Error>) -> Void
    ) {
        updateInPlace(ClosureUpdate(id: id, expectedVersion: expectedVersion, body: body, completion: completion))
    }

    /// `@inlinable` like the form above: the update is kept whole, inside the one object queued for the committer.
    @inlinable
    public func updateInPlace<U: SessionUpdate<Value>>(_ update: consuming U) {
        enqueue(UpdateWork(store: self, update: update, now: options.now()))
    }

    /// The one update, on the committer thread inside a batch: `body` runs there too. Hands the stored value and
    /// version to `stored` rather than returning them (a tuple with a `Versioned` would cost metadata lookups).
    ///
    /// Starts from the row the committer wrote last when it remembers it (no SELECT, no decode), and reads the row
    /// itself when that row turns out stale (another process wrote the session): its UPDATE then changes nothing, a
    /// version it holds differs from the expected one, or `.keep` has no UPDATE to check it.
    @inlinable
    func updateRow<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        now: Double,
        _ body: (inout Value, _ currentVersion: UInt64) throws -> Mutation<R>,
        _ connection: SQLiteConnection,
        stored: (_ value: Value, _ version: UInt64) -> Void
    ) throws -> R {
        // The remembered row is used once: a retry (it turned out stale, or `.keep` needs the stored value) reads the
        // row itself.
        var useRemembered = true
        while true {
            // Plain locals, not a row of Value: each generic type here costs a metadata lookup per press.
            // `value` is the remembered value itself, moved out of its row, or decoded from the fetched bytes; the
            // body changes it in place. The stored value is not kept beside it (a copy and a destroy of every field
            // of the record per press) but read again on the rare `.keep` that needs it.
            let storedState: [UInt8], storedVersion: UInt64, expiresAt: Double
            var value: Value
            var taken: Value?
            let remembered = useRemembered ? recent.takeWritten(id, liveAfter: now, expectedVersion: expectedVersion, value: &taken) : nil
            useRemembered = false
            if let remembered, let taken = taken.take() {
                (storedState, storedVersion, expiresAt) = (remembered.state, remembered.version, remembered.expiresAt)
                value = taken
            } else {
                guard let fetched = try Self.fetch(id, connection), fetched.expiresAt > now else { throw SessionStoreError.notFound }
                (storedState, storedVersion, expiresAt) = (fetched.state, fetched.version, fetched.expiresAt)
                value = try decode(fetched.state, of: id)
            }
            if let expectedVersion, expectedVersion != storedVersion {
                throw SessionStoreError.versionMismatch(current: storedVersion)
            }
            switch try body(&value, storedVersion) {
            case .write(let result):
                let state = try codec.encode(value)
                let version = Int64(bitPattern: storedVersion)
                // Leaving expires_at alone when it would barely move spares a write to the expiry index: one page
                // less in the WAL per press.
                let movesExpiry = expiresAt < now + ttl - refreshSlack
                let changed =
                    movesExpiry
                    ? try connection.run(
                        "UPDATE sessions SET state = ?, version = version + 1, expires_at = ? WHERE id = ? AND version = ? AND state = ?",
                        [.blob(state), .real(now + ttl), .id(id), .integer(version), .blob(storedState)])
                    : try connection.run(
                        "UPDATE sessions SET state = ?, version = version + 1 WHERE id = ? AND version = ? AND state = ?",
                        [.blob(state), .id(id), .integer(version), .blob(storedState)])
                guard changed == 1 else {
                    recent.forget(id)
                    if remembered != nil { continue }
                    throw SessionStoreError.unavailable("sqlite: session changed during its own transaction")
                }
                stored(value, storedVersion + 1)
                // Moved back into the remembered row, not copied: nothing uses it after.
                recent.wrote(
                    consume value, storedAs: state, version: storedVersion + 1, expiresAt: movesExpiry ? now + ttl : expiresAt, for: id,
                    in: remembered)
                return result
            case .keep(let result):
                if remembered != nil { continue }
                if expiresAt < now + ttl - refreshSlack {
                    try connection.run("UPDATE sessions SET expires_at = ? WHERE id = ?", [.real(now + ttl), .id(id)])
                    recent.moved(id, version: storedVersion, expiresAt: now + ttl)
                }
                // The stored value, not the body's scratch copy: `.keep` means nothing the body did counts. So a
                // `.keep` on the remembered value (taken out of its row) runs again on the row fetched from the file;
                // the stored value then comes from the bytes just fetched (decoding them remembered their value, so
                // this is a lookup, not a second decode).
                stored(try decode(storedState, of: id), storedVersion)
                return result
            }
        }
    }

    public func delete(_ id: SessionID, expectedVersion: UInt64?) throws {
        let now = options.now()
        try acknowledgedWrite { try deleteRow(id, expectedVersion: expectedVersion, now: now, $0) }
        deleted(id)
    }

    public func delete(_ id: SessionID, expectedVersion: UInt64?, completion: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        let now = options.now()
        enqueue({ [self] in try deleteRow(id, expectedVersion: expectedVersion, now: now, $0) }, completion: { [self] result in
            if case .success = result { deleted(id) }
            completion(result)
        })
    }

    private func deleteRow(_ id: SessionID, expectedVersion: UInt64?, now: Double, _ connection: SQLiteConnection) throws {
        guard let row = try Self.fetch(id, connection), row.expiresAt > now else { throw SessionStoreError.notFound }
        if let expectedVersion, expectedVersion != row.version {
            throw SessionStoreError.versionMismatch(current: row.version)
        }
        try connection.run("DELETE FROM sessions WHERE id = ?", [.id(id)])
        recent.forget(id)
    }

    /// Bookkeeping once a deletion has committed.
    private func deleted(_ id: SessionID) {
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
        var removed = 0
        try acknowledgedWrite { removed = try sweepRows(now: now, $0) }
        stored.subtract(removed, ordering: .relaxed)
        return removed
    }

    private func sweepExpired(completion: @escaping @Sendable (Result<Int, any Error>) -> Void) {
        let now = options.now()
        enqueue({ [self] in try sweepRows(now: now, $0) }, completion: { [self] result in
            if case .success(let removed) = result { stored.subtract(removed, ordering: .relaxed) }
            completion(result)
        })
    }

    private func sweepRows(now: Double, _ connection: SQLiteConnection) throws -> Int {
        let removed = try connection.run("DELETE FROM sessions WHERE expires_at <= ?", [.real(now)])
        recent.forgetExpired(now: now)
        return removed
    }

    public func checkHealth() throws {
        _ = try withReader { connection in
            try connection.run("SELECT 1 FROM sessions LIMIT 1")
        }
    }

    /// Refuses later writes, commits the queued ones, checkpoints the WAL into the main file and closes every
    /// connection; the committer thread has ended when this returns.
    public func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        committer.close()
        recent.forgetAll()
        for reader in readers {
            reader.connection.withLock { $0 = nil }
        }
    }
}

/// What a write queued with a completion does on the committer thread: `run` inside the batch, `complete` once it
/// has ended.
@usableFromInline
protocol CommitterWork {
    associatedtype Output
    func run(on connection: SQLiteConnection) throws -> Output
    func complete(_ result: Result<Output, any Error>)
}

/// A queued write: its work, and what the work produced, kept from its run (inside the batch) to its report (after
/// the commit), both on the committer thread. One object that the write's two closures capture alone, where a
/// context per closure and a box for the output were three allocations more per write.
@usableFromInline
final class QueuedOperation<Work: CommitterWork>: @unchecked Sendable {
    @usableFromInline let work: Work
    @usableFromInline var output: Work.Output?

    @inlinable
    init(_ work: consuming Work) {
        self.work = work
    }

    @inlinable
    func run(on connection: SQLiteConnection) throws {
        output = try work.run(on: connection)
    }

    /// Reports once: `failure`, or else the output, moved out rather than copied.
    @inlinable
    func report(_ failure: (any Error)?) {
        let result: Result<Work.Output, any Error> =
            if let failure {
                .failure(failure)
            } else if let value = output.take() {
                .success(value)
            } else {
                .failure(SessionStoreError.unavailable("sqlite: write was not run"))
            }
        work.complete(result)
    }
}

/// Work given as two closures.
@usableFromInline
struct ClosureWork<Output>: CommitterWork {
    @usableFromInline let work: (SQLiteConnection) throws -> Output
    @usableFromInline let completion: @Sendable (Result<Output, any Error>) -> Void

    @inlinable
    init(work: @escaping (SQLiteConnection) throws -> Output, completion: @escaping @Sendable (Result<Output, any Error>) -> Void) {
        self.work = work
        self.completion = completion
    }

    @inlinable
    func run(on connection: SQLiteConnection) throws -> Output { try work(connection) }

    @inlinable
    func complete(_ result: Result<Output, any Error>) { completion(result) }
}

/// A session update (`SessionUpdate`) as the committer runs it.
@usableFromInline
struct UpdateWork<Update: SessionUpdate>: CommitterWork {
    @usableFromInline let store: SQLiteSessionStore<Update.Value>
    @usableFromInline let update: Update
    @usableFromInline let now: Double

    @inlinable
    init(store: SQLiteSessionStore<Update.Value>, update: consuming Update, now: Double) {
        self.store = store
        self.update = update
        self.now = now
    }

    @inlinable
    func run(on connection: SQLiteConnection) throws -> (version: UInt64, result: Update.Output) {
        var version: UInt64 = 0
        // A closure, not `update.apply`: the method as a value would capture a copy of the update.
        let result = try store.updateRow(
            update.id, expectedVersion: update.expectedVersion, now: now, { try update.apply(to: &$0, version: $1) }, connection
        ) { version = $1 }
        return (version, result)
    }

    @inlinable
    func complete(_ result: Result<(version: UInt64, result: Update.Output), any Error>) { update.complete(result) }
}

/// The closures of `updateInPlace(_:expectedVersion:_:completion:)` as one `SessionUpdate`.
@usableFromInline
struct ClosureUpdate<Value: Sendable, Output: Sendable>: SessionUpdate {
    @usableFromInline let id: SessionID
    @usableFromInline let expectedVersion: UInt64?
    @usableFromInline let body: @Sendable (inout Value, UInt64) throws -> Mutation<Output>
    @usableFromInline let completion: @Sendable (Result<(version: UInt64, result: Output), any Error>) -> Void

    @inlinable
    init(
        id: SessionID, expectedVersion: UInt64?, body: @escaping @Sendable (inout Value, UInt64) throws -> Mutation<Output>,
        completion: @escaping @Sendable (Result<(version: UInt64, result: Output), any Error>) -> Void
    ) {
        self.id = id
        self.expectedVersion = expectedVersion
        self.body = body
        self.completion = completion
    }

    @inlinable
    func apply(to value: inout Value, version: UInt64) throws -> Mutation<Output> { try body(&value, version) }

    @inlinable
    func complete(_ result: Result<(version: UInt64, result: Output), any Error>) { completion(result) }
}

/// Expiries that `get` queued and the committer has not committed yet, so that a read on a reader connection (which
/// cannot see them) does not call a session that was just read expired.
private final class PendingExpiries: Sendable {
    private let expiries = Mutex<[SessionID: Double]>([:])

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
