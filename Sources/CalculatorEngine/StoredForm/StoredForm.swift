import Bytes

/// Writes the compact binary stored form: unsigned integers as LEB128 varints, signed ones zigzag-encoded, strings
/// as a varint byte count and their UTF-8, doubles as their 8 IEEE bytes (little-endian).
///
/// Why binary and not hand-written JSON: nothing reads these bytes but this code, a length-prefixed field needs
/// no escaping when written and no scanning when read, and a strict reader is a few bounds checks instead of a
/// tokenizer. Numbers go in as their exact text forms (`Number.encoded`), so the form is exact and does not depend
/// on GMP's or MPFR's internal layout.
public struct StoredFormWriter: ~Copyable {
    private var buffer: ByteBuffer

    public init(capacity: Int = 256) {
        buffer = ByteBuffer(capacity: capacity)
    }

    /// What was written so far.
    public var bytes: [UInt8] { buffer.bytes }

    public mutating func byte(_ value: UInt8) {
        buffer.append(value)
    }

    public mutating func bool(_ value: Bool) {
        byte(value ? 1 : 0)
    }

    public mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            buffer.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        buffer.append(UInt8(rest))
    }

    public mutating func signed(_ value: Int) {
        let wide = Int64(value)
        unsigned(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    public mutating func double(_ value: Double) {
        var bits = value.bitPattern
        for _ in 0..<8 {
            buffer.append(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    public mutating func string(_ value: String) {
        unsigned(UInt64(value.utf8.count))
        buffer.append(value)
    }

    /// nil as a 0 length, a string as its length + 1: one byte cheaper than a flag and a string.
    public mutating func optionalString(_ value: String?) {
        guard let value else {
            byte(0)
            return
        }
        unsigned(UInt64(value.utf8.count) + 1)
        buffer.append(value)
    }

    /// A number as its exact text (`Number.encoded`), the same bytes `string` would write for that text.
    mutating func number(_ value: Number) {
        value.withEncodedBytes { lengthPrefixed($0) }
    }

    /// An optional number as `optionalString` would write its text.
    mutating func optionalNumber(_ value: Number?) {
        guard let value else {
            byte(0)
            return
        }
        value.withEncodedBytes { lengthPrefixed($0, lengthOffset: 1) }
    }

    /// Text as its length (plus `lengthOffset`, 1 for a present optional) and its UTF-8 bytes.
    private mutating func lengthPrefixed(_ utf8: some Collection<UInt8>, lengthOffset: UInt64 = 0) {
        unsigned(UInt64(utf8.count) + lengthOffset)
        buffer.append(contentsOf: utf8)
    }
}

/// Why stored bytes could not be read: truncated, malformed, or of an unknown format.
public struct StoredFormError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { "malformed stored form: \(reason)" }
}

/// Reads what `StoredFormWriter` wrote. Every read checks the bounds and throws `StoredFormError` on truncated or
/// malformed input, never traps; a length is checked against the bytes left before anything is allocated.
public struct StoredFormReader {
    private let bytes: ArraySlice<UInt8>
    private var position: Int
    /// Certified reals read so far, by their text (`number()`).
    var readReals: [String: Number] = [:]

    public init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.position = bytes.startIndex
    }

    public var remaining: Int { bytes.endIndex - position }

    public mutating func byte() throws -> UInt8 {
        guard position < bytes.endIndex else { throw StoredFormError("truncated") }
        defer { position += 1 }
        return bytes[position]
    }

    public mutating func bool() throws -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        case let other: throw StoredFormError("not a boolean: \(other)")
        }
    }

    public mutating func unsigned() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            let payload = UInt64(next & 0x7F)
            // The tenth byte may carry only the top bit of a 64-bit value.
            guard shift < 63 || (shift == 63 && payload <= 1) else { throw StoredFormError("varint too long") }
            value |= payload << shift
            if next & 0x80 == 0 { return value }
            shift += 7
        }
    }

    public mutating func signed() throws -> Int {
        let raw = try unsigned()
        let value = Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
        guard let result = Int(exactly: value) else { throw StoredFormError("integer out of range") }
        return result
    }

    /// A count of items each at least `minimumItemBytes` long, checked against the bytes left.
    public mutating func count(minimumItemBytes: Int = 1) throws -> Int {
        let value = try unsigned()
        guard value <= UInt64(remaining / max(1, minimumItemBytes)) else { throw StoredFormError("count \(value) beyond the data") }
        return Int(value)
    }

    public mutating func double() throws -> Double {
        guard remaining >= 8 else { throw StoredFormError("truncated") }
        var bits: UInt64 = 0
        for offset in 0..<8 { bits |= UInt64(bytes[position + offset]) << (8 * UInt64(offset)) }
        position += 8
        return Double(bitPattern: bits)
    }

    public mutating func string() throws -> String {
        try text(length: unsigned())
    }

    public mutating func optionalString() throws -> String? {
        let stored = try unsigned()
        return stored == 0 ? nil : try text(length: stored - 1)
    }

    private mutating func text(length: UInt64) throws -> String {
        guard length <= UInt64(remaining) else { throw StoredFormError("string of \(length) bytes beyond the data") }
        let end = position + Int(length)
        guard let text = String(validating: bytes[position..<end], as: UTF8.self) else { throw StoredFormError("invalid UTF-8") }
        position = end
        return text
    }

    /// Trailing bytes mean the data is not what the reader thinks it is.
    public func expectEnd() throws {
        guard remaining == 0 else { throw StoredFormError("\(remaining) unexpected trailing bytes") }
    }
}
