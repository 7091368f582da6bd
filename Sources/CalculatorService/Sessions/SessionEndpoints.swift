import CalculatorEngine
import HTTPServer
import SessionStore
import Threading

/// The handlers of the session routes, one per route. Each checks the request first (throwing the `Problem` that
/// says what is wrong, so nothing is written unless the whole request is valid), then makes one call to the store and
/// answers from its report: at once when the store reports before returning, later otherwise (`Response.awaiting`).
///
/// Generic over the store, and made for the concrete store the service opens (`CalculatorService.make`), so that a
/// store whose calls are inlinable (memory) runs them specialized.
final class SessionEndpoints<Store: SessionBackend<SessionRecord>>: Sendable {
    let store: Store
    /// Where the check and change of long presses (`PressRequest.isLong`) run: off the event loops and the store's
    /// thread.
    let longWork: LongWork
    let replies: SessionReplies
    let watchers: SessionWatchers
    let configuration: ServiceConfiguration
    /// `--press-rate`, in keys.
    private let pressLimit: ClientRateLimit?
    private let draining: Draining
    let now: @Sendable () -> Double
    private var metrics: ServiceMetrics { replies.metrics }

    init(
        store: Store, longWork: LongWork, replies: SessionReplies, watchers: SessionWatchers,
        configuration: ServiceConfiguration, pressLimit: ClientRateLimit?, draining: Draining,
        now: @escaping @Sendable () -> Double
    ) {
        self.store = store
        self.longWork = longWork
        self.replies = replies
        self.watchers = watchers
        self.configuration = configuration
        self.pressLimit = pressLimit
        self.draining = draining
        self.now = now
    }

    func sessionID(_ parameters: RouteParameters) throws(Problem) -> SessionID {
        // Assigned rather than returned: a returned `SessionID??` is destroyed through generic witnesses.
        var parsed: SessionID?
        parameters.withUTF8("id") { parsed = SessionID(utf8: $0) }
        guard let id = parsed else {
            throw Problem(.invalidSessionID, "a session id is 1 to 64 characters of A-Z, a-z, 0-9, '_' and '-'")
        }
        return id
    }

    // MARK: Sessions

    /// POST /sessions. With an Idempotency-Key, the create is made once per client and key within the retention
    /// (`CreationClaim`, kept by the store with the session): a retry gets the first 201 again, the same id and body,
    /// with `Idempotent-Replayed: true`, but no owner token: the token is shown once, in the first reply, and a retry
    /// that minted one would hand the session to whoever learnt the key; the key used again with other settings is
    /// 422.
    func create(_ request: borrowing Request) throws(Problem) -> Response {
        let settings = try settingsFromOptionalBody(request)
        let state = CalculatorState(settings: settings)
        let owner = ownerToken()
        let claim = try Self.idempotencyKey(request).map { key in
            CreationClaim(
                key: ClientRateLimit.clientAddress(request, trustProxy: configuration.trustProxy) + " " + key,
                fingerprint: String(describing: settings), retention: configuration.idempotencyRetention)
        }
        return .awaiting { deliver in create(SessionRecord(state: state, owner: owner), owner, claim: claim, attempts: 2, deliver) }
    }

    /// A new session under a random id. 128 random bits do not collide in practice; one retry covers the impossible
    /// case without a loop.
    private func create(
        _ record: SessionRecord, _ owner: IssuedToken?, claim: CreationClaim?, attempts: Int, _ deliver: @escaping @Sendable (Response) -> Void
    ) {
        let id = SessionID.random()
        let started = ServiceMetrics.now()
        store.create(id, record, claiming: claim) { [self] result in
            metrics.storeOperation(.create, since: started)
            switch result {
            case .success(.created(let version)):
                deliver(replies.created(id, record.state, version: version, token: owner))
            case .success(.claimed(let first, let version, let fingerprint)) where fingerprint == claim?.fingerprint:
                replayCreation(first, record.state, version: version, deliver)
            case .success(.claimed):
                let problem = Problem(
                    .idempotencyKeyReused, "this Idempotency-Key was first used to create a session with other settings; use a new key")
                deliver(problem.response(toPath: "/sessions"))
            case .failure(.alreadyExists) where attempts > 1:
                create(record, owner, claim: claim, attempts: attempts - 1, deliver)
            case .failure(.alreadyExists):
                deliver(Problem(.internalError, "could not allocate a session id").response(toPath: "/sessions"))
            case .failure(let error):
                deliver(replies.failure(error, operation: .create, session: nil))
            }
        }
    }

