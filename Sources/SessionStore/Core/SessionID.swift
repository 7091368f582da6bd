/// A session identifier: 1 to 64 characters of `[A-Za-z0-9_-]`.
/// `description` is the id itself (for URLs); logs never show it (`SessionLogHash`), since the id may be the session's only secret.
public struct SessionID: Hashable, Sendable, CustomStringConvertible {
    /// Ids of up to 24 bytes, which include the 22 of `random()`, are kept in three words rather than a String: a
    /// String of more than 15 bytes is an allocation for every request that names a session, and the memory store
    /// hashes and compares the id on every lookup. Longer ids (a client may PUT up to 64 characters) stay text. An
    /// id's length alone decides its form, so equal ids always have the same one.
    @usableFromInline
    enum Storage: Hashable, Sendable {
        /// The bytes in order, eight to a word from its low byte up, zero-padded, and their count.
        case inline(UInt64, UInt64, UInt64, count: UInt8)
        case text(String)
    }

    @usableFromInline static var inlineCapacity: Int { 24 }

    @usableFromInline let storage: Storage
    /// A fixed hash of the id, computed once: cheap to spread ids over lock shards or a filter's buckets. Not for hash
    /// tables, where a client choosing ids (PUT) could make them collide; those hash the id with the seeded hasher.
    public let spread: UInt64

    public init?(_ text: String) {
        let utf8 = text.utf8
        self.init(utf8: utf8.span)
    }

    /// From bytes lent by their owner (a path), without first making a String of them. One pass checks the bytes
    /// and packs or hashes them: every request naming a session makes its id.
    public init?(utf8 bytes: Span<UInt8>) {
        guard (1...64).contains(bytes.count) else { return nil }
        if bytes.count <= Self.inlineCapacity {
            var words = InlineArray<3, UInt64>(repeating: 0)
            for index in bytes.indices {
                let byte = bytes[index]
                guard Self.isAllowed(byte) else { return nil }
                words[index >> 3] |= UInt64(byte) << (UInt64(index & 7) << 3)
            }
            spread = Self.spread(words[0], words[1], words[2])
            storage = .inline(words[0], words[1], words[2], count: UInt8(bytes.count))
        } else {
            // 64-bit FNV-1a.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for index in bytes.indices {
                let byte = bytes[index]
                guard Self.isAllowed(byte) else { return nil }
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            spread = hash
            storage = .text(Self.text(ofASCII: bytes))
        }
    }

