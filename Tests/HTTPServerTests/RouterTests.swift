import HTTPServer
import Testing

@Suite struct RouterTests {
    /// Each handler answers with its own name, so a test can tell which one matched.
    private static func named(_ name: String) -> Router.Handler {
        { _, _ in Response(status: 200, body: Array(name.utf8)) }
    }

    private static var sessions: Router {
        var router = Router()
        router.add("POST", "/sessions", named("create"))
        router.add("GET", "/sessions/:id", named("get"))
        router.add("PUT", "/sessions/:id", named("put"))
        router.add("DELETE", "/sessions/:id", named("delete"))
        router.add("POST", "/sessions/:id/press", named("press"))
        router.add("GET", "/keys", named("keys"))
        return router
    }

    private static func bytes(_ span: Span<UInt8>) -> [UInt8] {
        var bytes: [UInt8] = []
        for index in span.indices { bytes.append(span[index]) }
        return bytes
    }

    /// The name of the matched handler and its parameters, or nil.
    private static func resolve(_ router: Router, _ method: String, _ path: String) -> (String, RouteParameters)? {
        guard case .found(let handler, let parameters) = router.match(method: method, path: path) else { return nil }
        let response = handler(Request(method: method, path: path), parameters)
        return (String(decoding: response.body, as: UTF8.self), parameters)
    }

    /// The server hands the router a path's bytes as sent; bytes that are not UTF-8 are matched and lent as they are,
    /// and only the path's text (`Request.path`) replaces them.
    @Test func pathBytesThatAreNotUTF8AreMatchedAsSent() throws {
        let bytes = Array("/sessions/a".utf8) + [0xFF, 0xC3] + Array("/press".utf8)
        guard case .found(let handler, let parameters) = Self.sessions.match(method: "POST", pathUTF8: bytes) else {
            Issue.record("no match for a press path with non-UTF-8 bytes in its id")
            return
        }
        #expect(parameters.route == "/sessions/:id/press")
        #expect(parameters.withUTF8("id") { Self.bytes($0) } == [UInt8(ascii: "a"), 0xFF, 0xC3])
        #expect(parameters["id"] == "a\u{FFFD}\u{FFFD}")
        let request = Request(method: "POST", path: "/sessions/x/press")
        #expect(request.pathUTF8 == Array("/sessions/x/press".utf8))
        #expect(String(decoding: handler(request, parameters).body, as: UTF8.self) == "press")
    }

    @Test func literalAndParameterRoutesMatch() throws {
        let router = Self.sessions
        #expect(try #require(Self.resolve(router, "POST", "/sessions")).0 == "create")
        #expect(try #require(Self.resolve(router, "GET", "/keys")).0 == "keys")
        let (name, parameters) = try #require(Self.resolve(router, "GET", "/sessions/abc-123"))
        #expect(name == "get")
        #expect(parameters["id"] == "abc-123")
        #expect(parameters["other"] == nil)
        #expect(parameters.withUTF8("id") { Self.bytes($0) } == Array("abc-123".utf8))
        #expect(parameters.withUTF8("other") { Self.bytes($0) } == nil)
        let (press, pressParameters) = try #require(Self.resolve(router, "POST", "/sessions/Z_9/press"))
        #expect(press == "press")
        #expect(pressParameters["id"] == "Z_9")
    }

    @Test func bracedParametersMatchLikeColonOnesAndTheMatchNamesItsPattern() throws {
        var router = Router()
        router.add("GET", "/sessions/{id}/display", Self.named("display"))
        router.add("GET", "/sessions/{id}", Self.named("get"))
        router.add("GET", "/keys", Self.named("keys"))
        let (name, parameters) = try #require(Self.resolve(router, "GET", "/sessions/abc/display"))
        #expect(name == "display")
        #expect(parameters["id"] == "abc")
        #expect(parameters.route == "/sessions/{id}/display")
        #expect(try #require(Self.resolve(router, "GET", "/sessions/abc")).1.route == "/sessions/{id}")
        #expect(try #require(Self.resolve(router, "GET", "/keys")).1.route == "/keys")
        #expect(try #require(Self.resolve(Self.sessions, "POST", "/sessions/x/press")).1.route == "/sessions/:id/press")
        #expect(Self.resolve(router, "GET", "/sessions//display") == nil)
        #expect(Self.resolve(router, "GET", "/sessions/abc/display/more") == nil)
    }

    @Test func routesDifferingInTheirLastLiteralAreToldApartByTheWholeSegment() throws {
        var router = Router()
        router.add("GET", "/sessions/{id}/display", Self.named("display"))
        router.add("GET", "/sessions/{id}/history", Self.named("history"))
        router.add("POST", "/sessions/{id}/press", Self.named("press"))
        let (name, parameters) = try #require(Self.resolve(router, "GET", "/sessions/press/display"))
        #expect(name == "display")
        #expect(parameters["id"] == "press")
        #expect(try #require(Self.resolve(router, "POST", "/sessions/display/press")).1["id"] == "display")
        #expect(try #require(Self.resolve(router, "GET", "/sessions/a/history")).1["id"] == "a")
        // The path's end matches a literal only as a whole segment, after a '/'.
        for (method, path) in [("POST", "/sessions/a/xpress"), ("POST", "/sessions/apress"), ("GET", "/sessions/a/isplay"), ("POST", "/x/a/press"), ("POST", "/press")] {
            #expect(Self.resolve(router, method, path) == nil, "\(method) \(path)")
        }
    }

