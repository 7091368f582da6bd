/// Bytes written a few at a time: the JSON replies, the stored form of a session, the numbers of a Redis record.
/// One growable buffer with the appends those writers need, and the one decimal writer they share.
///
/// The memory is its own, not an Array's: a reply is dozens of small appends, and an Array checks its uniqueness
/// and capacity and goes through generic copying on each. This file is the only one outside the C wrappers that
/// touches a pointer; nothing outside it sees one. The methods are `@inlinable` so that a writer in another module
/// gets them inlined.
public struct ByteBuffer: ~Copyable {
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var written = 0
    /// False while the memory is lent by `withTemporary`; growing moves the bytes to memory of its own.
    @usableFromInline var ownsMemory: Bool

    /// `capacity` is a hint: the buffer grows past it when needed.
    @inlinable
    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
        ownsMemory = true
    }

    @inlinable
    init(lending memory: UnsafeMutableBufferPointer<UInt8>) {
        start = memory.baseAddress!
        capacity = memory.count
        ownsMemory = false
    }

    deinit {
        if ownsMemory { start.deallocate() }
    }

    /// The stack memory `withTemporary` lends; a larger capacity is allocated.
    public static let temporaryCapacity = 512

    /// Gives `body` a buffer that starts in memory on the stack when `capacity` fits in `temporaryCapacity`: a
    /// reply whose bytes `body` returns as an Array then costs that Array's allocation only. `body` must not keep
    /// the buffer, or a writer holding it, past its return: the stack memory is gone then.
    @inlinable
    public static func withTemporary<Result>(capacity: Int, _ body: (consuming ByteBuffer) -> Result) -> Result {
        guard capacity <= temporaryCapacity else { return body(ByteBuffer(capacity: capacity)) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: temporaryCapacity) { memory in
            body(ByteBuffer(lending: memory))
        }
    }

    /// How many bytes were written.
    @inlinable
    public var count: Int { written }

    /// What was written so far.
    @inlinable
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: start, count: written))
    }

    /// What was written so far, as text (invalid UTF-8 is replaced); up to 15 bytes it is stored inline.
    @inlinable
    public var string: String {
        String(decoding: UnsafeBufferPointer(start: start, count: written), as: UTF8.self)
    }

    /// `value` in lowercase hexadecimal, zero-padded on the left to `digits` (without leading zeros by default, "0"
    /// for 0).
    @inlinable
    public mutating func appendHex(_ value: UInt64, digits minimum: Int = 1) {
        let digits = max(minimum, 1, (UInt64.bitWidth - value.leadingZeroBitCount + 3) / 4)
        reserve(digits)
        var rest = value
        for position in stride(from: written + digits - 1, through: written, by: -1) {
            let nibble = UInt8(truncatingIfNeeded: rest & 0xF)
            start[position] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            rest >>= 4
        }
        written += digits
    }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        reserve(1)
        start[written] = byte
        written += 1
    }

    /// The UTF-8 of a string constant (JSON member names and prepared fragments).
    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        guard text.hasPointerRepresentation else {
            text.withUTF8Buffer { append(copying: $0) }
            return
        }
        append(copying: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The UTF-8 of `text`.
    @inlinable
    public mutating func append(_ text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { append(copying: $0) }
        if copied == nil { append(text.utf8Span.span) }
    }

    /// The bytes written so far, lent to `body` for a C call that takes them (a log file's `write(2)`).
    @inlinable
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: start, count: written))
    }

    /// Whether a byte written at `offset` or after it satisfies `predicate`.
    @inlinable
    public func contains(from offset: Int, where predicate: (UInt8) -> Bool) -> Bool {
        for index in max(0, offset)..<written where predicate(start[index]) { return true }
        return false
    }

    /// Forgets the bytes written from `offset` on.
    @inlinable
    public mutating func removeAll(from offset: Int) {
        written = min(written, max(0, offset))
    }

    @inlinable
    public mutating func append(_ bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { append(copying: $0) }
    }

    @inlinable
    public mutating func append(contentsOf bytes: some Collection<UInt8>) {
        let copied: Void? = bytes.withContiguousStorageIfAvailable { append(copying: $0) }
        guard copied == nil else { return }
        reserve(bytes.count)
        for byte in bytes {
            start[written] = byte
            written += 1
        }
    }

    /// `value` in decimal, as `String(value)` writes it, zero-padded on the left to `width` digits.
    @inlinable
    public mutating func appendDecimal(_ value: UInt64, width: Int = 0) {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let length = max(width, digits)
        reserve(length)
        // Written from the last digit, then the zeros before the first.
        var index = written + length
        rest = value
        repeat {
            index -= 1
            start[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
        while index > written {
            index -= 1
            start[index] = UInt8(ascii: "0")
        }
        written += length
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
            digits += 1
            rest /= 10
        }
        for _ in 0..<max(0, width - digits - 1) { append(UInt8(ascii: "0")) }
        append(UInt8(ascii: "-"))
        appendDecimal(value.magnitude)
    }

    /// `value` in decimal, zero-padded on the left to `width` characters: `appendDecimal` into a temporary buffer.
    @inlinable
    public static func decimal(_ value: UInt64, width: Int = 0) -> [UInt8] {
        withTemporary(capacity: max(20, width)) { buffer in
            var buffer = buffer
            buffer.appendDecimal(value, width: width)
            return buffer.bytes
        }
    }

    @inlinable
    public static func decimal(_ value: Int64, width: Int = 0) -> [UInt8] {
        withTemporary(capacity: max(20, width)) { buffer in
            var buffer = buffer
            buffer.appendDecimal(value, width: width)
            return buffer.bytes
        }
    }

    /// Makes room for `extra` more bytes.
    @inlinable
    mutating func reserve(_ extra: Int) {
        if capacity - written < extra { grow(toHold: written + extra) }
    }

    @usableFromInline
    mutating func grow(toHold needed: Int) {
        let larger = max(needed, 2 * capacity)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: start, count: written)
        if ownsMemory { start.deallocate() }
        start = moved
        capacity = larger
        ownsMemory = true
    }

    @inlinable @inline(__always)
    mutating func append(copying bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        reserve(bytes.count)
        (start + written).initialize(from: base, count: bytes.count)
        written += bytes.count
    }
}

/// A buffer owns its memory alone (it cannot be copied), so moving it to another thread shares nothing: the log's
/// batches pass from the threads that log to the one that writes.
extension ByteBuffer: @unchecked Sendable {}
