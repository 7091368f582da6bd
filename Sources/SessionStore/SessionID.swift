import Glibc

/// A session identifier: 1 to 64 characters of `[A-Za-z0-9_-]`.
/// `description` is the id itself (for URLs); logs should use `shortHash`, since the id is the session's only secret.
public struct SessionID: Hashable, Sendable, CustomStringConvertible {
    /// Ids of up to 24 bytes, which include the 22 of `random()`, are kept in three words rather than a String: a
    /// String of more than 15 bytes is an allocation for every request that names a session, and the memory store
    /// hashes and compares the id on every lookup. Longer ids (a client may PUT up to 64 characters) stay text. An
    /// id's length alone decides its form, so equal ids always have the same one.
    @usableFromInline
    enum Storage: Hashable, Sendable {
        /// The bytes in order, zero-padded, and their count.
        case inline(UInt64, UInt64, UInt64, count: UInt8)
        case text(String)
    }

    private static let inlineCapacity = 3 * MemoryLayout<UInt64>.size

    @usableFromInline let storage: Storage
    /// 64-bit FNV-1a of the id, computed once: cheap to spread ids over lock shards. Not for hash tables, where a
    /// client choosing ids (PUT) could make them collide; those hash the id with the seeded hasher.
    @usableFromInline let spread: UInt64

    public init?(_ text: String) {
        var text = text
        guard let id = text.withUTF8({ SessionID(utf8: $0) }) else { return nil }
        self = id
    }

    /// From bytes lent by their owner (a path), without first making a String of them.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let spread = Self.spread(ofValid: bytes) else { return nil }
        self.spread = spread
        if bytes.count <= Self.inlineCapacity {
            var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
            storage = .inline(words.0, words.1, words.2, count: UInt8(bytes.count))
        } else {
            storage = .text(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The id as text; for a short id this makes a String, so hot paths use `withUTF8` instead.
    public var rawValue: String {
        if case .text(let text) = storage { return text }
        return withUTF8 { String(decoding: $0, as: UTF8.self) }
    }

    /// The id's bytes (ASCII), lent for the call. Inlinable, so that it is specialized for its caller's closure:
    /// generic across the module boundary, its result went through run-time metadata (a create spent 1.3k
    /// instructions making its Location path).
    @inlinable
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch storage {
        case let .inline(first, second, third, count):
            var words = (first, second, third)
            return try withUnsafeBytes(of: &words) { raw in
                try raw.withMemoryRebound(to: UInt8.self) { try body(UnsafeBufferPointer(rebasing: $0.prefix(Int(count)))) }
            }
        case .text(var text):
            return try text.withUTF8(body)
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

    /// The FNV-1a hash of an id's bytes, or nil when they are not an id. One pass both checks and hashes: every
    /// request naming a session makes its id.
    private static func spread(ofValid bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard (1...64).contains(bytes.count) else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            guard isAllowed(byte) else { return nil }
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// 128 bits from the system CSPRNG (glibc's `arc4random_buf`, over getrandom; it cannot fail), base64url
    /// without padding: 22 characters. One call for all 16 bytes, where SystemRandomNumberGenerator makes one per 8.
    public static func random() -> SessionID {
        var bits = (UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &bits) { buffer in
            if let start = buffer.baseAddress { arc4random_buf(start, buffer.count) }
        }
        // Written on the stack, not as a String of 22 bytes (an allocation). Its alphabet is the id's, so the check
        // cannot fail.
        let id = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: inlineCapacity) { out in
            let written = withUnsafeBytes(of: &bits) { base64URL($0, into: out) }
            return SessionID(utf8: UnsafeBufferPointer(rebasing: out[..<written]))
        }
        guard let id else { preconditionFailure("base64url made an invalid id") }
        return id
    }

    /// 8 hex characters of a 64-bit FNV-1a hash: stable across processes so log lines correlate, and 32 bits of a
    /// 128-bit id cannot be turned back into the id.
    public var shortHash: String {
        let folded = UInt32(truncatingIfNeeded: spread ^ (spread >> 32))
        let hex = String(folded, radix: 16)
        return String(repeating: "0", count: 8 - hex.utf8.count) + hex
    }

    public var description: String { rawValue }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// The base64url digit of the low six bits (RFC 4648 §5), from a literal: a constant in the binary, where an
    /// array would be a global reached through a lazy initialization check on every digit.
    private static func digit(_ sextet: UInt32) -> UInt8 {
        let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        return alphabet.utf8Start[Int(sextet & 63)]
    }

    /// Base64url without padding.
    static func base64URL(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: base64URLCount(bytes.count)) { base64URL(bytes, into: $0) }
    }

    private static func base64URLCount(_ byteCount: Int) -> Int {
        let tail = byteCount % 3
        return byteCount / 3 * 4 + (tail == 0 ? 0 : tail + 1)
    }

    /// Writes the base64url digits of `bytes` to the start of `out`, which has room for them; returns their count.
    private static func base64URL(_ bytes: UnsafeRawBufferPointer, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        precondition(out.count >= base64URLCount(bytes.count))
        var written = 0
        func emit(_ sextet: UInt32) {
            out[written] = digit(sextet)
            written += 1
        }
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            emit(chunk >> 18)
            emit(chunk >> 12)
            emit(chunk >> 6)
            emit(chunk)
            index += 3
        }
        let tail = bytes.count - index
        if tail > 0 {
            let second = tail == 2 ? UInt32(bytes[index + 1]) : 0
            let chunk = UInt32(bytes[index]) << 16 | second << 8
            emit(chunk >> 18)
            emit(chunk >> 12)
            if tail == 2 { emit(chunk >> 6) }
        }
        return written
    }
}
