/// A responder made of a router and the middleware around every route: each request is matched, goes through the
/// middleware's `request` calls, then to its route's handler (or to `unrouted` when no route takes it), and what is
/// sent for it goes back through their `response` calls, whether it is ready at once or delivered later.
///
/// Inlinable, as the chain's calls are: specialized where the chain's type is known (in the service), a request goes
/// through its middleware by direct calls, where the generic code would reach each through witness tables and copy the
/// context through its metadata.
public final class RouterResponder<Chain: Middleware>: Sendable {
    public let router: Router
    @usableFromInline let middleware: Chain
    /// Answers a request whose path no route matches (`.notFound`), or none for its method (`.methodNotAllowed`).
    @usableFromInline let unrouted: @Sendable (borrowing Request, RouteMatch) -> Response

    public init(router: Router, middleware: Chain, unrouted: @escaping @Sendable (borrowing Request, RouteMatch) -> Response) {
        self.router = router
        self.middleware = middleware
        self.unrouted = unrouted
    }

    /// Matched before the middleware run, so that they know the route (a label that does not grow with the paths sent).
    @inlinable
    public func respond(to request: borrowing Request) -> Response {
        let match = router.match(method: request.method, pathUTF8: request.pathUTF8)
        // Consumed, and taken apart once: a copy of the handler and its parameters would cost a retain of each.
        switch consume match {
        case .found(let handler, let parameters):
            var context = Chain.Context(request, route: parameters.route)
            return finish(middleware.request(request, &context) ?? handler(request, parameters), context)
        case let unmatched:
            var context = Chain.Context(request, route: unmatched.route)
            return finish(middleware.request(request, &context) ?? unrouted(request, unmatched), context)
        }
    }

    /// The middleware's way out. A later response gets one finishing for the whole chain, which keeps the context,
    /// not the request.
    @inlinable
    func finish(_ response: consuming Response, _ context: borrowing Chain.Context) -> Response {
        if response.isLater {
            let kept = copy context
            return response.finishing { [self] delivered in middleware.response(&delivered, kept) }
        }
        var response = response
        middleware.response(&response, context)
        return response
    }

    @inlinable
    public var responder: Responder {
        { [self] request in respond(to: request) }
    }
}
