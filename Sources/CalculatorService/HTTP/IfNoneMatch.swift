import HTTPServer

/// An `If-None-Match` list (RFC 9110 §13.1.2): a read answers 304 without a body when the list names the current
/// entity tag, weak or strong alike (the weak comparison), or is `*`, so that a client that holds the current version
/// is not sent it again. A value that is no list of entity tags (`EntityTagList`) is ignored, as RFC 9110 §13.1.2
/// lets a server do: the client gets the whole response.
struct IfNoneMatch: Sendable {
    private let list: EntityTagList

    /// Nil without the header, or with one that is no list of entity tags.
    init?(_ header: String?) {
        guard let header, let list = EntityTagList(parsing: header) else { return nil }
        self.list = list
    }

    /// Whether the list names `tag`, an entity tag as the service writes it (`"7"`, or `W/"…"`).
    func names(_ tag: String) -> Bool {
        if list.isAny { return true }
        guard let own = EntityTagList(parsing: tag)?.tags.first else { return false }
        return list.tags.contains { $0.opaque == own.opaque }
    }
}

extension HeaderName {
    static let ifNoneMatch = HeaderName("If-None-Match")
}
