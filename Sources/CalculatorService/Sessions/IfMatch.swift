/// An `If-Match` precondition (RFC 9110 §13.1.1): `*`, or a list of entity tags compared strongly with the session's
/// ETag `"<version>"`. Weak tags and tags this service never issued match nothing, so the request is refused with 412
/// and changes nothing. A value that is neither is refused with 400: a mismatch would tell the client its ETag is
/// stale when the header itself is wrong (a percent-encoded `%221%22`, say, or an unquoted `1`).
struct IfMatch: Equatable {
    /// No header, or `*`: any existing session.
    let admitsAny: Bool
    private let versions: Set<UInt64>

    init(parsing header: String?) throws(Problem) {
        guard let header else {
            admitsAny = true
            versions = []
            return
        }
        guard let list = EntityTagList(parsing: header) else { throw Self.unreadable }
        admitsAny = list.isAny
        versions = Set(list.tags.compactMap { $0.isWeak ? nil : Self.version($0.opaque.utf8) })
    }

    func admits(_ version: UInt64) -> Bool { admitsAny || versions.contains(version) }

    private static let unreadable = Problem(
        .invalidRequest, "If-Match must be * or a list of entity tags such as \"7\" (quotes included, not percent-encoded)")

    /// The version an ETag of this service carries: decimal digits only, as `Rendering.entityTag` writes them.
    private static func version(_ opaque: Substring.UTF8View) -> UInt64? {
        guard !opaque.isEmpty, opaque.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return UInt64(String(decoding: opaque, as: UTF8.self))
    }
}
