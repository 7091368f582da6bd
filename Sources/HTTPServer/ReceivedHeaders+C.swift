import CMicroHTTPD
import Glibc

/// What the framing checks need of a request's header fields, noted while the fields are collected (as bytes, rather
/// than by a second scan of the Strings made of them). The byte views point into libmicrohttpd's memory for the
/// request: valid during the callback that collects them.
struct ReceivedHeaders {
    /// The first Content-Length field's value, and whether another one disagrees with it.
    private var contentLength: UnsafeRawBufferPointer?
    private(set) var hasConflictingContentLength = false
    /// The first Transfer-Encoding field's value, and how many there are.
    private var transferEncoding: UnsafeRawBufferPointer?
    private var transferEncodingCount = 0
    private var hostCount = 0
    private var expectation: UnsafeRawBufferPointer?
    /// A field name that ends in whitespace or a control byte (`Transfer-Encoding : chunked`), which libmicrohttpd
    /// keeps as part of the name: it would frame the body by Content-Length where a proxy may have read it as chunked
    /// (RFC 9112 §5.1). libmicrohttpd 0.9.75's own check of this runs only at strictness -1 (not 1, where it is
    /// documented), and scans every field twice; the last byte of each name tells the same.
    private var hasNameEndingInWhitespace = false
    /// A field value holding a byte RFC 9110 §5.5 forbids: a control byte other than HTAB (a NUL among them), or DEL.
    /// Every check that reads a value reads the C string libmicrohttpd lends, which a NUL cuts short
    /// (`Authorization: Bearer <key>\0junk` would pass as the key), so the request is refused before any of them.
    private var hasForbiddenByte = false
    /// Set with any field the checks below look at other than Host and Content-Length: most requests have none.
    private var needsChecking = false

    /// What the framing checks make of a request.
    enum Framing {
        case acceptable
        /// Answered with this response, and the connection closed: its body cannot be framed, or the request is one
        /// no server should act on.
        case refused(Response)
        /// `Expect: 100-continue` with a Content-Length beyond the body limit: answered before the body is sent.
        case bodyBeyondLimit
    }

    /// Appends the connection's header fields to `fields` (empty, with room), noting what the checks need. `method`
    /// and `version` are the C strings libmicrohttpd lends for the request line, in its read buffer, where the header
    /// section follows.
    static func collect(
        from connection: OpaquePointer, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, into fields: inout RequestHeaders
    ) -> ReceivedHeaders {
        withUnsafeMutablePointer(to: &fields) { fields in
            var collector = Collector(fields: fields, lineEnd: version.map { UnsafeRawPointer($0) + strlen($0) })
            _ = withUnsafeMutablePointer(to: &collector) { pointer in
                MHD_get_connection_values_n(connection, MHD_ValueKind.HEADER_KIND, collectField, pointer)
            }
            // After the last line, its line break and the empty line's: two to four bytes.
            let size = cmhd_header_size(connection)
            if let end = collector.lineEnd, let method, size > 0,
               !onlyLineBreaks(from: end, to: UnsafeRawPointer(method) + size, bytes: 2...4) {
                collector.received.markForbiddenByte()
            }
            return collector.received
        }
    }

    private struct Collector {
        let fields: UnsafeMutablePointer<RequestHeaders>
        /// Where the previous field's value (or the request line's version) ends in libmicrohttpd's read buffer.
        var lineEnd: UnsafeRawPointer?
        var received = ReceivedHeaders()
    }

    private mutating func markForbiddenByte() {
        hasForbiddenByte = true
        needsChecking = true
    }

    /// Whether only a line break lies from `start` to `end`, as libmicrohttpd 0.9.75 leaves it in its read buffer: it
    /// ends each name and value as a C string by writing NULs over the CR LF (or bare LF) after it, and gives the
    /// value's length as the string's, so a NUL the client sent inside a value ends it early and the rest of the line
    /// lies here, after it. Only a NUL sent right before a bare LF is left unseen, as it looks like CR LF: nothing of
    /// the value follows it. A field name elsewhere (libmicrohttpd moves a folded field, RFC 9112 §5.2) is refused too.
    private static func onlyLineBreaks(from start: UnsafeRawPointer, to end: UnsafeRawPointer, bytes: ClosedRange<Int>) -> Bool {
        let distance = start.distance(to: end)
        guard bytes.contains(distance) else { return false }
        return UnsafeRawBufferPointer(start: start, count: distance).allSatisfy { $0 == 0 }
    }

    /// RFC 9110 §5.5: a field value is visible characters, spaces, HTAB and obs-text.
    private static func hasForbiddenByte(_ value: UnsafeRawBufferPointer) -> Bool {
        value.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
    }

