/// Bytes written one field at a time: the JSON replies, the stored form of a session, the numbers of a Redis record.
/// A growable array with the few appends those writers need and the one decimal writer they share.
///
/// The methods are `@inlinable` so that a writer in another module gets them specialized and inlined: a reply is
/// dozens of small appends.
public struct ByteBuffer: Sendable {
    @usableFromInline
    var storage: [UInt8]

    /// What was written so far.
    @inlinable
    public var bytes: [UInt8] { storage }

    /// `capacity` is a hint: the buffer grows past it when needed.
    @inlinable
    public init(capacity: Int = 256) {
        storage = []
        storage.reserveCapacity(capacity)
    }

    @inlinable
    public var count: Int { storage.count }

    @inlinable
    public mutating func append(_ byte: UInt8) {
        storage.append(byte)
    }

    /// The UTF-8 of a string constant (JSON member names and prepared fragments).
    @inlinable
    public mutating func append(_ text: StaticString) {
        // A constant's UTF-8 is lent as a buffer; `append(contentsOf:)` copies it whole.
        text.withUTF8Buffer { storage.append(contentsOf: $0) }
    }

    /// The UTF-8 of `text`.
    @inlinable
    public mutating func append(_ text: String) {
        storage.append(contentsOf: text.utf8)
    }

    @inlinable
    public mutating func append(contentsOf other: some Collection<UInt8>) {
        storage.append(contentsOf: other)
    }

    /// `value` in decimal, as `String(value)` writes it, zero-padded on the left to `width` digits.
    @inlinable
    public mutating func appendDecimal(_ value: UInt64, width: Int = 0) {
        // The power of ten of the leading digit, found with the number of digits.
        var divisor: UInt64 = 1
        var digits = 1
        while value / divisor >= 10 {
            divisor &*= 10
            digits &+= 1
        }
        if width > digits {
            for _ in digits..<width { storage.append(UInt8(ascii: "0")) }
        }
        while divisor > 0 {
            storage.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / divisor % 10))
            divisor /= 10
        }
    }

    /// `value` in decimal, as `String(value)` writes it (a minus sign first when negative), zero-padded on the left
    /// to `width` characters.
    @inlinable
    public mutating func appendDecimal(_ value: Int64, width: Int = 0) {
        guard value < 0 else {
            appendDecimal(UInt64(value), width: width)
            return
        }
        var digits = 1
        var rest = value.magnitude / 10
        while rest > 0 {
            digits &+= 1
            rest /= 10
        }
        if width > digits + 1 {
            for _ in (digits + 1)..<width { storage.append(UInt8(ascii: "0")) }
        }
        storage.append(UInt8(ascii: "-"))
        appendDecimal(value.magnitude)
    }

    /// `value` in decimal, zero-padded on the left to `width` characters: `appendDecimal` into a buffer of its own.
    @inlinable
    public static func decimal(_ value: UInt64, width: Int = 0) -> [UInt8] {
        var buffer = ByteBuffer(capacity: max(20, width))
        buffer.appendDecimal(value, width: width)
        return buffer.bytes
    }

    @inlinable
    public static func decimal(_ value: Int64, width: Int = 0) -> [UInt8] {
        var buffer = ByteBuffer(capacity: max(20, width))
        buffer.appendDecimal(value, width: width)
        return buffer.bytes
    }
}
