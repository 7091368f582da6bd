/// The small JSON the API speaks: request bodies are tiny objects, responses are flat objects of strings.
/// A hand-written reader gives precise error positions, a nesting bound and no Foundation on the hot path.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)  // kept as text: the API never does arithmetic on JSON numbers
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The name JSON Schema gives this value's type, for error messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }
}

struct JSONSyntaxError: Error, Equatable {
    let message: String
    let offset: Int
}

/// A strict RFC 8259 reader over UTF-8 bytes.
struct JSONReader {
    static let maxDepth = 32

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.readValue()
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("unexpected data after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, offset: index) }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try readLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try readLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try readLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw error("unexpected character")
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
    }

    private mutating func readObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let name = try readString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
            index += 1
            skipWhitespace()
            let value = try readValue()
            guard !members.contains(where: { $0.0 == name }) else { throw error("duplicate member \"\(name)\"") }
            members.append((name, value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input in an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw error("expected ',' or '}' in an object")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func readArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try readValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input in an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw error("expected ',' or ']' in an array")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func readLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end of input") }
        for i in 0..<count where bytes[index + i] != word.utf8Start[i] {
            throw error("unexpected character")
        }
        index += count
    }

    private mutating func readNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        func digits(_ reader: inout JSONReader) -> Int {
            let from = reader.index
            while reader.index < reader.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.bytes[reader.index]) {
                reader.index += 1
            }
            return reader.index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw error("a number needs digits") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits(&self) == 0 {
            throw error("a number needs digits")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("a number needs digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("a number needs digits in its exponent") }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func readString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
        // Plain runs are validated as UTF-8 in one go; escapes are decoded one by one.
        func flushRun(_ reader: JSONReader, into scalars: inout String.UnicodeScalarView) throws(JSONSyntaxError) {
            guard runStart < reader.index else { return }
            guard let run = String(validating: reader.bytes[runStart..<reader.index], as: UTF8.self) else {
                throw JSONSyntaxError(message: "invalid UTF-8 in a string", offset: runStart)
            }
            scalars.append(contentsOf: run.unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if scalars.isEmpty {
                    // No escape met (the usual case): one validation of the bytes, no scalar-by-scalar building.
                    // ASCII needs no validation; `String(validating:)` costs a generic metadata lookup per call.
                    let run = bytes[runStart..<index]
                    let text: String
                    if run.allSatisfy({ $0 < 0x80 }) {
                        text = String(decoding: run, as: UTF8.self)
                    } else {
                        guard let valid = String(validating: run, as: UTF8.self) else {
                            throw JSONSyntaxError(message: "invalid UTF-8 in a string", offset: runStart)
                        }
                        text = valid
                    }
                    index += 1
                    return text
                }
                try flushRun(self, into: &scalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character in a string") }
            if byte != UInt8(ascii: "\\") { index += 1; continue }
            try flushRun(self, into: &scalars)
            index += 1
            guard index < bytes.count else { throw error("unterminated escape") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try readHex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    index += 2
                    let low = try readHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("unpaired surrogate in \\u escape") }
                scalars.append(scalar)
            default:
                throw error("invalid escape")
            }
            runStart = index
        }
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}

/// Writes JSON straight into a byte buffer: responses are built field by field, without an intermediate tree.
/// Member names are `StaticString`s written as they are (the API's names need no escaping); `member` takes a name
/// made at run time and escapes it. The buffer is raw memory (hence `~Copyable`), so a write is a bounds check and
/// a copy: `Array.append` costs about ten times that, and this runs several times per request.
///
/// `JSONWriter.bytes(capacity:_:)` writes into a buffer on the stack (no allocation but the result's);
/// `init(capacity:)` and `bytes` own a buffer that grows.
struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// False while writing into a lent buffer; a write that does not fit moves to an owned one.
    private var ownsBuffer: Bool
    private var needsComma = false

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        ownsBuffer = true
    }

    /// `buffer` is not empty.
    private init(lending buffer: UnsafeMutableBufferPointer<UInt8>) {
        base = buffer.baseAddress!
        capacity = buffer.count
        ownsBuffer = false
    }

    deinit { if ownsBuffer { base.deallocate() } }

    /// What has been written so far.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes `body` writes. Up to `capacity` bytes they are written in a stack buffer, so the only allocation
    /// is the returned array's; more move to the heap.
    @inline(__always)
    static func bytes(capacity: Int, _ body: (inout JSONWriter) -> Void) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer in
            var json = capacity <= buffer.count ? JSONWriter(lending: buffer) : JSONWriter(capacity: capacity)
            body(&json)
            return json.bytes
        }
    }

