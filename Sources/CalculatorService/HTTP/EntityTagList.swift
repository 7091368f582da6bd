/// The value of `If-Match` or `If-None-Match` (RFC 9110 §13.1.1, §13.1.2): `*`, or a comma-separated list of entity
/// tags (§8.8.3), each strong (`"7"`) or weak (`W/"7"`), empty list elements allowed. The one reader of entity tags: the
/// preconditions differ only in how they compare (`IfMatch` strongly, `IfNoneMatch` weakly).
struct EntityTagList: Equatable {
    struct Tag: Equatable {
        let isWeak: Bool
        /// The characters between the quotes.
        let opaque: Substring
    }

    /// `*`: any current representation.
    let isAny: Bool
    let tags: [Tag]

    /// Nil for a value that is neither `*` nor a list of entity tags (an unquoted `7`, a percent-encoded `%227%22`).
    init?(parsing header: String) {
        let value = header.utf8.drop(while: Self.isSpace)
        if value.reversed().drop(while: Self.isSpace).elementsEqual([UInt8(ascii: "*")]) {
            isAny = true
            tags = []
            return
        }
        var tags: [Tag] = []
        var rest = value
        while true {
            rest = rest.drop(while: { $0 == UInt8(ascii: ",") || Self.isSpace($0) })
            guard !rest.isEmpty else { break }
            let isWeak = rest.starts(with: "W/".utf8)
            if isWeak { rest = rest.dropFirst(2) }
            guard rest.first == UInt8(ascii: "\""),
                let close = rest.dropFirst().firstIndex(where: { !Self.isTagCharacter($0) }),
                rest[close] == UInt8(ascii: "\"")
            else { return nil }
            tags.append(Tag(isWeak: isWeak, opaque: Substring(rest[rest.index(after: rest.startIndex)..<close])))
            rest = rest[rest.index(after: close)...].drop(while: Self.isSpace)
            guard rest.isEmpty || rest.first == UInt8(ascii: ",") else { return nil }
        }
        isAny = false
        self.tags = tags
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// etagc: any visible character but the quote, and obs-text.
    private static func isTagCharacter(_ byte: UInt8) -> Bool { byte == 0x21 || (0x23...0x7E).contains(byte) || byte >= 0x80 }
}