    /// A create replayed for its Idempotency-Key: the first 201 again (the first state, id and version, not the
    /// session as it is now, which the retry has no token to read), without its token, once the session is read, for a
    /// claim can outlive its session (deleted, expired) or, on a cluster, name one whose create never finished (the
    /// claim and the session are two writes there); then 404, not a reply naming a session that is not there.
    private func replayCreation(_ id: SessionID, _ state: CalculatorState, version: UInt64, _ deliver: @escaping @Sendable (Response) -> Void) {
        store.read(id) { [replies] result in
            switch result {
            case .success:
                var response = replies.created(id, state, version: version)
                response.headers.add("Idempotent-Replayed", "true")
                deliver(response)
            case .failure(let error):
                deliver(replies.failure(error, operation: .create, session: id))
            }
        }
    }

    /// PUT /sessions/{id}: creates the session under the client's id, or answers with it when it exists. With
    /// `If-None-Match` (`*`, or a list naming the current version), a session that exists is 412 (RFC 9110 §13.1.2):
    /// the client asked to create, not to find one.
    func put(_ id: SessionID, _ request: borrowing Request) throws(Problem) -> Response {
        let state = CalculatorState(settings: try settingsFromOptionalBody(request))
        let tags = IfNoneMatch(request.headers[.ifNoneMatch])
        let owner = ownerToken()
        // A token, when one is sent, for the session this PUT may find instead of making.
        let presented = owner == nil ? AccessCheck.open : AccessCheck.bearerToken(request).map { AccessCheck(token: $0, needs: .viewer, clock: now) }
        return .awaiting { deliver in
            let started = ServiceMetrics.now()
            store.create(id, SessionRecord(state: state, owner: owner)) { [self] result in
                metrics.storeOperation(.create, since: started)
                switch result {
                case .success(let version): deliver(replies.created(id, state, version: version, token: owner))
                case .failure(.alreadyExists):
                    guard let presented else {
                        return deliver(replies.failure(AccessCheck.missingToken, operation: .create, session: id))
                    }
                    read(id, .session, access: presented, unlessMatching: nil, refusingMatch: tags, deliver)
                case .failure(let error): deliver(replies.failure(error, operation: .create, session: id))
                }
            }
        }
    }

    /// GET /sessions/{id}; 304 when If-None-Match names the current version.
    func get(_ id: SessionID, _ access: AccessCheck, _ request: borrowing Request) -> Response {
        let tags = IfNoneMatch(request.headers[.ifNoneMatch])
        return .awaiting { deliver in read(id, .session, access: access, unlessMatching: tags, deliver) }
    }

    /// GET /sessions/{id}/display, as JSON or, when the client prefers it, plain text; 304 when If-None-Match names
    /// the current version.
    func display(_ id: SessionID, _ access: AccessCheck, _ request: borrowing Request) -> Response {
        let view = SessionReplies.View.display(plainText: SessionReplies.prefersPlainText(request.headers[.accept]))
        let tags = IfNoneMatch(request.headers[.ifNoneMatch])
        return .awaiting { deliver in read(id, view, access: access, unlessMatching: tags, deliver) }
    }

