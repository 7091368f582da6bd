import CalculatorEngine
import Metrics
import Synchronization

/// What the service counts, through swift-metrics; the executable chooses the backend (Prometheus).
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

    static let routes = [
        "/", "/web/{file}", "/healthz", "/readyz", "/metrics", "/keys", "/openapi.yaml", "/sessions", "/sessions/{id}",
        "/sessions/{id}/press", "/sessions/{id}/display", "/sessions/{id}/history", "unmatched",
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
    }

    /// `route` is one of `routes`; any other label counts as "unmatched".
    func request(route: String, method: String, status: Int, nanoseconds: Int64) {
        for index in routeMetrics.indices where routeMetrics[index].route == route {
            routeMetrics[index].record(method: method, status: status, nanoseconds: nanoseconds)
            return
        }
        unmatchedMetrics.record(method: method, status: status, nanoseconds: nanoseconds)
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

/// The request metrics of one route: its duration histogram, and its request counters by method and status, each
/// made on first use (a series per status that never occurred would be noise) and found by an integer key. A route
/// sees a few methods and statuses, so the counters are a short list scanned in order, cheaper than hashing the key.
private final class RouteMetrics: Sendable {
    private static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other"]

    let route: String
    private let duration: Timer
    private let counters = Mutex<[(key: Int, counter: Counter)]>([])

    init(route: String) {
        self.route = route
        duration = Timer(label: "http_server_request_duration_seconds", dimensions: [("route", route)], preferredDisplayUnit: .seconds)
    }

    func record(method: String, status: Int, nanoseconds: Int64) {
        let methodIndex = Self.methodIndex(method)
        let key = methodIndex << 16 | (status & 0xFFFF)
        let counter = counters.withLock { counters in
            for index in counters.indices where counters[index].key == key { return counters[index].counter }
            let counter = Counter(
                label: "http_requests_total",
                dimensions: [("route", route), ("method", Self.methods[methodIndex]), ("status", String(status))])
            counters.append((key: key, counter: counter))
            return counter
        }
        counter.increment()
        duration.recordNanoseconds(nanoseconds)
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
