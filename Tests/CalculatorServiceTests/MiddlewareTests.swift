import TestSupport
import Testing

@testable import CalculatorService

/// The service's middleware give every response the same treatment, whoever answered: the route, a preflight, a
/// refusal before any route (framing, API key) or a 404.
@Suite struct MiddlewareTests {
    @Test func everyAnswerIsIdentifiedAndGetsItsCORSHeaders() throws {
        let client = try InProcessClient(store: .memory) { $0.apiKey = "sesame" }
        let page = ("Origin", "https://calc.example")
        let answers = [
            ("a preflight", try client.send("OPTIONS", "/sessions", headers: [page]), 204),
            ("a refusal without the key", try client.send("POST", "/sessions", headers: [page]), 401),
            ("a body that cannot be framed", try client.send(
                "OPTIONS", "/sessions", headers: [page, ("Content-Length", "1"), ("Content-Length", "2")], body: [0x31]), 400),
            ("no route", try client.send("GET", "/nowhere", headers: [page]), 404),
            ("a route", try client.send("GET", "/healthz", headers: [page, ("X-Request-Id", "mine-1")]), 200),
        ]
        for (what, response, status) in answers {
            #expect(response.status == status, "\(what): \(response.text)")
            #expect(response.header("Access-Control-Allow-Origin") == "*", "\(what)")
            #expect(response.header("X-Request-Id")?.isEmpty == false, "\(what)")
        }
        #expect(answers.last?.1.header("X-Request-Id") == "mine-1", "a client's request id is echoed")
    }

    /// Each request counts once under its route's pattern and its status, refusals included, and none stays active.
    @Test func everyAnswerIsCountedOnce() throws {
        let client = try InProcessClient(store: .memory) { $0.apiKey = "sesame" }
        _ = try client.send("POST", "/sessions")
        _ = try client.send("POST", "/sessions", headers: [("Content-Length", "1"), ("Content-Length", "2")], body: [0x31])
        _ = try client.send("OPTIONS", "/sessions/x/press")
        let metrics = try client.send("GET", "/metrics").text
        let lines = Set(metrics.split(separator: "\n").map(String.init))
        for expected in [
            #"http_server_request_duration_seconds_count{http_request_method="POST",http_response_status_code="401",http_route="/sessions",url_scheme="http"} 1"#,
            #"http_server_request_duration_seconds_count{http_request_method="POST",http_response_status_code="400",http_route="/sessions",url_scheme="http"} 1"#,
            #"http_server_request_duration_seconds_count{http_request_method="OPTIONS",http_response_status_code="204",http_route="/sessions/{id}/press",url_scheme="http"} 1"#,
            #"http_server_active_requests{http_request_method="POST"} 0"#,
            #"http_server_active_requests{http_request_method="OPTIONS"} 0"#,
        ] {
            #expect(lines.contains(expected), "\(expected)")
        }
    }
}
