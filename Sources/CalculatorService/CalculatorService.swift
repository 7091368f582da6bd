public import HTTPServer
import Logging
public import SessionStore
import Threading
import Foundation

public struct ServiceConfiguration: Sendable {
    /// Where sessions live, and their expiry and cap.
    public var store: StoreLocation = .memory
    public var sessions = SessionStoreOptions()
    /// Replicas of Redis that must hold a write before it is acknowledged (`WAIT`); 0 acknowledges what the master
    /// holds.
    public var redisReplicas = 0
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
    /// Whether a session's routes need its tokens (the default) or only its id.
    public var sessionAccess = SessionAccessMode.tokens
    /// When set, creating a session needs `Authorization: Bearer <apiKey>` (with open access, every /sessions route).
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
    /// Seconds of engine work one press or evaluation may take on long work before its answer is Error (precision)
    /// (`WorkBudget`).
    public var workBudget: Double = 5
    /// Where each request's log line goes; nil logs none (a log level above info).
    public var requestLog: (any RequestLogOutput)? = nil

    public init() {}
}

/// The calculator's HTTP API: the routes of `Route` and the middleware every request goes through
/// (`CalculatorMiddleware`: metrics, the log line, a request id, CORS, admission). Made by `make`, which opens its store.
public final class CalculatorService: Sendable {
    let http: RouterResponder<CalculatorMiddleware>
    /// For closing: the requests reach the store through the endpoints, which know its type.
    private let store: any SessionStore<SessionRecord>
    /// Closes long work, before the store it writes to.
    private let closeLongWork: @Sendable () -> Void
    private let sweeper: ExpirySweeper?
    private let watchers: SessionWatchers
    /// Set by `beginDraining`: /readyz answers 503 from then on.
    private let draining: Draining
    let logger: Logger

    /// The service on `store`, whose concrete type the endpoints are made for (see `make`).
    /// The store's change feed, when it has one, reports the changes other instances make, for the watchers here.
    init<Store: SessionBackend<SessionRecord>>(
        store: Store,
        configuration: ServiceConfiguration,
        logger: Logger,
        now: @escaping @Sendable () -> Double
    ) throws {
        let metrics = ServiceMetrics(store: configuration.store.kind)
        self.store = store
        self.logger = logger
        // Bursts allow a person's quick typing (or a front end's batch) without waiting for the steady rate.
        let pressLimit = configuration.pressesPerSecond > 0
            ? ClientRateLimit(
                name: "presses",
                limiter: RateLimiter(rate: configuration.pressesPerSecond, burst: max(1, configuration.pressesPerSecond * 2), now: now),
                trustProxy: configuration.trustProxy, metrics: metrics) : nil
        let sessionLimit = configuration.sessionsPerMinute > 0
            ? ClientRateLimit(
                name: "sessions",
                limiter: RateLimiter(rate: configuration.sessionsPerMinute / 60, burst: max(1, configuration.sessionsPerMinute), now: now),
                trustProxy: configuration.trustProxy, metrics: metrics) : nil
        let replies = SessionReplies(configuration: configuration, logger: logger, metrics: metrics)
        let watchers = try SessionWatchers(
            limits: .init(perSession: configuration.watchersPerSession, perClient: configuration.watchersPerClient),
            heartbeat: configuration.heartbeatInterval, sessions: configuration.sessions, metrics: metrics,
            lookups: SessionLookups(store), feed: store.makeChangeFeed())
        self.watchers = watchers
        let longWork = try LongWork()
        self.closeLongWork = longWork.close
        let draining = Draining()
        self.draining = draining
        let router = Self.routes(
            SessionEndpoints(
                store: store, longWork: longWork, replies: replies, watchers: watchers, configuration: configuration,
                pressLimit: pressLimit, draining: draining, now: now),
            evaluate: EvaluateEndpoint(replies: replies, configuration: configuration, pressLimit: pressLimit, longWork: longWork),
            convert: ConvertEndpoint(replies: replies), dates: DateEndpoint(replies: replies),
            metrics: metrics)
        let middleware = MetricsMiddleware(metrics: metrics, trustProxy: configuration.trustProxy)
            .then(RequestLogMiddleware(output: configuration.requestLog, trustProxy: configuration.trustProxy))
            .then(RequestIDMiddleware())
            .then(FramingMiddleware())
            .then(CORSMiddleware(policy: configuration.cors))
            .then(
                AdmissionMiddleware(
                    apiKey: configuration.apiKey.map { Array($0.utf8) }, keyGuardsEverySessionRoute: configuration.sessionAccess == .open,
                    sessionLimit: sessionLimit))
        self.http = RouterResponder(router: router, middleware: middleware, unrouted: Self.unrouted)
        self.sweeper = try configuration.sweepInterval.map { interval in
            try ExpirySweeper(store: store, every: interval) { error in
                logger.warning("sweeping expired sessions failed", metadata: ["error.message": "\(error)"])
            }
        }
    }

    /// The server is about to stop taking connections and drain those it has: /readyz answers 503, so that a load
    /// balancer stops sending requests here while the requests in progress finish.
    public func beginDraining() {
        draining.begin()
    }

    /// Stops the background sweep, ends every event stream and closes the store (SQLite commits what is queued first).
    /// Requests answered after this get 503.
    public func close() {
        sweeper?.stop()
        watchers.close()
        closeLongWork()
        store.close()
    }

