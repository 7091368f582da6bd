/// A response's header fields in the order they were added (a request's are `RequestHeaders`); names compare
/// case-insensitively (RFC 9110 §5.1).
///
/// An array, not a dictionary: responses carry a handful of fields, and a linear scan over them is cheaper than
/// hashing, keeps duplicates (`Set-Cookie`, `Vary`) and keeps the order.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (name: String, value: String)

    /// A struct rather than the `Element` tuple: arrays of tuples are copied and destroyed through generic
    /// runtime witnesses, on the request path.
    fileprivate struct Field: Sendable {
        var name: String
        var value: String
        /// The name's UTF-8 length, kept so that a lookup passes over fields of another length with one comparison.
        let nameLength: Int

        init(name: String, value: String) {
            self.name = name
            self.value = value
            nameLength = name.utf8.count
        }

        func named(_ other: String, length: Int) -> Bool {
            nameLength == length && HTTPHeaders.sameName(name, other)
        }
    }

    public struct Iterator: IteratorProtocol {
        private var base: IndexingIterator<[Field]>

        fileprivate init(_ fields: [Field]) {
            base = fields.makeIterator()
        }

        public mutating func next() -> Element? {
            base.next().map { (name: $0.name, value: $0.value) }
        }
    }

    private var fields: [Field]

    public init() {
        fields = []
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The value of the first field with this name, compared case-insensitively.
    public subscript(name: String) -> String? {
        let length = name.utf8.count
        for field in fields where field.named(name, length: length) {
            return field.value
        }
        return nil
    }

    /// Every value of the fields with this name, in order.
    public func values(_ name: String) -> [String] {
        let length = name.utf8.count
        return fields.filter { $0.named(name, length: length) }.map(\.value)
    }

    public var count: Int { fields.count }

    /// Takes its arguments rather than borrowing them: most are literals or Strings made for the call, which are
    /// then stored without a retain (and without the matching release by the caller).
    public mutating func add(_ name: consuming String, _ value: consuming String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field of that name with one field, placed where the first one was (or appended).
    public mutating func set(_ name: String, _ value: String) {
        let length = name.utf8.count
        guard let first = fields.firstIndex(where: { $0.named(name, length: length) }) else {
            fields.append(Field(name: name, value: value))
            return
        }
        fields[first] = Field(name: name, value: value)
        var index = fields.index(after: first)
        while index < fields.endIndex {
            if fields[index].named(name, length: length) {
                fields.remove(at: index)
            } else {
                index = fields.index(after: index)
            }
        }
    }

    public mutating func remove(_ name: String) {
        let length = name.utf8.count
        fields.removeAll { $0.named(name, length: length) }
    }

    public func makeIterator() -> Iterator {
        Iterator(fields)
    }

    /// Each field's name and value, lent from the array: iterating makes a tuple copy (a retain and a release of
    /// both strings) per field.
    func forEachField(_ body: (borrowing String, borrowing String) -> Void) {
        for index in fields.indices {
            body(fields[index].name, fields[index].value)
        }
    }

    public mutating func reserveCapacity(_ capacity: Int) {
        fields.reserveCapacity(capacity)
    }

    /// ASCII case-insensitive equality; header names are tokens, so no Unicode case folding is needed.
    /// Names spelled alike (the usual case: both written in this program) compare as whole strings first.
    static func sameName(_ a: String, _ b: String) -> Bool {
        a == b || (a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8, by: sameLetter))
    }

    /// ASCII letters compared case-insensitively, other bytes exactly (shared with `RequestHeaders`).
    static func sameLetter(_ x: UInt8, _ y: UInt8) -> Bool {
        if x == y { return true }
        let lower = x | 0x20
        return lower == y | 0x20 && lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }
}
