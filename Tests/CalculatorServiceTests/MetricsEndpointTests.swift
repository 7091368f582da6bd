import Foundation
import TestSupport
import Testing

import CalculatorService

/// /metrics as the service serves it: request durations with OpenTelemetry's labels, store operations timed by store.
@Suite struct MetricsEndpointTests {
    @Test(arguments: TestStore.allCases) func requestsAndStoreOperationsAreCounted(_ store: TestStore) throws {
        let client = try InProcessClient(store: store)
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys":"1 + 2 ="}"#).status == 200)
        #expect(try client.send("GET", "/sessions/\(id)/display").status == 200)
        let metrics = try client.send("GET", "/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        let lines = Set(metrics.text.split(separator: "\n").map(String.init))
        let kind = store.rawValue
        for expected in [
            #"http_server_request_duration_seconds_count{http_request_method="POST",http_response_status_code="201",http_route="/sessions",url_scheme="http"} 1"#,
            #"http_server_request_duration_seconds_count{http_request_method="POST",http_response_status_code="200",http_route="/sessions/{id}/press",url_scheme="http"} 1"#,
            #"http_server_request_duration_seconds_count{http_request_method="GET",http_response_status_code="200",http_route="/sessions/{id}/display",url_scheme="http"} 1"#,
            #"http_server_active_requests{http_request_method="GET"} 1"#,
            #"http_server_active_requests{http_request_method="POST"} 0"#,
            "calculator_store_operation_duration_seconds_count{store=\"\(kind)\",operation=\"create\"} 1",
            "calculator_store_operation_duration_seconds_count{store=\"\(kind)\",operation=\"update\"} 1",
            "calculator_store_operation_duration_seconds_count{store=\"\(kind)\",operation=\"get\"} 1",
            #"calculator_key_presses_total{kind="digit"} 2"#,
            "calculator_build_info{version=\"\(CalculatorService.version)\"} 1",
        ] {
            #expect(lines.contains(expected), "\(expected)")
        }
    }
}
