import CalculatorEngine
import Metrics
import Synchronization

/// What the service counts. Requests are counted here, in atomics (`RouteMetrics`), and rendered by
/// `writeRequestMetrics`; the rest goes through swift-metrics, whose backend the executable chooses (Prometheus).
/// Label values come from small fixed sets (route patterns, not paths), so the series stay few.
final class ServiceMetrics: Sendable {
    /// Busiest routes first: found by comparing labels in turn, which for the label the router hands back (the very
    /// string registered) is a pointer comparison, cheaper than hashing the label for a dictionary.
    private let routeMetrics: [RouteMetrics]
    private let unmatchedMetrics: RouteMetrics
    /// Indexed by `Key.rawValue`: a press should not pay for hashing its key to find its counter.
    private let presses: [Counter?]
    /// Indexed by `StoreOperation.index`: a press should not pay for hashing to find its counter.
    private let storeOperations: [Counter]
    private let storeErrors = Mutex<[String: Counter]>([:])
    private let rateLimited: [String: Counter]
    let liveSessions = Gauge(label: "calculator_sessions_live")
    /// Clients following sessions (GET /sessions/{id}/events) on this instance.
    private let watchers = Gauge(label: "calculator_session_watchers")
    private let droppedWatchers = Counter(label: "calculator_session_watchers_dropped_total")
    private let refusedWatchers: [String: Counter]

    static let routes = [
        "/", "/web/{file}", "/healthz", "/readyz", "/metrics", "/keys", "/openapi.yaml", "/sessions", "/sessions/{id}",
        "/sessions/{id}/press", "/sessions/{id}/display", "/sessions/{id}/history", "/sessions/{id}/events", "unmatched",
    ]

    init() {
        let created = Self.routes.map { RouteMetrics(route: $0) }
        let busiest = ["/sessions/{id}/press", "/sessions/{id}/display", "/sessions/{id}", "/sessions"]
        routeMetrics = created.filter { busiest.contains($0.route) }.sorted { busiest.firstIndex(of: $0.route)! < busiest.firstIndex(of: $1.route)! }
            + created.filter { !busiest.contains($0.route) }
        unmatchedMetrics = created.first { $0.route == "unmatched" }!
        let kindCounters = Dictionary(uniqueKeysWithValues: Set(KeyCatalog.all.map(\.kind)).map {
            ($0, Counter(label: "calculator_key_presses_total", dimensions: [("kind", $0.rawValue)]))
        })
        var presses = [Counter?](repeating: nil, count: Int(UInt8.max) + 1)
        for info in KeyCatalog.all {
            if let key = Key(name: info.name) { presses[Int(key.rawValue)] = kindCounters[info.kind] }
        }
        self.presses = presses
        storeOperations = StoreOperation.allCases.map {
            Counter(label: "calculator_store_operations_total", dimensions: [("operation", $0.rawValue)])
        }
        rateLimited = Dictionary(uniqueKeysWithValues: ["presses", "sessions"].map {
            ($0, Counter(label: "calculator_rate_limited_total", dimensions: [("limit", $0)]))
        })
        refusedWatchers = Dictionary(uniqueKeysWithValues: ["session", "client"].map {
            ($0, Counter(label: "calculator_session_watchers_refused_total", dimensions: [("limit", $0)]))
        })
    }

    /// `route` is one of `routes`; any other label counts as "unmatched".
    func request(route: String, method: String, status: Int, nanoseconds: Int64) {
        for index in routeMetrics.indices where routeMetrics[index].route == route {
            routeMetrics[index].record(method: method, status: status, nanoseconds: nanoseconds)
            return
        }
        unmatchedMetrics.record(method: method, status: status, nanoseconds: nanoseconds)
    }

    /// `http_requests_total` and `http_server_request_duration_seconds` in Prometheus's text format (0.0.4), to be
    /// served after the swift-metrics backend's exposition, which holds neither.
    func writeRequestMetrics(into text: inout String) {
        let ordered = Self.routes.compactMap { route in routeMetrics.first { $0.route == route } }
        text += "# TYPE http_requests_total counter\n"
        for route in ordered { route.writeCounters(into: &text) }
        text += "# TYPE http_server_request_duration_seconds histogram\n"
        for route in ordered { route.writeHistogram(into: &text) }
    }

    func pressed(_ key: Key) { presses[Int(key.rawValue)]?.increment() }

    func storeOperation(_ operation: StoreOperation) { storeOperations[operation.index].increment() }

    func storeError(_ name: String, _ error: String) {
        let key = name + " " + error
        let counter = storeErrors.withLock { counters in
            if let counter = counters[key] { return counter }
            let counter = Counter(label: "calculator_store_errors_total", dimensions: [("operation", name), ("error", error)])
            counters[key] = counter
            return counter
        }
        counter.increment()
    }

    func rateLimited(_ limit: String) { rateLimited[limit]?.increment() }

    /// Clients following sessions here now.
    func watching(_ count: Int) { watchers.record(count) }

    /// A watcher too slow to take its events was dropped.
    func watcherDropped() { droppedWatchers.increment() }

    /// A watcher was refused by the limit of a session's watchers ("session") or of a client's ("client").
    func watcherRefused(_ limit: String) { refusedWatchers[limit]?.increment() }
}

/// What the service asks of its session store, as counted in `calculator_store_operations_total`.
enum StoreOperation: String, CaseIterable {
    case create, get, update, delete

