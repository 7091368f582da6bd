/// A request's header fields as received, in order; names compare case-insensitively (RFC 9110 §5.1).
///
/// Names and values are kept as bytes, back to back in one buffer: collecting a request's fields is a copy of their
/// bytes, and a value becomes a `String` only when it is looked up (most lookups are for fields a request does not
/// have). Response headers are `HTTPHeaders`: a response is made of Strings the responder already has.
public struct RequestHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (name: String, value: String)

    /// Where one field's name and value lie in `bytes`.
    private struct Field: Sendable {
        let name: Range<Int>
        let value: Range<Int>
    }

    private var bytes: [UInt8] = []
    private var fields: [Field] = []
    /// One bit per name present, chosen by `presenceBit`: most lookups are for a field the request does not have,
    /// and this answers them without walking the fields.
    private var presence: UInt64 = 0

    public var count: Int { fields.count }

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    public init(_ elements: [(String, String)]) {
        for (name, value) in elements { append(name: name.utf8, value: value.utf8) }
    }

    /// Adds a field as received.
    mutating func append(name: some Collection<UInt8>, value: some Collection<UInt8>) {
        let nameStart = bytes.count
        bytes.append(contentsOf: name)
        let valueStart = bytes.count
        bytes.append(contentsOf: value)
        fields.append(Field(name: nameStart..<valueStart, value: valueStart..<bytes.count))
        presence |= Self.presenceBit(bytes.span.extracting(nameStart..<valueStart))
    }

    /// A bit chosen by the name's length and its first and last letters, case-insensitively.
    static func presenceBit(_ name: Span<UInt8>) -> UInt64 {
        guard !name.isEmpty else { return 1 }
        let mixed = name.count &* 31 &+ Int(name[0] | 0x20) &* 7 &+ Int(name[name.count - 1] | 0x20)
        return 1 << UInt64(mixed & 63)
    }

    /// The value of the first field with this name: the lookup for names known when the code is written.
    public subscript(name: HeaderName) -> String? {
        firstValue(named: name.utf8.span, presenceBit: name.presenceBit)
    }

    /// Lends the bytes of the first field with this name to `body`, where they lie (a credential is read without a
    /// copy); nil when there is none.
    public func withValue<Result>(_ name: HeaderName, _ body: (Span<UInt8>) -> Result) -> Result? {
        guard presence & name.presenceBit != 0 else { return nil }
        let bytes = self.bytes.span, fields = self.fields.span
        for index in fields.indices where bytes.extracting(fields[index].name).hasSameLetters(as: name.utf8.span) {
            return body(bytes.extracting(fields[index].value))
        }
        return nil
    }

    /// The value of the first field with this name.
    public subscript(name: String) -> String? {
        let name = Array(name.utf8)
        return firstValue(named: name.span, presenceBit: Self.presenceBit(name.span))
    }

    /// Every value of the fields with this name, in order.
    public func values(_ name: String) -> [String] {
        let name = Array(name.utf8)
        return fields.indices.filter { bytes.span.extracting(fields[$0].name).hasSameLetters(as: name.span) }.map { text(fields[$0].value) }
    }

    public func makeIterator() -> Array<Element>.Iterator {
        fields.map { (text($0.name), text($0.value)) }.makeIterator()
    }

    private func firstValue(named name: Span<UInt8>, presenceBit: UInt64) -> String? {
        guard presence & presenceBit != 0 else { return nil }
        let bytes = self.bytes.span, fields = self.fields.span
        for index in fields.indices where bytes.extracting(fields[index].name).hasSameLetters(as: name) {
            return text(fields[index].value)
        }
        return nil
    }

    /// True when two fields of this name carry different values.
    func hasDifferentValues(_ name: String) -> Bool {
        Set(values(name)).count > 1
    }

    /// Empties the fields and keeps the room. The bytes are zeroed: a connection's spare buffer holds nothing of the
    /// request it served (its header values may be credentials).
    mutating func removeAll() {
        guard !fields.isEmpty else { return }
        var zeroed = bytes.mutableSpan
        zeroed.update(repeating: 0)
        bytes.removeAll(keepingCapacity: true)
        fields.removeAll(keepingCapacity: true)
        presence = 0
    }

    /// Room for a header section of this many bytes and fields without growing.
    mutating func reserveCapacity(bytes byteCount: Int, fields fieldCount: Int) {
        bytes.reserveCapacity(byteCount)
        fields.reserveCapacity(fieldCount)
    }

    private func text(_ range: Range<Int>) -> String {
        // Values most requests carry that are longer than a `String` keeps inline (15 bytes), as string literals:
        // no allocation, no UTF-8 validation.
        let value = bytes.span.extracting(range)
        switch value.count {
        case 16 where value.hasSameBytes(as: Self.json.span): return "application/json"
        case 31 where value.hasSameBytes(as: Self.jsonUTF8.span): return "application/json; charset=utf-8"
        default: return String(decoding: bytes[range], as: UTF8.self)
        }
    }

    private static let json = Array("application/json".utf8)
    private static let jsonUTF8 = Array("application/json; charset=utf-8".utf8)
}

/// A header field name prepared for lookups in `RequestHeaders`: its bytes and its presence bit are worked out once,
/// not on every lookup (a request makes several, mostly for fields it does not have).
public struct HeaderName: Sendable {
    let utf8: [UInt8]
    let presenceBit: UInt64

    public init(_ name: StaticString) {
        let utf8 = Array("\(name)".utf8)
        precondition(!utf8.isEmpty, "a header name is not empty")
        self.utf8 = utf8
        presenceBit = RequestHeaders.presenceBit(utf8.span)
    }

    public static let accept = HeaderName("Accept")
    public static let accessControlRequestHeaders = HeaderName("Access-Control-Request-Headers")
    public static let authorization = HeaderName("Authorization")
    public static let contentType = HeaderName("Content-Type")
    public static let ifMatch = HeaderName("If-Match")
    public static let origin = HeaderName("Origin")
    public static let xForwardedFor = HeaderName("X-Forwarded-For")
    public static let xForwardedProto = HeaderName("X-Forwarded-Proto")
}
