import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import CalculatorService

/// `Route` is the one list of paths: the router routes exactly its patterns, each has its own metric series, metric
/// labels name patterns and never paths (which hold session ids), and `Allow` lists what the router has.
@Suite struct RouteTableTests {
    /// A path of each route's pattern: `{id}` a session that does not exist, `{file}` the page's script.
    private static func path(of route: Route) -> String {
        route.rawValue.replacingOccurrences(of: "{id}", with: "AAAAAAAAAAAAAAAAAAAAAA").replacingOccurrences(of: "{file}", with: "app.js")
    }

    @Test func theRouterRoutesExactlyTheTablesPatterns() throws {
        let client = try InProcessClient(store: .memory)
        #expect(Set(client.service.http.router.patterns) == Set(Route.allCases.map(\.rawValue)))
        #expect(ServiceMetrics.routes == Route.allCases.map(\.rawValue) + [ServiceMetrics.unmatched])
    }

    /// Whatever each request answers (a 404 for a session that does not exist counts too), it is counted under its
    /// route's pattern.
    @Test func everyRoutedPathHasItsOwnMetricSeries() throws {
        let client = try InProcessClient(store: .memory)
        for route in Route.allCases {
            for method in client.service.http.router.methods(of: route.rawValue) {
                _ = try client.send(method, Self.path(of: route))
            }
        }
        let metrics = try client.send("GET", "/metrics").text
        for route in Route.allCases {
            #expect(metrics.contains(#"http_route=""# + route.rawValue + #"""#), "no series for \(route.rawValue)")
        }
        #expect(!metrics.contains(#"http_route="unmatched""#))
    }

    @Test(arguments: [
        ("/", "/"), ("/healthz", "/healthz"), ("/sessions", "/sessions"), ("/sessions/abc", "/sessions/{id}"),
        ("/sessions/abc/press", "/sessions/{id}/press"), ("/sessions/abc/display", "/sessions/{id}/display"),
        ("/sessions/abc/history", "/sessions/{id}/history"), ("/web/app.js", "/web/{file}"), ("/evaluate", "/evaluate"),
        ("/metrics", "/metrics"), ("/sessions/", nil), ("/sessions//press", nil), ("/sessions/abc/nope", nil), ("/web/", nil),
        ("/web/a/b", nil), ("/other", nil), ("/sessions/abc/press/x", nil),
    ] as [(String, String?)])
    func pathsAreLabelledByTheirRoutesPattern(_ path: String, _ route: String?) throws {
        let client = try InProcessClient(store: .memory)
        for method in ["GET", "POST", "OPTIONS", "BREW"] {
            #expect(client.service.http.router.match(method: method, path: path).route == route, "\(method) \(path)")
        }
    }

    /// The router serves HEAD with the GET handler and lists it; the service adds only OPTIONS, which it answers on
    /// every path.
    @Test func allowListsEachMethodOnce() throws {
        let client = try InProcessClient(store: .memory)
        for route in Route.allCases {
            let methods = client.service.http.router.methods(of: route.rawValue)
            let wrong = methods.contains("POST") ? "BREW" : "POST"
            let response = try client.send(wrong, Self.path(of: route))
            #expect(response.status == 405, "\(wrong) \(route.rawValue)")
            let allowed = try #require(response.header("Allow")).components(separatedBy: ", ")
            #expect(allowed.count == Set(allowed).count, "\(route.rawValue): \(allowed)")
            let expected = methods + (methods.contains("GET") ? ["HEAD"] : []) + ["OPTIONS"]
            #expect(Set(allowed) == Set(expected), "\(route.rawValue): \(allowed)")
        }
        #expect(try client.send("POST", "/healthz").header("Allow") == "GET, HEAD, OPTIONS")
    }
}
