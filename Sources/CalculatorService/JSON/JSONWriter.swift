import Bytes

/// Writes JSON straight into a byte buffer: responses are built field by field, without an intermediate tree.
/// Member names are `StaticString`s written as they are (the API's names need no escaping); `key(_: String)` and
/// `member` take a name made at run time and escape it.
struct JSONWriter: ~Copyable {
    private var buffer: ByteBuffer
    private var needsComma = false

    /// `capacity` is a hint: the usual reply's size saves the buffer from growing.
    init(capacity: Int = 256) {
        buffer = ByteBuffer(capacity: capacity)
    }

    private init(buffer: consuming ByteBuffer) {
        self.buffer = buffer
    }

    /// What has been written so far.
    var bytes: [UInt8] { buffer.bytes }

    /// The bytes `body` writes. Up to `ByteBuffer.temporaryCapacity` of them are written on the stack, so the only
    /// allocation is the returned array's.
    @inline(__always)
    static func bytes(capacity: Int, _ body: (inout JSONWriter) -> Void) -> [UInt8] {
        ByteBuffer.withTemporary(capacity: capacity) { buffer in
            var json = JSONWriter(buffer: buffer)
            body(&json)
            return json.bytes
        }
    }

    @inline(__always) mutating func beginObject() { separate(); buffer.append(UInt8(ascii: "{")); needsComma = false }
    @inline(__always) mutating func endObject() { buffer.append(UInt8(ascii: "}")); needsComma = true }
    @inline(__always) mutating func beginArray() { separate(); buffer.append(UInt8(ascii: "[")); needsComma = false }
    @inline(__always) mutating func endArray() { buffer.append(UInt8(ascii: "]")); needsComma = true }

    /// Writes `"name":` inside an object; the value call that follows must not add a comma.
    @inline(__always)
    mutating func key(_ name: StaticString) {
        separate()
        buffer.append(UInt8(ascii: "\""))
        buffer.append(name)
        buffer.append(UInt8(ascii: "\""))
        buffer.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A member name made at run time (problem extensions), escaped like any string.
    mutating func key(_ name: String) {
        separate()
        buffer.appendJSONString(name)
        buffer.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Prepared JSON text that ends with a member name and its colon, written as it is: the hot replies join the
    /// constant text between two values (`,"expression":`) into one copy. Its commas are the caller's.
    @inline(__always)
    mutating func name(_ fragment: StaticString) {
        buffer.append(fragment)
        needsComma = false
    }

    /// Prepared JSON text that ends with a whole value (`,"second":false`), written as it is.
    @inline(__always)
    mutating func literal(_ fragment: StaticString) {
        buffer.append(fragment)
        needsComma = true
    }

    mutating func member(_ name: String, _ value: String) { key(name); string(value) }
    mutating func member(_ name: String, _ value: Int) { key(name); int(value) }

    mutating func string(_ value: String) { separate(); buffer.appendJSONString(value); needsComma = true }
    mutating func string(_ value: String?) { if let value { string(value) } else { null() } }
    @inline(__always) mutating func bool(_ value: Bool) { separate(); buffer.append(value ? "true" as StaticString : "false"); needsComma = true }
    @inline(__always) mutating func null() { separate(); buffer.append("null" as StaticString); needsComma = true }

    /// Text known to need no escaping (printable ASCII without `"` and `\`: session ids, enum names), copied as it
    /// is without a scan.
    mutating func plainString(_ value: String) {
        assert(value.utf8.allSatisfy(Self.isPlain))
        separate()
        buffer.append(UInt8(ascii: "\""))
        buffer.append(value)
        buffer.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// `plainString` for bytes lent by their owner (a session id's).
    mutating func plainString(utf8: Span<UInt8>) {
        separate()
        buffer.append(UInt8(ascii: "\""))
        buffer.append(utf8)
        buffer.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// `plainString` for bytes of any collection.
    mutating func plainString(utf8: some Collection<UInt8>) {
        assert(utf8.allSatisfy(Self.isPlain))
        separate()
        buffer.append(UInt8(ascii: "\""))
        buffer.append(contentsOf: utf8)
        buffer.append(UInt8(ascii: "\""))
        needsComma = true
    }

    mutating func int<Value: BinaryInteger>(_ value: Value) {
        separate()
        if let small = Int64(exactly: value) {
            buffer.appendDecimal(small)
        } else if let large = UInt64(exactly: value) {
            buffer.appendDecimal(large)
        } else {
            buffer.append(String(value))
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
        if needsComma { buffer.append(UInt8(ascii: ",")) }
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }
}
