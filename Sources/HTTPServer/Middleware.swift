/// One concern that every request goes through on its way to a route and every response on its way back (CORS, a
/// request id, admission, metrics, a log line): one middleware per concern, chained by `then`, run by a
/// `RouterResponder`.
///
/// Two calls rather than one that wraps the next: a response may be delivered later, from another thread
/// (`Response.awaiting`), and `response` then runs on it with the request's `Context`, all middleware in one
/// finishing, where a wrapping middleware would have to add a finishing of its own per response.
public protocol Middleware<Context>: Sendable {
    /// What the middleware keep of a request for its response: one value per request, shared by the chain.
    associatedtype Context: RequestContext

    /// On the way in, in the chain's order, once the router has matched the request: a response answers in the
    /// route's place (a preflight, a refusal), and the middleware after this one are not asked.
    func request(_ request: borrowing Request, _ context: inout Context) -> Response?

    /// On the way out, in the reverse order: on every response sent for the request, whoever made it (the route, a
    /// middleware that answered, or the server's 503 for a delivery that did not come before it stopped). A
    /// middleware whose `request` was not asked finds the context as `RequestContext.init` made it.
    func response(_ response: inout Response, _ context: borrowing Context)
}

/// The state of one request that its middleware share, made for each request by the `RouterResponder`.
public protocol RequestContext: Sendable {
    /// `route` is the pattern the request's path matched, for any method ("/sessions/{id}"), or nil when it matched none.
    init(_ request: borrowing Request, route: String?)
}

extension Middleware {
    /// A middleware that only answers or refuses leaves the responses as they are.
    @inlinable
    public func response(_ response: inout Response, _ context: borrowing Context) {}

    /// This middleware, then `inner`: `inner` asked after this one on the way in, and before it on the way out.
    @inlinable
    public func then<Inner: Middleware<Context>>(_ inner: Inner) -> MiddlewareChain<Self, Inner> {
        MiddlewareChain(outer: self, inner: inner)
    }
}

/// Two middleware run as one: a chain of any length is a nest of these, a type known where it is made, so a request
/// goes through its middleware by direct calls (inlinable, like `RouterResponder.respond`, for that).
public struct MiddlewareChain<Outer: Middleware, Inner: Middleware<Outer.Context>>: Middleware {
    public typealias Context = Outer.Context
    @usableFromInline let outer: Outer
    @usableFromInline let inner: Inner

    @inlinable
    init(outer: Outer, inner: Inner) {
        self.outer = outer
        self.inner = inner
    }

    @inlinable
    public func request(_ request: borrowing Request, _ context: inout Context) -> Response? {
        if let answer = outer.request(request, &context) { return answer }
        return inner.request(request, &context)
    }

    @inlinable
    public func response(_ response: inout Response, _ context: borrowing Context) {
        inner.response(&response, context)
        outer.response(&response, context)
    }
}
