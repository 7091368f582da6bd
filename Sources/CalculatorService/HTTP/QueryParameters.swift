/// The parameters of a request's query (`limit=10&before=40`), percent-decoded, `+` read as a space as HTML forms and
/// most clients' URL encoders write it (so `+` itself is `%2B`). Like a JSON body's members, a name the route does not
/// know, or one given twice, is refused rather than ignored.
struct QueryParameters {
    private let pairs: [(name: String, value: String)]

    init(_ query: String?, allowed: [String]) throws(Problem) {
        var pairs: [(name: String, value: String)] = []
        let query = query ?? ""
        let bytes = query.utf8.span
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "&") { end += 1 }
            defer { start = end + 1 }
            guard end > start else { continue }
            var equals = start
            while equals < end, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
            let name = try Self.decoded(bytes.extracting(start..<equals))
            guard allowed.contains(name) else {
                throw Problem(.invalidRequest, "unknown query parameter \"\(name.prefix(64))\"; " + (allowed.isEmpty ? "this route takes none" : "allowed: \(allowed.joined(separator: ", "))"))
            }
            guard !pairs.contains(where: { $0.name == name }) else {
                throw Problem(.invalidRequest, "the query parameter \"\(name)\" is given twice")
            }
            pairs.append((name, try Self.decoded(bytes.extracting(min(equals + 1, end)..<end))))
        }
        self.pairs = pairs
    }

    subscript(name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// For a route that reads no query: any parameter is unknown, refused as on the routes that read one (an empty
    /// query, `?` alone, has none).
    @inline(__always)
    static func refuseAny(_ query: String?) throws(Problem) {
        guard let query, !query.isEmpty else { return }
        _ = try QueryParameters(query, allowed: [])
    }

    /// `text` with `+` as a space and each `%XX` as its byte, the bytes read as UTF-8.
    private static func decoded(_ text: Span<UInt8>) throws(Problem) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let byte = text[index]
            index += 1
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard index + 2 <= text.count, let high = hexValue(text[index]), let low = hexValue(text[index + 1]) else {
                    throw Problem(.invalidRequest, "the query has a % not followed by two hexadecimal digits")
                }
                bytes.append(high << 4 | low)
                index += 2
            default:
                bytes.append(byte)
            }
        }
        do throws(UTF8.ValidationError) {
            return String(copying: try UTF8Span(validating: bytes.span))
        } catch {
            throw Problem(.invalidRequest, "the query's percent-encoded bytes are not UTF-8")
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
