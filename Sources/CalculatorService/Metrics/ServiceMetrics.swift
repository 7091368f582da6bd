import CalculatorEngine
import Glibc
import Synchronization

/// What the service counts, in atomics, rendered in Prometheus's text format when /metrics is read
/// (`ServiceMetrics+Exposition.swift`). Names and labels follow OpenTelemetry's HTTP conventions as Prometheus exposes
/// them. Label values come from small fixed sets (route patterns, not paths), so the series stay few; recording
/// anything is a few relaxed atomic adds found by index, never by a String hashed per request.
final class ServiceMetrics: Sendable {
    /// The route label of a request no route took.
    static let unmatched = "unmatched"
    /// Every route label, in the order /metrics lists them: each route's pattern, then `unmatched`.
    static let routes = Route.allCases.map(\.rawValue) + [unmatched]

    /// The store's kind ("memory", "sqlite", "redis"), the `store` label of its operations.
    let store: String
    /// Busiest routes first, each with its index in `routes`: found by comparing labels in turn, which for the label
    /// the router hands back (the very string registered) is a pointer comparison, cheaper than hashing the label.
    private let routeIndices: [(label: String, index: Int)]
    private let unmatchedIndex: Int
    let requestDurations = RequestDurations()
    /// Requests begun and not yet answered, by `RequestMethod`.
    let activeRequests: InlineArray<8, Atomic<Int64>> = InlineArray { _ in Atomic(0) }
    /// By `StoreOperation.index`.
    let storeOperations: InlineArray<4, LatencyHistogram> = InlineArray { _ in LatencyHistogram() }
    /// By `StoreOperation.index` times the `StoreErrorKind`s.
    let storeErrors: InlineArray<12, Atomic<UInt64>> = InlineArray { _ in Atomic(0) }
    /// The kinds of keys in the order /metrics lists them, and each key's kind's index there (255: none), indexed by
    /// `Key.rawValue`: a press should not pay for hashing its key to find its counter.
    let keyKinds: [KeyKind]
    private let kindOfKey: [UInt8]
    let presses: InlineArray<16, Atomic<UInt64>> = InlineArray { _ in Atomic(0) }
    /// By `rateLimits`.
    let rateLimited: InlineArray<2, Atomic<UInt64>> = InlineArray { _ in Atomic(0) }
    static let rateLimits = ["presses", "sessions"]
    /// Clients following sessions (GET /sessions/{id}/events) on this instance, and those dropped for being too slow.
    let watchers = Atomic<Int64>(0)
    let droppedWatchers = Atomic<UInt64>(0)
    /// By `watcherLimits`: new watchers refused by the limit of a session's watchers or of a client's.
    let refusedWatchers: InlineArray<2, Atomic<UInt64>> = InlineArray { _ in Atomic(0) }
    static let watcherLimits = ["session", "client"]
    /// By `LongWorkKind`: requests whose work was handed to long work.
    let longWork: InlineArray<2, Atomic<UInt64>> = InlineArray { _ in Atomic(0) }

    init(store: String) {
        self.store = store
        let busiest = Route.busiest.map(\.rawValue)
        let ordered = busiest + Self.routes.filter { !busiest.contains($0) }
        routeIndices = ordered.map { ($0, Self.routes.firstIndex(of: $0)!) }
        unmatchedIndex = Self.routes.firstIndex(of: Self.unmatched)!
        var kinds: [KeyKind] = []
        var kindOfKey = [UInt8](repeating: .max, count: Int(UInt8.max) + 1)
        for info in KeyCatalog.all {
            if !kinds.contains(info.kind) { kinds.append(info.kind) }
            if let key = Key(name: info.name) { kindOfKey[Int(key.rawValue)] = UInt8(kinds.firstIndex(of: info.kind)!) }
        }
        precondition(kinds.count <= 16, "room for 16 kinds of keys in `presses`")
        keyKinds = kinds
        self.kindOfKey = kindOfKey
    }