    /// GET /sessions/{id}/events: the session's state at once (unless Last-Event-ID names its version), then an event
    /// per new version, as a stream that lasts until the session ends or the client leaves. HEAD answers the stream's
    /// headers and starts none.
    func events(_ id: SessionID, _ access: AccessCheck, _ request: borrowing Request) -> Response {
        let lastEventID = request.headers[.lastEventID].flatMap { UInt64($0.trimmingSpaces()) }
        let client = ClientRateLimit.clientAddress(request, trustProxy: configuration.trustProxy)
        let isHead = request.method == "HEAD"
        return .awaiting { deliver in
            let started = ServiceMetrics.now()
            store.read(id) { [replies, watchers] result in
                replies.metrics.storeOperation(.get, since: started)
                switch result {
                case .success(let stored):
                    do throws(Problem) {
                        let grant = try access.admit(stored.value)
                        if isHead { return deliver(replies.eventStream(nil)) }
                        // A ticket's stream is held by the token that minted it.
                        let holder = grant.map { stored.value.grants[$0].id }
                        let holderExpiresAt = grant.map { stored.value.grants[$0].expiresAt } ?? 0
                        deliver(replies.eventStream(try watchers.watch(
                            id, stored, lastEventID: lastEventID, client: client, holder: holder, holderExpiresAt: holderExpiresAt)))
                    } catch {
                        deliver(error.response(toPath: SessionReplies.sessionPath(id, "/events")))
                    }
                case .failure(let error):
                    deliver(replies.failure(error, operation: .get, session: id, route: "/events", access: access))
                }
            }
        }
    }

    /// A read of `view`: 304 when `tags` names the current version, 412 when `refusingMatch` does (a PUT's
    /// If-None-Match).
    func read(
        _ id: SessionID, _ view: SessionReplies.View, access: AccessCheck, unlessMatching tags: IfNoneMatch?,
        refusingMatch refused: IfNoneMatch? = nil, _ deliver: @escaping @Sendable (Response) -> Void
    ) {
        let started = ServiceMetrics.now()
        store.read(id) { [replies] result in
            replies.metrics.storeOperation(.get, since: started)
            if case .success(let stored) = result {
                do throws(Problem) {
                    _ = try access.admit(stored.value)
                } catch {
                    return deliver(replies.failure(error, operation: .get, session: id, route: view.route))
                }
            }
            switch result {
            case .success(let stored) where refused?.names(Rendering.entityTag(stored.version)) == true:
                let problem = Problem(
                    .preconditionFailed, "the session exists and If-None-Match names it; nothing was created",
                    extensions: [("currentVersion", .int(Int(clamping: stored.version)))])
                deliver(replies.failure(problem, operation: .create, session: id))
            case .success(let stored): deliver(replies.read(view, of: stored, id: id, unlessMatching: tags))
            case .failure(let error): deliver(replies.failure(error, operation: .get, session: id, route: view.route, access: access))
            }
        }
    }

    /// PATCH /sessions/{id}
    func patch(_ id: SessionID, _ access: AccessCheck, _ request: borrowing Request) throws(Problem) -> Response {
        try checkBody(request, alsoAccepting: "application/merge-patch+json")
        guard !request.body.isEmpty else { throw Problem(.invalidRequest, "PATCH needs a JSON object of settings: mode, angle, digits") }
        let settings = try SettingsChange.parse(request.body)
        let precondition = try IfMatch(parsing: request.headers[.ifMatch])
        let update = SettingsUpdate(settings: settings, precondition: precondition, access: access)
        return change(id, update, access, route: "", changed: { $0 }) { [replies] committed in
            let (version, record) = (committed.version, committed.output)
            return replies.sessionJSON(200, record.withState { Rendering.state($0, id: id, version: version) }, version: version)
        }
    }

    /// Runs an update that is no press and answers with `reply`; the session's watchers get the new version when
    /// `changed` gives the record after it.
    func change<Update: SessionUpdate<SessionRecord>>(
        _ id: SessionID, _ update: Update, _ access: AccessCheck, route: StaticString, changed: @escaping @Sendable (Update.Output) -> SessionRecord?,
        reply: @escaping @Sendable (Committed<Update.Output>) -> Response
    ) -> Response {
        .awaiting { deliver in
            let started = ServiceMetrics.now()
            store.update(id, update) { [replies, watchers] result in
                replies.metrics.storeOperation(.update, since: started)
                switch result {
                case .success(let committed):
                    deliver(reply(committed))
                    if let record = changed(committed.output), watchers.isWatched(id) {
                        watchers.changed(id, version: committed.version, record: record)
                    }
                case .failure(let error):
                    deliver(replies.failure(error, operation: .update, session: id, route: route, access: access))
                }
            }
        }
    }