    /// The position in `allCases`.
    var index: Int {
        switch self {
        case .create: 0
        case .get: 1
        case .update: 2
        case .delete: 3
        }
    }
}

/// The request metrics of one route, in atomics rather than swift-metrics: behind a `Timer`, swift-prometheus's
/// histogram takes a lock and walks every bucket on each request, and the per-status counters would need a lock and
/// a scan. Here a request costs a bucket search and
/// three relaxed atomic adds; the `write` methods render them in Prometheus's text format when `/metrics` is read.
private final class RouteMetrics: Sendable {
    /// Upper bounds of the duration buckets in nanoseconds, then their `le` labels (and +Inf). Requests take tens of
    /// microseconds: the usual buckets (from 5 ms) would put them all in the first one.
    private static let bucketBounds: [Int64] = [
        50_000, 100_000, 250_000, 500_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000, 50_000_000, 250_000_000,
        1_000_000_000,
    ]
    private static let bucketLabels = [
        "0.00005", "0.0001", "0.00025", "0.0005", "0.001", "0.002", "0.005", "0.01", "0.05", "0.25", "1.0", "+Inf",
    ]
    private static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other"]
    /// Room for more method and status pairs than a route meets: 8 methods by the few statuses this service sends.
    private static let slots = 128

    let route: String
    /// Requests per duration bucket, the last one above every bound; made cumulative when rendered.
    private let buckets: InlineArray<12, Atomic<UInt64>> = InlineArray { _ in Atomic(0) }
    private let nanoseconds = Atomic<UInt64>(0)
    /// Request counters by method and status, in an open-addressing table whose slots are claimed by a
    /// compare-and-exchange of their key (`method << 10 | status`, plus one: 0 marks a free slot). A pair's series
    /// appears once it has occurred: one per status that never occurred would be noise.
    private let keys: InlineArray<128, Atomic<UInt32>> = InlineArray { _ in Atomic(0) }
    private let counts: InlineArray<128, Atomic<UInt64>> = InlineArray { _ in Atomic(0) }
    /// Requests whose pair found no free slot: none unless the table is too small, which this would show.
    private let unslotted = Atomic<UInt64>(0)

    init(route: String) {
        self.route = route
    }

    func record(method: String, status: Int, nanoseconds elapsed: Int64) {
        var bucket = 0
        while bucket < Self.bucketBounds.count, elapsed > Self.bucketBounds[bucket] { bucket += 1 }
        buckets[bucket].wrappingAdd(1, ordering: .relaxed)
        nanoseconds.wrappingAdd(UInt64(clamping: elapsed), ordering: .relaxed)

        let key = UInt32(Self.methodIndex(method) << 10 | (status & 0x3FF)) + 1
        var slot = Int((key &* 2_654_435_761) >> 25) % Self.slots
        for _ in 0..<Self.slots {
            var found = keys[slot].load(ordering: .relaxed)
            if found == 0 {
                let (claimed, original) = keys[slot].compareExchange(expected: 0, desired: key, ordering: .relaxed)
                found = claimed ? key : original
            }
            if found == key {
                counts[slot].wrappingAdd(1, ordering: .relaxed)
                return
            }
            slot = (slot + 1) % Self.slots
        }
        unslotted.wrappingAdd(1, ordering: .relaxed)
    }

    /// This route's `http_requests_total` samples, by method, then status.
    func writeCounters(into text: inout String) {
        var series: [(key: UInt32, count: UInt64)] = []
        for slot in 0..<Self.slots {
            let key = keys[slot].load(ordering: .relaxed)
            if key != 0 { series.append((key, counts[slot].load(ordering: .relaxed))) }
        }
        for (key, count) in series.sorted(by: { $0.key < $1.key }) {
            let method = Self.methods[Int((key - 1) >> 10)]
            text += "http_requests_total{route=\"\(route)\",method=\"\(method)\",status=\"\((key - 1) & 0x3FF)\"} \(count)\n"
        }
        let lost = unslotted.load(ordering: .relaxed)
        if lost > 0 { text += "http_requests_total{route=\"\(route)\",method=\"other\",status=\"other\"} \(lost)\n" }
    }

    /// This route's `http_server_request_duration_seconds` samples. The count is the last cumulative bucket, so the
    /// two agree even while requests are being recorded.
    func writeHistogram(into text: inout String) {
        var cumulative: UInt64 = 0
        for bucket in Self.bucketLabels.indices {
            cumulative &+= buckets[bucket].load(ordering: .relaxed)
            text += "http_server_request_duration_seconds_bucket{route=\"\(route)\",le=\"\(Self.bucketLabels[bucket])\"} \(cumulative)\n"
        }
        let seconds = Double(nanoseconds.load(ordering: .relaxed)) / 1e9
        text += "http_server_request_duration_seconds_sum{route=\"\(route)\"} \(seconds)\n"
        text += "http_server_request_duration_seconds_count{route=\"\(route)\"} \(cumulative)\n"
    }

    /// Methods outside the fixed set share "other", so a client cannot add series by inventing methods.
    private static func methodIndex(_ method: String) -> Int {
        switch method {
        case "GET": 0
        case "HEAD": 1
        case "POST": 2
        case "PUT": 3
        case "PATCH": 4
        case "DELETE": 5
        case "OPTIONS": 6
        default: 7
        }
    }
}
