import CalculatorEngine
import HTTPServer
import Logging
import SessionStore

/// The responses of the session routes, made from what the store reported: the same for every store, so not generic
/// over it (the updates that carry it to the store's thread are not either).
final class SessionReplies: Sendable {
    private let configuration: ServiceConfiguration
    private let logger: Logger
    let metrics: ServiceMetrics

    init(configuration: ServiceConfiguration, logger: Logger, metrics: ServiceMetrics) {
        self.configuration = configuration
        self.logger = logger
        self.metrics = metrics
    }

    /// What a read of a session answers with.
    enum View: Sendable {
        /// The whole state (GET /sessions/{id}, and PUT of a session that exists).
        case session
        /// The display fields, as JSON or plain text.
        case display(plainText: Bool)
        /// The entries of the history tape the page names.
        case history(HistoryPage)
        /// Statistics mode's data set and its results.
        case data

        var isPlainText: Bool {
            if case .display(plainText: true) = self { return true }
            return false
        }
    }

    /// The view of the session read; 304 without a body when `tags` names the current version of that view. The
    /// display's two representations have a validator each (`Rendering.entityTag(_:plainText:)`) and say that they
    /// vary with `Accept`, so a cache never answers a JSON request with the text it kept, or the other way round.
    func read(_ view: View, of stored: Versioned<SessionRecord>, id: SessionID, unlessMatching tags: IfNoneMatch? = nil) -> Response {
        let version = stored.version
        if let tags {
            let tag = Rendering.entityTag(version, plainText: view.isPlainText)
            if tags.names(tag) {
                var response = notModified(entityTag: tag)
                if case .display = view { response.headers.add("Vary", "Accept") }
                return response
            }
        }
        return stored.value.withState { state in
            switch view {
            case .session:
                return sessionJSON(200, Rendering.state(state, id: id, version: version), version: version)
            case .display(plainText: true):
                var response = Response(status: 200, body: Array((state.display + "\n").utf8))
                response.headers.reserveCapacity(8)
                response.headers.add("Content-Type", "text/plain; charset=utf-8")
                response.headers.add("ETag", Rendering.entityTag(version, plainText: true))
                response.headers.add("Vary", "Accept")
                return response
            case .display(plainText: false):
                var response = sessionJSON(200, Rendering.display(state), version: version)
                response.headers.add("Vary", "Accept")
                return response
            case .history(let page):
                let positions = page.positions(count: state.history.count)
                return sessionJSON(200, Rendering.history(state, id: id, positions: positions), version: version)
            case .data:
                return sessionJSON(200, Rendering.data(state, id: id, version: version), version: version)
            }
        }
    }

    /// 200 with an event stream (`text/event-stream`), or its headers alone (HEAD). Proxies are asked not to buffer it
    /// (`X-Accel-Buffering` is nginx's switch), and nothing caches it.
    func eventStream(_ stream: ResponseStream?) -> Response {
        var headers = HTTPHeaders()
        headers.reserveCapacity(8)
        headers.add("Content-Type", "text/event-stream")
        headers.add("Cache-Control", "no-store")
        headers.add("X-Accel-Buffering", "no")
        guard let stream else { return Response(status: 200, headers: headers) }
        return .stream(headers: headers, stream)
    }

    /// 201 with the new session at its first version (1, unless a session of this id ended before), and its owner
    /// token when access needs tokens (the only time the token is shown).
    func created(_ id: SessionID, _ state: CalculatorState, version: UInt64, token: IssuedToken? = nil) -> Response {
        let body = Rendering.state(state, id: id, version: version)
        var response = sessionJSON(201, token.map { Rendering.withToken(body, $0) } ?? body, version: version)
        response.headers.add("Location", Self.sessionPath(id))
        return response
    }

    /// The problem response for a failure of a session route: a `Problem` as it is, a store's error as `problem(for:)`
    /// says. `route` is what follows "/sessions/<id>" in the path of the route (the request's path, as the route
    /// matched it exactly and the id is its own text).
    func failure(_ error: any Error, operation: StoreOperation, session id: SessionID?, route: StaticString = "") -> Response {
        let problem = error as? Problem ?? problem(for: error, operation: operation, session: id)
        return problem.response(toPath: id.map { Self.sessionPath($0, route) } ?? "/sessions")
    }

    /// The same for a route that checks a token: with tokens, a session that is not there (never made, deleted,
    /// expired) answers as a session that does not know the token, the same 401 invalid_token, so whoever holds none
    /// of a session's tokens cannot tell which ids exist.
    func failure(_ error: any Error, operation: StoreOperation, session id: SessionID, route: StaticString = "", access: AccessCheck) -> Response {
        guard !access.isOpen, case .notFound? = error as? SessionStoreError else {
            return failure(error, operation: operation, session: id, route: route)
        }
        return failure(AccessCheck.invalidToken, operation: operation, session: id, route: route)
    }

