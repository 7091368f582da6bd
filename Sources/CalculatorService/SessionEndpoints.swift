import CalculatorEngine
import Foundation
import HTTPServer
import Logging
import Metrics
import SessionStore

/// The handlers of the session API. Each returns a response or throws the `Problem` that describes what was wrong;
/// nothing is written to the store unless the whole request is valid.
final class SessionEndpoints: Sendable {
    private let store: any SessionStore<SessionRecord>
    /// The same store when it is the in-memory one, called directly: through the existential, the generic
    /// `updateInPlace` and `read` run unspecialized and ask the runtime for type metadata on every call (measured:
    /// 6k more instructions per press, 2k per display read).
    private let memoryStore: MemoryRecordStore?
    /// The same store when it is SQLite, for the same reason: its update path is `@inlinable`, so called directly
    /// it is specialized here (measured: about 3k fewer instructions per press on the committer thread).
    private let sqliteStore: SQLiteSessionStore<SessionRecord>?
    /// The store's writes wait (SQLite's disk sync): writes answer with `Response.later`, from the store's
    /// completion, so no server thread sleeps through a commit.
    private let answersWritesLater: Bool
    /// The store's reads cross a network (Redis): display and get answer with `Response.later` too.
    private let answersReadsLater: Bool
    private let configuration: ServiceConfiguration
    private let logger: Logger
    private let now: @Sendable () -> Double
    private let metrics: ServiceMetrics

    init(
        store: any SessionStore<SessionRecord>, configuration: ServiceConfiguration, logger: Logger, now: @escaping @Sendable () -> Double,
        metrics: ServiceMetrics
    ) {
        self.store = store
        self.memoryStore = store as? MemoryRecordStore
        self.sqliteStore = store as? SQLiteSessionStore<SessionRecord>
        self.answersWritesLater = store.completesLater
        self.answersReadsLater = store.readsCompleteLater
        self.configuration = configuration
        self.logger = logger
        self.now = now
        self.metrics = metrics
    }

    /// Gauges read from the store when metrics are scraped, not on every request.
    func refreshGauges() {
        if let live = try? store.count() { metrics.liveSessions.record(live) }
    }

    func sessionID(_ parameters: RouteParameters) throws(Problem) -> SessionID {
        // Assigned rather than returned: a returned `SessionID??` was destroyed through generic witnesses (0.2k).
        var parsed: SessionID?
        parameters.withUTF8("id") { id in id.withUnsafeBufferPointer { parsed = SessionID(utf8: $0) } }
        guard let id = parsed else {
            throw Problem(.invalidSessionID, "a session id is 1 to 64 characters of A-Z, a-z, 0-9, '_' and '-'")
        }
        return id
    }

