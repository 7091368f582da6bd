import HTTPServer

/// What the service's middleware keep of a request for its response (`Middleware`), filled on the way in, in the
/// chain's order: kept until a later response is delivered, so it holds these fields, not the request with its
/// headers and body.
struct CalculatorContext: RequestContext {
    /// The method as sent, and as the metrics and the log label it.
    let method: String
    let methodLabel: RequestMethod
    /// The pattern the path matched (`Route`), or "unmatched".
    let route: String
    /// The request's start, by `ServiceMetrics.now()` (`MetricsMiddleware`).
    var started: Int64 = 0
    /// The client's scheme was https, as a trusted proxy says (`MetricsMiddleware`).
    var isHTTPS = false
    /// The path and the client's address as text for the log line; empty unless requests are logged
    /// (`RequestLogMiddleware`).
    var path = ""
    var clientAddress = ""
    /// The client's id for the request or one made for it, and its trace (`RequestIDMiddleware`).
    var requestID = ""
    var trace: TraceContext?
    /// The page's origin, for the CORS headers (`CORSMiddleware`): read here, so that an answer given before that
    /// middleware's turn (`FramingMiddleware`'s) gets them too.
    let origin: String?
    /// The session rate limit's header fields for a create it admitted (`AdmissionMiddleware`).
    var rateLimit: RateLimitFields?

    init(_ request: borrowing Request, route: String?) {
        method = request.method
        methodLabel = RequestMethod(request.method)
        self.route = route ?? ServiceMetrics.unmatched
        origin = request.headers[.origin]
    }
}

/// The service's middleware as `CalculatorService` chains them (`then` nests to the left), outermost first: those that
/// only observe come before those that may answer, so that every response is counted, logged and identified, a
/// preflight's and a refusal's too; a request whose body cannot be framed is refused before anything else answers it.
typealias CalculatorMiddleware =
    MiddlewareChain<
        MiddlewareChain<
            MiddlewareChain<MiddlewareChain<MiddlewareChain<MetricsMiddleware, RequestLogMiddleware>, RequestIDMiddleware>, FramingMiddleware>,
            CORSMiddleware
        >,
        AdmissionMiddleware
    >
