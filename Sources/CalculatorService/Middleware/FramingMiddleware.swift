import HTTPServer

/// Refuses a request with Content-Length fields of different values (RFC 9112 §6.3): its body cannot be framed, so
/// no route sees it (the server closes the connection after the answer).
struct FramingMiddleware: Middleware {
    func request(_ request: borrowing Request, _ context: inout CalculatorContext) -> Response? {
        guard request.hasConflictingContentLength else { return nil }
        return Problem(.invalidRequest, "the request has Content-Length fields with different values; its body cannot be framed")
            .response(to: request)
    }
}