    func problem(for error: any Error, operation: StoreOperation, session id: SessionID?) -> Problem {
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
            metrics.storeError(operation, .unavailable)
            logger.warning("session store unavailable", metadata: ["error.message": "\(error)"])
            return Problem(
                .storeUnavailable, "the session store cannot be reached; nothing was changed",
                headers: [("Retry-After", String(configuration.retryAfterUnavailable))])
        case .outcomeUnknown?:
            metrics.storeError(operation, .outcomeUnknown)
            logger.warning("session store did not confirm a write", metadata: ["error": "\(error)"])
            return Problem(
                .outcomeUnknown,
                "the session store did not confirm the change in time, so it may or may not have been made; read the session "
                    + "to see, or send the request again with the same Idempotency-Key",
                headers: [("Retry-After", String(configuration.retryAfterUnavailable))])
        case let .tooLarge(bytes, limit)?:
            return Problem(
                .sessionTooLarge,
                "this change would make the session's stored record \(bytes) bytes, past its bound of \(limit); nothing was changed")
        case .alreadyExists?, .corrupt?, nil:
            metrics.storeError(operation, .failure)
            logger.error("session store failure", metadata: ["error.message": "\(error)", "session.hash": "\(id.map { SessionLogHash.text($0.description) } ?? "-")"])
            return Problem(.internalError, "the session could not be processed")
        }
    }

    static func preconditionFailed(current: UInt64) -> Problem {
        Problem(
            .preconditionFailed, "If-Match does not match the session's current ETag \"\(current)\"; nothing was changed",
            extensions: [("currentVersion", .int(Int(clamping: current)))])
    }

    /// /readyz once the store has answered its health check; a sharded store's masters (`shards`) are listed with
    /// the slots each serves and whether it answered, and the slots no known master serves are counted.
    func readiness(_ health: Result<Void, SessionStoreError>, shards: [StoreShard]) -> Response {
        let isReady = (try? health.get()) != nil
        let body = JSONWriter.bytes(capacity: 128 + 80 * shards.count) { json in
            json.beginObject()
            json.field("status", isReady ? "ready" : "unavailable")
            if !isReady { json.field("store", "unreachable") }
            if !shards.isEmpty {
                json.key("masters")
                json.beginArray()
                for shard in shards {
                    json.beginObject()
                    json.field("node", shard.node)
                    json.field("slots", shard.slots)
                    json.key("answered")
                    if let answered = shard.answered { json.bool(answered) } else { json.null() }
                    json.endObject()
                }
                json.endArray()
                json.field("unservedSlots", max(0, StoreShard.slotCount - shards.reduce(0) { $0 + $1.slots }))
            }
            json.endObject()
        }
        var response = json(isReady ? 200 : 503, body)
        if !isReady { response.headers.set("Retry-After", String(configuration.retryAfterUnavailable)) }
        return response
    }

    /// /readyz while the server drains: not ready, come back (to another instance) later.
    func draining() -> Response {
        var response = json(503, Array(#"{"status":"draining"}"#.utf8))
        response.headers.set("Retry-After", String(configuration.retryAfterUnavailable))
        return response
    }

    /// 304: the ETag and the caching the 200 would carry (RFC 9110 §15.4.5), no body.
    func notModified(entityTag: String, cacheControl: String = "no-store") -> Response {
        var response = Response(status: 304)
        response.headers.add("ETag", entityTag)
        response.headers.add("Cache-Control", cacheControl)
        return response
    }

    /// JSON that is fixed for a build (the key catalog): tagged, revalidated by caches on each use (`no-cache`), and
    /// 304 when `If-None-Match` names its tag.
    func fixed(_ body: [UInt8], entityTag: String, _ request: borrowing Request) -> Response {
        if let tags = IfNoneMatch(request.headers[.ifNoneMatch]), tags.names(entityTag) {
            return notModified(entityTag: entityTag, cacheControl: "no-cache")
        }
        var response = Response(status: 200, body: body)
        response.headers.reserveCapacity(8)
        response.headers.add("Content-Type", "application/json")
        response.headers.add("Cache-Control", "no-cache")
        response.headers.add("ETag", entityTag)
        return response
    }

    func json(_ status: Int, _ body: [UInt8]) -> Response {
        var response = Response(status: status, body: body)
        // Room for what the service adds to every response (CORS, X-Request-Id) without growing the array twice.
        response.headers.reserveCapacity(8)
        response.headers.add("Content-Type", "application/json")
        response.headers.add("Cache-Control", "no-store")
        return response
    }

    func sessionJSON(_ status: Int, _ body: [UInt8], version: UInt64) -> Response {
        var response = json(status, body)
        response.headers.add("ETag", Rendering.entityTag(version))
        return response
    }

    /// "/sessions/<id>" and a suffix.
    static func sessionPath(_ id: SessionID, _ suffix: StaticString = "") -> String {
        var path = "/sessions/"
        path.reserveCapacity(path.utf8.count + id.utf8Count + suffix.utf8CodeUnitCount)
        id.withUTF8 { bytes in
            for index in bytes.indices { path.unicodeScalars.append(Unicode.Scalar(bytes[index])) }
        }
        path += suffix.description
        return path
    }

    /// Whether an Accept header prefers text/plain to JSON.
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
