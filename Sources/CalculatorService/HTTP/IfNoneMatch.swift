import HTTPServer

/// An `If-None-Match` list (RFC 9110 §13.1.2): a read answers 304 without a body when the list names the current
/// entity tag, weak or strong alike, or is `*`, so that a client that holds the current version is not sent it again.
struct IfNoneMatch: Sendable {
    let list: String

    /// Nil without the header.
    init?(_ header: String?) {
        guard let header else { return nil }
        list = header
    }

    func names(_ tag: String) -> Bool {
        list.split(separator: ",").contains { entry in
            var candidate = entry.trimmingSpaces()
            if candidate == "*" { return true }
            if candidate.hasPrefix("W/") { candidate.removeFirst(2) }
            return candidate == tag
        }
    }
}

extension HeaderName {
    static let ifNoneMatch = HeaderName("If-None-Match")
}