    /// A short id's words mixed into one (multiply and xor-shift, as SplitMix64 finishes): the same in every process.
    private static func spread(_ first: UInt64, _ second: UInt64, _ third: UInt64) -> UInt64 {
        func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
            let mixed = (hash ^ word) &* 0xbf58_476d_1ce4_e5b9
            return mixed ^ (mixed >> 31)
        }
        return mix(mix(mix(0x9e37_79b9_7f4a_7c15, first), second), third) &* 0x94d0_49bb_1331_11eb
    }

    /// The id as text; for a short id this makes a String, so hot paths use `withUTF8` instead.
    public var rawValue: String {
        if case .text(let text) = storage { return text }
        return withUTF8(Self.text(ofASCII:))
    }

    /// The text of bytes that are all ASCII (an id's are, once checked).
    private static func text(ofASCII bytes: Span<UInt8>) -> String {
        var text = ""
        text.reserveCapacity(bytes.count)
        for index in bytes.indices { text.unicodeScalars.append(Unicode.Scalar(bytes[index])) }
        return text
    }

    /// The id's bytes (ASCII), lent for the call. Inlinable, so that it is specialized for its caller's closure.
    @inlinable
    public func withUTF8<Result>(_ body: (Span<UInt8>) throws -> Result) rethrows -> Result {
        switch storage {
        case let .inline(first, second, third, count):
            #if _endian(little)
            // The words hold the bytes in memory order: their bytes are the id's, with no copy byte by byte.
            let words: InlineArray<3, UInt64> = [first, second, third]
            return try body(Span<UInt8>(_bytes: words.span.bytes).extracting(0..<Int(count)))
            #else
            let bytes = InlineArray<24, UInt8> { index in
                UInt8(truncatingIfNeeded: (index < 8 ? first : index < 16 ? second : third) >> (UInt64(index & 7) << 3))
            }
            return try body(bytes.span.extracting(0..<Int(count)))
            #endif
        case .text(let text):
            let utf8 = text.utf8
            return try body(utf8.span)
        }
    }

    /// The id's bytes in an array of their own.
    @usableFromInline var bytes: [UInt8] {
        withUTF8 { span in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(span.count)
            for index in span.indices { bytes.append(span[index]) }
            return bytes
        }
    }

    public var utf8Count: Int {
        switch storage {
        case .inline(_, _, _, let count): Int(count)
        case .text(let text): text.utf8.count
        }
    }

    public static func == (lhs: SessionID, rhs: SessionID) -> Bool { lhs.spread == rhs.spread && lhs.storage == rhs.storage }

    /// A short id's three words alone: the zeros that pad a shorter id are no id's character, so they tell its length.
    public func hash(into hasher: inout Hasher) {
        switch storage {
        case let .inline(first, second, third, _):
            hasher.combine(first)
            hasher.combine(second)
            hasher.combine(third)
        case .text(let text):
            hasher.combine(text)
        }
    }

    /// 128 bits from the system's random source, base64url without padding: 22 characters, written on the stack
    /// rather than as a String of 22 bytes (an allocation).
    public static func random() -> SessionID {
        var generator = SystemRandomNumberGenerator()
        let high: UInt64 = generator.next(), low: UInt64 = generator.next()
        let bits = InlineArray<16, UInt8> { index in UInt8(truncatingIfNeeded: (index < 8 ? high : low) >> (UInt64(index & 7) * 8)) }
        var digits = InlineArray<22, UInt8>(repeating: 0)
        var count = 0
        forEachBase64URLDigit(of: bits.span) { digit in
            digits[count] = digit
            count += 1
        }
        // The alphabet is the id's, so the check cannot fail.
        guard let id = SessionID(utf8: digits.span) else { preconditionFailure("base64url made an invalid id") }
        return id
    }

    public var description: String { rawValue }

    /// `[A-Za-z0-9_-]`, as two bit masks: bit n of `low` is byte n, bit n of `high` byte 64 + n.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        let low: UInt64 = 0x03FF_2000_0000_0000  // '-', '0'...'9'
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE  // 'A'...'Z', '_', 'a'...'z'
        return byte < 64 ? (low >> byte) & 1 != 0 : byte < 128 && (high >> (byte - 64)) & 1 != 0
    }

    /// The base64url digit of the low six bits (RFC 4648 §5).
    private static func digit(_ sextet: UInt32) -> UInt8 {
        let value = UInt8(truncatingIfNeeded: sextet & 63)
        switch value {
        case 0..<26: return UInt8(ascii: "A") + value
        case 26..<52: return UInt8(ascii: "a") + value - 26
        case 52..<62: return UInt8(ascii: "0") + value - 52
        case 62: return UInt8(ascii: "-")
        default: return UInt8(ascii: "_")
        }
    }

    /// Base64url without padding.
    public static func base64URL(_ bytes: Span<UInt8>) -> String {
        var text = ""
        forEachBase64URLDigit(of: bytes) { text.unicodeScalars.append(Unicode.Scalar($0)) }
        return text
    }

    /// Calls `emit` with each base64url digit of `bytes`, in order, without padding.
    private static func forEachBase64URLDigit(of bytes: Span<UInt8>, _ emit: (UInt8) -> Void) {
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            emit(digit(chunk >> 18))
            emit(digit(chunk >> 12))
            emit(digit(chunk >> 6))
            emit(digit(chunk))
            index += 3
        }
        let tail = bytes.count - index
        if tail > 0 {
            let second = tail == 2 ? UInt32(bytes[index + 1]) : 0
            let chunk = UInt32(bytes[index]) << 16 | second << 8
            emit(digit(chunk >> 18))
            emit(digit(chunk >> 12))
            if tail == 2 { emit(digit(chunk >> 6)) }
        }
    }
}
