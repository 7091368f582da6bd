import Glibc

/// A session identifier: 1 to 64 characters of `[A-Za-z0-9_-]`.
/// `description` is the id itself (for URLs); logs should use `shortHash`, since the id is the session's only secret.
public struct SessionID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    /// 64-bit FNV-1a of the id, computed once: cheap to spread ids over lock shards. Not for hash tables, where a
    /// client choosing ids (PUT) could make them collide; those hash `rawValue` with the seeded hasher.
    @usableFromInline let spread: UInt64

    public init?(_ rawValue: String) {
        let count = rawValue.utf8.count
        guard (1...64).contains(count) else { return nil }
        let valid =
            rawValue.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy(SessionID.isAllowed) }
            ?? rawValue.utf8.allSatisfy(SessionID.isAllowed)
        guard valid else { return nil }
        self.init(unchecked: rawValue)
    }

    private init(unchecked rawValue: String) {
        self.rawValue = rawValue
        self.spread = Self.fnv1a(rawValue)
    }

    public static func == (lhs: SessionID, rhs: SessionID) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let done: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes { mix(byte) }
            return true
        }
        if done == nil {
            for byte in text.utf8 { mix(byte) }
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
        return withUnsafeBytes(of: &bits) { SessionID(unchecked: base64URL($0)) }
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

    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func base64URL(_ bytes: UnsafeRawBufferPointer) -> String {
        let length = bytes.count / 3 * 4 + [0, 2, 3][bytes.count % 3]
        return String(unsafeUninitializedCapacity: length) { out in
            var written = 0
            func emit(_ sextet: UInt32) {
                out[written] = alphabet[Int(sextet & 63)]
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
            let rest = bytes.count - index
            if rest > 0 {
                let second = rest == 2 ? UInt32(bytes[index + 1]) : 0
                let chunk = UInt32(bytes[index]) << 16 | second << 8
                emit(chunk >> 18)
                emit(chunk >> 12)
                if rest == 2 { emit(chunk >> 6) }
            }
            return written
        }
    }
}
