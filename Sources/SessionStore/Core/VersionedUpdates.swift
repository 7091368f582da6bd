// Public: LongWork.Lane, the worker an update may be given, is in these declarations.
public import Threading

/// The one driver of updates, for every backend and for long presses: it starts from the session as this process
/// remembers it (`RecentValues`, when the backend fetches over a round trip or a decode) or fetches it, runs the
/// update's check and change on that value, and compare-and-sets the result over exactly the write it started from.
/// When another write came first, it goes again from the session as it is then.
///
/// - Updates of one session run one at a time in this process (`SessionUpdateLines`), so they never conflict with
///   each other; a conflict is a write from another process (Redis) or a session made again under its id. A backend
///   that answers at once (memory) puts only the updates given a worker in line, and the others join a line only
///   when the session has one: two short updates that meet there cost one of them a second try, less than a line
///   costs every update. One that meets conflicts again and again opens a line, so that no update loses every race
///   to the others of its session.
/// - A refusal or a keep decided on a remembered value is decided again on a fetched one: what is remembered may be
///   stale, and the answer must come from the session as it is stored.
/// - The check and the change run on the thread that starts the attempt (the caller's, or the backend's when a
///   previous write or fetch reports there), or on `worker` when one is given, which then also reports.
///
/// Inlinable, as the backends' calls it makes are, so that an update runs specialized for the caller's types.
public final class VersionedUpdates<Value: Sendable>: Sendable {
    @usableFromInline let recent: RecentValues<Value>?
    @usableFromInline let lines = SessionUpdateLines()
    /// Every update waits in line (a backend whose writes wait for a disk or a server), or only those given a worker.
    @usableFromInline let linesEveryUpdate: Bool

    /// The backend's calls report before they return.
    @inlinable
    var answersAtOnce: Bool { !linesEveryUpdate }

    /// Refuses later updates and waits until those under way have reported; a backend calls it first when it closes.
    public func close() {
        lines.close()
    }

    /// Rounds of conflicting writes before an update gives up with `.unavailable`.
    @inlinable
    static var maxAttempts: Int { 500 }

    /// `remembering`: where to keep what the backend last wrote or fetched (its value, so no decode), for a backend
    /// whose fetch costs a round trip or a decode; nil for one whose fetch costs neither (memory).
    /// `answersAtOnce`: the backend's calls report before they return (memory).
    public init(remembering recent: RecentValues<Value>?, answersAtOnce: Bool = false) {
        self.recent = recent
        self.linesEveryUpdate = !answersAtOnce
    }

    @inlinable
    func run<Backend: SessionBackend<Value>, Update: SessionUpdate<Value>>(
        _ id: SessionID, _ update: Update, on backend: Backend, worker: LongWork.Lane?,
        completion: @escaping UpdateCompletion<Update.Output>
    ) {
        if linesEveryUpdate || worker != nil {
            let job = UpdateJob(id: id, update: update, backend: backend, worker: worker, inLine: true, completion: completion)
            if !lines.submit(id, { job.begin() }) { completion(.failure(SessionStoreError.closed)) }
            return
        }
        if lines.mayHaveLines {
            let joined = UpdateJob(id: id, update: update, backend: backend, worker: nil, inLine: true, completion: completion)
            if lines.join(id, { joined.begin() }) { return }
        }
        UpdateJob(id: id, update: update, backend: backend, worker: nil, inLine: false, completion: completion).begin()
    }

    /// `run` for a backend whose records are in this process: an update given no worker, whose session has no line,
    /// runs as one loop on the caller's stack (fetch, check, change, compare-and-set, again on a conflict), with no
    /// job, closure or result between the steps.
    @inlinable
    func run<Backend: ImmediateSessionBackend<Value>, Update: SessionUpdate<Value>>(
        _ id: SessionID, _ update: Update, at backend: Backend, worker: LongWork.Lane?,
        completion: @escaping UpdateCompletion<Update.Output>
    ) {
        guard worker == nil, !lines.mayHaveLines else { return run(id, update, on: backend, worker: worker, completion: completion) }
        if let result = Self.runAtOnce(id, update, at: backend) { return completion(result) }
        // Contended: racing on could starve this update, so it waits in its session's line, which the updates that
        // come after it join; only those already racing can still come first.
        let job = UpdateJob(id: id, update: update, backend: backend, worker: nil, inLine: true, completion: completion)
        if !lines.submit(id, { job.begin() }) { completion(.failure(SessionStoreError.closed)) }
    }

