import Dispatch
import Testing

@testable import CalculatorService

/// The metrics the service keeps in atomics, as `/metrics` renders them.
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
        String(decoding: metrics.exposition(liveSessions: 3), as: UTF8.self)
    }

    private static func request(
        _ metrics: ServiceMetrics, _ route: String, _ method: String, _ status: Int, nanoseconds: Int64 = 30_000
    ) {
        metrics.requestStarted(RequestMethod(method))
        metrics.requestFinished(route: route, method: RequestMethod(method), status: status, nanoseconds: nanoseconds)
    }

    private static func count(_ route: String?, _ method: String, _ status: String) -> String {
        let routeLabel = route.map { #",http_route=""# + $0 + #"""# } ?? ""
        return #"http_server_request_duration_seconds_count{http_request_method=""# + method + #"",http_response_status_code=""#
            + status + #"""# + routeLabel + #",url_scheme="http"}"#
    }

    @Test func countsByRouteMethodAndStatus() {
        let metrics = ServiceMetrics(store: "memory")
        Self.request(metrics, "/sessions/{id}/press", "POST", 200)
        Self.request(metrics, "/sessions/{id}/press", "POST", 200)
        Self.request(metrics, "/sessions/{id}/press", "POST", 412)
        Self.request(metrics, "/sessions", "POST", 201)
        Self.request(metrics, "/sessions", "BREW", 405)
        Self.request(metrics, "not a route", "GET", 404)
        let values = Self.samples(Self.rendered(metrics))

        #expect(values[Self.count("/sessions/{id}/press", "POST", "200")] == 2)
        #expect(values[Self.count("/sessions/{id}/press", "POST", "412")] == 1)
        #expect(values[Self.count("/sessions", "POST", "201")] == 1)
        #expect(values[Self.count("/sessions", "_OTHER", "405")] == 1, "unknown methods share OpenTelemetry's _OTHER")
        #expect(values[Self.count(nil, "GET", "404")] == 1, "other labels count as unmatched, which has no route label")
        #expect(values.keys.filter { $0.hasPrefix("http_server_request_duration_seconds_count") }.count == 5,
                "a series only for combinations that occurred")
    }

    @Test func durationsFillCumulativeBuckets() {
        let metrics = ServiceMetrics(store: "memory")
        let route = "/sessions/{id}/display"
        // On a bound counts in that bucket (Prometheus's `le`); past the last bound only in +Inf.
        for nanoseconds: Int64 in [20_000, 50_000, 50_001, 3_000_000, 2_000_000_000] {
            Self.request(metrics, route, "GET", 200, nanoseconds: nanoseconds)
        }
        let values = Self.samples(Self.rendered(metrics))
        let labels = #"http_request_method="GET",http_response_status_code="200",http_route=""# + route + #"",url_scheme="http""#
        func bucket(_ le: String) -> Double? {
            values["http_server_request_duration_seconds_bucket{\(labels),le=\"\(le)\"}"]
        }
        #expect(bucket("0.00001") == 0)
        #expect(bucket("0.000025") == 1)
        #expect(bucket("0.00005") == 2)
        #expect(bucket("0.0001") == 3)
        #expect(bucket("0.002") == 3)
        #expect(bucket("0.005") == 4)
        #expect(bucket("1.0") == 4)
        #expect(bucket("+Inf") == 5)
        #expect(values["http_server_request_duration_seconds_count{\(labels)}"] == 5)
        let sum = values["http_server_request_duration_seconds_sum{\(labels)}"] ?? 0
        #expect(abs(sum - 2.003120001) < 1e-9)
        // A route that has had no request has no series yet.
        #expect(!values.keys.contains { $0.contains(#"http_route="/healthz""#) })
    }

    /// Threads racing to claim the same slots lose no request.
    @Test func concurrentRequestsAreAllCounted() {
        let metrics = ServiceMetrics(store: "memory")
        let statuses = [200, 201, 204, 400, 404, 409, 412, 413, 415, 422, 429, 500, 503]
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<2_000 {
                Self.request(
                    metrics, "/sessions/{id}", ["GET", "PUT", "PATCH", "DELETE"][index % 4], statuses[(index + thread) % statuses.count],
                    nanoseconds: Int64(index) * 1_000)
            }
        }
        let values = Self.samples(Self.rendered(metrics))
        let counted = values.filter {
            $0.key.hasPrefix("http_server_request_duration_seconds_count{") && $0.key.contains(#"http_route="/sessions/{id}""#)
        }
        #expect(counted.values.reduce(0, +) == 16_000)
        #expect(counted.count == 4 * statuses.count)
        #expect(values.filter { $0.key.hasPrefix("http_server_active_requests") }.values.allSatisfy { $0 == 0 })
    }

    @Test func activeRequestsCountWhatHasBegunAndNotFinished() {
        let metrics = ServiceMetrics(store: "memory")
        metrics.requestStarted(.post)
        metrics.requestStarted(.post)
        metrics.requestStarted(.get)
        metrics.requestFinished(route: "/sessions", method: .post, status: 201, nanoseconds: 1_000)
        let values = Self.samples(Self.rendered(metrics))
        #expect(values[#"http_server_active_requests{http_request_method="POST"}"#] == 1)
        #expect(values[#"http_server_active_requests{http_request_method="GET"}"#] == 1)
        #expect(values[#"http_server_active_requests{http_request_method="DELETE"}"#] == 0)
    }

    @Test func storeOperationsAreTimedByStoreAndOperation() {
        let metrics = ServiceMetrics(store: "sqlite")
        metrics.storeOperation(.update, since: ServiceMetrics.now())
        metrics.storeOperation(.update, since: ServiceMetrics.now() - 3_000_000)
        metrics.storeOperation(.get, since: ServiceMetrics.now())
        metrics.storeError(.update, .unavailable)
        metrics.storeError(.create, .outcomeUnknown)
        let values = Self.samples(Self.rendered(metrics))
        let update = #"store="sqlite",operation="update""#
        #expect(values["calculator_store_operation_duration_seconds_count{\(update)}"] == 2)
        // The update begun 3 ms before is above 2 ms; the other is wherever the machine's pauses put it (the buckets'
        // bounds are durationsFillCumulativeBuckets's).
        #expect((values["calculator_store_operation_duration_seconds_bucket{\(update),le=\"0.002\"}"] ?? 2) <= 1)
        #expect((values["calculator_store_operation_duration_seconds_sum{\(update)}"] ?? 0) >= 0.003)
        #expect(values[#"calculator_store_operation_duration_seconds_count{store="sqlite",operation="get"}"#] == 1)
        #expect(values[#"calculator_store_operation_duration_seconds_count{store="sqlite",operation="delete"}"#] == 0)
        #expect(values[#"calculator_store_errors_total{store="sqlite",operation="update",error="unavailable"}"#] == 1)
        #expect(values[#"calculator_store_errors_total{store="sqlite",operation="get",error="failure"}"#] == 0)
        // A write the store did not confirm is counted apart (it was counted nowhere before).
        #expect(values[#"calculator_store_errors_total{store="sqlite",operation="create",error="outcome_unknown"}"#] == 1)
    }

    @Test func everyFamilyHasHelpAndTypeBeforeItsSamples() {
        let metrics = ServiceMetrics(store: "memory")
        Self.request(metrics, "/sessions", "POST", 201)
        metrics.rateLimited("presses")
        let text = Self.rendered(metrics)
        var described: [String: (help: Bool, type: String?)] = [:]
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ", maxSplits: 3)
            if line.hasPrefix("# HELP ") {
                #expect(words.count == 4 && !words[3].isEmpty, "\(line)")
                described[String(words[2]), default: (false, nil)].help = true
            } else if line.hasPrefix("# TYPE ") {
                described[String(words[2]), default: (false, nil)].type = String(words[3])
            } else {
                let name = String(line.prefix { $0 != "{" && $0 != " " })
                let family = described.keys.first { name == $0 || (described[$0]?.type == "histogram" && name.hasPrefix($0 + "_")) }
                #expect(family.map { described[$0]?.help == true && described[$0]?.type != nil } == true, "\(name) has HELP and TYPE")
            }
        }
        let values = Self.samples(text)
        #expect(values["calculator_build_info{version=\"\(CalculatorService.version)\"}"] == 1)
        #expect(values["calculator_sessions_live"] == 3)
        #expect(values[#"calculator_rate_limited_total{limit="presses"}"#] == 1)
        #expect((values["process_resident_memory_bytes"] ?? 0) > 0)
        #expect((values["process_open_fds"] ?? 0) > 0)
        #expect(values["process_cpu_seconds_total"] != nil)
        #expect((values["process_start_time_seconds"] ?? 0) > 1_600_000_000)
    }
}
