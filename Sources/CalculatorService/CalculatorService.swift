public import HTTPServer
import Logging
public import SessionStore
import Foundation
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
    /// Presses a second per client, and new sessions a minute per client (token buckets; 0 turns a limit off).
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
    private let sweeper: ExpirySweeper?
    private let watchers: SessionWatchers
    private let logger: Logger
    /// Whether `logger` takes the per-request line, decided once: asking `logger.logLevel` copies the handler
    /// existential (a retain and a release) on every request. The level is set before the service is made.
    private let logsRequests: Bool
    private let cors: CORSPolicy
    private let apiKey: [UInt8]?
    private let trustProxy: Bool
    private let pressLimiter: RateLimiter?
    private let sessionLimiter: RateLimiter?
    private let metrics: ServiceMetrics
    private let requestIDPrefix: [UInt8] = Array(String(UInt32.random(in: 0..<(1 << 24)) | (1 << 24), radix: 16).utf8.dropFirst())
    private let requestCounter = Atomic<UInt64>(0)

    /// The service on `store`, whose concrete type the endpoints are made for (see `make`).
    /// `feed`, beside a Redis store, reports the changes other instances make, for the watchers here.
    init<Store: SessionStore<SessionRecord>>(
        store: Store,
        feed: RedisSubscriber<SessionRecord>? = nil,
        configuration: ServiceConfiguration,
        logger: Logger,
        now: @escaping @Sendable () -> Double,
        metricsExposition: (@Sendable () -> [UInt8])?
    ) throws {
        let metrics = ServiceMetrics()
        self.store = store
        self.metrics = metrics
        self.logger = logger
        self.logsRequests = logger.logLevel <= .info
        self.cors = configuration.cors
        self.apiKey = configuration.apiKey.map { Array($0.utf8) }
        self.trustProxy = configuration.trustProxy
        // Bursts allow a person's quick typing (or a front end's batch) without waiting for the steady rate.
        self.pressLimiter = configuration.pressesPerSecond > 0
            ? RateLimiter(rate: configuration.pressesPerSecond, burst: max(1, configuration.pressesPerSecond * 2), now: now) : nil
        self.sessionLimiter = configuration.sessionsPerMinute > 0
            ? RateLimiter(rate: configuration.sessionsPerMinute / 60, burst: max(1, configuration.sessionsPerMinute), now: now) : nil
        let replies = SessionReplies(configuration: configuration, logger: logger, metrics: metrics)
        let watchers = try SessionWatchers(
            limits: .init(perSession: configuration.watchersPerSession, perClient: configuration.watchersPerClient),
            heartbeat: configuration.heartbeatInterval, sessions: configuration.sessions, metrics: metrics,
            lookups: SessionLookups(store), feed: feed)
        self.watchers = watchers
        self.router = Self.routes(
            SessionEndpoints(store: store, replies: replies, watchers: watchers, configuration: configuration, now: now),
            metrics: metrics, metricsExposition: metricsExposition)
        self.sweeper = try configuration.sweepInterval.map { interval in
            try ExpirySweeper(store: store, every: interval) { error in
                logger.warning("sweeping expired sessions failed", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Stops the background sweep, ends every event stream and closes the store (SQLite commits what is queued first).
    /// Requests answered after this get 503.
    public func close() {
        sweeper?.stop()
        watchers.close()
        store.close()
    }

    private static func routes<Store>(
        _ api: SessionEndpoints<Store>, metrics: ServiceMetrics, metricsExposition: (@Sendable () -> [UInt8])?
    ) -> Router {
        let keyCatalog = Rendering.keyCatalog()
        let openAPI = loadOpenAPI()
        let replies = api.replies
        var router = Router()
        router.add("GET", "/healthz") { _, _ in replies.json(200, Array(#"{"status":"ok"}"#.utf8)) }
        router.add("GET", "/readyz") { _, _ in api.readiness() }
        router.add("GET", "/keys") { _, _ in replies.json(200, keyCatalog) }
        router.add("GET", "/openapi.yaml") { _, _ in
            var response = Response(status: 200, body: openAPI)
            response.headers.set("Content-Type", "application/yaml")
            return response
        }
        if let metricsExposition {
            router.add("GET", "/metrics") { _, _ in
                api.refreshGauges()
                var requests = ""
                metrics.writeRequestMetrics(into: &requests)
                var response = Response(status: 200, body: metricsExposition() + Array(requests.utf8))
                response.headers.set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
                return response
            }
        }
        let web = WebAssets.load()
        router.add("GET", "/") { request, _ in web.response(to: request, asset: "index.html") }
        router.add("GET", "/web/{file}") { request, parameters in web.response(to: request, asset: parameters["file"].map { String($0) }) }
        router.add("POST", "/sessions") { request, _ in handle(request) { () throws(Problem) in try api.create(request) } }
        router.add("GET", "/sessions/{id}") { request, parameters in
            handle(request) { () throws(Problem) in try api.get(api.sessionID(parameters)) }
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
            handle(request) { () throws(Problem) in try api.history(api.sessionID(parameters)) }
        }
        router.add("GET", "/sessions/{id}/events") { request, parameters in
            handle(request) { () throws(Problem) in try api.events(api.sessionID(parameters), request) }
        }
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
        let started = Self.monotonicNanoseconds()
        let requestID = request.headers[.xRequestID].flatMap(Self.acceptableRequestID) ?? makeRequestID()
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
        let label = route ?? Self.route(of: request.path)
        let origin = request.headers[.origin]
        if response.isLater {
            // Counted, timed and logged when the response is delivered. The closure keeps what `finish` reads, not
            // the whole request with its headers and body; the path is text only for the log line.
            let (method, path) = (request.method, logsRequests ? request.path : "")
            return response.finishing { [self] delivered in
                finish(&delivered, method: method, path: path, origin: origin, route: label, requestID: requestID, started: started)
            }
        }
        let path = logsRequests ? request.path : ""
        finish(&response, method: request.method, path: path, origin: origin, route: label, requestID: requestID, started: started)
        return response
    }

    /// What every response gets: HEAD without a body, CORS, the request id, the metrics and the log line. In place: a
    /// copy would share the header array and copy it on the first header added.
    private func finish(
        _ response: inout Response, method: String, path: String, origin: String?, route: String, requestID: String, started: Int64
    ) {
        if method == "HEAD" { response.body = [] }
        // Handlers never set these, so they are appended without a scan for an earlier field of the same name.
        addCORS(to: &response, method: method, origin: origin)
        response.headers.add("X-Request-Id", requestID)
        let elapsed = Self.monotonicNanoseconds() - started
        metrics.request(route: route, method: method, status: response.status, nanoseconds: elapsed)
        if logsRequests {
            log(method: method, path: path, response, route: route, requestID: requestID, elapsed: elapsed)
        }
    }

    /// The API key and the rate limits, checked before any handler runs; only the /sessions routes are guarded.
    private func admission(_ request: borrowing Request) -> Problem? {
        guard apiKey != nil || pressLimiter != nil || sessionLimiter != nil else { return nil }
        let path = request.pathUTF8
        guard path.starts(with: "/sessions".utf8) else { return nil }
        if let apiKey, !Self.bearerMatches(request.headers[.authorization], apiKey) {
            return Problem(
                .unauthorized, "this server needs Authorization: Bearer <API key> on /sessions",
                headers: [("WWW-Authenticate", #"Bearer realm="calculator""#)])
        }
        let limiter: RateLimiter?
        switch request.method {
        case "POST" where path.elementsEqual("/sessions".utf8), "PUT": limiter = sessionLimiter
        case "POST" where path.suffix(6).elementsEqual("/press".utf8): limiter = pressLimiter
        default: limiter = nil
        }
        if let limiter, let wait = limiter.acquire(Self.clientAddress(request, trustProxy: trustProxy)) {
            metrics.rateLimited(limiter === pressLimiter ? "presses" : "sessions")
            return Problem(.rateLimited, "too many requests from this client; retry in \(wait) s", headers: [("Retry-After", String(wait))])
        }
        return nil
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

    /// The client's address: the peer's, or with `trustProxy` the last X-Forwarded-For entry.
    static func clientAddress(_ request: borrowing Request, trustProxy: Bool) -> String {
        guard trustProxy, let forwarded = request.headers[.xForwardedFor],
            let last = forwarded.split(separator: ",").last?.trimmingSpaces(), !last.isEmpty
        else { return request.peerAddress }
        return String(last.prefix(64))
    }

    /// The route pattern a path belongs to: a metric label from a small fixed set, never the path itself. Runs on
    /// every request, so it looks at UTF-8 bytes rather than splitting the path into Characters.
    static func route(of path: String) -> String {
        switch path {
        case "/", "/healthz", "/readyz", "/metrics", "/keys", "/openapi.yaml", "/sessions": return path
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

    private func log(method: String, path: String, _ response: Response, route: String, requestID: String, elapsed: Int64) {
        var metadata: Logger.Metadata = [
            "http.method": "\(method.prefix(16))", "http.route": "\(route)",
            "http.status": "\(response.status)", "duration_us": "\(elapsed / 1_000)",
            "request.id": "\(requestID)",
        ]
        if let id = Self.sessionID(inPath: path) { metadata["session"] = "\(id.shortHash)" }
        logger.info("request", metadata: metadata)
    }

    private static func sessionID(inPath path: String) -> SessionID? {
        let parts = path.split(separator: "/", maxSplits: 2)
        guard parts.count >= 2, parts[0] == "sessions" else { return nil }
        return SessionID(String(parts[1]))
    }

    private func preflight(_ request: borrowing Request) -> Response {
        var response = Response(status: 204)
        response.headers.set("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
        response.headers.set(
            "Access-Control-Allow-Headers",
            request.headers[.accessControlRequestHeaders].map { String($0.prefix(512)) }
                ?? "Content-Type, If-Match, Idempotency-Key, Authorization, X-Request-Id")
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
            response.headers.add("Access-Control-Expose-Headers", "ETag, Location, Retry-After, X-Request-Id, Idempotent-Replayed")
        }
        if cors.variesByOrigin { response.headers.add("Vary", "Origin") }
    }

    private static func acceptableRequestID(_ value: String) -> String? {
        (1...128).contains(value.utf8.count) && value.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) ? value : nil
    }

    /// The clock `ContinuousClock` reads (CLOCK_BOOTTIME), in nanoseconds: read directly, a request's duration is
    /// one subtraction, where a `Duration` took a 128-bit division to become the nanoseconds the metrics record.
    private static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// "<6 random hex digits>-<sequence in hex>": 15 bytes or fewer for the first 4 billion requests, so the
    /// String is stored inline, without an allocation.
    private func makeRequestID() -> String {
        let sequence = requestCounter.wrappingAdd(1, ordering: .relaxed).newValue
        let digits = max(1, (UInt64.bitWidth - sequence.leadingZeroBitCount + 3) / 4)
        let hex: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: requestIDPrefix.count + 1 + digits) { buffer in
            var index = 0
            for byte in requestIDPrefix {
                buffer[index] = byte
                index += 1
            }
            buffer[index] = UInt8(ascii: "-")
            index += digits
            var rest = sequence
            for position in stride(from: index, to: index - digits, by: -1) {
                buffer[position] = hex.utf8Start[Int(rest & 0xF)]
                rest >>= 4
            }
            return index + 1
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
