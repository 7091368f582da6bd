/// An `If-Match` precondition (RFC 9110 §13.1.1): `*`, or a list of entity tags compared strongly with the session's
/// ETag `"<version>"`. Weak tags, tags this service never issued and unparsable values match nothing, so the request
/// is refused with 412 and changes nothing.
struct IfMatch: Equatable {
    /// No header, or `*`: any existing session.
    let admitsAny: Bool
    private let versions: Set<UInt64>

    init(_ header: String?) {
        guard let header = header?.trimmingSpaces(), header != "*" else {
            admitsAny = true
            versions = []
            return
        }
        admitsAny = false
        var versions = Set<UInt64>()
        for tag in header.split(separator: ",") {
            let tag = tag.trimmingSpaces()
            if tag.count >= 3, tag.first == "\"", tag.last == "\"", let version = UInt64(tag.dropFirst().dropLast()) {
                versions.insert(version)
            }
        }
        self.versions = versions
    }

    func admits(_ version: UInt64) -> Bool { admitsAny || versions.contains(version) }
}
