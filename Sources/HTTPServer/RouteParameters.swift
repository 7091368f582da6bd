/// The values of the parameter segments (`{name}`) of the pattern that matched, not percent-decoded (like
/// `Request.pathUTF8`), and the pattern itself.
public struct RouteParameters: Sendable {
    /// The pattern that matched, as registered ("/sessions/{id}/press"): a label for logs and metrics that does not
    /// grow with the paths clients send.
    public let route: String
    /// The names are the route's and the path is the request's (both shared, not copied); a value is where it lies in
    /// the path, so a match allocates nothing.
    @usableFromInline let names: [String]
    @usableFromInline let path: [UInt8]
    @usableFromInline let values: ParameterValues

    init(route: String, names: [String], path: [UInt8], values: ParameterValues) {
        self.route = route
        self.names = names
        self.path = path
        self.values = values
    }

    public subscript(_ name: String) -> Substring? {
        guard let range = range(of: name) else { return nil }
        return Substring(String(decoding: path[range], as: UTF8.self))
    }

    /// The value's bytes, lent for the call, or nil when there is no such parameter: for a caller that parses them,
    /// cheaper than the Substring, which is text made for the call. Inlinable, so that it is specialized for the
    /// caller's result.
    @inlinable
    public func withUTF8<Result>(_ name: String, _ body: (Span<UInt8>) throws -> Result) rethrows -> Result? {
        guard let range = range(of: name) else { return nil }
        return try body(path.span.extracting(range))
    }

    @usableFromInline
    func range(of name: String) -> Range<Int>? {
        guard let index = names.firstIndex(of: name), index < values.count else { return nil }
        return values[index]
    }
}

/// Where a route's parameter values are in the path, in the pattern's order: a fixed room of a few, so that
/// matching a path does not allocate.
@usableFromInline
struct ParameterValues: Sendable {
    static let capacity = 4
    private var ranges = InlineArray<4, Range<Int>>(repeating: 0..<0)
    @usableFromInline private(set) var count = 0

    init() {}

    @usableFromInline
    subscript(index: Int) -> Range<Int> {
        precondition(index < count)
        return ranges[index]
    }

    mutating func append(_ range: Range<Int>) {
        ranges[count] = range
        count += 1
    }

    mutating func removeLast() {
        count -= 1
    }
}