    /// Conflicts in a row after which an update that runs at once stops racing and waits in its session's line.
    @inlinable
    static var conflictsBeforeLine: Int { 2 }

    /// The update's result; nil after `conflictsBeforeLine` conflicts, with nothing written.
    @inlinable
    static func runAtOnce<Backend: ImmediateSessionBackend<Value>, Update: SessionUpdate<Value>>(
        _ id: SessionID, _ update: Update, at backend: Backend
    ) -> Result<Committed<Update.Output>, any Error>? {
        do {
            // The session a conflict found, to go on from; nil when the next attempt fetches (the first, and after
            // a refusal or a keep on a found one), which makes its decision final.
            var found: StoredSession<Value>? = nil
            var conflicts = 0
            while conflicts < conflictsBeforeLine {
                let isFresh = found == nil
                guard let current = try found ?? backend.fetchNow(id) else { return .failure(SessionStoreError.notFound) }
                switch decide(update, on: current, isFresh: isFresh) {
                case .answer(let result):
                    return result
                case .fetchAgain:
                    found = nil
                case .write(let value, let output):
                    switch try backend.compareAndSetNow(id, over: current.write, with: value) {
                    case .written(let write):
                        return .success(Committed(version: write.version, output: output))
                    case .moved(let now):
                        found = now
                        conflicts += 1
                    }
                }
            }
            return nil
        } catch {
            return .failure(error)
        }
    }

    /// What an update's check and change make of `session`. `isFresh`: just fetched, so a refusal or a keep is the
    /// answer; on a value that may be stale (remembered, or found by a conflict), they are decided again on a fetched
    /// one.
    @inlinable
    static func decide<Update: SessionUpdate<Value>>(
        _ update: Update, on session: StoredSession<Value>, isFresh: Bool
    ) -> Decision<Update.Output> {
        let version = session.write.version
        let verdict: Check<Update.Output>
        do {
            verdict = try update.check(session.value, version: version)
        } catch {
            return isFresh ? .answer(.failure(error)) : .fetchAgain
        }
        switch verdict {
        case .keep(let output):
            return isFresh ? .answer(.success(Committed(version: version, output: output))) : .fetchAgain
        case .change:
            var value = session.value
            let output = update.change(&value, version: version)
            return .write(value, output)
        }
    }

    @usableFromInline
    enum Decision<Output: Sendable> {
        case answer(Result<Committed<Output>, any Error>)
        case fetchAgain
        /// Compare-and-set `value` over the write it came from, and answer `output` once written.
        case write(Value, Output)
    }
}

/// A backend whose records are in this process (memory): its calls answer as they return, so the driver calls them
/// as plain functions (`VersionedUpdates.runAtOnce`). It remembers nothing (`RecentValues`): its fetch costs neither
/// a round trip nor a decode.
public protocol ImmediateSessionBackend<Value>: SessionBackend {
    /// `fetch`, answered as it returns.
    func fetchNow(_ id: SessionID) throws(SessionStoreError) -> StoredSession<Value>?
    /// `compareAndSet`, answered as it returns.
    func compareAndSetNow(_ id: SessionID, over expected: StoredWrite, with value: Value) throws(SessionStoreError) -> WriteOutcome<Value>
}

/// One update on its way through `VersionedUpdates`: an object, so that each step's closure holds one reference to
/// it instead of a copy of the update and its completion.
@usableFromInline
final class UpdateJob<Backend: SessionBackend, Update: SessionUpdate<Backend.Value>>: Sendable {
    @usableFromInline let id: SessionID
    @usableFromInline let update: Update
    @usableFromInline let backend: Backend
    @usableFromInline let worker: LongWork.Lane?
    /// In its session's line, whose next update begins when this one has reported.
    @usableFromInline let inLine: Bool
    @usableFromInline let completion: UpdateCompletion<Update.Output>

    @inlinable
    init(
        id: SessionID, update: Update, backend: Backend, worker: LongWork.Lane?, inLine: Bool,
        completion: @escaping UpdateCompletion<Update.Output>
    ) {
        self.id = id
        self.update = update
        self.backend = backend
        self.worker = worker
        self.inLine = inLine
        self.completion = completion
    }

    @inlinable
    var recent: RecentValues<Backend.Value>? { backend.updates.recent }

