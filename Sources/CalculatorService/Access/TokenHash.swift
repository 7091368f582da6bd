/// The SHA-256 of a session token, which is all the session keeps of it: a stolen store holds no token that works.
/// Four words, so that a comparison is four XORs and no early exit.
struct TokenHash: Sendable, Equatable {
    let words: (UInt64, UInt64, UInt64, UInt64)

    init(words: (UInt64, UInt64, UInt64, UInt64)) {
        self.words = words
    }

    /// Whether the two hashes are equal, in time that does not depend on where they differ.
    func matches(_ other: TokenHash) -> Bool {
        ((words.0 ^ other.words.0) | (words.1 ^ other.words.1) | (words.2 ^ other.words.2) | (words.3 ^ other.words.3)) == 0
    }

    static func == (lhs: TokenHash, rhs: TokenHash) -> Bool {
        lhs.matches(rhs)
    }

    /// The digest's 32 bytes in order.
    func forEachByte(_ body: (UInt8) -> Void) {
        for word in [words.0, words.1, words.2, words.3] {
            for shift in stride(from: 0, to: 64, by: 8) { body(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
    }

    /// The digest's 32 bytes in order.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        forEachByte { bytes.append($0) }
        return bytes
    }

    /// The hash from its 32 bytes, as `forEachByte` gives them.
    init(bytes next: () throws -> UInt8) rethrows {
        func word() throws -> UInt64 {
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) { value |= UInt64(try next()) << UInt64(shift) }
            return value
        }
        words = (try word(), try word(), try word(), try word())
    }
}
