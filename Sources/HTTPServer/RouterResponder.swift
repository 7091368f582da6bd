/// A responder made of a router and the middleware around every route: each request is matched, goes through the
/// middleware's `request` calls, then to its route's handler (or to `unrouted` when no route takes it), and what is
/// sent for it goes back through their `response` calls, whether it is ready at once or delivered later.
public final class RouterResponder<Chain: Middleware>: Sendable {
    public let router: Router
    private let middleware: Chain
    /// Answers a request whose path no route matches (`.notFound`), or none for its method (`.methodNotAllowed`).
    private let unrouted: @Sendable (borrowing Request, RouteMatch) -> Response

    public init(router: Router, middleware: Chain, unrouted: @escaping @Sendable (borrowing Request, RouteMatch) -> Response) {
        self.router = router
        self.middleware = middleware
        self.unrouted = unrouted
    }

    /// Matched before the middleware run, so that they know the route (a label that does not grow with the paths sent).
    /// A later response gets one finishing for the whole chain, which keeps the context, not the request.
    public func respond(to request: borrowing Request) -> Response {
        let match = router.match(method: request.method, pathUTF8: request.pathUTF8)
        var context = Chain.Context(request, route: match.route)
        var response: Response
        if let answer = middleware.request(request, &context) {
            response = answer
        } else if case .found(let handler, let parameters) = match {
            response = handler(request, parameters)
        } else {
            response = unrouted(request, match)
        }
        if response.isLater {
            return response.finishing { [self, context] delivered in middleware.response(&delivered, context) }
        }
        middleware.response(&response, context)
        return response
    }

    public var responder: Responder {
        { [self] request in respond(to: request) }
    }
}
