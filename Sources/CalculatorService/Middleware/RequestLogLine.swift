public import Bytes

/// Where the request log lines go: the executable's access log, which puts each line's time, level and logger before
/// the fields and hands the line to a writer that flushes in batches off the event loop.
public protocol RequestLogOutput: Sendable {
    func record(_ line: borrowing RequestLogLine)
}

/// One request's log line, its fields named by OpenTelemetry's HTTP conventions, kept as the values they are and
/// written straight into the log's buffer (`appendFields`), in the order of their names, as JSON members or as
/// `key=value` text.
///
/// A session id never appears: in `url.path`, every path segment that follows a `sessions` segment (whatever its
/// case, and empty segments ignored) is written as OpenTelemetry's `REDACTED`, whether or not it is a valid id, and
/// `session.hash` is a hash of it keyed for this process (`SessionLogHash`), which correlates one process's lines and
/// cannot be reversed with a dictionary of names.
public struct RequestLogLine: ~Copyable {
    let method: RequestMethod
    /// The method as sent, for `.other` only.
    let originalMethod: String
    let status: Int
    /// Nil for an event stream, logged once it ends.
    let bodySize: Int?
    let nanoseconds: Int64
    let requestID: String
    let isHTTPS: Bool
    let clientAddress: String
    /// Nil when no route matched.
    let route: String?
    let path: String
    let trace: TraceContext?

    /// The message of every request line.
    public static let message: StaticString = "request"
    /// The longest `url.path` written, in bytes of the path as sent.
    static let pathLimit = 256

