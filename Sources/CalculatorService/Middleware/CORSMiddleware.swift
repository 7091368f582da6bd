import HTTPServer

/// Lets the pages of `policy`'s origins call the API: answers every preflight (`OPTIONS`, on any path) and gives the
/// responses to those origins their `Access-Control-*` headers.
struct CORSMiddleware: Middleware {
    let policy: CORSPolicy

    func request(_ request: borrowing Request, _ context: inout CalculatorContext) -> Response? {
        request.method == "OPTIONS" ? Self.preflight(request) : nil
    }

    /// CORS headers go to requests with an `Origin`, which every cross-origin request from a browser has; other
    /// clients ignore them, and libmicrohttpd copies each header field twice and frees it. A response that caches may
    /// keep (to GET or HEAD, not `no-store`) says it varies with `Origin`, so a copy kept from a request without one is
    /// never handed to a cross-origin request.
    func response(_ response: inout Response, _ context: borrowing CalculatorContext) {
        guard let origin = context.origin else {
            if context.method == "GET" || context.method == "HEAD", response.headers["Cache-Control"] != "no-store" {
                response.headers.add("Vary", "Origin")
            }
            return
        }
        if let allowed = policy.allowOrigin(for: origin) {
            response.headers.add("Access-Control-Allow-Origin", allowed)
            response.headers.add("Access-Control-Expose-Headers", "ETag, Location, Retry-After, RateLimit, RateLimit-Policy, X-Request-Id, Idempotent-Replayed, traceparent, WWW-Authenticate")
        }
        if policy.variesByOrigin { response.headers.add("Vary", "Origin") }
    }

    private static func preflight(_ request: borrowing Request) -> Response {
        var response = Response(status: 204)
        response.headers.set("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
        response.headers.set(
            "Access-Control-Allow-Headers",
            request.headers[.accessControlRequestHeaders].map { String($0.prefix(512)) }
                ?? "Content-Type, If-Match, If-None-Match, Idempotency-Key, Authorization, X-Request-Id, traceparent")
        response.headers.set("Access-Control-Max-Age", "600")
        return response
    }
}
