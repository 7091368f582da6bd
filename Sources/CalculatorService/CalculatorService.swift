public import HTTPServer
import Logging
public import SessionStore
import Foundation
import Bytes
import Glibc
import Synchronization

public struct ServiceConfiguration: Sendable {
    /// Where sessions live, and their expiry and cap.
    public var store: StoreLocation = .memory
    public var sessions = SessionStoreOptions()
    /// How often expired sessions are swept from the store; nil: never in the background.
    public var sweepInterval: Duration? = .seconds(60)
    /// Keys accepted in one press request.
    public var maxKeysPerRequest = 1_000
    /// The origins whose pages may call the API (`Access-Control-Allow-Origin`).
    public var cors = CORSPolicy.anyOrigin
    /// How long a press's Idempotency-Key is remembered with its session, and how many are kept per session.
    public var idempotencyRetention: Double = 86_400
    public var idempotencyKeysPerSession = 32
    /// `Retry-After` seconds when the session cap is reached, and when the store is unreachable.
    public var retryAfterCapacity = 30
    public var retryAfterUnavailable = 1
    /// When set, every /sessions route needs `Authorization: Bearer <apiKey>`.
    public var apiKey: String? = nil
    /// Key presses a second per client (a request of n keys counts n), and new sessions a minute per client (token
    /// buckets; 0 turns a limit off).
    public var pressesPerSecond: Double = 0
    public var sessionsPerMinute: Double = 0
    /// Take the client's address from the last X-Forwarded-For entry (only behind a proxy that sets it).
    public var trustProxy = false
    /// Clients following one session's events, and sessions' events followed from one client address (0 turns a limit
    /// off): beyond them a new stream gets 503 and 429.
    public var watchersPerSession = 50
    public var watchersPerClient = 50
    /// How often an event stream gets a comment line when nothing else is sent, so proxies keep it and clients see it
    /// alive.
    public var heartbeatInterval: Duration = .seconds(15)

    public init() {}
}

/// The calculator's HTTP API: the routes of the session endpoints, plus what every response gets
/// (problem+json for failures, CORS, a request id, one log line). Made by `make`, which opens its store.
public final class CalculatorService: Sendable {
    private let router: Router
    /// For closing: the requests reach the store through the endpoints, which know its type.
    private let store: any SessionStore<SessionRecord>
    /// Closes the long-press worker, before the store it writes to.
    private let closeLongWork: @Sendable () -> Void
    private let sweeper: ExpirySweeper?
    private let watchers: SessionWatchers
    let logger: Logger
    /// Whether `logger` takes the per-request line, decided once: asking `logger.logLevel` copies the handler
    /// existential (a retain and a release) on every request. The level is set before the service is made.
    private let logsRequests: Bool
    private let cors: CORSPolicy
    private let apiKey: [UInt8]?
    private let sessionLimit: ClientRateLimit?
    private let metrics: ServiceMetrics
    private let requestIDPrefix: [UInt8] = Array(String(UInt32.random(in: 0..<(1 << 24)) | (1 << 24), radix: 16).utf8.dropFirst())
    private let requestCounter = Atomic<UInt64>(0)

    /// The service on `store`, whose concrete type the endpoints are made for (see `make`).
    /// `feed`, beside a Redis store, reports the changes other instances make, for the watchers here.
    init<Store: SessionBackend<SessionRecord>>(
        store: Store,
        feed: RedisSubscriber<SessionRecord>? = nil,
        configuration: ServiceConfiguration,
        logger: Logger,
        now: @escaping @Sendable () -> Double
    ) throws {
        let metrics = ServiceMetrics(store: configuration.store.kind)
        self.store = store
        self.metrics = metrics
        self.logger = logger
        self.logsRequests = logger.logLevel <= .info
        self.cors = configuration.cors
        self.apiKey = configuration.apiKey.map { Array($0.utf8) }
        // Bursts allow a person's quick typing (or a front end's batch) without waiting for the steady rate.
        let pressLimit = configuration.pressesPerSecond > 0
            ? ClientRateLimit(
                name: "presses",
                limiter: RateLimiter(rate: configuration.pressesPerSecond, burst: max(1, configuration.pressesPerSecond * 2), now: now),
                trustProxy: configuration.trustProxy, metrics: metrics) : nil
        self.sessionLimit = configuration.sessionsPerMinute > 0
            ? ClientRateLimit(
                name: "sessions",
                limiter: RateLimiter(rate: configuration.sessionsPerMinute / 60, burst: max(1, configuration.sessionsPerMinute), now: now),
                trustProxy: configuration.trustProxy, metrics: metrics) : nil
        let replies = SessionReplies(configuration: configuration, logger: logger, metrics: metrics)
        let watchers = try SessionWatchers(
            limits: .init(perSession: configuration.watchersPerSession, perClient: configuration.watchersPerClient),
            heartbeat: configuration.heartbeatInterval, sessions: configuration.sessions, metrics: metrics,
            lookups: SessionLookups(store), feed: feed)
        self.watchers = watchers
        let longWork = try LongWork()
        self.closeLongWork = longWork.close
        self.router = Self.routes(
            SessionEndpoints(
                store: store, longWork: longWork, replies: replies, watchers: watchers, configuration: configuration,
                pressLimit: pressLimit, now: now),
            evaluate: EvaluateEndpoint(replies: replies, configuration: configuration, pressLimit: pressLimit, longWork: longWork),
            metrics: metrics)
        self.sweeper = try configuration.sweepInterval.map { interval in
            try ExpirySweeper(store: store, every: interval) { error in
                logger.warning("sweeping expired sessions failed", metadata: ["error.message": "\(error)"])
            }
        }
    }