    @Test func deepPathsMatch() throws {
        let segments = (1...20).map { "s\($0)" }
        var router = Router()
        router.add("GET", "/" + segments.dropLast().joined(separator: "/") + "/{last}", Self.named("deep"))
        let (name, parameters) = try #require(Self.resolve(router, "GET", "/" + segments.joined(separator: "/")))
        #expect(name == "deep")
        #expect(parameters["last"] == "s20")
        #expect(Self.resolve(router, "GET", "/" + segments.joined(separator: "/") + "/more") == nil)
        #expect(Self.resolve(router, "GET", "/x/" + segments.dropFirst().joined(separator: "/")) == nil)
    }

    @Test func severalParametersAreCaptured() throws {
        var router = Router()
        router.add("GET", "/a/:first/b/:second", Self.named("ab"))
        let (_, parameters) = try #require(Self.resolve(router, "GET", "/a/1/b/two"))
        #expect(parameters["first"] == "1")
        #expect(parameters["second"] == "two")
        // Each value comes back under its own name, in the pattern's order.
        router.add("GET", "/c/{x}/{y}/{z}", Self.named("xyz"))
        let (_, three) = try #require(Self.resolve(router, "GET", "/c/ex/why/zed"))
        #expect(three["x"] == "ex")
        #expect(three["y"] == "why")
        #expect(three.withUTF8("y") { Self.bytes($0) } == Array("why".utf8))
        #expect(three["z"] == "zed")
        #expect(three["first"] == nil)
    }

    @Test func parametersAreNotPercentDecoded() throws {
        let (_, parameters) = try #require(Self.resolve(Self.sessions, "GET", "/sessions/a%2Fb"))
        #expect(parameters["id"] == "a%2Fb")
    }

    @Test func wrongMethodListsAllowedMethodsSortedWithHead() {
        guard case .methodNotAllowed(let allowed, let route) = Self.sessions.match(method: "PATCH", path: "/sessions/x") else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == ["DELETE", "GET", "HEAD", "PUT"])
        #expect(route == "/sessions/:id")
        guard case .methodNotAllowed(let createOnly, _) = Self.sessions.match(method: "GET", path: "/sessions") else {
            Issue.record("expected 405")
            return
        }
        #expect(createOnly == ["POST"])
    }

    @Test func unknownPathsAreNotFound() {
        let router = Self.sessions
        for path in ["/", "", "/nope", "/sessions/x/y", "/sessions/x/press/more", "sessions", "/keys/x", "/Keys"] {
            guard case .notFound = router.match(method: "GET", path: path) else {
                Issue.record("\(path) should be 404")
                continue
            }
        }
    }

    @Test func trailingSlashAndEmptySegmentsDoNotMatch() {
        let router = Self.sessions
        for (method, path) in [("POST", "/sessions/"), ("GET", "/sessions//"), ("GET", "/sessions/"), ("POST", "/sessions//press"), ("GET", "//sessions")] {
            guard case .notFound = router.match(method: method, path: path) else {
                Issue.record("\(method) \(path) should be 404")
                continue
            }
        }
    }

    @Test func rootPatternMatchesOnlyRoot() throws {
        var router = Router()
        router.add("GET", "/", Self.named("root"))
        #expect(try #require(Self.resolve(router, "GET", "/")).0 == "root")
        guard case .notFound = router.match(method: "GET", path: "/x") else {
            Issue.record("/x should be 404")
            return
        }
    }

    @Test func literalSegmentWinsOverParameterWhateverTheOrder() throws {
        var parameterFirst = Router()
        parameterFirst.add("GET", "/sessions/:id", Self.named("byID"))
        parameterFirst.add("GET", "/sessions/new", Self.named("new"))
        var literalFirst = Router()
        literalFirst.add("GET", "/sessions/new", Self.named("new"))
        literalFirst.add("GET", "/sessions/:id", Self.named("byID"))
        for router in [parameterFirst, literalFirst] {
            #expect(try #require(Self.resolve(router, "GET", "/sessions/new")).0 == "new")
            #expect(try #require(Self.resolve(router, "GET", "/sessions/old")).0 == "byID")
        }
    }

    @Test func methodFromALessSpecificRouteStillMatches() throws {
        var router = Router()
        router.add("GET", "/sessions/new", Self.named("new"))
        router.add("DELETE", "/sessions/:id", Self.named("delete"))
        #expect(try #require(Self.resolve(router, "DELETE", "/sessions/new")).0 == "delete")
        guard case .methodNotAllowed(let allowed, let route) = router.match(method: "PUT", path: "/sessions/new") else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == ["DELETE", "GET", "HEAD"])
        #expect(route == "/sessions/new", "the most specific pattern the path matches")
    }

    @Test func headFallsBackToGetUnlessRegistered() throws {
        var router = Router()
        router.add("GET", "/a", Self.named("get"))
        router.add("GET", "/b", Self.named("get"))
        router.add("HEAD", "/b", Self.named("head"))
        #expect(try #require(Self.resolve(router, "HEAD", "/a")).0 == "get")
        #expect(try #require(Self.resolve(router, "HEAD", "/b")).0 == "head")
    }

    @Test func registeringAgainReplacesTheHandler() throws {
        var router = Router()
        router.add("GET", "/a/:x", Self.named("first"))
        router.add("GET", "/a/:x", Self.named("second"))
        #expect(try #require(Self.resolve(router, "GET", "/a/1")).0 == "second")
        guard case .methodNotAllowed(let allowed, _) = router.match(method: "POST", path: "/a/1") else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == ["GET", "HEAD"])
    }

    @Test func methodsAreCaseSensitive() {
        guard case .methodNotAllowed = Self.sessions.match(method: "get", path: "/keys") else {
            Issue.record("lower-case method is a different method (RFC 9110 §9.1)")
            return
        }
    }
}