    /// The fields after the time, level, message and logger: JSON members each preceded by a comma, or text fields
    /// each preceded by a space.
    public func appendFields(to buffer: inout ByteBuffer, json: Bool) {
        let pathBytes = path.utf8Span.span
        let field = Field(json: json)
        field.text(#","client.address":""#, " client.address=", clientAddress, to: &buffer)
        field.text(#","http.request.method":""#, " http.request.method=", method.label, to: &buffer)
        if method == .other {
            field.text(#","http.request.method_original":""#, " http.request.method_original=", String(originalMethod.prefix(16)), to: &buffer)
        }
        if let bodySize { field.number(#","http.response.body.size":"#, " http.response.body.size=", bodySize, to: &buffer) }
        field.number(#","http.response.status_code":"#, " http.response.status_code=", status, to: &buffer)
        if let route { field.text(#","http.route":""#, " http.route=", route, to: &buffer) }
        buffer.append(json ? #","http.server.request.duration":"# : " http.server.request.duration=")
        Self.appendSeconds(microseconds: max(1, nanoseconds / 1_000), to: &buffer)
        field.text(#","request.id":""#, " request.id=", requestID, to: &buffer)
        if let hash = Self.sessionHash(pathBytes) {
            buffer.append(json ? #","session.hash":""# : " session.hash=")
            buffer.appendHex(UInt64(hash), digits: 8)
            field.close(&buffer)
        }
        if let trace {
            buffer.append(json ? #","span_id":""# : " span_id=")
            buffer.appendHex(trace.span, digits: 16)
            field.close(&buffer)
            buffer.append(json ? #","trace_id":""# : " trace_id=")
            buffer.appendHex(trace.traceHigh, digits: 16)
            buffer.appendHex(trace.traceLow, digits: 16)
            field.close(&buffer)
        }
        buffer.append(json ? #","url.path":""# : " url.path=")
        Self.appendRedacted(pathBytes, json: json, to: &buffer)
        field.close(&buffer)
        field.text(#","url.scheme":""#, " url.scheme=", isHTTPS ? "https" : "http", to: &buffer)
    }

    /// The keyed hash of the first segment that follows a `sessions` segment, if there is one.
    static func sessionHash(_ path: Span<UInt8>) -> UInt32? {
        var afterSessions = false
        var start = 0
        for end in 0...path.count where end == path.count || path[end] == UInt8(ascii: "/") {
            defer { start = end + 1 }
            guard start < end else { continue }
            if afterSessions { return SessionLogHash.hash(path, start..<end) }
            afterSessions = isSessions(path, start..<end)
        }
        return nil
    }

    private static func isSessions(_ path: Span<UInt8>, _ segment: Range<Int>) -> Bool {
        let word: InlineArray<8, UInt8> = [0x73, 0x65, 0x73, 0x73, 0x69, 0x6F, 0x6E, 0x73]  // "sessions"
        guard segment.count == word.count else { return false }
        for offset in 0..<word.count where path[segment.lowerBound + offset] | 0x20 != word[offset] { return false }
        return true
    }

    /// The path up to `pathLimit` bytes, each segment that follows a `sessions` segment written as `REDACTED`.
    static func appendRedacted(_ path: Span<UInt8>, json: Bool, to buffer: inout ByteBuffer) {
        let limit = min(path.count, pathLimit)
        var afterSessions = false
        var start = 0
        for end in 0...path.count where end == path.count || path[end] == UInt8(ascii: "/") {
            if start < end {
                if afterSessions {
                    buffer.append("REDACTED" as StaticString)
                } else {
                    appendValue(path.extracting(start..<min(end, limit)), json: json, to: &buffer)
                }
                afterSessions = isSessions(path, start..<end)
            }
            start = end + 1
            guard start <= limit else { break }
            if end < path.count { buffer.append(UInt8(ascii: "/")) }
        }
    }

    /// Bytes of a value, copied whole unless one needs escaping (`appendValueByte`).
    static func appendValue(_ bytes: Span<UInt8>, json: Bool, to buffer: inout ByteBuffer) {
        let start = buffer.count
        buffer.append(bytes)
        guard buffer.contains(from: start, where: { needsEscape($0, json: json) }) else { return }
        buffer.removeAll(from: start)
        for index in bytes.indices { appendValueByte(bytes[index], json: json, to: &buffer) }
    }

    static func needsEscape(_ byte: UInt8, json: Bool) -> Bool {
        byte < 0x20 || byte == 0x7F || (json && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")))
    }

    /// Seconds with up to six decimals, trailing zeros dropped (a JSON number, as `0.000123`).
    static func appendSeconds(microseconds: Int64, to buffer: inout ByteBuffer) {
        buffer.appendDecimal(microseconds / 1_000_000)
        var fraction = microseconds % 1_000_000
        var width = 6
        while fraction > 0, fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        buffer.append(UInt8(ascii: "."))
        buffer.appendDecimal(fraction, width: fraction == 0 ? 1 : width)
    }

    /// One byte of a value: in JSON escaped as `appendJSONString` does; in text a control character is written as `?`,
    /// so that no value can start a line of its own.
    static func appendValueByte(_ byte: UInt8, json: Bool, to buffer: inout ByteBuffer) {
        guard needsEscape(byte, json: json) else { return buffer.append(byte) }
        guard json else { return buffer.append(UInt8(ascii: "?")) }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            buffer.append(UInt8(ascii: "\\"))
            buffer.append(byte)
        case 0x7F: buffer.append(byte)
        default:
            buffer.append(#"\u00"# as StaticString)
            buffer.appendHex(UInt64(byte), digits: 2)
        }
    }

    /// How a field is written in one format: its start (`,"name":"` or ` name=`) made once per field and format, a
    /// text value copied whole unless it holds a byte to escape.
    struct Field {
        let json: Bool

        func close(_ buffer: inout ByteBuffer) {
            if json { buffer.append(UInt8(ascii: "\"")) }
        }

        func text(_ jsonStart: StaticString, _ textStart: StaticString, _ value: String, to buffer: inout ByteBuffer) {
            buffer.append(json ? jsonStart : textStart)
            RequestLogLine.appendValue(value.utf8Span.span, json: json, to: &buffer)
            close(&buffer)
        }

        func number(_ jsonStart: StaticString, _ textStart: StaticString, _ value: Int, to buffer: inout ByteBuffer) {
            buffer.append(json ? jsonStart : textStart)
            buffer.appendDecimal(Int64(value))
        }
    }
}

/// The hash that stands for a session id in log lines: SipHash (`Hasher`) under this process's random seed, so the
/// same id has the same hash in one process's lines and no dictionary of names finds it.
public enum SessionLogHash {
    static func hash(_ bytes: Span<UInt8>, _ range: Range<Int>) -> UInt32 {
        var hasher = Hasher()
        var word: UInt64 = 0
        for index in range {
            word = word << 8 | UInt64(bytes[index])
            if (index - range.lowerBound) & 7 == 7 { hasher.combine(word) }
        }
        hasher.combine(word)
        hasher.combine(range.count)
        let value = hasher.finalize()
        return UInt32(truncatingIfNeeded: value ^ (value >> 32))
    }

    /// 8 hex digits, as the request lines write it.
    public static func text(_ id: String) -> String {
        let bytes = id.utf8Span.span
        let hash = hash(bytes, bytes.indices)
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.utf8.count) + hex
    }
}
