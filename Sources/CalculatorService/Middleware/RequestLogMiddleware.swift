import HTTPServer

/// One log line per request (`RequestLogLine`), handed to the access log when the response is sent; an event stream
/// is logged once, when it ends, with the time it was open. Without an output (a log level above info) nothing of
/// the request is kept for it.
struct RequestLogMiddleware: Middleware {
    let output: (any RequestLogOutput)?
    /// Whether the client's address is X-Forwarded-For's last entry (a trusted proxy's) rather than the peer's.
    let trustProxy: Bool

    /// The path and the client's address are text only for the log line.
    func request(_ request: borrowing Request, _ context: inout CalculatorContext) -> Response? {
        if output != nil {
            context.path = request.path
            context.clientAddress = ClientRateLimit.clientAddress(request, trustProxy: trustProxy)
        }
        return nil
    }

    func response(_ response: inout Response, _ context: borrowing CalculatorContext) {
        guard let output else { return }
        guard let stream = response.stream else {
            return output.record(Self.line(context, status: response.status, bodySize: response.body.count))
        }
        let (kept, status) = (copy context, response.status)
        stream.whenClosed { output.record(Self.line(kept, status: status, bodySize: nil)) }
    }

    /// The duration is the metrics' (from `MetricsMiddleware`'s start), read again here.
    private static func line(_ context: borrowing CalculatorContext, status: Int, bodySize: Int?) -> RequestLogLine {
        RequestLogLine(
            method: context.methodLabel, originalMethod: context.methodLabel == .other ? context.method : "", status: status,
            bodySize: bodySize, nanoseconds: ServiceMetrics.now() - context.started, requestID: context.requestID,
            isHTTPS: context.isHTTPS, clientAddress: context.clientAddress,
            route: context.route == ServiceMetrics.unmatched ? nil : context.route, path: context.path, trace: context.trace)
    }
}
