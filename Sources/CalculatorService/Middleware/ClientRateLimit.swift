import HTTPServer

/// A rate limit per client as the service applies it: a `RateLimiter` keyed by the client's address (the last
/// X-Forwarded-For entry behind a trusted proxy), counted in `calculator_rate_limited_total`, refused with 429 and
/// Retry-After. Both the refusal and the route's 2xx replies carry the IETF `RateLimit-Policy` and `RateLimit` fields
/// (draft-ietf-httpapi-ratelimit-headers), so a client can pace itself before it is refused.
struct ClientRateLimit: Sendable {
    /// The metric's `limit` label and the policy's name in the header fields: "presses" or "sessions".
    let name: String
    let limiter: RateLimiter
    let trustProxy: Bool
    let metrics: ServiceMetrics
    /// `RateLimit-Policy`, the same on every reply: `"presses";q=20;w=2` (the burst, and the seconds an empty bucket
    /// takes to fill).
    let policy: String

    init(name: String, limiter: RateLimiter, trustProxy: Bool, metrics: ServiceMetrics) {
        self.name = name
        self.limiter = limiter
        self.trustProxy = trustProxy
        self.metrics = metrics
        policy = "\"\(name)\";q=\(limiter.quota);w=\(limiter.window)"
    }

    /// Takes `cost` tokens (a press request: one per key) for the request's client: the header fields for the reply,
    /// or the 429 problem (with them) when it has too few.
    func admit(_ request: borrowing Request, cost: Int = 1) throws(Problem) -> RateLimitFields {
        let admission = limiter.admit(Self.clientAddress(request, trustProxy: trustProxy), cost: cost)
        let fields = RateLimitFields(
            policy: policy, state: "\"\(name)\";r=\(admission.remaining);t=\(admission.untilFull)")
        guard let wait = admission.wait else { return fields }
        metrics.rateLimited(name)
        throw Problem(
            .rateLimited, "too many requests from this client; retry in \(wait) s",
            headers: [("Retry-After", String(wait)), ("RateLimit-Policy", fields.policy), ("RateLimit", fields.state)])
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

/// The two header fields of draft-ietf-httpapi-ratelimit-headers for one reply: the policy (`q` the quota, `w` its
/// window in seconds) and the client's state under it (`r` what remains, `t` the seconds until all of it has).
struct RateLimitFields: Sendable {
    let policy: String
    let state: String

    /// Added to a 2xx reply; a refusal has them already, and other failures took nothing.
    func add(to response: inout Response) {
        guard (200..<300).contains(response.status) else { return }
        response.headers.add("RateLimit-Policy", policy)
        response.headers.add("RateLimit", state)
    }

    /// `deliver`, adding the fields to what it is given.
    func adding(to deliver: @escaping @Sendable (Response) -> Void) -> @Sendable (Response) -> Void {
        { response in
            var response = response
            add(to: &response)
            deliver(response)
        }
    }
}