    private static func routes<Store>(
        _ api: SessionEndpoints<Store>, evaluate: EvaluateEndpoint, convert: ConvertEndpoint, dates: DateEndpoint,
        metrics: ServiceMetrics
    ) -> Router {
        let keyCatalog = Rendering.keyCatalog()
        let keyCatalogTag = "\"\(String(WebAssets.fingerprint(keyCatalog), radix: 16))\""
        let openAPI = loadOpenAPI()
        let replies = api.replies
        var router = Router()
        router.add("GET", .healthz) { _, _ in replies.json(200, Array(#"{"status":"ok"}"#.utf8)) }
        router.add("GET", .readyz) { _, _ in api.readiness() }
        router.add("GET", .keys) { request, _ in replies.fixed(keyCatalog, entityTag: keyCatalogTag, request) }
        router.add("GET", .openAPI) { _, _ in
            var response = Response(status: 200, body: openAPI)
            response.headers.set("Content-Type", "application/yaml")
            return response
        }
        router.add("GET", .metrics) { _, _ in
            .awaiting { deliver in
                api.liveSessions { live in
                    var response = Response(status: 200, body: metrics.exposition(liveSessions: live, nodes: api.store.nodeStatistics()))
                    response.headers.set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
                    deliver(response)
                }
            }
        }
        let web = WebAssets.load()
        router.add("GET", .page) { request, _ in web.response(to: request, asset: "index.html") }
        router.add("GET", .webFile) { request, parameters in web.response(to: request, asset: parameters["file"].map { String($0) }) }
        router.add("POST", .sessions) { request, _ in
            handle(request) { () throws(Problem) in
                try QueryParameters.refuseAny(request.query)
                return try api.create(request)
            }
        }
        router.add("PUT", .session) { request, parameters in
            handle(request) { () throws(Problem) in
                try QueryParameters.refuseAny(request.query)
                return try api.put(api.sessionID(parameters), request)
            }
        }
        // The session's routes: its id, then the access its token gives for the route and method (`Route.scope`). A
        // query is refused as an unknown member is, except where the route reads one (history's `limit` and `before`).
        func add(
            _ method: String, _ route: Route, readsQuery: Bool = false,
            _ body: @escaping @Sendable (SessionID, AccessCheck, borrowing Request) throws(Problem) -> Response
        ) {
            router.add(method, route) { request, parameters in
                handle(request) { () throws(Problem) in
                    if !readsQuery { try QueryParameters.refuseAny(request.query) }
                    let id = try api.sessionID(parameters)
                    return try body(id, api.access(request, route), request)
                }
            }
        }
        add("GET", .session) { id, access, request in api.get(id, access, request) }
        add("PATCH", .session) { id, access, request throws(Problem) in try api.patch(id, access, request) }
        add("DELETE", .session) { id, access, request throws(Problem) in try api.delete(id, access, request) }
        // A literal registered later is tried first (`Router`): the data routes go before press and display, so
        // that those, on every key and read, pass over no data segment.
        add("GET", .data) { id, access, request in api.data(id, access, request) }
        add("PUT", .data) { id, access, request throws(Problem) in try api.replaceData(id, access, request) }
        add("DELETE", .data, readsQuery: true) { id, access, request throws(Problem) in try api.clearData(id, access, request) }
        add("POST", .press) { id, access, request throws(Problem) in try api.press(id, access, request) }
        add("GET", .display) { id, access, request in api.display(id, access, request) }
        add("GET", .history, readsQuery: true) { id, access, request throws(Problem) in try api.history(id, access, request) }
        add("DELETE", .history) { id, access, request throws(Problem) in try api.clearHistory(id, access, request) }
        add("POST", .tokens) { id, access, request throws(Problem) in try api.mintToken(id, access, request) }
        add("GET", .tokens) { id, access, _ in api.listTokens(id, access) }
        add("POST", .streamTickets) { id, access, _ in api.streamTicket(id, access) }
        router.add("GET", .events) { request, parameters in
            handle(request) { () throws(Problem) in
                // `ticket` is the one parameter, read with session tokens (`streamAccess`) and refused by none.
                if let query = request.query, !query.isEmpty { _ = try QueryParameters(query, allowed: ["ticket"]) }
                let id = try api.sessionID(parameters)
                return try api.events(id, api.streamAccess(request, id), request)
            }
        }
        router.add("DELETE", .token) { request, parameters in
            handle(request) { () throws(Problem) in
                try QueryParameters.refuseAny(request.query)
                return try api.revokeToken(api.sessionID(parameters), api.access(request, .token), parameters)
            }
        }
        router.add("POST", .evaluate) { request, _ in handle(request) { () throws(Problem) in try evaluate.post(request) } }
        router.add("GET", .evaluate) { request, _ in handle(request) { () throws(Problem) in try evaluate.get(request) } }
        router.add("GET", .units) { request, _ in convert.unitList(request) }
        router.add("POST", .convert) { request, _ in handle(request) { () throws(Problem) in try convert.post(request) } }
        router.add("GET", .convert) { request, _ in handle(request) { () throws(Problem) in try convert.get(request) } }
        router.add("GET", .dateDifference) { request, _ in handle(request) { () throws(Problem) in try dates.difference(request) } }
        router.add("GET", .dateAdd) { request, _ in handle(request) { () throws(Problem) in try dates.add(request) } }
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

    public var responder: Responder { http.responder }

    public func respond(to request: borrowing Request) -> Response {
        http.respond(to: request)
    }

    /// A request no route takes: 404, or 405 with the methods its path has (and OPTIONS, which `CORSMiddleware` answers
    /// on every path).
    private static func unrouted(_ request: borrowing Request, _ match: RouteMatch) -> Response {
        guard case .methodNotAllowed(let allowed, _) = match else { return Problem.notFound(request).response(to: request) }
        let list = (allowed + ["OPTIONS"]).joined(separator: ", ")
        return Problem(.methodNotAllowed, "\(request.method.prefix(16)) is not allowed here; allowed: \(list)", headers: [("Allow", list)])
            .response(to: request)
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
