import HTTPServer
import Logging
import SessionStore

/// One log line per request, at info, its fields named by OpenTelemetry's HTTP conventions, numbers as numbers (a
/// JSON log handler writes them unquoted). A session id never appears: `url.path` shows OpenTelemetry's `REDACTED`
/// where it was, and `session.hash` a short hash of it that correlates lines without revealing the id. An event stream
/// is logged once, when it ends, with the time it was open.
struct RequestLogMiddleware: Middleware {
    let logger: Logger
    /// Whether the client's address is X-Forwarded-For's last entry (a trusted proxy's) rather than the peer's.
    let trustProxy: Bool
    /// Whether `logger` takes the line, decided once: asking `logger.logLevel` copies the handler existential (a
    /// retain and a release) on every request. The level is set before the service is made.
    private let logsRequests: Bool

    init(logger: Logger, trustProxy: Bool) {
        self.logger = logger
        self.trustProxy = trustProxy
        self.logsRequests = logger.logLevel <= .info
    }

    /// The path and the client's address are text only for the log line.
    func request(_ request: borrowing Request, _ context: inout CalculatorContext) -> Response? {
        if logsRequests {
            context.path = request.path
            context.clientAddress = ClientRateLimit.clientAddress(request, trustProxy: trustProxy)
        }
        return nil
    }

    func response(_ response: inout Response, _ context: borrowing CalculatorContext) {
        guard logsRequests else { return }
        guard let stream = response.stream else { return log(context, status: response.status, bodySize: response.body.count) }
        let (kept, status) = (copy context, response.status)
        stream.whenClosed { [self] in log(kept, status: status, bodySize: nil) }
    }

    /// The duration is the metrics' (from `MetricsMiddleware`'s start), read again here.
    private func log(_ context: borrowing CalculatorContext, status: Int, bodySize: Int?) {
        let elapsed = ServiceMetrics.now() - context.started
        var metadata: Logger.Metadata = [
            "http.request.method": "\(context.methodLabel.label)",
            "http.response.status_code": .stringConvertible(status),
            "http.server.request.duration": .stringConvertible(Double(elapsed / 1_000) / 1e6),
            "request.id": "\(context.requestID)",
            "url.scheme": context.isHTTPS ? "https" : "http",
            "client.address": "\(context.clientAddress)",
        ]
        if let bodySize { metadata["http.response.body.size"] = .stringConvertible(bodySize) }
        if context.methodLabel == .other { metadata["http.request.method_original"] = "\(context.method.prefix(16))" }
        if context.route != ServiceMetrics.unmatched { metadata["http.route"] = "\(context.route)" }
        let (path, session) = Self.redacted(context.path)
        metadata["url.path"] = "\(path)"
        if let session { metadata["session.hash"] = "\(session.shortHash)" }
        if let trace = context.trace {
            metadata["trace_id"] = "\(trace.traceID)"
            metadata["span_id"] = "\(trace.spanID)"
        }
        logger.info("request", metadata: metadata)
    }

    /// The path as a log may show it: the session id that follows /sessions/ replaced by `REDACTED` (OpenTelemetry's
    /// word for scrubbed content, and unlike the route's `{id}` never taken for a pattern) and returned apart (for its
    /// hash), and cut at 256 bytes.
    static func redacted(_ path: String) -> (path: String, session: SessionID?) {
        let parts = path.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0].isEmpty, parts[1] == "sessions", let id = SessionID(String(parts[2].prefix { $0 != "/" }))
        else { return (String(decoding: path.utf8.prefix(256), as: UTF8.self), nil) }
        let rest = parts[2].drop { $0 != "/" }
        return ("/sessions/REDACTED" + String(decoding: rest.utf8.prefix(240), as: UTF8.self), id)
    }
}
