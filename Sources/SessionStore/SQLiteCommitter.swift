/// The one thread that writes to a SQLite store: it owns the writer connection and commits queued writes in batches
/// (group commit), then reports each write through its completion.
///
/// A disk sync costs far more than a write, so every write queued while the thread is busy shares the next
/// transaction: the thread takes what is queued (up to `batchLimit`), runs `BEGIN IMMEDIATE`, runs each write (a
/// failing one undoes only itself, see `QueuedWrite.isolated`), tops the batch up with writes queued meanwhile, `COMMIT`s (the disk sync), and only then reports.
/// Writes queued during the commit form the next batch. Nothing else touches the writer connection.
/// (At file scope and not generic: the store is generic and called from another module, and generic code here ran
/// unspecialized, looking up type metadata several times per write.)
@usableFromInline
final class SQLiteCommitter: Sendable {
    private let queue: BatchQueue<QueuedWrite>
    private let thread: JoinableThread

    /// `batchEnded` runs on the committer thread once a batch's transaction has ended, before its writes report:
    /// with true when it committed.
    init(writer connection: SQLiteConnection, batchLimit: Int, batchEnded: @escaping @Sendable (_ committed: Bool) -> Void) throws {
        let queue = BatchQueue<QueuedWrite>()
        self.queue = queue
        // The thread holds the queue and the connection, not `self`, so the committer goes away with its store.
        thread = try JoinableThread {
            Self.serve(queue: queue, connection: connection, batchLimit: batchLimit, batchEnded: batchEnded)
        }
    }

    /// Queues `write`; it reports from the committer thread once its batch has ended, or at once (on this thread)
    /// with `.unavailable` when the committer is closing.
    @usableFromInline
    func enqueue(_ write: QueuedWrite) {
        if !queue.enqueue(write) {
            write.finish(batchFailure: .unavailable("session store is closed"))
        }
    }

    /// True on the committer thread: a completion that waited for a write there would wait for itself.
    var isCommitterThread: Bool { thread.isCurrent }

    /// Refuses later writes, lets the thread commit what is queued, checkpoint the WAL and close the writer
    /// connection, and waits for it to end.
    func close() {
        if queue.close() { thread.join() }
    }

    private static func serve(
        queue: BatchQueue<QueuedWrite>,
        connection: SQLiteConnection,
        batchLimit: Int,
        batchEnded: (_ committed: Bool) -> Void
    ) {
        var batch: [QueuedWrite] = []
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
        _ batch: inout [QueuedWrite],
        on connection: SQLiteConnection,
        batchEnded: (_ committed: Bool) -> Void,
        topUp: (inout [QueuedWrite]) -> Void
    ) {
        var failure: SessionStoreError?
        do {
            try connection.run("BEGIN IMMEDIATE")
            var next = 0
            while next < batch.count {
                batch[next].run(on: connection)
                next += 1
                guard connection.isInTransaction else {
                    // An error that aborts the whole transaction (disk full, I/O) undid the batch's earlier writes
                    // too: they all fail, and the rest are not run.
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
        for write in batch { write.finish(batchFailure: failure) }
    }
}

/// One write waiting for the committer: `work` runs inside a batch's transaction, and the write is reported once
/// the batch has ended, either through `report` (on the committer thread) or by waking the
/// caller sleeping in `wait()`. Not generic: generic code here ran unspecialized (the store is generic and called
/// from another module) and looked up type metadata (`Result`, tuples) several times per write.
@usableFromInline
final class QueuedWrite: @unchecked Sendable {
    // Touched by the thread that queues the write (before) and the committer thread (after), never both at once.
    // `work` is dropped once run, or when it is clear it never will be: the synchronous calls pass non-escaping
    // bodies, which must not outlive the call, and the call returns as soon as the write is reported.
    private var work: ((SQLiteConnection) throws -> Void)?
    private var failure: (any Error)?
    private var ran = false
    private let report: ((_ failure: (any Error)?) -> Void)?
    private let wake: WakeSignal?
    /// Whether `work` runs in its own savepoint, so that its failure undoes what it did before failing.
    ///
    /// Only a write that runs several modifying statements needs one (and none does today): when a write's one
    /// modifying statement fails, SQLite undoes that statement by itself (its statement journal) and keeps the
    /// transaction, and an error that ends the transaction instead fails the whole batch (the committer checks
    /// `isInTransaction` after every write). So a write without a savepoint must fail only before or in its one
    /// modifying statement, never after it. The pair costs two `sqlite3_step`s per write, about a sixth of a press.
    private let isolated: Bool

    /// A write whose caller sleeps in `wait()`.
    init(isolated: Bool = false, _ work: @escaping (SQLiteConnection) throws -> Void) {
        self.work = work
        self.isolated = isolated
        report = nil
        wake = WakeSignal()
    }

    /// A write reported through `report`, with nil when it committed, else its own error or the batch's.
    @usableFromInline
    init(
        isolated: Bool = false,
        _ work: @escaping (SQLiteConnection) throws -> Void,
        report: @escaping (_ failure: (any Error)?) -> Void
    ) {
        self.work = work
        self.isolated = isolated
        self.report = report
        wake = nil
    }

    /// Runs the write inside the batch's transaction (in its own savepoint when `isolated`) and keeps its error.
    func run(on connection: SQLiteConnection) {
        guard let work else { return }
        self.work = nil
        ran = true
        guard isolated else {
            do {
                try work(connection)
            } catch {
                failure = error
            }
            return
        }
        do {
            try connection.run("SAVEPOINT write")
            try work(connection)
            try connection.run("RELEASE write")
        } catch {
            if connection.isInTransaction {
                _ = try? connection.run("ROLLBACK TO write")
                _ = try? connection.run("RELEASE write")
            }
            failure = error
        }
    }

    /// Reports, exactly once: `batchFailure` is why the batch did not commit, nil when it did.
    func finish(batchFailure: SessionStoreError?) {
        work = nil
        // A write that failed rolled back alone; the batch's fate does not change its answer.
        let failure = self.failure ?? (ran ? batchFailure : batchFailure ?? .unavailable("sqlite: write was not run"))
        if let report {
            report(failure)
        } else {
            self.failure = failure
            wake?.signal()  // the caller reads `failure` now: nothing here touches it again
        }
    }

    /// For a write made with `init(_:)`: sleeps until it has been reported, then throws its failure, if any.
    func wait() throws {
        wake?.wait()
        if let failure { throw failure }
    }
}
