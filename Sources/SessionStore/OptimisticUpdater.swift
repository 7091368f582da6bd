#if canImport(Glibc)
import Glibc
#endif
import Threading

/// Runs updates whose change takes long (a press of many keys) on one worker thread of its own, off the threads that
/// call it (event loops) and off the store's own thread (SQLite's committer, Redis's pipeline): the worker reads the
/// session, runs the update's check and change on that copy, and then writes the result through the store's own
/// `update`, whose check only compares the session with the copy the work started from and whose change only puts the
/// result in place. When another write came in between, the work is done again on the session as it is then; after
/// `attempts` such rounds the update runs in place, as `store.update` runs any update, so that it always ends.
///
/// To the update this is the store's `update`: the same check and change (each may run more than once, on a fresh
/// value), one write at the next version, and one `complete` with the version and output, or with the failure. One
/// thread, taking the queued updates in turn, bounds what long updates together may take of the machine.
public final class OptimisticUpdater<Store: SessionStore>: Sendable where Store.Value: Equatable {
    private let store: Store
    private let queue = BatchQueue<Job>()
    private let thread: JoinableThread
    /// Rounds of work before the update runs in place.
    private let attempts: Int

    /// Work for the thread, and what to do instead when the updater has closed.
    private struct Job: Sendable {
        let run: @Sendable () -> Void
        let refuse: @Sendable () -> Void
    }

    public init(store: Store, attempts: Int = 3) throws {
        self.store = store
        self.attempts = attempts
        thread = try JoinableThread { [queue] in
            // Below the event loops' priority (a Linux thread has its own nice value): when both want a core, requests
            // of a few keys go first, and long presses take what is left.
            _ = nice(10)
            var jobs: [Job] = []
            while queue.next(into: &jobs, limit: 1) {
                for job in jobs { job.run() }
                jobs.removeAll(keepingCapacity: true)
            }
        }
    }

    deinit {
        close()  // ends the thread
    }

    /// Queues `update`; it reports through its `complete`, from this updater's thread or the store's.
    public func update<Update: SessionUpdate<Store.Value>>(_ update: Update) {
        schedule(update) { [self] in read(update, attempt: 1) }
    }

    /// Runs `work` on this updater's thread, after what is queued, or `ifClosed` once the updater has closed. Other
    /// work that grows with its input (a long one-shot evaluation) shares the thread, so that all such work together
    /// takes at most one core.
    public func run(_ work: @escaping @Sendable () -> Void, ifClosed: @escaping @Sendable () -> Void) {
        let job = Job(run: work, refuse: ifClosed)
        if !queue.enqueue(job) { job.refuse() }
    }

    /// Lets the thread finish what is queued, and waits for it to end; later updates fail with `.unavailable`.
    public func close() {
        if queue.close() { thread.join() }
    }

    private func schedule<Update: SessionUpdate<Store.Value>>(_ update: Update, _ work: @escaping @Sendable () -> Void) {
        run(work, ifClosed: { update.complete(.failure(SessionStoreError.closed)) })
    }

    /// Reads the session (which moves its expiry, as an update does) and works on it on this updater's thread.
    private func read<Update: SessionUpdate<Store.Value>>(_ update: Update, attempt: Int) {
        store.read(update.id) { [self] result in
            switch result {
            case .success(let stored) where thread.isCurrent: work(update, on: stored, attempt: attempt)
            case .success(let stored): schedule(update) { [self] in work(update, on: stored, attempt: attempt) }
            case .failure(let error): update.complete(.failure(error))
            }
        }
    }

    /// The update's check and change on the copy read, then the write of the result over exactly that copy. A refusal
    /// or a keep is the answer of the session as it was read.
    private func work<Update: SessionUpdate<Store.Value>>(_ update: Update, on stored: Versioned<Store.Value>, attempt: Int) {
        let verdict: Check<Update.Output>
        do {
            verdict = try update.check(stored.value, version: stored.version)
        } catch {
            return update.complete(.failure(error))
        }
        guard case .change = verdict else {
            if case .keep(let output) = verdict { update.complete(.success((stored.version, output))) }
            return
        }
        var value = stored.value
        let output = update.change(&value, version: stored.version)
        store.update(
            Replacement(update: update, original: stored, result: value, output: output) { [self] in
                // Another write came first: the work goes again, on the session as it is now.
                if attempt < attempts {
                    schedule(update) { [self] in read(update, attempt: attempt + 1) }
                } else {
                    schedule(update) { [store] in store.update(update) }
                }
            })
    }
}

/// The write of work done on a copy: it goes on only when the session is still that copy (same version, same value),
/// and then only puts the result in place.
struct Replacement<Update: SessionUpdate>: SessionUpdate where Update.Value: Equatable {
    let update: Update
    let original: Versioned<Update.Value>
    let result: Update.Value
    let output: Update.Output
    /// Called instead of `complete` when the session had moved on.
    let moved: @Sendable () -> Void

    /// Thrown by `check`: the session is no longer the copy the work was done on.
    struct Moved: Error {}

    var id: SessionID { update.id }

    func check(_ value: borrowing Update.Value, version: UInt64) throws -> Check<Update.Output> {
        // The value too: a session deleted and created again under its id may be back at the same version.
        guard version == original.version, value == original.value else { throw Moved() }
        return .change
    }

    func change(_ value: inout Update.Value, version: UInt64) -> Update.Output {
        value = result
        return output
    }

    func complete(_ result: Result<(version: UInt64, output: Update.Output), any Error>) {
        if case .failure(let error) = result, error is Moved { return moved() }
        update.complete(result)
    }
}