    @inline(__always) mutating func beginObject() { separate(); write(UInt8(ascii: "{")); needsComma = false }
    @inline(__always) mutating func endObject() { write(UInt8(ascii: "}")); needsComma = true }
    @inline(__always) mutating func beginArray() { separate(); write(UInt8(ascii: "[")); needsComma = false }
    @inline(__always) mutating func endArray() { write(UInt8(ascii: "]")); needsComma = true }

    /// Writes `"name":` inside an object; the value call that follows must not add a comma. Inlined, so the name's
    /// length is a constant and the copy a few moves.
    @inline(__always)
    mutating func key(_ name: StaticString) {
        reserve(name.utf8CodeUnitCount + 4)
        if needsComma { put(UInt8(ascii: ",")) }
        put(UInt8(ascii: "\""))
        put(name.utf8Start, name.utf8CodeUnitCount)
        put(UInt8(ascii: "\""))
        put(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Prepared JSON text that ends with a member name and its colon, written as it is: the hot replies join the
    /// constant text between two values (`,"expression":`) into one copy. Its commas are the caller's.
    @inline(__always)
    mutating func name(_ fragment: StaticString) {
        write(fragment)
        needsComma = false
    }

    /// Prepared JSON text that ends with a whole value (`,"second":false`), written as it is.
    @inline(__always)
    mutating func literal(_ fragment: StaticString) {
        write(fragment)
        needsComma = true
    }

    /// A member whose name is not a constant (problem extensions): the name is escaped like any string.
    mutating func member(_ name: String, _ value: String) { memberName(name); string(value) }
    mutating func member(_ name: String, _ value: Int) { memberName(name); int(value) }

    mutating func string(_ value: String) { separate(); writeString(value); needsComma = true }
    mutating func string(_ value: String?) { if let value { string(value) } else { null() } }
    @inline(__always) mutating func bool(_ value: Bool) { separate(); write(value ? "true" : "false"); needsComma = true }
    @inline(__always) mutating func null() { separate(); write("null"); needsComma = true }

    /// Text known to need no escaping (printable ASCII without `"` and `\`: session ids, enum names), copied as it
    /// is without a scan.
    mutating func plainString(_ value: String) {
        let written: Void? = value.utf8.withContiguousStorageIfAvailable { plainString(utf8: $0) }
        if written == nil { string(value) }
    }

    /// `plainString` for bytes lent by their owner (a session id's).
    mutating func plainString(utf8: Span<UInt8>) {
        utf8.withUnsafeBufferPointer { plainString(utf8: $0) }
    }

    mutating func plainString(utf8: UnsafeBufferPointer<UInt8>) {
        assert(!utf8.contains { $0 < 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
        separate()
        writeQuoted(utf8)
        needsComma = true
    }

    /// Decimal digits written from the end of a stack buffer: no String is made for the number.
    mutating func int<Value: BinaryInteger>(_ value: Value) {
        separate()
        if let small = Int64(exactly: value) {
            writeDecimal(magnitude: small.magnitude, negative: small < 0)
        } else if let large = UInt64(exactly: value) {
            writeDecimal(magnitude: large, negative: false)
        } else {
            for byte in String(value).utf8 { write(byte) }
        }
        needsComma = true
    }

    @inline(__always) mutating func field(_ name: StaticString, _ value: String) { key(name); string(value) }
    @inline(__always) mutating func field(_ name: StaticString, _ value: String?) { key(name); string(value) }
    @inline(__always) mutating func field(_ name: StaticString, _ value: Bool) { key(name); bool(value) }
    @inline(__always) mutating func field<Value: BinaryInteger>(_ name: StaticString, _ value: Value) { key(name); int(value) }
    /// A member whose value needs no escaping (see `plainString`).
    @inline(__always) mutating func field(_ name: StaticString, plain value: String) { key(name); plainString(value) }

    @inline(__always)
    private mutating func separate() {
        if needsComma { write(UInt8(ascii: ",")) }
    }

    private mutating func memberName(_ name: String) {
        separate()
        writeString(name)
        write(UInt8(ascii: ":"))
        needsComma = false
    }

    // MARK: the buffer

    /// Makes room for `extra` more bytes; `put` then writes without checking.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        grow(to: count + extra)
    }

    private mutating func grow(to minimum: Int) {
        let newCapacity = max(capacity * 2, minimum, 16)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        if ownsBuffer { base.deallocate() }
        base = newBase
        capacity = newCapacity
        ownsBuffer = true
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func put(_ bytes: UnsafePointer<UInt8>, _ length: Int) {
        (base + count).update(from: bytes, count: length)
        count += length
    }

    @inline(__always)
    private mutating func write(_ byte: UInt8) {
        reserve(1)
        put(byte)
    }

    @inline(__always)
    private mutating func write(_ text: StaticString) {
        reserve(text.utf8CodeUnitCount)
        put(text.utf8Start, text.utf8CodeUnitCount)
    }

    private mutating func writeDecimal(magnitude: UInt64, negative: Bool) {
        reserve(21)
        if negative { put(UInt8(ascii: "-")) }
        count += DecimalDigits.write(magnitude, to: base + count)
    }

    private mutating func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        reserve(utf8.count + 2)
        put(UInt8(ascii: "\""))
        if let start = utf8.baseAddress { put(start, utf8.count) }
        put(UInt8(ascii: "\""))
    }

    private mutating func writeString(_ value: String) {
        // Native and small strings are contiguous UTF-8 (no copy of the String); the fallback covers any other.
        let written: Void? = value.utf8.withContiguousStorageIfAvailable { writeString(utf8: $0) }
        if written == nil {
            var value = value
            value.withUTF8 { writeString(utf8: $0) }
        }
    }

    private mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        // Most strings need no escaping: one scan, then one copy.
        for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            write(UInt8(ascii: "\""))
            writeEscaped(utf8)
            write(UInt8(ascii: "\""))
            return
        }
        writeQuoted(utf8)
    }

    private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        let hex: StaticString = "0123456789abcdef"
        for byte in utf8 {
            reserve(6)
            switch byte {
            case UInt8(ascii: "\""): put(UInt8(ascii: "\\")); put(byte)
            case UInt8(ascii: "\\"): put(UInt8(ascii: "\\")); put(byte)
            case UInt8(ascii: "\n"): put(UInt8(ascii: "\\")); put(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): put(UInt8(ascii: "\\")); put(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): put(UInt8(ascii: "\\")); put(UInt8(ascii: "t"))
            case 0..<0x20:
                put(UInt8(ascii: "\\"))
                put(UInt8(ascii: "u"))
                put(UInt8(ascii: "0"))
                put(UInt8(ascii: "0"))
                put(hex.utf8Start[Int(byte >> 4)])
                put(hex.utf8Start[Int(byte & 0xF)])
            default: put(byte)
            }
        }
    }
}

/// Decimal digits of an unsigned integer written into memory, without making a String: the JSON writer's numbers and
/// the entity tags use them on every request.
enum DecimalDigits {
    static func count(_ value: UInt64) -> Int {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    /// Writes the digits at `start` (room for 20 needed); returns how many were written.
    static func write(_ value: UInt64, to start: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = count(value)
        var rest = value
        for index in stride(from: digits - 1, through: 0, by: -1) {
            start[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        return digits
    }
}