    /// Starts from the session as this process last wrote or fetched it, or fetches it.
    @inlinable
    func begin() {
        guard let recent, let remembered = recent.take(id, liveAfter: backend.options.now()) else { return fetch(attempt: 1) }
        attempt(StoredSession(write: remembered.write, value: remembered.value), isFresh: false, attempt: 1)
    }

    @inlinable
    func fetch(attempt: Int) {
        backend.fetch(id) { [self] result in
            switch result {
            case .success(let session?): self.attempt(session, isFresh: true, attempt: attempt)
            case .success(nil): finish(.failure(SessionStoreError.notFound))
            case .failure(let error): finish(.failure(error))
            }
        }
    }

    /// The check and change on `session`, on the worker when there is one. `isFresh`: just fetched, so a refusal or a
    /// keep is the answer.
    @inlinable
    func attempt(_ session: StoredSession<Backend.Value>, isFresh: Bool, attempt: Int) {
        guard let worker, !worker.isCurrent else { return work(on: session, isFresh: isFresh, attempt: attempt) }
        worker.run(
            { [self] in work(on: session, isFresh: isFresh, attempt: attempt) },
            ifClosed: { [self] in finish(.failure(SessionStoreError.closed)) })
    }

    @inlinable
    func work(on session: StoredSession<Backend.Value>, isFresh: Bool, attempt: Int) {
        var next: (session: StoredSession<Backend.Value>, attempt: Int)? = nil
        next = step(on: session, isFresh: isFresh, attempt: attempt)
        while let retry = next {
            next = step(on: retry.session, isFresh: false, attempt: retry.attempt)
        }
    }

    /// One attempt. A backend that answers at once (memory) hands a conflict's retry back to `work`'s loop, so that
    /// retries under contention do not nest on the stack; one that answers later retries from its report.
    @inlinable
    func step(on session: StoredSession<Backend.Value>, isFresh: Bool, attempt: Int) -> (session: StoredSession<Backend.Value>, attempt: Int)? {
        let value: Backend.Value
        let output: Update.Output
        switch VersionedUpdates<Backend.Value>.decide(update, on: session, isFresh: isFresh) {
        case .answer(let result):
            finish(result)
            return nil
        case .fetchAgain:
            recheck(session, attempt: attempt)
            return nil
        case .write(let changed, let changedOutput):
            value = changed
            output = changedOutput
        }
        let retrySlot = backend.updates.answersAtOnce ? RetrySlot<Backend.Value>() : nil
        backend.compareAndSet(id, over: session.write, with: value) { [self, value] result in
            switch result {
            case .success(.written(let write)):
                recent?.wrote(value, as: write, for: id)
                finish(.success(Committed(version: write.version, output: output)))
            case .success(.moved(let current)):
                guard attempt < VersionedUpdates<Backend.Value>.maxAttempts else {
                    return finish(.failure(SessionStoreError.unavailable("gave up after \(attempt) conflicting writes to one session")))
                }
                guard let current else {
                    recent?.forget(id)
                    return fetch(attempt: attempt + 1)
                }
                if let retrySlot {
                    retrySlot.session = current
                } else {
                    self.attempt(current, isFresh: false, attempt: attempt + 1)
                }
            case .failure(let error):
                finish(.failure(error))
            }
        }
        return retrySlot?.session.map { ($0, attempt + 1) }
    }

    /// A refusal or a keep on a value that may be stale: the value goes back, unchanged, and the session is fetched.
    @inlinable
    func recheck(_ session: StoredSession<Backend.Value>, attempt: Int) {
        recent?.wrote(session.value, as: session.write, for: id)
        fetch(attempt: attempt)
    }

    /// Reports (on the worker, when there is one), and lets the next update of the session in this process begin.
    @inlinable
    func finish(_ result: Result<Committed<Update.Output>, any Error>) {
        if let worker, !worker.isCurrent {
            worker.run({ [completion] in completion(result) }, ifClosed: { [completion] in completion(result) })
        } else {
            completion(result)
        }
        if inLine { backend.updates.lines.end(id) }
    }
}

/// Where a compare-and-set that reported at once leaves the session it found, for the next attempt. Written and read
/// on one thread, within one call.
@usableFromInline
final class RetrySlot<Value: Sendable>: @unchecked Sendable {
    @usableFromInline var session: StoredSession<Value>?

    @inlinable
    init() {}
}