    private static let collectField: MHD_KeyValueIteratorN = { cls, _, name, nameLength, value, valueLength in
        guard let cls, let name, nameLength > 0 else { return MHD_Result.YES }
        let collector = cls.assumingMemoryBound(to: Collector.self)
        let nameBytes = UnsafeRawPointer(name)
        let valueBytes = UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueLength)
        if let end = collector.pointee.lineEnd, !onlyLineBreaks(from: end, to: nameBytes, bytes: 1...2) {
            collector.pointee.received.markForbiddenByte()
        }
        if hasForbiddenByte(valueBytes) { collector.pointee.received.markForbiddenByte() }
        collector.pointee.lineEnd = value.map { UnsafeRawPointer($0) + valueLength }
        // By length first: most fields are none of these, and pass with a comparison or two.
        switch nameLength {
        case 4 where lowercased(nameBytes, 0, 4) == Self.host:
            collector.pointee.received.hostCount += 1
        case 6 where lowercased(nameBytes, 0, 4) == Self.expe && lowercased(nameBytes, 2, 4) == Self.pect:
            if collector.pointee.received.expectation == nil { collector.pointee.received.expectation = valueBytes }
            collector.pointee.received.needsChecking = true
        case 14 where lowercased(nameBytes, 0, 8) == Self.contentL && lowercased(nameBytes, 6, 8) == Self.tLength:
            if let first = collector.pointee.received.contentLength {
                if !first.elementsEqual(valueBytes) { collector.pointee.received.hasConflictingContentLength = true }
            } else {
                collector.pointee.received.contentLength = valueBytes
            }
        case 17 where lowercased(nameBytes, 0, 8) == Self.transfer && lowercased(nameBytes, 8, 8) == Self.encodin
            && lowercased(nameBytes, 13, 4) == Self.ding:
            if collector.pointee.received.transferEncoding == nil { collector.pointee.received.transferEncoding = valueBytes }
            collector.pointee.received.transferEncodingCount += 1
            collector.pointee.received.needsChecking = true
        default:
            break
        }
        if nameBytes.load(fromByteOffset: nameLength - 1, as: UInt8.self) <= 0x20 {
            collector.pointee.received.hasNameEndingInWhitespace = true
            collector.pointee.received.needsChecking = true
        }
        collector.pointee.fields.pointee.append(name: UnsafeRawBufferPointer(start: name, count: nameLength), value: valueBytes)
        return MHD_Result.YES
    }

    /// `count` (4 or 8) bytes of a name from `offset`, as one little-endian number with every byte's 0x20 bit set: ASCII
    /// letters in lowercase. '-' has the bit already; no other byte of a name that passes the length check can turn into
    /// one of the letters or the '-' compared with (a line break, which could become '-', ends the name before).
    private static func lowercased(_ bytes: UnsafeRawPointer, _ offset: Int, _ count: Int) -> UInt64 {
        count == 8
            ? bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) | 0x2020_2020_2020_2020
            : UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self) | 0x2020_2020)
    }

    // The names' pieces as `lowercased` reads them: little-endian, the first byte lowest.
    private static let host: UInt64 = 0x7473_6F68  // "host"
    private static let expe: UInt64 = 0x6570_7865  // "expe"
    private static let pect: UInt64 = 0x7463_6570  // "pect"
    private static let contentL: UInt64 = 0x2D74_6E65_746E_6F63  // "content-"
    private static let tLength: UInt64 = 0x6874_676E_656C_2D74  // "t-length"
    private static let transfer: UInt64 = 0x7265_6673_6E61_7274  // "transfer"
    private static let encodin: UInt64 = 0x6E69_646F_636E_652D  // "-encodin"
    private static let ding: UInt64 = 0x676E_6964  // "ding"

    /// The checks libmicrohttpd 0.9.75 leaves to the application, answered as nginx answers them. libmicrohttpd frames
    /// a body by Transfer-Encoding when the field says exactly "chunked", else reads it until the client closes, and
    /// lets Content-Length beside Transfer-Encoding pass: either way a proxy in front may have framed it otherwise
    /// (RFC 9112 §6.1, §6.3).
    @inline(__always)
    func framing(version: UnsafePointer<CChar>?, maxBodySize: Int) -> Framing {
        hostCount == 1 && !needsChecking ? .acceptable : check(version: version, maxBodySize: maxBodySize)
    }

    private func check(version: UnsafePointer<CChar>?, maxBodySize: Int) -> Framing {
        if hasForbiddenByte {
            return .refused(.problem(400, "Bad Request", "a header field value contains a NUL or another control character"))
        }
        if hasNameEndingInWhitespace {
            return .refused(.problem(400, "Bad Request", "a header field name ends in whitespace"))
        }
        if transferEncodingCount > 0 {
            if contentLength != nil {
                return .refused(.problem(400, "Bad Request", "the request has both Content-Length and Transfer-Encoding"))
            }
            if transferEncodingCount > 1 || !Self.equalsIgnoringCase(transferEncoding, "chunked") {
                return .refused(.problem(501, "Not Implemented", "the only transfer coding this server reads is chunked"))
            }
        }
        if hostCount > 1 {
            return .refused(.problem(400, "Bad Request", "the request has more than one Host field"))
        }
        // Every version but HTTP/1.0 is read as HTTP/1.1, which requires Host (RFC 9112 §3.2).
        if hostCount == 0, version.map({ strcmp($0, "HTTP/1.0") != 0 }) ?? true {
            return .refused(.problem(400, "Bad Request", "an HTTP/1.1 request must have a Host field"))
        }
        if expectation != nil, Self.equalsIgnoringCase(expectation, "100-continue"),
           let length = contentLength, Self.exceeds(length, maxBodySize) {
            return .bodyBeyondLimit
        }
        return .acceptable
    }

    private static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer?, _ lowercase: StaticString) -> Bool {
        guard let bytes, bytes.count == lowercase.utf8CodeUnitCount else { return false }
        return bytes.indices.allSatisfy { HTTPHeaders.sameLetter(bytes[$0], lowercase.utf8Start[$0]) }
    }

    /// Whether a Content-Length value (digits only: libmicrohttpd refuses any other) is larger than `limit`.
    private static func exceeds(_ digits: UnsafeRawBufferPointer, _ limit: Int) -> Bool {
        var value = 0
        for digit in digits {
            value = value &* 10 &+ Int(digit &- UInt8(ascii: "0"))
            if value > limit { return true }
        }
        return false
    }
}
