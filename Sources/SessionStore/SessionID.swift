import Glibc

/// A session identifier: 1 to 64 characters of `[A-Za-z0-9_-]`.
/// `description` is the id itself (for URLs); logs should use `shortHash`, since the id is the session's only secret.
public struct SessionID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    /// 64-bit FNV-1a of the id, computed once: cheap to spread ids over lock shards. Not for hash tables, where a
    /// client choosing ids (PUT) could make them collide; those hash `rawValue` with the seeded hasher.
    @usableFromInline let spread: UInt64

    public init?(_ rawValue: String) {
        let checked = rawValue.utf8.withContiguousStorageIfAvailable { Self.spread(ofValid: $0) }
        guard let spread = checked ?? Self.spread(ofValid: rawValue.utf8) else { return nil }
        self.rawValue = rawValue
        self.spread = spread
    }

    public static func == (lhs: SessionID, rhs: SessionID) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The FNV-1a hash of an id's bytes, or nil when they are not an id. One pass both checks and hashes: every
    /// request naming a session makes its id.
    private static func spread(ofValid bytes: some Collection<UInt8>) -> UInt64? {
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
        // Its alphabet is the id's, so the check cannot fail.
        guard let id = SessionID(withUnsafeBytes(of: &bits, base64URL)) else { preconditionFailure("base64url made an invalid id") }
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

    /// The base64url digit of the low six bits (RFC 4648 §5), worked out rather than looked up in a table: the table
    /// was a global reached on every digit.
    private static func digit(_ sextet: UInt32) -> UInt8 {
        let value = UInt8(truncatingIfNeeded: sextet & 63)
        switch value {
        case 0..<26: return UInt8(ascii: "A") + value
        case 26..<52: return UInt8(ascii: "a") + (value - 26)
        case 52..<62: return UInt8(ascii: "0") + (value - 52)
        case 62: return UInt8(ascii: "-")
        default: return UInt8(ascii: "_")
        }
    }

    /// Base64url without padding.
    static func base64URL(_ bytes: UnsafeRawBufferPointer) -> String {
        let tail = bytes.count % 3
        let length = bytes.count / 3 * 4 + (tail == 0 ? 0 : tail + 1)
        return String(unsafeUninitializedCapacity: length) { out in
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
}
