import Synchronization

/// `http_server_request_duration_seconds` by route, method, status and scheme: one histogram per combination that occurred,
/// in an open-addressing table whose slots are claimed by a compare-and-exchange of their key. Recording a request
/// is a hash of three small numbers, a probe or two, and a histogram's atomic adds: no lock, no allocation and no
/// String hashed. A combination's series appears once it has occurred: one per status that never occurred would be
/// noise.
final class RequestDurations: Sendable {
    /// Room for more combinations than the service meets: its routes by the few methods and statuses each answers.
    private static let slots = 256

    /// `route << 14 | https << 13 | method << 10 | status`, plus one (0 marks a free slot).
    private let keys: InlineArray<256, Atomic<UInt32>> = InlineArray { _ in Atomic(0) }
    private let histograms: InlineArray<256, LatencyHistogram> = InlineArray { _ in LatencyHistogram() }
    /// Requests whose combination found no free slot: none unless the table is too small, which this would show.
    private let unslotted = LatencyHistogram()

    /// `route` is an index into the route labels `write` is given.
    func record(route: Int, method: RequestMethod, status: Int, isHTTPS: Bool, nanoseconds: Int64) {
        let key = UInt32(truncatingIfNeeded: route << 14 | (isHTTPS ? 1 << 13 : 0) | Int(method.rawValue) << 10 | (status & 0x3FF)) &+ 1
        var slot = Int((key &* 2_654_435_761) >> 24) % Self.slots
        for _ in 0..<Self.slots {
            var found = keys[slot].load(ordering: .relaxed)
            if found == 0 {
                let (claimed, original) = keys[slot].compareExchange(expected: 0, desired: key, ordering: .relaxed)
                found = claimed ? key : original
            }
            if found == key {
                histograms[slot].record(nanoseconds: nanoseconds)
                return
            }
            slot = (slot + 1) % Self.slots
        }
        unslotted.record(nanoseconds: nanoseconds)
    }

    /// The samples, by route (in the order of `routes`), then scheme, method and status. A route labelled "unmatched"
    /// has no `http_route` label: OpenTelemetry sets none when no route matched. `url_scheme` is required by
    /// OpenTelemetry's `http.server.request.duration`.
    func write(_ name: String, routes: [String], into text: inout String) {
        var occupied: [(key: UInt32, slot: Int)] = []
        for slot in 0..<Self.slots {
            let key = keys[slot].load(ordering: .relaxed)
            if key != 0 { occupied.append((key, slot)) }
        }
        for (key, slot) in occupied.sorted(by: { $0.key < $1.key }) {
            let fields = key - 1
            let route = routes[Int(fields >> 14)]
            let method = RequestMethod(rawValue: UInt8((fields >> 10) & 0x7)) ?? .other
            var labels = "http_request_method=\"\(method.label)\",http_response_status_code=\"\(fields & 0x3FF)\""
            if route != ServiceMetrics.unmatched { labels += ",http_route=\"\(route)\"" }
            labels += fields & (1 << 13) != 0 ? ",url_scheme=\"https\"" : ",url_scheme=\"http\""
            histograms[slot].write(name, labels: labels, into: &text)
        }
        if !unslotted.isEmpty { unslotted.write(name, labels: "http_request_method=\"_OTHER\",url_scheme=\"http\"", into: &text) }
    }
}

/// A request's method as the metrics label it: OpenTelemetry's well-known methods that this service answers, and
/// `_OTHER` for the rest, so that a client cannot add series by inventing methods.
enum RequestMethod: UInt8, CaseIterable, Sendable {
    case get, head, post, put, patch, delete, options, other

    init(_ method: String) {
        switch method {
        case "GET": self = .get
        case "HEAD": self = .head
        case "POST": self = .post
        case "PUT": self = .put
        case "PATCH": self = .patch
        case "DELETE": self = .delete
        case "OPTIONS": self = .options
        default: self = .other
        }
    }

    var label: String {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .patch: "PATCH"
        case .delete: "DELETE"
        case .options: "OPTIONS"
        case .other: "_OTHER"
        }
    }
}