    /// Stops the background sweep, ends every event stream and closes the store (SQLite commits what is queued first).
    /// Requests answered after this get 503.
    public func close() {
        sweeper?.stop()
        watchers.close()
        closeLongWork()
        store.close()
    }

    private static func routes<Store>(_ api: SessionEndpoints<Store>, evaluate: EvaluateEndpoint, metrics: ServiceMetrics) -> Router {
        let keyCatalog = Rendering.keyCatalog()
        let keyCatalogTag = "\"\(String(WebAssets.fingerprint(keyCatalog), radix: 16))\""
        let openAPI = loadOpenAPI()
        let replies = api.replies
        var router = Router()
        router.add("GET", "/healthz") { _, _ in replies.json(200, Array(#"{"status":"ok"}"#.utf8)) }
        router.add("GET", "/readyz") { _, _ in api.readiness() }
        router.add("GET", "/keys") { request, _ in replies.fixed(keyCatalog, entityTag: keyCatalogTag, request) }
        router.add("GET", "/openapi.yaml") { _, _ in
            var response = Response(status: 200, body: openAPI)
            response.headers.set("Content-Type", "application/yaml")
            return response
        }
        router.add("GET", "/metrics") { _, _ in
            .awaiting { deliver in
                api.liveSessions { live in
                    var response = Response(status: 200, body: metrics.exposition(liveSessions: live))
                    response.headers.set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
                    deliver(response)
                }
            }
        }
        let web = WebAssets.load()
        router.add("GET", "/") { request, _ in web.response(to: request, asset: "index.html") }
        router.add("GET", "/web/{file}") { request, parameters in web.response(to: request, asset: parameters["file"].map { String($0) }) }
        router.add("POST", "/sessions") { request, _ in handle(request) { () throws(Problem) in try api.create(request) } }
        router.add("GET", "/sessions/{id}") { request, parameters in
            handle(request) { () throws(Problem) in try api.get(api.sessionID(parameters), request) }
        }
        router.add("PUT", "/sessions/{id}") { request, parameters in
            handle(request) { () throws(Problem) in try api.put(api.sessionID(parameters), request) }
        }
        router.add("PATCH", "/sessions/{id}") { request, parameters in
            handle(request) { () throws(Problem) in try api.patch(api.sessionID(parameters), request) }
        }
        router.add("DELETE", "/sessions/{id}") { request, parameters in
            handle(request) { () throws(Problem) in try api.delete(api.sessionID(parameters), request) }
        }
        router.add("POST", "/sessions/{id}/press") { request, parameters in
            handle(request) { () throws(Problem) in try api.press(api.sessionID(parameters), request) }
        }
        router.add("GET", "/sessions/{id}/display") { request, parameters in
            handle(request) { () throws(Problem) in try api.display(api.sessionID(parameters), request) }
        }
        router.add("GET", "/sessions/{id}/history") { request, parameters in
            handle(request) { () throws(Problem) in try api.history(api.sessionID(parameters), request) }
        }
        router.add("GET", "/sessions/{id}/events") { request, parameters in
            handle(request) { () throws(Problem) in try api.events(api.sessionID(parameters), request) }
        }
        router.add("DELETE", "/sessions/{id}/history") { request, parameters in
            handle(request) { () throws(Problem) in try api.clearHistory(api.sessionID(parameters), request) }
        }
        router.add("POST", "/evaluate") { request, _ in handle(request) { () throws(Problem) in try evaluate.post(request) } }
        router.add("GET", "/evaluate") { request, _ in handle(request) { () throws(Problem) in try evaluate.get(request) } }
        return router
    }

    /// Renders a problem a handler throws before it calls the store (the store's failures come back as problem
    /// responses already, `SessionReplies.failure`).
    static func handle(_ request: borrowing Request, _ body: () throws(Problem) -> Response) -> Response {
        do throws(Problem) {
            return try body()
        } catch {
            return error.response(to: request)
        }
    }

    public var responder: Responder {
        { [self] request in respond(to: request) }
    }

    public func respond(to request: borrowing Request) -> Response {
        let started = ServiceMetrics.now()
        let method = RequestMethod(request.method)
        metrics.requestStarted(method)
        let requestID = request.headers[.xRequestID].flatMap(Self.acceptableRequestID) ?? makeRequestID()
        let trace = request.headers[.traceparent].flatMap { TraceContext(traceparent: $0) }
        var response: Response
        // The matched pattern is the route's label; requests no handler took are labelled from their path.
        var route: String?
        if request.hasConflictingContentLength {
            response = Problem(.invalidRequest, "the request has Content-Length fields with different values; its body cannot be framed")
                .response(to: request)
        } else if request.method == "OPTIONS" {
            response = preflight(request)
        } else if let refusal = admission(request) {
            response = refusal.response(to: request)
        } else {
            // HEAD is GET without the body (RFC 9110 §9.3.2).
            switch router.match(method: request.method == "HEAD" ? "GET" : request.method, pathUTF8: request.pathUTF8) {
            case let .found(handler, parameters):
                response = handler(request, parameters)
                route = parameters.route
            case let .methodNotAllowed(allowed):
                var methods = allowed
                if methods.contains("GET") { methods.append("HEAD") }
                let list = (methods + ["OPTIONS"]).joined(separator: ", ")
                response = Problem(.methodNotAllowed, "\(request.method.prefix(16)) is not allowed here; allowed: \(list)", headers: [("Allow", list)])
                    .response(to: request)
            case .notFound:
                response = Problem.notFound(request).response(to: request)
            }
        }
        // The path is text only for the log line.
        let exchange = Exchange(
            method: request.method, label: method, path: logsRequests ? request.path : "", origin: request.headers[.origin],
            route: route ?? Self.route(of: request.path), requestID: requestID, trace: trace, started: started)
        if response.isLater {
            // Counted, timed and logged when the response is delivered. The closure keeps what `finish` reads, not
            // the whole request with its headers and body.
            return response.finishing { [self] delivered in finish(&delivered, exchange) }
        }
        finish(&response, exchange)
        return response
    }

    /// What `finish` needs of a request, kept until its response is delivered.
    struct Exchange: Sendable {
        let method: String
        let label: RequestMethod
        /// Empty unless requests are logged.
        let path: String
        let origin: String?
        let route: String
        let requestID: String
        let trace: TraceContext?
        let started: Int64
    }

    /// What every response gets: CORS, the request id, the trace, the metrics and the log line. In place: a copy would
    /// share the header array and copy it on the first header added. A response to HEAD keeps its body: the server
    /// sends its length, not its bytes.
    private func finish(_ response: inout Response, _ exchange: borrowing Exchange) {
        // Handlers never set these, so they are appended without a scan for an earlier field of the same name.
        addCORS(to: &response, method: exchange.method, origin: exchange.origin)
        response.headers.add("X-Request-Id", exchange.requestID)
        if let trace = exchange.trace { response.headers.add("traceparent", trace.traceparent) }
        let elapsed = ServiceMetrics.now() - exchange.started
        metrics.requestFinished(route: exchange.route, method: exchange.label, status: response.status, nanoseconds: elapsed)
        if logsRequests { log(exchange, response, elapsed: elapsed) }
    }

    /// The API key and the session rate limit, checked before any handler runs; only the /sessions routes are
    /// guarded. The press rate limit counts keys, so the press handler applies it once it has read them.
    private func admission(_ request: borrowing Request) -> Problem? {
        guard apiKey != nil || sessionLimit != nil else { return nil }
        let path = request.pathUTF8
        guard path.starts(with: "/sessions".utf8) else { return nil }
        if let apiKey, !Self.bearerMatches(request.headers[.authorization], apiKey) {
            return Problem(
                .unauthorized, "this server needs Authorization: Bearer <API key> on /sessions",
                headers: [("WWW-Authenticate", #"Bearer realm="calculator""#)])
        }
        switch request.method {
        case "POST" where path.elementsEqual("/sessions".utf8), "PUT": return sessionLimit?.admit(request)
        default: return nil
        }
    }

    /// Compares in time that depends only on the lengths, so the key cannot be guessed byte by byte.
    static func bearerMatches(_ header: String?, _ key: [UInt8]) -> Bool {
        guard let header, header.utf8.count > 7, header.prefix(7).lowercased() == "bearer " else { return false }
        let given = Array(header.utf8.dropFirst(7))
        var difference = UInt8(truncatingIfNeeded: given.count ^ key.count)
        for index in 0..<max(given.count, key.count) {
            difference |= (index < given.count ? given[index] : 0) ^ (index < key.count ? key[index] : 0)
        }
        return difference == 0
    }

    /// The route pattern a path belongs to: a metric label from a small fixed set, never the path itself. Runs on
    /// every request, so it looks at UTF-8 bytes rather than splitting the path into Characters.
    static func route(of path: String) -> String {
        switch path {
        case "/", "/healthz", "/readyz", "/metrics", "/keys", "/openapi.yaml", "/sessions", "/evaluate": return path
        default: break
        }
        let utf8 = path.utf8
        let slash = UInt8(ascii: "/")
        if utf8.starts(with: "/web/".utf8) {
            return utf8.dropFirst(5).contains(slash) || utf8.count == 5 ? "unmatched" : "/web/{file}"
        }
        guard utf8.starts(with: "/sessions/".utf8) else { return "unmatched" }
        let rest = utf8.dropFirst("/sessions/".utf8.count)
        guard let separator = rest.firstIndex(of: slash) else { return rest.isEmpty ? "unmatched" : "/sessions/{id}" }
        guard separator != rest.startIndex else { return "unmatched" }
        switch Substring(rest[rest.index(after: separator)...]) {
        case "press": return "/sessions/{id}/press"
        case "display": return "/sessions/{id}/display"
        case "history": return "/sessions/{id}/history"
        case "events": return "/sessions/{id}/events"
        default: return "unmatched"
        }
    }

    private func preflight(_ request: borrowing Request) -> Response {
        var response = Response(status: 204)
        response.headers.set("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
        response.headers.set(
            "Access-Control-Allow-Headers",
            request.headers[.accessControlRequestHeaders].map { String($0.prefix(512)) }
                ?? "Content-Type, If-Match, If-None-Match, Idempotency-Key, Authorization, X-Request-Id, traceparent")
        response.headers.set("Access-Control-Max-Age", "600")
        return response
    }

    /// CORS headers go to requests with an `Origin`, which every cross-origin request from a browser has; other
    /// clients ignore them, and libmicrohttpd copies each header field twice and frees it. A response that caches may keep (to GET or HEAD, not `no-store`) says it
    /// varies with `Origin`, so a copy kept from a request without one is never handed to a cross-origin request.
    private func addCORS(to response: inout Response, method: String, origin: String?) {
        guard let origin else {
            if method == "GET" || method == "HEAD", response.headers["Cache-Control"] != "no-store" {
                response.headers.add("Vary", "Origin")
            }
            return
        }
        if let allowed = cors.allowOrigin(for: origin) {
            response.headers.add("Access-Control-Allow-Origin", allowed)
            response.headers.add("Access-Control-Expose-Headers", "ETag, Location, Retry-After, X-Request-Id, Idempotent-Replayed, traceparent")
        }
        if cors.variesByOrigin { response.headers.add("Vary", "Origin") }
    }

    private static func acceptableRequestID(_ value: String) -> String? {
        (1...128).contains(value.utf8.count) && value.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) ? value : nil
    }

    /// "<6 random hex digits>-<sequence in hex>": 15 bytes or fewer for the first 4 billion requests, so the
    /// String is stored inline, without an allocation.
    private func makeRequestID() -> String {
        let sequence = requestCounter.wrappingAdd(1, ordering: .relaxed).newValue
        return ByteBuffer.withTemporary(capacity: 32) { buffer in
            var buffer = buffer
            buffer.append(contentsOf: requestIDPrefix)
            buffer.append(UInt8(ascii: "-"))
            buffer.appendHex(sequence)
            return buffer.string
        }
    }

    private static func loadOpenAPI() -> [UInt8] {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml", subdirectory: "Resources"),
            let data = try? Data(contentsOf: url)
        else { return Array("openapi: 3.1.0\n# the document was not found beside the binary\n".utf8) }
        return Array(data)
    }
}

extension HeaderName {
    /// A client's retry of a press with this key replays the first reply (`PressUpdate`).
    static let idempotencyKey = HeaderName("Idempotency-Key")
    /// A client's id for the request, echoed and logged; one is made when there is none.
    static let xRequestID = HeaderName("X-Request-Id")
    /// The last event an event stream's client received, sent when it reconnects.
    static let lastEventID = HeaderName("Last-Event-ID")
}
