import HTTPServer

/// Counts and times every request in `http_server_request_duration_seconds` and `http_server_active_requests`, by
/// its route's pattern (never its path), its method, its status and its scheme.
struct MetricsMiddleware: Middleware {
    let metrics: ServiceMetrics
    /// Whether X-Forwarded-Proto (a proxy's) says the client's scheme; the server itself speaks only http.
    let trustProxy: Bool

    func request(_ request: borrowing Request, _ context: inout CalculatorContext) -> Response? {
        context.started = ServiceMetrics.now()
        if trustProxy { context.isHTTPS = Self.isHTTPS(request) }
        metrics.requestStarted(context.methodLabel)
        return nil
    }

    func response(_ response: inout Response, _ context: borrowing CalculatorContext) {
        metrics.requestFinished(
            route: context.route, method: context.methodLabel, status: response.status, isHTTPS: context.isHTTPS,
            nanoseconds: ServiceMetrics.now() - context.started)
    }

    /// The proxy's X-Forwarded-Proto is https (the last value, the one the nearest proxy wrote).
    static func isHTTPS(_ request: borrowing Request) -> Bool {
        guard let forwarded = request.headers[.xForwardedProto],
            let last = forwarded.split(separator: ",").last?.trimmingSpaces()
        else { return false }
        return last.lowercased() == "https"
    }
}
