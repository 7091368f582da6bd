import CalculatorEngine
import Metrics
import Synchronization

/// What the service counts, through swift-metrics; the executable chooses the backend (Prometheus).
/// Label values come from small fixed sets (route patterns, not paths), so the series stay few.
final class ServiceMetrics: Sendable {
    private let requests = Mutex<[String: Counter]>([:])
    private let durations: [String: Timer]
    private let presses: [KeyKind: Counter]
    private let kinds: [Key: KeyKind]
    private let storeOperations: [String: Counter]
    private let storeErrors = Mutex<[String: Counter]>([:])
    private let rateLimited: [String: Counter]
    let liveSessions = Gauge(label: "calculator_sessions_live")

    static let routes = [
        "/", "/web/{file}", "/healthz", "/readyz", "/metrics", "/keys", "/openapi.yaml", "/sessions", "/sessions/{id}",
        "/sessions/{id}/press", "/sessions/{id}/display", "/sessions/{id}/history", "unmatched",
    ]
    static let storeOperationNames = ["create", "get", "update", "delete"]

    init() {
        durations = Dictionary(uniqueKeysWithValues: Self.routes.map {
            ($0, Timer(label: "http_server_request_duration_seconds", dimensions: [("route", $0)], preferredDisplayUnit: .seconds))
        })
        presses = Dictionary(uniqueKeysWithValues: Set(KeyCatalog.all.map(\.kind)).map {
            ($0, Counter(label: "calculator_key_presses_total", dimensions: [("kind", $0.rawValue)]))
        })
        kinds = Dictionary(uniqueKeysWithValues: KeyCatalog.all.compactMap { info in Key(name: info.name).map { ($0, info.kind) } })
        storeOperations = Dictionary(uniqueKeysWithValues: Self.storeOperationNames.map {
            ($0, Counter(label: "calculator_store_operations_total", dimensions: [("operation", $0)]))
        })
        rateLimited = Dictionary(uniqueKeysWithValues: ["presses", "sessions"].map {
            ($0, Counter(label: "calculator_rate_limited_total", dimensions: [("limit", $0)]))
        })
    }

    func request(route: String, method: String, status: Int, duration: Duration) {
        let key = "\(route) \(method) \(status)"
        let counter = requests.withLock { counters in
            if let counter = counters[key] { return counter }
            let counter = Counter(label: "http_requests_total", dimensions: [("route", route), ("method", method), ("status", String(status))])
            counters[key] = counter
            return counter
        }
        counter.increment()
        durations[route]?.recordInterval(duration)
    }

    func pressed(_ keys: [Key]) {
        for key in keys {
            if let kind = kinds[key] { presses[kind]?.increment() }
        }
    }

    func storeOperation(_ name: String) { storeOperations[name]?.increment() }

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

extension Timer {
    func recordInterval(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
