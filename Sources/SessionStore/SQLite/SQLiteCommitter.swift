import Threading

/// The one thread that writes to a SQLite store: it owns the writer connection and commits queued writes in batches
/// (group commit), then reports each write.
///
/// A disk sync costs far more than a write, so every write queued while the thread is busy shares the next
/// transaction: the thread takes what is queued (up to `batchLimit`), runs `BEGIN IMMEDIATE`, runs each write, tops
/// the batch up with writes queued meanwhile, `COMMIT`s (the disk sync), and only then reports. Writes queued during
/// the commit form the next batch. Nothing else touches the writer connection.
///
/// A write that fails undoes only itself, without a savepoint: every write here fails before its one modifying
/// statement or in it, which SQLite undoes by itself (its statement journal) while keeping the transaction. An error
/// that ends the transaction instead (disk full, I/O) fails the whole batch.
@usableFromInline
final class SQLiteCommitter: Sendable {
    private let queue: BatchQueue<CommitterWrite>
    private let thread: JoinableThread

    /// `batchEnded` runs on the committer thread once a batch's transaction has ended, before its writes report:
    /// with true when it committed.
    init(writer connection: SQLiteConnection, batchLimit: Int, batchEnded: @escaping @Sendable (_ committed: Bool) -> Void) throws {
        let queue = BatchQueue<CommitterWrite>()
        self.queue = queue
        // The thread holds the queue and the connection, not `self`, so the committer goes away with its store.
        thread = try JoinableThread {
            Self.serve(queue: queue, connection: connection, batchLimit: batchLimit, batchEnded: batchEnded)
        }
    }

    /// Queues `write`; it reports from the committer thread once its batch has ended, or at once (on this thread)
    /// with `.unavailable` when the committer is closing.
    @usableFromInline
    func enqueue(_ write: CommitterWrite) {
        if !queue.enqueue(write) {
            write.finish(.closed)
        }
    }

    /// Queues `work`, run inside a batch, and `report`, called with its outcome once the batch has ended.
    @inlinable
    func enqueue<Output>(_ work: @escaping (SQLiteConnection) throws -> Output, report: @escaping (Result<Output, any Error>) -> Void) {
        enqueue(QueuedWrite(work, report: report).queued)
    }

    /// True on the committer thread: a completion that waited for a write there would wait for itself.
    var isCommitterThread: Bool { thread.isCurrent }

    /// Refuses later writes, lets the thread commit what is queued, checkpoint the WAL and close the writer
    /// connection, and waits for it to end.
    func close() {
        if queue.close() { thread.join() }
    }

    private static func serve(
        queue: BatchQueue<CommitterWrite>,
        connection: SQLiteConnection,
        batchLimit: Int,
        batchEnded: (_ committed: Bool) -> Void
    ) {
        var batch: [CommitterWrite] = []
        batch.reserveCapacity(batchLimit)
        while queue.next(into: &batch, limit: batchLimit) {
            commit(&batch, on: connection, batchEnded: batchEnded) { batch in
                queue.topUp(&batch, limit: batchLimit)
            }
            batch.removeAll(keepingCapacity: true)
        }
        try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        // The connection closes when the thread's body lets go of it, before `close()`'s join returns.
    }

    /// One transaction for the whole batch; every write reports after COMMIT returned (so an acknowledged write
    /// survives kill -9), and when the commit fails every write of the batch fails with it.
    private static func commit(
        _ batch: inout [CommitterWrite],
        on connection: SQLiteConnection,
        batchEnded: (_ committed: Bool) -> Void,
        topUp: (inout [CommitterWrite]) -> Void
    ) {
        var failure: SessionStoreError?
        do {
            try connection.run("BEGIN IMMEDIATE")
            var next = 0
            while next < batch.count {
                batch[next].run(connection)
                next += 1
                guard connection.isInTransaction else {
                    // An error that aborts the whole transaction undid the batch's earlier writes too: they all fail,
                    // and the rest are not run.
                    throw SessionStoreError.unavailable("sqlite: the batch's transaction was rolled back by an error")
                }
                if next == batch.count { topUp(&batch) }
            }
            try connection.run("COMMIT")
        } catch {
            if connection.isInTransaction { _ = try? connection.run("ROLLBACK") }
            failure = error as? SessionStoreError ?? .unavailable("sqlite: \(error)")
        }
        batchEnded(failure == nil)
        for write in batch { write.finish(failure) }
    }
}

/// One write queued for the committer: `run` inside a batch's transaction, then `finish` once the batch has ended,
/// both on the committer thread. Two closures, made where the write's types are known (`QueuedWrite`, the store's
/// inlinable update), so that they run specialized there; each captures the one object that keeps the write's
/// outcome from the one step to the other, which then serves as its context.
@usableFromInline
struct CommitterWrite: Sendable {
    let run: @Sendable (SQLiteConnection) -> Void
    /// Reports, exactly once: `batchFailure` is why the batch did not commit, nil when it did.
    let finish: @Sendable (_ batchFailure: SessionStoreError?) -> Void

    @usableFromInline
    init(run: @escaping @Sendable (SQLiteConnection) -> Void, finish: @escaping @Sendable (_ batchFailure: SessionStoreError?) -> Void) {
        self.run = run
        self.finish = finish
    }
}

/// What a write reports once its batch has ended: its own failure (it rolled back alone, whatever the batch did), the
/// batch's failure, or its output.
@inlinable
func reported<Output>(_ outcome: Result<Output, any Error>?, batchFailure: SessionStoreError?) -> Result<Output, any Error> {
    switch outcome {
    case .failure(let error)?: .failure(error)
    case .success(let output)?: batchFailure.map { .failure($0) } ?? .success(output)
    case nil: .failure(batchFailure ?? .unavailable("sqlite: the write was not run"))
    }
}

/// A write given as its work and what to do with the outcome.
@usableFromInline
final class QueuedWrite<Output>: @unchecked Sendable {
    @usableFromInline let work: (SQLiteConnection) throws -> Output
    @usableFromInline let report: (Result<Output, any Error>) -> Void
    /// Set by `run` and read by `finish`, both on the committer thread.
    @usableFromInline var outcome: Result<Output, any Error>?

    @inlinable
    init(_ work: @escaping (SQLiteConnection) throws -> Output, report: @escaping (Result<Output, any Error>) -> Void) {
        self.work = work
        self.report = report
    }

    @inlinable
    var queued: CommitterWrite { CommitterWrite(run: run, finish: finish) }

    @inlinable
    func run(on connection: SQLiteConnection) {
        outcome = Result { try work(connection) }
    }

    @inlinable
    func finish(batchFailure: SessionStoreError?) {
        report(reported(outcome, batchFailure: batchFailure))
    }
}
