import Glibc

/// A request's header fields as received, in order; names compare case-insensitively (RFC 9110 §5.1).
///
/// Names and values are kept as bytes, back to back in one buffer: collecting a request's fields is a copy of their
/// bytes, and releasing them is nothing, where a `String` per name and value cost a validation or an allocation each,
/// and a release each (callgrind, with the request's buffers reused per connection: press 28.2k -> 27.7k
/// instructions, display 22.5k -> 22.2k). A value becomes a `String` only when it is looked up, and most lookups are
/// for fields a request does not have. Response headers stay `HTTPHeaders`: a response's buffer is new each time, and
/// growing and filling a byte buffer per response cost more than its Strings (tried: press +1k instructions).
public struct RequestHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (name: String, value: String)

    /// Each field as its name's and its value's length (32 bits each, little-endian), then the name, then the value,
    /// filled up to `byteCount`. One buffer, so adding a field checks one array's uniqueness, and emptying a spare
    /// buffer only resets the count, where an array's `removeAll` goes through a generic `replaceSubrange`.
    private var bytes: [UInt8] = []
    private var byteCount = 0
    public private(set) var count = 0
    /// One bit per name present, chosen by `presenceBit`: most lookups are for a field the request does not have,
    /// and this answers them without walking the fields.
    private var presence: UInt64 = 0

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    public init(_ elements: [(String, String)]) {
        for (name, value) in elements {
            var name = name, value = value
            name.withUTF8 { name in value.withUTF8 { value in append(name: UnsafeRawBufferPointer(name), value: UnsafeRawBufferPointer(value)) } }
        }
    }

    /// Adds a field as received.
    mutating func append(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        let nameCount = name.count, valueCount = value.count
        let start = byteCount
        let end = start + 8 + nameCount + valueCount
        if bytes.count < end { reserveCapacity(Swift.max(end, 2 * bytes.count)) }
        bytes.withUnsafeMutableBytes { bytes in
            let base = bytes.baseAddress! + start
            base.storeBytes(of: (UInt64(valueCount) << 32 | UInt64(nameCount)).littleEndian, as: UInt64.self)
            if nameCount > 0 { (base + 8).copyMemory(from: name.baseAddress!, byteCount: nameCount) }
            if valueCount > 0 { (base + 8 + nameCount).copyMemory(from: value.baseAddress!, byteCount: valueCount) }
        }
        byteCount = end
        count += 1
        presence |= Self.presenceBit(UnsafeBufferPointer(start: name.baseAddress?.assumingMemoryBound(to: UInt8.self), count: nameCount))
    }

    /// A bit chosen by the name's length and its first and last letters, case-insensitively.
    fileprivate static func presenceBit(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let first = name.first, let last = name.last else { return 1 }
        let mixed = name.count &* 31 &+ Int(first | 0x20) &* 7 &+ Int(last | 0x20)
        return 1 << UInt64(mixed & 63)
    }

    /// The value of the first field with this name: the lookup for names known when the code is written.
    public subscript(name: HeaderName) -> String? {
        var found: String?
        forEachValue(named: name.utf8, presenceBit: name.presenceBit) { value in
            found = Self.text(value)
            return false
        }
        return found
    }

    /// The value of the first field with this name.
    public subscript(name: String) -> String? {
        var found: String?
        forEachValue(named: name) { value in
            found = Self.text(value)
            return false
        }
        return found
    }

    /// Every value of the fields with this name, in order.
    public func values(_ name: String) -> [String] {
        var found: [String] = []
        forEachValue(named: name) { value in
            found.append(Self.text(value))
            return true
        }
        return found
    }

    public func makeIterator() -> Array<Element>.Iterator {
        var elements: [Element] = []
        walk { name, value in
            elements.append((Self.text(name), Self.text(value)))
            return true
        }
        return elements.makeIterator()
    }

    /// Each field's name and value, in order, lent to `body` until it returns false.
    private func walk(_ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Bool) {
        bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < byteCount {
                let (nameCount, valueCount) = Self.lengths(at: base + offset)
                let name = base + offset + 8
                offset += 8 + nameCount + valueCount
                let value = UnsafeBufferPointer(start: name + nameCount, count: valueCount)
                if !body(UnsafeBufferPointer(start: name, count: nameCount), value) { return }
            }
        }
    }

    /// The values of the fields with this name, in order, until `body` returns false. A lookup runs several times per
    /// request and mostly for a field the request does not have: `presence` answers those without a walk, and the
    /// walk compares names by length first.
    @inline(__always)
    private func forEachValue(named name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        guard presence != 0 else { return }
        let utf8 = name.utf8
        if utf8.withContiguousStorageIfAvailable({ forEachValue(named: $0, body) }) == nil {
            Array(utf8).withUnsafeBufferPointer { forEachValue(named: $0, body) }
        }
    }

    private func forEachValue(named wanted: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        forEachValue(named: wanted, presenceBit: Self.presenceBit(wanted), body)
    }

    /// `forEachValue(named:_:)` with the name's presence bit worked out already (`HeaderName`).
    private func forEachValue(
        named wanted: UnsafeBufferPointer<UInt8>, presenceBit: UInt64, _ body: (UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        guard presence & presenceBit != 0 else { return }
        walk { name, value in
            name.count != wanted.count || !Self.sameName(name, wanted) || body(value)
        }
    }

    /// The lengths of the name and the value of the field whose record starts here.
    private static func lengths(at record: UnsafePointer<UInt8>) -> (name: Int, value: Int) {
        let word = UInt64(littleEndian: UnsafeRawPointer(record).loadUnaligned(as: UInt64.self))
        return (Int(word & 0xFFFF_FFFF), Int(word >> 32))
    }

    /// True when two fields of this name carry different values.
    func hasDifferentValues(_ name: String) -> Bool {
        Set(values(name)).count > 1
    }

    /// Empties the fields and keeps the room. The bytes are zeroed: a connection's spare buffer holds nothing of the
    /// request it served (its header values may be credentials).
    mutating func removeAll() {
        guard byteCount > 0 else { return }
        let used = byteCount
        bytes.withUnsafeMutableBufferPointer { $0.baseAddress!.update(repeating: 0, count: used) }
        byteCount = 0
        count = 0
        presence = 0
    }

    /// Room for a header section of this many bytes without growing.
    mutating func reserveCapacity(_ capacity: Int) {
        if bytes.count < capacity { bytes.append(contentsOf: repeatElement(0, count: capacity - bytes.count)) }
    }

    /// ASCII case-insensitive equality of two names of one length; header names are tokens, so no Unicode case
    /// folding is needed.
    private static func sameName(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in 0..<a.count where !HTTPHeaders.sameLetter(a[index], b[index]) { return false }
        return true
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        commonText(bytes) ?? String(decoding: bytes, as: UTF8.self)
    }

    /// Values most requests carry that are longer than a `String` keeps inline (15 bytes), as string literals: no
    /// allocation, no UTF-8 validation.
    private static func commonText(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func matches(_ literal: StaticString) -> Bool {
            guard let start = bytes.baseAddress else { return false }
            return literal.utf8CodeUnitCount == bytes.count && memcmp(start, literal.utf8Start, bytes.count) == 0
        }
        switch bytes.count {
        case 16 where matches("application/json"): return "application/json"
        case 31 where matches("application/json; charset=utf-8"): return "application/json; charset=utf-8"
        default: return nil
        }
    }
}

/// A header field name prepared for lookups in `RequestHeaders`: its bytes and its presence bit are worked out once,
/// where a lookup by `String` measured the name, and retained and released it, on every call (a request makes
/// several, mostly for fields it does not have: callgrind, press -0.3k instructions).
public struct HeaderName: Sendable {
    private let name: StaticString
    let presenceBit: UInt64

    public init(_ name: StaticString) {
        precondition(name.hasPointerRepresentation && name.utf8CodeUnitCount > 0, "a header name is a non-empty literal")
        self.name = name
        presenceBit = RequestHeaders.presenceBit(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// The name's bytes, in the binary's constant data.
    var utf8: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount) }

    public static let accept = HeaderName("Accept")
    public static let accessControlRequestHeaders = HeaderName("Access-Control-Request-Headers")
    public static let authorization = HeaderName("Authorization")
    public static let contentType = HeaderName("Content-Type")
    public static let ifMatch = HeaderName("If-Match")
    public static let origin = HeaderName("Origin")
    public static let xForwardedFor = HeaderName("X-Forwarded-For")
}