    // MARK: Requests

    func requestStarted(_ method: RequestMethod) {
        activeRequests[Int(method.rawValue)].wrappingAdd(1, ordering: .relaxed)
    }

    /// Records a request that `requestStarted` began. `route` is one of `routes`; any other label counts as
    /// "unmatched". `isHTTPS`: the client's scheme was https (behind a trusted proxy that says so).
    func requestFinished(route: String, method: RequestMethod, status: Int, isHTTPS: Bool = false, nanoseconds: Int64) {
        activeRequests[Int(method.rawValue)].wrappingSubtract(1, ordering: .relaxed)
        requestDurations.record(route: routeIndex(route), method: method, status: status, isHTTPS: isHTTPS, nanoseconds: nanoseconds)
    }

    private func routeIndex(_ label: String) -> Int {
        for entry in routeIndices where entry.label == label { return entry.index }
        return unmatchedIndex
    }

    // MARK: The store

    /// Records an operation from `started` (`ServiceMetrics.now()` when the store was called) to now.
    func storeOperation(_ operation: StoreOperation, since started: Int64) {
        storeOperations[operation.index].record(nanoseconds: Self.now() - started)
    }

    func storeError(_ operation: StoreOperation, _ kind: StoreErrorKind) {
        storeErrors[operation.index * StoreErrorKind.allCases.count + Int(kind.rawValue)].wrappingAdd(1, ordering: .relaxed)
    }

    // MARK: Presses and limits

    func pressed(_ key: Key) {
        let kind = kindOfKey[Int(key.rawValue)]
        if kind != .max { presses[Int(kind)].wrappingAdd(1, ordering: .relaxed) }
    }

    /// `limit` is one of `rateLimits`.
    func rateLimited(_ limit: String) {
        if let index = Self.rateLimits.firstIndex(of: limit) { rateLimited[index].wrappingAdd(1, ordering: .relaxed) }
    }

    /// A request's work was handed to long work (`LongWork`), off the event loops.
    func handedToLongWork(_ kind: LongWorkKind) {
        longWork[Int(kind.rawValue)].wrappingAdd(1, ordering: .relaxed)
    }

    // MARK: Watchers

    /// Clients following sessions here now.
    func watching(_ count: Int) { watchers.store(Int64(count), ordering: .relaxed) }

    /// A watcher too slow to take its events was dropped.
    func watcherDropped() { droppedWatchers.wrappingAdd(1, ordering: .relaxed) }

    /// A watcher was refused by one of `watcherLimits`: that of a session's watchers or of a client's.
    func watcherRefused(_ limit: String) {
        if let index = Self.watcherLimits.firstIndex(of: limit) { refusedWatchers[index].wrappingAdd(1, ordering: .relaxed) }
    }

    /// The clock `ContinuousClock` reads (CLOCK_BOOTTIME), in nanoseconds: read directly, a duration is one
    /// subtraction, where a `Duration` takes a 128-bit division to become the nanoseconds the metrics record.
    static func now() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}

/// What the service asks of its session store, the `operation` label of
/// `calculator_store_operation_duration_seconds` and `calculator_store_errors_total`.
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

/// Why a store operation failed, the `error` label of `calculator_store_errors_total`: the store unreachable, a write
/// it did not confirm in time (it may or may not have been made), or any other failure.
enum StoreErrorKind: UInt8, CaseIterable {
    case unavailable, outcomeUnknown, failure

    var label: String {
        switch self {
        case .unavailable: "unavailable"
        case .outcomeUnknown: "outcome_unknown"
        case .failure: "failure"
        }
    }
}

/// What long work is given: a press's check and change, or a one-shot evaluation.
enum LongWorkKind: UInt8, CaseIterable {
    case press, evaluate

    var label: String {
        switch self {
        case .press: "press"
        case .evaluate: "evaluate"
        }
    }
}
