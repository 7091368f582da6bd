import HTTPServer
import Logging
import SessionStore

extension CalculatorService {
    /// One line per request, its fields named by OpenTelemetry's HTTP conventions, numbers as numbers (a JSON log
    /// handler writes them unquoted). A session id never appears: the path shows `{id}` where it was, and
    /// `session.hash` a short hash of it that correlates lines without revealing the id.
    func log(_ exchange: borrowing CalculatorService.Exchange, _ response: Response, elapsed: Int64) {
        var metadata: Logger.Metadata = [
            "http.request.method": "\(exchange.label.label)",
            "http.response.status_code": .stringConvertible(response.status),
            "http.response.body.size": .stringConvertible(response.body.count),
            "http.server.request.duration": .stringConvertible(Double(elapsed / 1_000) / 1e6),
            "request.id": "\(exchange.requestID)",
        ]
        if exchange.label == .other { metadata["http.request.method_original"] = "\(exchange.method.prefix(16))" }
        if exchange.route != ServiceMetrics.unmatched { metadata["http.route"] = "\(exchange.route)" }
        let (path, session) = Self.redacted(exchange.path)
        metadata["url.path"] = "\(path)"
        if let session { metadata["session.hash"] = "\(session.shortHash)" }
        if let trace = exchange.trace {
            metadata["trace_id"] = "\(trace.traceID)"
            metadata["span_id"] = "\(trace.spanID)"
        }
        logger.info("request", metadata: metadata)
    }

    /// The path as a log may show it: the session id that follows /sessions/ replaced by `{id}` and returned apart
    /// (for its hash), and cut at 256 bytes.
    static func redacted(_ path: String) -> (path: String, session: SessionID?) {
        let parts = path.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0].isEmpty, parts[1] == "sessions", let id = SessionID(String(parts[2].prefix { $0 != "/" }))
        else { return (String(decoding: path.utf8.prefix(256), as: UTF8.self), nil) }
        let rest = parts[2].drop { $0 != "/" }
        return ("/sessions/{id}" + String(decoding: rest.utf8.prefix(240), as: UTF8.self), id)
    }
}