    /// "/sessions/<id>" and a suffix, made in one allocation: a short id is not a String (see `SessionID`), so
    /// joining Strings would make one for it first.
    static func sessionPath(_ id: SessionID, _ suffix: StaticString = "") -> String {
        let prefix: StaticString = "/sessions/"
        return id.withUTF8 { idBytes in
            String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + idBytes.count + suffix.utf8CodeUnitCount) { out in
                var written = 0
                func append(_ part: UnsafeBufferPointer<UInt8>) {
                    _ = UnsafeMutableBufferPointer(rebasing: out[written...]).initialize(fromContentsOf: part)
                    written += part.count
                }
                append(UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
                append(idBytes)
                append(UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount))
                return written
            }
        }
    }

    // MARK: Sessions

    func createSession(_ request: borrowing Request) throws(Problem) -> Response {
        let settings = try settingsFromOptionalBody(request)
        let record = SessionRecord(state: CalculatorState(settings: settings))
        if answersWritesLater { return createLater(record, path: request.path, attempts: 2) }
        // 128 random bits do not collide in practice; one retry covers the impossible case without a loop.
        for _ in 0..<2 {
            let id = SessionID.random()
            do {
                metrics.storeOperation(.create)
                let stored = if let memoryStore { try memoryStore.create(id, record) } else { try store.create(id, record) }
                return created(id, stored)
            } catch SessionStoreError.alreadyExists {
                continue
            } catch {
                throw problem(for: error, operation: "create")
            }
        }
        throw Problem(.internalError, "could not allocate a session id")
    }

    /// `createSession` for a store that answers later.
    private func createLater(_ record: SessionRecord, path: String, attempts: Int) -> Response {
        let id = SessionID.random()
        metrics.storeOperation(.create)
        return .later { [self] deliver in
            store.create(id, record) { [self] result in
                switch result {
                case .success(let stored):
                    deliver(created(id, stored))
                case .failure(SessionStoreError.alreadyExists) where attempts > 1:
                    deliver(createLater(record, path: path, attempts: attempts - 1))
                case .failure(SessionStoreError.alreadyExists):
                    deliver(Problem(.internalError, "could not allocate a session id").response(toPath: path))
                case .failure(let error):
                    deliver(problem(for: error, operation: "create").response(toPath: path))
                }
            }
        }
    }

    func putSession(_ id: SessionID, _ request: borrowing Request) throws(Problem) -> Response {
        let settings = try settingsFromOptionalBody(request)
        if answersWritesLater {
            metrics.storeOperation(.create)
            let path = request.path
            return .later { [self] deliver in
                store.create(id, SessionRecord(state: CalculatorState(settings: settings))) { [self] result in
                    switch result {
                    case .success(let stored): deliver(created(id, stored))
                    case .failure(SessionStoreError.alreadyExists):
                        // A read on the store's thread, which holds up its next batch a little: PUT of an existing
                        // session is the rare case.
                        deliver(CalculatorService.handle(path: path) { () throws(Problem) in try readSession(id) })
                    case .failure(let error): deliver(problem(for: error, operation: "create").response(toPath: path))
                    }
                }
            }
        }
        do {
            metrics.storeOperation(.create)
            return created(id, try store.create(id, SessionRecord(state: CalculatorState(settings: settings))))
        } catch SessionStoreError.alreadyExists {
            return try readSession(id)
        } catch {
            throw problem(for: error, operation: "create")
        }
    }

    private func created(_ id: SessionID, _ record: Versioned<SessionRecord>) -> Response {
        var response = sessionJSON(201, Rendering.state(record.value.state, id: id, version: record.version), version: record.version)
        response.headers.add("Location", Self.sessionPath(id))
        return response
    }

    private func settingsFromOptionalBody(_ request: borrowing Request) throws(Problem) -> Settings {
        try checkBody(request)
        guard !request.body.isEmpty else { return Settings() }
        return try SettingsChange.parse(request.body).applied(to: Settings())
    }

    func readSession(_ id: SessionID) throws(Problem) -> Response {
        if answersReadsLater {
            return readLater(id, path: Self.sessionPath(id)) { record, version in
                (version, Rendering.state(record.state, id: id, version: version))
            } respond: { [self] version, body in sessionJSON(200, body, version: version) }
        }
        let (version, body) = try read(id) { record, version in (version, Rendering.state(record.state, id: id, version: version)) }
        return sessionJSON(200, body, version: version)
    }

    func patchSession(_ id: SessionID, _ request: borrowing Request) throws(Problem) -> Response {
        try checkBody(request, alsoAccepting: "application/merge-patch+json")
        guard !request.body.isEmpty else { throw Problem(.invalidRequest, "PATCH needs a JSON object of settings: mode, angle, digits") }
        let update = SettingsUpdate(id: id, change: try SettingsChange.parse(request.body), precondition: try IfMatch(parsing: request.headers[.ifMatch]))
        return try run(update)
    }

    private struct SettingsUpdate: Update {
        static var route: StaticString { "" }
        let id: SessionID
        let change: SettingsChange
        let precondition: IfMatch

        func check(_ record: borrowing SessionRecord, _ version: UInt64) throws(Problem) -> Check<[UInt8]> {
            guard precondition.admits(version) else { throw SessionEndpoints.preconditionFailed(current: version) }
            let unchanged = change.applied(to: record.state.settings) == record.state.settings
            return unchanged ? .keep(Rendering.state(record.state, id: id, version: version)) : .change
        }

        func change(_ record: inout SessionRecord, _ version: UInt64) -> [UInt8] {
            record.state.update(settings: change.applied(to: record.state.settings))
            return Rendering.state(record.state, id: id, version: version + 1)
        }

        func respond(_ version: UInt64, _ body: [UInt8], by endpoints: SessionEndpoints) -> Response {
            endpoints.sessionJSON(200, body, version: version)
        }
    }

    func deleteSession(_ id: SessionID, _ request: borrowing Request) throws(Problem) -> Response {
        let precondition = try IfMatch(parsing: request.headers[.ifMatch])
        if answersReadsLater, !precondition.admitsAny {
            return deleteLater(id, path: request.path, precondition)
        }
        do {
            // The store's compare-and-delete takes one version: read it, check the header against it, delete only that.
            var expected: UInt64? = nil
            if !precondition.admitsAny {
                guard let current = try store.get(id)?.version else { throw SessionStoreError.notFound }
                guard precondition.admits(current) else { throw Self.preconditionFailed(current: current) }
                expected = current
            }
            metrics.storeOperation(.delete)
            if answersWritesLater {
                let (expected, path) = (expected, request.path)
                return .later { [self] deliver in delete(id, expectedVersion: expected, path: path, then: deliver) }
            }
            try store.delete(id, expectedVersion: expected)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw problem(for: error, operation: "delete", session: id)
        }
        return Response(status: 204)
    }

    /// `deleteSession` with an If-Match for a store whose reads answer later: the version is read, checked and
    /// deleted by calls queued from each other's completions, so no server thread waits for a round trip.
    private func deleteLater(_ id: SessionID, path: String, _ precondition: IfMatch) -> Response {
        metrics.storeOperation(.get)
        return .later { [self] deliver in
            @Sendable func fail(_ error: any Error) {
                deliver(problem(for: error, operation: "delete", session: id).response(toPath: path))
            }
            store.read(id, { _, version in version }) { [self] result in
                switch result {
                case .success(let current?):
                    guard precondition.admits(current) else {
                        return deliver(Self.preconditionFailed(current: current).response(toPath: path))
                    }
                    metrics.storeOperation(.delete)
                    delete(id, expectedVersion: current, path: path, then: deliver)
                case .success(nil): fail(SessionStoreError.notFound)
                case .failure(let error): fail(error)
                }
            }
        }
    }

    /// The store's completion form of delete, its outcome delivered as the DELETE's response.
    private func delete(
        _ id: SessionID, expectedVersion: UInt64?, path: String, then deliver: @escaping @Sendable (Response) -> Void
    ) {
        store.delete(id, expectedVersion: expectedVersion) { [self] result in
            switch result {
            case .success: deliver(Response(status: 204))
            case .failure(let error): deliver(problem(for: error, operation: "delete", session: id).response(toPath: path))
            }
        }
    }

    func display(_ id: SessionID, _ request: borrowing Request) throws(Problem) -> Response {
        if Self.prefersPlainText(request.headers[.accept]) {
            if answersReadsLater {
                return readLater(id, path: request.path) { record, version in
                    (version, record.state.display)
                } respond: { version, display in Self.plainDisplay(version, display) }
            }
            let (version, display) = try read(id) { record, version in (version, record.state.display) }
            return Self.plainDisplay(version, display)
        }
        if answersReadsLater {
            return readLater(id, path: request.path) { record, version in
                (version, Rendering.display(record.state))
            } respond: { [self] version, body in sessionJSON(200, body, version: version) }
        }
        let (version, body) = try read(id) { record, version in (version, Rendering.display(record.state)) }
        return sessionJSON(200, body, version: version)
    }

    private static func plainDisplay(_ version: UInt64, _ display: String) -> Response {
        var response = Response(status: 200, body: Array((display + "\n").utf8))
        response.headers.set("Content-Type", "text/plain; charset=utf-8")
        response.headers.set("ETag", Rendering.entityTag(version))
        return response
    }

    func history(_ id: SessionID) throws(Problem) -> Response {
        if answersReadsLater {
            return readLater(id, path: Self.sessionPath(id, "/history")) { record, version in
                (version, Rendering.history(record.state, id: id))
            } respond: { [self] version, body in sessionJSON(200, body, version: version) }
        }
        let (version, body) = try read(id) { record, version in (version, Rendering.history(record.state, id: id)) }
        return sessionJSON(200, body, version: version)
    }

    // MARK: Press

    private enum PressOutcome: Sendable {
        case fresh([UInt8])
        case replay(IdempotentReply)
    }

    func press(_ id: SessionID, _ request: borrowing Request) throws(Problem) -> Response {
        try checkBody(request)
        guard !request.body.isEmpty else { throw Problem(.invalidRequest, "the body needs \"key\" or \"keys\"") }
        let pressRequest = try PressRequest.parse(request.body, maxKeys: configuration.maxKeysPerRequest)
        let idempotencyKey = try Self.idempotencyKey(request)
        let update = PressUpdate(
            id: id, press: pressRequest, precondition: try IfMatch(parsing: request.headers[.ifMatch]), idempotencyKey: idempotencyKey,
            fingerprint: idempotencyKey == nil ? "" : pressRequest.fingerprint,
            // The clock is read only for a reply that is kept (it stamps the reply's age).
            now: idempotencyKey == nil ? 0 : self.now(),
            retention: configuration.idempotencyRetention, keptReplies: configuration.idempotencyKeysPerSession)
        return try run(update)
    }

    private struct PressUpdate: Update {
        static var route: StaticString { "/press" }
        let id: SessionID
        let press: PressRequest
        let precondition: IfMatch
        let idempotencyKey: String?
        let fingerprint: String
        let now: Double
        let retention: Double
        let keptReplies: Int

        /// The If-Match check runs inside the update so that a retried press replays its first reply even after the
        /// version has moved on.
        func check(_ record: borrowing SessionRecord, _ version: UInt64) throws(Problem) -> Check<PressOutcome> {
            if let idempotencyKey, let reply = record.idempotency.first(where: { $0.key == idempotencyKey }) {
                guard reply.fingerprint == fingerprint else {
                    throw Problem(.idempotencyKeyReused, "this Idempotency-Key was first used with other keys; use a new key for a new press")
                }
                return .keep(.replay(reply))
            }
            guard precondition.admits(version) else { throw SessionEndpoints.preconditionFailed(current: version) }
            return .change
        }

        func change(_ record: inout SessionRecord, _ version: UInt64) -> PressOutcome {
            var rng = SystemRandomNumberGenerator()
            var steps: [(String, String)]? = press.trace ? [] : nil
            press.forEachKey { key in
                record.state.apply(key, random: &rng)
                steps?.append((key.name, record.state.display))
            }
            let body = Rendering.state(record.state, id: id, version: version + 1, steps: steps)
            if let idempotencyKey {
                record.pruneIdempotency(now: now, retention: retention, limit: keptReplies)
                record.idempotency.append(
                    IdempotentReply(
                        key: idempotencyKey, fingerprint: fingerprint, status: 200, version: version + 1,
                        body: String(decoding: body, as: UTF8.self), createdAt: now))
            }
            return .fresh(body)
        }

        func respond(_ version: UInt64, _ outcome: PressOutcome, by endpoints: SessionEndpoints) -> Response {
            endpoints.pressed(press, version, outcome)
        }
    }

    private func pressed(_ press: PressRequest, _ version: UInt64, _ outcome: PressOutcome) -> Response {
        switch outcome {
        case let .fresh(body):
            press.forEachKey(metrics.pressed)
            return sessionJSON(200, body, version: version)
        case let .replay(reply):
            var response = sessionJSON(reply.status, Array(reply.body.utf8), version: reply.version)
            response.headers.set("Idempotent-Replayed", "true")
            return response
        }
    }

    private static func idempotencyKey(_ request: borrowing Request) throws(Problem) -> String? {
        guard let key = request.headers[.idempotencyKey] else { return nil }
        guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw Problem(.invalidIdempotencyKey, "Idempotency-Key must be 1 to 255 visible ASCII characters")
        }
        return key
    }

    // MARK: Store access

    /// Runs `body` on the session's record and version; the memory store lends the record in place (`read`).
    private func read<T>(_ id: SessionID, _ body: (borrowing SessionRecord, UInt64) -> T) throws(Problem) -> T {
        do {
            metrics.storeOperation(.get)
            let result = if let memoryStore { try memoryStore.read(id, body) } else { try store.read(id, body) }
            guard let result else { throw SessionStoreError.notFound }
            return result
        } catch {
            throw problem(for: error, operation: "get", session: id)
        }
    }

    /// `read` for a store whose reads answer later: the response comes from the store's completion, made by `respond`
    /// from the body's result, or from the error (a problem about `path`, the request's).
    private func readLater<T: Sendable>(
        _ id: SessionID,
        path: String,
        _ body: @escaping @Sendable (borrowing SessionRecord, UInt64) -> T,
        respond: @escaping @Sendable (T) -> Response
    ) -> Response {
        metrics.storeOperation(.get)
        return .later { [self] deliver in
            store.read(id, body) { [self] result in
                switch result {
                case .success(let value?): deliver(respond(value))
                case .success(nil):
                    deliver(problem(for: SessionStoreError.notFound, operation: "get", session: id).response(toPath: path))
                case .failure(let error): deliver(problem(for: error, operation: "get", session: id).response(toPath: path))
                }
            }
        }
    }

    /// One change of a session in three steps: `check` runs first and may keep the session as it is (a replayed
    /// press, a PATCH that changes nothing), `change` changes it, and `respond` makes the response from the version
    /// afterwards and what the step that ran returned. One value rather than three closures: an update answered
    /// later keeps it whole, where escaping closures cost an allocation each (and reabstraction thunks for the
    /// generic outcome).
    private protocol Update: Sendable {
        associatedtype Outcome: Sendable
        /// What follows "/sessions/<id>" in the path of the update's route: a later answer's problem names its
        /// path from it, where keeping the request's path as text cost an allocation per update.
        static var route: StaticString { get }
        var id: SessionID { get }
        func check(_ record: borrowing SessionRecord, _ version: UInt64) throws(Problem) -> Check<Outcome>
        func change(_ record: inout SessionRecord, _ version: UInt64) -> Outcome
        func respond(_ version: UInt64, _ outcome: Outcome, by endpoints: SessionEndpoints) -> Response
    }

    /// Runs `update` on the session atomically and responds: at once, or later for a store whose writes wait. Bodies
    /// render their reply themselves, so the record is not copied out of the store.
    private func run<U: Update>(_ update: U) throws(Problem) -> Response {
        metrics.storeOperation(.update)
        if answersWritesLater { return updateLater(update) }
        let id = update.id
        // Local functions, not closure values: passed straight to the store, they are not boxed and borrow `update`.
        func check(_ record: borrowing SessionRecord, _ version: UInt64) throws(Problem) -> Check<U.Outcome> { try update.check(record, version) }
        func change(_ record: inout SessionRecord, _ version: UInt64) -> U.Outcome { update.change(&record, version) }
        let version: UInt64, outcome: U.Outcome
        do {
            if let memoryStore {
                (version, outcome) = try memoryStore.updateChecked(id, expectedVersion: nil, check: check, change: change)
            } else {
                (version, outcome) = try store.updateChecked(id, expectedVersion: nil, check: check, change: change)
            }
        } catch let problem as Problem {
            throw problem
        } catch {
            throw problem(for: error, operation: "update", session: id)
        }
        return update.respond(version, outcome, by: self)
    }

    /// `run` for a store that answers later: the response comes from the store's completion.
    private func updateLater<U: Update>(_ update: U) -> Response {
        .later { [self] deliver in
            let later = LaterUpdate(update: update, endpoints: self, deliver: deliver)
            if let sqliteStore {
                sqliteStore.updateInPlace(later)
            } else {
                store.updateInPlace(later)
            }
        }
    }

    /// An update answered later, as the one value the store keeps until it reports (see `SessionUpdate`).
    private struct LaterUpdate<U: Update>: SessionUpdate {
        let update: U
        let endpoints: SessionEndpoints
        let deliver: @Sendable (Response) -> Void

        var id: SessionID { update.id }
        var expectedVersion: UInt64? { nil }

        /// The store works on a copy here (SQLite decodes one), so the two steps run as one body.
        func apply(to record: inout SessionRecord, version: UInt64) throws -> Mutation<U.Outcome> {
            switch try update.check(record, version) {
            case .keep(let outcome): .keep(outcome)
            case .change: .write(update.change(&record, version))
            }
        }

        func complete(_ result: Result<(version: UInt64, result: U.Outcome), any Error>) {
            switch result {
            case .success(let (version, outcome)): deliver(update.respond(version, outcome, by: endpoints))
            // The route matched the path exactly, and the id is its own text: this is the request's path.
            case .failure(let problem as Problem): deliver(problem.response(toPath: SessionEndpoints.sessionPath(id, U.route)))
            case .failure(let error):
                let problem = endpoints.problem(for: error, operation: "update", session: id)
                deliver(problem.response(toPath: SessionEndpoints.sessionPath(id, U.route)))
            }
        }
    }

    private func problem(for error: any Error, operation: String, session id: SessionID? = nil) -> Problem {
        switch error as? SessionStoreError {
        case .notFound?:
            return Problem(.sessionNotFound, "no session with this id; it may have expired or been deleted")
        case let .versionMismatch(current)?:
            return Self.preconditionFailed(current: current)
        case .capacityReached?:
            return Problem(
                .tooManySessions, "the service holds as many sessions as it may; try again later",
                headers: [("Retry-After", String(configuration.retryAfterCapacity))])
        case .unavailable?:
            metrics.storeError(operation, "unavailable")
            logger.warning("session store unavailable", metadata: ["error": "\(error)"])
            return Problem(
                .storeUnavailable, "the session store cannot be reached; nothing was changed",
                headers: [("Retry-After", String(configuration.retryAfterUnavailable))])
        case .alreadyExists?, .corrupt?, nil:
            metrics.storeError(operation, "failure")
            logger.error("session store failure", metadata: ["error": "\(error)", "session": "\(id?.shortHash ?? "-")"])
            return Problem(.internalError, "the session could not be processed")
        }
    }

    private static func preconditionFailed(current: UInt64) -> Problem {
        Problem(
            .preconditionFailed, "If-Match does not match the session's current ETag \"\(current)\"; nothing was changed",
            extensions: [("currentVersion", .int(Int(clamping: current)))])
    }

    func readiness() -> Response {
        do {
            try store.checkHealth()
            return json(200, Array(#"{"status":"ready"}"#.utf8))
        } catch {
            var response = json(503, Array(#"{"status":"unavailable","store":"unreachable"}"#.utf8))
            response.headers.set("Retry-After", String(configuration.retryAfterUnavailable))
            return response
        }
    }

    // MARK: HTTP details

    private func checkBody(_ request: borrowing Request, alsoAccepting extra: String? = nil) throws(Problem) {
        if request.bodyLimitExceeded {
            throw Problem(.bodyTooLarge, "the request body is larger than the server accepts")
        }
        try request.requireJSONBody(alsoAccepting: extra)
    }

    func json(_ status: Int, _ body: [UInt8]) -> Response {
        var response = Response(status: status, body: body)
        // Room for what the service adds to every response (CORS, X-Request-Id) without growing the array twice.
        response.headers.reserveCapacity(8)
        response.headers.add("Content-Type", "application/json")
        response.headers.add("Cache-Control", "no-store")
        return response
    }

    private func sessionJSON(_ status: Int, _ body: [UInt8], version: UInt64) -> Response {
        var response = json(status, body)
        response.headers.add("ETag", Rendering.entityTag(version))
        return response
    }

    static func prefersPlainText(_ accept: String?) -> Bool {
        guard let accept else { return false }
        var best: (json: Double, text: Double) = (0, 0)
        for item in accept.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingSpaces().lowercased() }
            let q = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            switch parts[0] {
            case "text/plain": best.text = max(best.text, q)
            case "application/json": best.json = max(best.json, q)
            default: break
            }
        }
        return best.text > best.json
    }
}
