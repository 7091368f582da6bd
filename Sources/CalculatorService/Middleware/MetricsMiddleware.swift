import HTTPServer

/// Counts and times every request in `http_server_request_duration_seconds` and `http_server_active_requests`, by
/// its route's pattern (never its path), its method and its status.
struct MetricsMiddleware: Middleware {
    let metrics: ServiceMetrics

    func request(_ request: borrowing Request, _ context: inout CalculatorContext) -> Response? {
        context.started = ServiceMetrics.now()
        metrics.requestStarted(context.methodLabel)
        return nil
    }

    func response(_ response: inout Response, _ context: borrowing CalculatorContext) {
        metrics.requestFinished(
            route: context.route, method: context.methodLabel, status: response.status,
            nanoseconds: ServiceMetrics.now() - context.started)
    }
}
