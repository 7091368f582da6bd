/// An `If-Match` precondition (RFC 9110 §13.1.1): `*`, or a list of entity tags compared strongly with the session's
/// ETag `"<version>"`. Weak tags and tags this service never issued match nothing, so the request is refused with 412
/// and changes nothing. A value that is neither is refused with 400: a mismatch would tell the client its ETag is
/// stale when the header itself is wrong (a percent-encoded `%221%22`, say, or an unquoted `1`).
struct IfMatch: Equatable {
    /// No header, or `*`: any existing session.
    let admitsAny: Bool
    private let versions: Set<UInt64>

    init(parsing header: String?) throws(Problem) {
        guard let header, !Self.isAsterisk(header.utf8[...]) else {
            admitsAny = true
            versions = []
            return
        }
        admitsAny = false
        var versions = Set<UInt64>()
        var rest = header.utf8[...]
        while true {
            // Empty list elements are allowed (RFC 9110 §5.6.1.2).
            rest = rest.drop(while: { $0 == UInt8(ascii: ",") || Self.isSpace($0) })
            guard !rest.isEmpty else { break }
            let isWeak = rest.starts(with: "W/".utf8)
            if isWeak { rest = rest.dropFirst(2) }
            guard rest.first == UInt8(ascii: "\""),
                let close = rest.dropFirst().firstIndex(where: { !Self.isTagCharacter($0) }),
                rest[close] == UInt8(ascii: "\"")
            else { throw Self.unreadable }
            let opaque = rest[rest.index(after: rest.startIndex)..<close]
            if !isWeak, let version = Self.version(opaque) { versions.insert(version) }
            rest = rest[rest.index(after: close)...].drop(while: Self.isSpace)
            guard rest.isEmpty || rest.first == UInt8(ascii: ",") else { throw Self.unreadable }
        }
        self.versions = versions
    }

    func admits(_ version: UInt64) -> Bool { admitsAny || versions.contains(version) }

    private static let unreadable = Problem(
        .invalidRequest, "If-Match must be * or a list of entity tags such as \"7\" (quotes included, not percent-encoded)")

    private static func isAsterisk(_ value: Substring.UTF8View) -> Bool {
        value.drop(while: isSpace).reversed().drop(while: isSpace).elementsEqual([UInt8(ascii: "*")])
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// etagc: any visible character but the quote, and obs-text.
    private static func isTagCharacter(_ byte: UInt8) -> Bool { byte == 0x21 || (0x23...0x7E).contains(byte) || byte >= 0x80 }

    /// The version an ETag of this service carries: decimal digits only, as `Rendering.entityTag` writes them.
    private static func version(_ opaque: Substring.UTF8View) -> UInt64? {
        guard !opaque.isEmpty, opaque.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return UInt64(String(decoding: opaque, as: UTF8.self))
    }
}
