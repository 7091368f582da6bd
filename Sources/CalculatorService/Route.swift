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
    case data = "/sessions/{id}/data"
    case events = "/sessions/{id}/events"
    case tokens = "/sessions/{id}/tokens"
    case token = "/sessions/{id}/tokens/{tokenId}"
    case streamTickets = "/sessions/{id}/stream-tickets"
    case evaluate = "/evaluate"
    case units = "/units"
    case convert = "/convert"
    case dateDifference = "/dates/difference"
    case dateAdd = "/dates/add"

    /// The routes whose requests are most of the traffic, first where a label is looked up by comparing in turn.
    static let busiest: [Route] = [.press, .display, .session, .sessions]

    /// The least scope a session token needs for `method` here; nil for a route that is no session's. Reading a
    /// session needs a viewer's token, changing it an owner's; its tokens are the owner's to list; a stream ticket is a
    /// viewer's to ask for. A PUT that creates the session needs no token (it answers with the owner's), one that finds
    /// it reads it.
    func scope(for method: String) -> AccessScope? {
        let reads = method == "GET" || method == "HEAD"
        switch self {
        case .session where method == "PUT": return .viewer
        case .session, .press, .display, .history, .events, .data: return reads ? .viewer : .owner
        case .tokens, .token: return .owner
        case .streamTickets: return .viewer
        case .page, .webFile, .healthz, .readyz, .metrics, .keys, .openAPI, .sessions, .evaluate, .units, .convert,
            .dateDifference, .dateAdd:
            return nil
        }
    }
}

extension Router {
    mutating func add(_ method: String, _ route: Route, _ handler: @escaping Handler) {
        add(method, route.rawValue, handler)
    }
}
