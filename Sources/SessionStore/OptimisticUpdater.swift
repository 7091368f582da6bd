#if canImport(Glibc)
import Glibc
#endif

/// Runs updates whose change takes long (a press of many keys) on one worker thread of its own, off the threads that
/// call it (event loops) and off the store's own thread (SQLite's committer, Redis's pipeline): the worker reads the
/// session, runs the update's check and change on that copy, and then writes the result through the store's own
/// `update`, whose check only compares the session with the copy the work started from and whose change only puts the
/// result in place. When another write came in between, the work is done again on the session as it is then; after
/// `attempts` such rounds the update runs in place, as `store.update` runs any update, so that it always ends.
///
/// To the update this is the store's `update`: the same check and change (each may run more than once, on a fresh
/// value), one write at the next version, and one report with the version and output, or with the failure. One
/// thread, taking the queued updates in turn, bounds what long updates together may take of the machine.
public final class OptimisticUpdater<Store: SessionStore>: Sendable where Store.Value: Equatable {
    private let store: Store
    private let queue = BatchQueue<Work>()
    private let thread: JoinableThread
    /// Rounds of work before the update runs in place.
    private let attempts: Int

    /// Work for the thread, and what to do instead when the updater has closed.
    private struct Work: Sendable {
        let run: @Sendable () -> Void
        let refuse: @Sendable () -> Void
    }

    /// An update with the session it is for and where it reports.
    private struct Job<Update: SessionUpdate<Store.Value>>: Sendable {
        let id: SessionID
        let update: Update
        let completion: UpdateCompletion<Update.Output>
    }

    public init(store: Store, attempts: Int = 3) throws {
        self.store = store
        self.attempts = attempts
        thread = try JoinableThread { [queue] in
            // Below the event loops' priority (a Linux thread has its own nice value): when both want a core, requests
            // of a few keys go first, and long presses take what is left.
            _ = nice(10)
            var queued: [Work] = []
            while queue.next(into: &queued, limit: 1) {
                for work in queued { work.run() }
                queued.removeAll(keepingCapacity: true)
            }
        }
    }

    deinit {
        close()  // ends the thread
    }

    /// Queues `update` of the session `id`; `completion` runs on this updater's thread (so that what the caller makes
    /// of the output, a reply rendered from a large session, is not done on the store's thread).
    public func update<Update: SessionUpdate<Store.Value>>(
        _ id: SessionID, _ update: Update, completion: @escaping UpdateCompletion<Update.Output>
    ) {
        let job = Job(id: id, update: update) { [self] result in
            if thread.isCurrent { return completion(result) }
            run({ completion(result) }, ifClosed: { completion(result) })
        }
        schedule(job) { [self] in read(job, attempt: 1) }
    }

    /// Runs `work` on this updater's thread, after what is queued, or `ifClosed` once the updater has closed. Other
    /// work that grows with its input (a long one-shot evaluation) shares the thread, so that all such work together
    /// takes at most one core.
    public func run(_ work: @escaping @Sendable () -> Void, ifClosed: @escaping @Sendable () -> Void) {
        let queued = Work(run: work, refuse: ifClosed)
        if !queue.enqueue(queued) { queued.refuse() }
    }

    /// Lets the thread finish what is queued, and waits for it to end; later updates fail with `.unavailable`.
    public func close() {
        if queue.close() { thread.join() }
    }

    private func schedule<Update>(_ job: Job<Update>, _ work: @escaping @Sendable () -> Void) {
        run(work, ifClosed: { job.completion(.failure(SessionStoreError.closed)) })
    }

    /// Reads the session (which moves its expiry, as an update does) and works on it on this updater's thread.
    private func read<Update>(_ job: Job<Update>, attempt: Int) {
        store.read(job.id) { [self] result in
            switch result {
            case .success(let stored) where thread.isCurrent: work(job, on: stored, attempt: attempt)
            case .success(let stored): schedule(job) { [self] in work(job, on: stored, attempt: attempt) }
            case .failure(let error): job.completion(.failure(error))
            }
        }
    }

    /// The update's check and change on the copy read, then the write of the result over exactly that copy. A refusal
    /// or a keep is the answer of the session as it was read.
    private func work<Update>(_ job: Job<Update>, on stored: Versioned<Store.Value>, attempt: Int) {
        let verdict: Check<Update.Output>
        do {
            verdict = try job.update.check(stored.value, version: stored.version)
        } catch {
            return job.completion(.failure(error))
        }
        guard case .change = verdict else {
            if case .keep(let output) = verdict { job.completion(.success(Committed(version: stored.version, output: output))) }
            return
        }
        var value = stored.value
        let output = job.update.change(&value, version: stored.version)
        store.update(job.id, Replacement(original: stored, result: value)) { [self] result in
            switch result {
            case .success(let committed):
                job.completion(.success(Committed(version: committed.version, output: output)))
            case .failure(let error) where error is Replacement<Store.Value>.Moved:
                // Another write came first: the work goes again, on the session as it is now.
                if attempt < attempts {
                    schedule(job) { [self] in read(job, attempt: attempt + 1) }
                } else {
                    schedule(job) { [store] in store.update(job.id, job.update, completion: job.completion) }
                }
            case .failure(let error):
                job.completion(.failure(error))
            }
        }
    }
}

/// The write of work done on a copy: it goes on only when the session is still that copy (same version, same value),
/// and then only puts the result in place.
struct Replacement<Value: Sendable & Equatable>: SessionUpdate {
    let original: Versioned<Value>
    let result: Value

    /// Thrown by `check`: the session is no longer the copy the work was done on.
    struct Moved: Error {}

    func check(_ value: borrowing Value, version: UInt64) throws -> Check<Void> {
        // The value too: a session deleted and created again under its id may be back at the same version.
        guard version == original.version, value == original.value else { throw Moved() }
        return .change
    }

    func change(_ value: inout Value, version: UInt64) {
        value = result
    }
}
