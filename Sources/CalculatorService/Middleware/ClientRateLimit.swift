import HTTPServer

/// A rate limit per client as the service applies it: a `RateLimiter` keyed by the client's address (the last
/// X-Forwarded-For entry behind a trusted proxy), counted in `calculator_rate_limited_total`, refused with 429 and
/// Retry-After.
struct ClientRateLimit: Sendable {
    /// The metric's `limit` label: "presses" or "sessions".
    let name: String
    let limiter: RateLimiter
    let trustProxy: Bool
    let metrics: ServiceMetrics

    /// Takes `cost` tokens (a press request: one per key) for the request's client; the 429 problem when it has too few.
    func admit(_ request: borrowing Request, cost: Int = 1) -> Problem? {
        guard let wait = limiter.acquire(Self.clientAddress(request, trustProxy: trustProxy), cost: cost) else { return nil }
        metrics.rateLimited(name)
        return Problem(.rateLimited, "too many requests from this client; retry in \(wait) s", headers: [("Retry-After", String(wait))])
    }

    /// The client's address: the peer's, or with `trustProxy` the last X-Forwarded-For entry. Event streams are
    /// limited per client by it too.
    static func clientAddress(_ request: borrowing Request, trustProxy: Bool) -> String {
        guard trustProxy, let forwarded = request.headers[.xForwardedFor],
            let last = forwarded.split(separator: ",").last?.trimmingSpaces(), !last.isEmpty
        else { return request.peerAddress }
        return String(last.prefix(64))
    }
}
