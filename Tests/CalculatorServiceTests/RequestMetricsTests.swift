import Dispatch
import Testing

@testable import CalculatorService

/// The request counters and duration histograms the service keeps in atomics, as `/metrics` renders them.
@Suite struct RequestMetricsTests {
    /// The samples of `text` by name and labels, as a Prometheus text parser reads them.
    private static func samples(_ text: String) -> [String: Double] {
        var values: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                Issue.record("not a sample: \(line)")
                continue
            }
            values[String(line[..<space])] = value
        }
        return values
    }

    private static func rendered(_ metrics: ServiceMetrics) -> String {
        var text = ""
        metrics.writeRequestMetrics(into: &text)
        return text
    }

    @Test func countsByRouteMethodAndStatus() {
        let metrics = ServiceMetrics()
        metrics.request(route: "/sessions/{id}/press", method: "POST", status: 200, nanoseconds: 30_000)
        metrics.request(route: "/sessions/{id}/press", method: "POST", status: 200, nanoseconds: 30_000)
        metrics.request(route: "/sessions/{id}/press", method: "POST", status: 412, nanoseconds: 30_000)
        metrics.request(route: "/sessions", method: "POST", status: 201, nanoseconds: 30_000)
        metrics.request(route: "/sessions", method: "BREW", status: 405, nanoseconds: 30_000)
        metrics.request(route: "not a route", method: "GET", status: 404, nanoseconds: 30_000)
        let text = Self.rendered(metrics)
        let values = Self.samples(text)

        #expect(values[#"http_requests_total{route="/sessions/{id}/press",method="POST",status="200"}"#] == 2)
        #expect(values[#"http_requests_total{route="/sessions/{id}/press",method="POST",status="412"}"#] == 1)
        #expect(values[#"http_requests_total{route="/sessions",method="POST",status="201"}"#] == 1)
        #expect(values[#"http_requests_total{route="/sessions",method="other",status="405"}"#] == 1, "unknown methods share one label")
        #expect(values[#"http_requests_total{route="unmatched",method="GET",status="404"}"#] == 1, "other labels count as unmatched")
        #expect(values.keys.filter { $0.hasPrefix("http_requests_total") }.count == 5, "a series only for pairs that occurred")
        let types = text.split(separator: "\n").filter { $0.hasPrefix("# TYPE") }
        #expect(types == ["# TYPE http_requests_total counter", "# TYPE http_server_request_duration_seconds histogram"])
    }

    @Test func durationsFillCumulativeBuckets() {
        let metrics = ServiceMetrics()
        let route = "/sessions/{id}/display"
        // On a bound counts in that bucket (Prometheus's `le`); past the last bound only in +Inf.
        for nanoseconds: Int64 in [20_000, 50_000, 50_001, 3_000_000, 2_000_000_000] {
            metrics.request(route: route, method: "GET", status: 200, nanoseconds: nanoseconds)
        }
        let values = Self.samples(Self.rendered(metrics))
        func bucket(_ le: String) -> Double? {
            values["http_server_request_duration_seconds_bucket{route=\"\(route)\",le=\"\(le)\"}"]
        }
        #expect(bucket("0.00005") == 2)
        #expect(bucket("0.0001") == 3)
        #expect(bucket("0.002") == 3)
        #expect(bucket("0.005") == 4)
        #expect(bucket("1.0") == 4)
        #expect(bucket("+Inf") == 5)
        #expect(values["http_server_request_duration_seconds_count{route=\"\(route)\"}"] == 5)
        let sum = values["http_server_request_duration_seconds_sum{route=\"\(route)\"}"] ?? 0
        #expect(abs(sum - 2.003120001) < 1e-9)
        // Every route has its histogram from the start, with nothing in it.
        #expect(values["http_server_request_duration_seconds_count{route=\"/healthz\"}"] == 0)
    }

    /// Threads racing to claim the same counter slots lose no request.
    @Test func concurrentRequestsAreAllCounted() {
        let metrics = ServiceMetrics()
        let statuses = [200, 201, 204, 400, 404, 409, 412, 413, 415, 422, 429, 500, 503]
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<2_000 {
                metrics.request(
                    route: "/sessions/{id}", method: ["GET", "PUT", "PATCH", "DELETE"][index % 4],
                    status: statuses[(index + thread) % statuses.count], nanoseconds: Int64(index) * 1_000)
            }
        }
        let values = Self.samples(Self.rendered(metrics))
        let counted = values.filter { $0.key.hasPrefix(#"http_requests_total{route="/sessions/{id}""#) }
        #expect(counted.values.reduce(0, +) == 16_000)
        #expect(counted.count == 4 * statuses.count)
        #expect(values[#"http_server_request_duration_seconds_count{route="/sessions/{id}"}"#] == 16_000)
    }
}
