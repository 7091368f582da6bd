import HTTPServer

/// Every path the service answers, by its pattern: the one list the router's registrations name, the metrics label
/// requests by (one `http_route` series each) and openapi.yaml's paths are checked against.
enum Route: String, CaseIterable, Sendable {
    case page = "/"
    case webFile = "/web/{file}"
    case healthz = "/healthz"
    case readyz = "/readyz"
    case metrics = "/metrics"
    case keys = "/keys"
    case openAPI = "/openapi.yaml"
    case sessions = "/sessions"
    case session = "/sessions/{id}"
    case press = "/sessions/{id}/press"
    case display = "/sessions/{id}/display"
    case history = "/sessions/{id}/history"
    case events = "/sessions/{id}/events"
    case evaluate = "/evaluate"
    case units = "/units"
    case convert = "/convert"
    case dateDifference = "/dates/difference"
    case dateAdd = "/dates/add"

    /// The routes whose requests are most of the traffic, first where a label is looked up by comparing in turn.
    static let busiest: [Route] = [.press, .display, .session, .sessions]
}

extension Router {
    mutating func add(_ method: String, _ route: Route, _ handler: @escaping Handler) {
        add(method, route.rawValue, handler)
    }
}