    /// DELETE /sessions/{id}. The store's delete compares one version: with an If-Match, or a token to check, the
    /// session is read, the header and the token checked on it, and only that version deleted (a version that moved on
    /// meanwhile, without an If-Match, is read again).
    func delete(_ id: SessionID, _ access: AccessCheck, _ request: borrowing Request) throws(Problem) -> Response {
        let precondition = try IfMatch(parsing: request.headers[.ifMatch])
        return .awaiting { deliver in
            guard !precondition.admitsAny || !access.isOpen else { return delete(id, access, expectedVersion: nil, deliver) }
            checkedDelete(id, access, precondition, attempts: 3, deliver)
        }
    }

    private func checkedDelete(
        _ id: SessionID, _ access: AccessCheck, _ precondition: IfMatch, attempts: Int, _ deliver: @escaping @Sendable (Response) -> Void
    ) {
        let started = ServiceMetrics.now()
        store.read(id) { [self] result in
            metrics.storeOperation(.get, since: started)
            do throws(Problem) {
                if case .success(let stored) = result { _ = try access.admit(stored.value) }
            } catch {
                return deliver(replies.failure(error, operation: .delete, session: id))
            }
            switch result {
            case .success(let stored) where precondition.admits(stored.version):
                var retry: (@Sendable () -> Void)?
                if precondition.admitsAny, attempts > 1 {
                    retry = { [self] in checkedDelete(id, access, precondition, attempts: attempts - 1, deliver) }
                }
                delete(id, access, expectedVersion: stored.version, retryingMoved: retry, deliver)
            case .success(let stored):
                deliver(replies.failure(SessionReplies.preconditionFailed(current: stored.version), operation: .delete, session: id))
            case .failure(let error):
                deliver(replies.failure(error, operation: .delete, session: id, access: access))
            }
        }
    }

    private func delete(
        _ id: SessionID, _ access: AccessCheck, expectedVersion: UInt64?, retryingMoved retry: (@Sendable () -> Void)? = nil,
        _ deliver: @escaping @Sendable (Response) -> Void
    ) {
        let started = ServiceMetrics.now()
        store.delete(id, expectedVersion: expectedVersion) { [replies, watchers] result in
            replies.metrics.storeOperation(.delete, since: started)
            switch result {
            case .success:
                if watchers.isWatched(id) { watchers.ended(id, .deleted) }
                deliver(Response(status: 204))
            case .failure(.versionMismatch) where retry != nil: retry?()
            case .failure(let error): deliver(replies.failure(error, operation: .delete, session: id, access: access))
            }
        }
    }

    // MARK: Press

    /// POST /sessions/{id}/press
    func press(_ id: SessionID, _ access: AccessCheck, _ request: borrowing Request) throws(Problem) -> Response {
        try checkBody(request)
        guard !request.body.isEmpty else { throw Problem(.invalidRequest, "the body needs \"key\" or \"keys\"") }
        let press = try PressRequest.parse(request.body, maxKeys: configuration.maxKeysPerRequest)
        let limited = try pressLimit?.admit(request, cost: press.keyCount)
        let idempotency = try Self.idempotencyKey(request).map { key in
            PressUpdate.Idempotency(
                key: key, fingerprint: press.keptFingerprint, now: now(), retention: configuration.idempotencyRetention,
                keptReplies: configuration.idempotencyKeysPerSession)
        }
        let precondition = try IfMatch(parsing: request.headers[.ifMatch])
        var random = SystemRandomNumberGenerator()
        let update = PressUpdate(
            id: id, press: press, precondition: precondition, idempotency: idempotency, seed: press.drawsRandom ? random.next() : 0,
            access: access)
        let client = ClientRateLimit.clientAddress(request, trustProxy: configuration.trustProxy)
        return .awaiting { deliver in
            // Without a limit, `deliver` goes on as it is: no closure wraps it.
            guard let limited else { return run(update, press, id, client: client, deliver) }
            run(update, press, id, client: client, limited.adding(to: deliver))
        }
    }

