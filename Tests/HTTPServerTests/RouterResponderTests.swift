import Dispatch
import HTTPServer
import Threading
import Testing

/// The middleware around a router's routes: the order of their calls, an answer in a route's place, and a response
/// delivered later going through them as one that is ready at once does.
@Suite struct RouterResponderTests {
    /// The calls of one request, in order, as `name.request` and `name.response`, and the route it matched.
    struct Trace: RequestContext {
        var route: String?
        var calls: [String] = []

        init(_ request: borrowing Request, route: String?) {
            self.route = route
        }
    }

    /// Appends its calls to the context and, on the way out, the context's calls to the response's `X-Trace`;
    /// answers 403 in the route's place for a request with `X-Refuse: <name>`.
    struct Recorder: Middleware {
        let name: String

        func request(_ request: borrowing Request, _ context: inout Trace) -> Response? {
            context.calls.append("\(name).request")
            return request.headers["X-Refuse"] == name ? Response(status: 403, body: Array(name.utf8)) : nil
        }

        func response(_ response: inout Response, _ context: borrowing Trace) {
            response.headers.add("X-Trace", (context.calls + ["\(name).response"]).joined(separator: " "))
            response.headers.add("X-Route", context.route ?? "none")
        }
    }

    private static func responder() -> RouterResponder<MiddlewareChain<MiddlewareChain<Recorder, Recorder>, Recorder>> {
        var router = Router()
        router.add("GET", "/now/{x}") { _, _ in Response(status: 200, body: Array("now".utf8)) }
        router.add("GET", "/later") { _, _ in
            .later { deliver in DispatchQueue.global().async { deliver(Response(status: 200, body: Array("later".utf8))) } }
        }
        let chain = Recorder(name: "a").then(Recorder(name: "b")).then(Recorder(name: "c"))
        return RouterResponder(router: router, middleware: chain) { _, match in
            if case .methodNotAllowed(let allowed, _) = match { return Response(status: 405, body: Array(allowed.joined(separator: ",").utf8)) }
            return Response(status: 404)
        }
    }

    /// The response as sent: at once, or once delivered.
    private static func send(_ responder: RouterResponder<some Middleware>, _ method: String, _ path: String, headers: RequestHeaders = [:]) -> Response {
        let done = DispatchSemaphore(value: 0)
        let sent = Lock<Response?>(nil)
        responder.respond(to: Request(method: method, path: path, headers: headers)).resolve { response in
            sent.withLock { $0 = response }
            done.signal()
        }
        done.wait()
        return sent.withLock { $0! }
    }

    private static func values(_ response: Response, _ name: String) -> [String] {
        response.headers.values(name)
    }

    @Test func requestsGoInInOrderAndResponsesOutInReverse() {
        let response = Self.send(Self.responder(), "GET", "/now/1")
        #expect(response.status == 200)
        #expect(Self.values(response, "X-Trace") == [
            "a.request b.request c.request c.response", "a.request b.request c.request b.response",
            "a.request b.request c.request a.response",
        ])
        #expect(Self.values(response, "X-Route") == ["/now/{x}", "/now/{x}", "/now/{x}"])
    }

    @Test func aLaterResponseGoesOutThroughEveryMiddlewareOnce() {
        let response = Self.send(Self.responder(), "GET", "/later")
        #expect(String(decoding: response.body, as: UTF8.self) == "later")
        #expect(Self.values(response, "X-Trace").count == 3)
        #expect(Self.values(response, "X-Trace").last == "a.request b.request c.request a.response")
    }

    @Test func anAnswerTakesTheRoutesPlaceAndStopsTheWayIn() {
        let response = Self.send(Self.responder(), "GET", "/now/1", headers: ["X-Refuse": "b"])
        #expect(response.status == 403)
        #expect(String(decoding: response.body, as: UTF8.self) == "b")
        #expect(Self.values(response, "X-Trace").last == "a.request b.request a.response", "c was not asked on the way in")
        #expect(Self.values(response, "X-Trace").count == 3, "every middleware sees the response on the way out")
    }

    @Test func unroutedRequestsGoThroughTheMiddlewareWithTheirRoute() {
        let wrongMethod = Self.send(Self.responder(), "POST", "/now/1")
        #expect(wrongMethod.status == 405)
        #expect(String(decoding: wrongMethod.body, as: UTF8.self) == "GET,HEAD")
        #expect(Self.values(wrongMethod, "X-Route").first == "/now/{x}")
        let unknown = Self.send(Self.responder(), "GET", "/elsewhere")
        #expect(unknown.status == 404)
        #expect(Self.values(unknown, "X-Route").first == "none")
        #expect(Self.values(unknown, "X-Trace").count == 3)
    }

    @Test func headIsServedByTheGetRoute() {
        let response = Self.send(Self.responder(), "HEAD", "/now/2")
        #expect(response.status == 200)
        #expect(Self.values(response, "X-Route").first == "/now/{x}")
    }
}