    /// In place, unless the press is long by its keys (`PressRequest.isLong`); a press whose numbers turn out costly in
    /// place (`MovesToLongWork`) is handed to long work then, in its client's turn.
    private func run(
        _ update: PressUpdate, _ press: PressRequest, _ id: SessionID, client: String, _ deliver: @escaping @Sendable (Response) -> Void
    ) {
        let started = ServiceMetrics.now()
        let (access, budget) = (update.access, configuration.workBudget)
        let answer: UpdateCompletion<PressUpdate.Outcome> = { [self] result in
            metrics.storeOperation(.update, since: started)
            answerPress(id, press, access, result, deliver)
        }
        // A long press's report comes on the long-work worker, which renders its reply too.
        if press.isLong {
            metrics.handedToLongWork(.press)
            return store.update(id, update.onLongWork(seconds: budget), on: longWork.lane(for: client), completion: answer)
        }
        store.update(id, update) { [self] result in
            if case .failure(let error) = result, error is MovesToLongWork {
                metrics.handedToLongWork(.press)
                return store.update(id, update.onLongWork(seconds: budget), on: longWork.lane(for: client), completion: answer)
            }
            answer(result)
        }
    }

    /// Delivers the reply to a press, and the new version to the session's watchers.
    private func answerPress(
        _ id: SessionID, _ press: PressRequest, _ access: AccessCheck, _ result: Result<Committed<PressUpdate.Outcome>, any Error>,
        _ deliver: @Sendable (Response) -> Void
    ) {
        switch result {
        case .success(let committed):
            let version = committed.version
            switch committed.output {
            case .pressed(let record, let steps):
                press.forEachKey(metrics.pressed)
                let body = record.withState { Rendering.state($0, id: id, version: version, steps: steps) }
                deliver(replies.sessionJSON(200, body, version: version))
                if watchers.isWatched(id) { watchers.changed(id, version: version, record: record) }
            case .rendered(let body, let record):
                press.forEachKey(metrics.pressed)
                deliver(replies.sessionJSON(200, body, version: version))
                if watchers.isWatched(id) { watchers.changed(id, version: version, record: record) }
            case .replay(let reply):
                var response = replies.sessionJSON(reply.status, Array(reply.body.utf8), version: reply.version)
                response.headers.set("Idempotent-Replayed", "true")
                deliver(response)
            }
        case .failure(let error):
            deliver(replies.failure(error, operation: .update, session: id, route: "/press", access: access))
        }
    }

    private static func idempotencyKey(_ request: borrowing Request) throws(Problem) -> String? {
        guard let key = request.headers[.idempotencyKey] else { return nil }
        guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw Problem(.invalidIdempotencyKey, "Idempotency-Key must be 1 to 255 visible ASCII characters")
        }
        return key
    }

    // MARK: Maintenance

    /// Read from the store when metrics are scraped, not on every request; nil when the store cannot say. `then` runs
    /// once it has answered (from the store's thread when it waits for a server, so a slow Redis holds no event loop).
    func liveSessions(then: @escaping @Sendable (Int?) -> Void) {
        store.count(completion: { result in then(try? result.get()) })
    }

    /// GET /readyz: 503 once the server drains; otherwise answered when the store has answered, without holding the
    /// event loop meanwhile.
    func readiness() -> Response {
        if draining.hasBegun { return replies.draining() }
        return .awaiting { [store, replies] deliver in
            store.checkHealth { result in deliver(replies.readiness(result, shards: store.shards())) }
        }
    }

    // MARK: Request bodies

    private func settingsFromOptionalBody(_ request: borrowing Request) throws(Problem) -> Settings {
        try checkBody(request)
        guard !request.body.isEmpty else { return Settings() }
        return try SettingsChange.parse(request.body).applied(to: Settings())
    }

    func checkBody(_ request: borrowing Request, alsoAccepting extra: String? = nil) throws(Problem) {
        if request.bodyLimitExceeded {
            throw Problem(.bodyTooLarge, "the request body is larger than the server accepts")
        }
        try request.requireJSONBody(alsoAccepting: extra)
    }
}

extension SessionReplies.View {
    /// What follows "/sessions/<id>" in the path of the route that reads this view.
    var route: StaticString {
        switch self {
        case .session: ""
        case .display: "/display"
        case .history: "/history"
        case .data: "/data"
        }
    }
}
