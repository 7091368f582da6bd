import Bytes
import Testing

/// The byte buffer shared by the JSON, stored-form and Redis writers, and its decimal writer.
@Suite struct ByteBufferTests {
    static let values: [UInt64] = [0, 1, 9, 10, 99, 100, 12_345, 999_999_999_999, 1 << 53, UInt64.max / 10, UInt64.max]

    @Test(arguments: values)
    func unsignedDecimalsAreStringsPadded(_ value: UInt64) {
        let text = String(value)
        for width in [0, 1, text.count, text.count + 1, 20] {
            let padded = String(repeating: "0", count: max(0, width - text.count)) + text
            #expect(ByteBuffer.decimal(value, width: width) == Array(padded.utf8))
        }
    }

    @Test(arguments: [0, 7, -7, 10, -10, 1_700_000_000_000, -1_700_000_000_000, .max, .min] as [Int64])
    func signedDecimalsAreStringsPadded(_ value: Int64) {
        let text = String(value)
        for width in [0, 1, text.count, text.count + 1, 16, 21] {
            let padded = String(repeating: "0", count: max(0, width - text.count)) + text
            #expect(ByteBuffer.decimal(value, width: width) == Array(padded.utf8))
        }
    }

    @Test func growsPastItsCapacityKeepingWhatItWrote() {
        var buffer = ByteBuffer(capacity: 1)
        var expected: [UInt8] = []
        for index in 0..<300 {
            buffer.append(UInt8(index % 256))
            buffer.append("ab" as StaticString)
            buffer.append("√\(index)")
            buffer.append(contentsOf: [1, 2, 3][...])
            buffer.appendDecimal(UInt64(index) * 1_000_003)
            expected += [UInt8(index % 256)] + Array("ab".utf8) + Array("√\(index)".utf8) + [1, 2, 3]
            expected += Array(String(UInt64(index) * 1_000_003).utf8)
        }
        #expect(buffer.bytes == expected)
        #expect(buffer.count == expected.count)
    }

    /// A temporary buffer starts on the stack and moves to the heap when it outgrows it, keeping what it wrote.
    @Test(arguments: [1, ByteBuffer.temporaryCapacity, ByteBuffer.temporaryCapacity + 1])
    func temporaryBuffersGrowPastTheirMemory(capacity: Int) {
        let text = String(repeating: "0123456789", count: 120)
        let bytes = ByteBuffer.withTemporary(capacity: capacity) { buffer in
            var buffer = buffer
            for character in text.utf8 { buffer.append(character) }
            buffer.append(text)
            return buffer.bytes
        }
        #expect(bytes == Array(text.utf8) + Array(text.utf8))
    }

    @Test func writtenBytesCanBeSearchedAndForgotten() {
        var buffer = ByteBuffer(capacity: 4)
        buffer.append("abc" as StaticString)
        let mark = buffer.count
        buffer.append("d\"e")
        #expect(buffer.contains(from: mark) { $0 == UInt8(ascii: "\"") })
        #expect(!buffer.contains(from: 0) { $0 == UInt8(ascii: "x") })
        #expect(!buffer.contains(from: mark + 3) { _ in true })
        buffer.removeAll(from: mark)
        #expect(buffer.bytes == Array("abc".utf8))
        let tail = Array("xyz".utf8)[1...]
        buffer.append(tail.span)
        #expect(buffer.bytes == Array("abcyz".utf8))
    }

    @Test(arguments: [(0, "0"), (9, "9"), (10, "a"), (255, "ff"), (0x1234_abcd, "1234abcd"), (.max, "ffffffffffffffff")] as [(UInt64, String)])
    func hexIsLowercaseWithoutLeadingZeros(value: UInt64, text: String) {
        var buffer = ByteBuffer(capacity: 4)
        buffer.append("id-" as StaticString)
        buffer.appendHex(value)
        #expect(buffer.string == "id-" + text)
    }

    /// Quotes, backslashes and control characters escaped as RFC 8259 §7 writes them (the short forms where there are
    /// some), everything else as its UTF-8, after what the buffer held.
    @Test(arguments: [
        ("", #""""#), ("plain", #""plain""#), (#"say "hi""#, #""say \"hi\"""#), (#"a\b"#, #""a\\b""#),
        ("line\nnext\r\t", #""line\nnext\r\t""#), ("\u{0}\u{1F}\u{7F}", #""\u0000\u001f\#u{7F}""#), ("½ × π", #""½ × π""#),
    ])
    func jsonStringsAreEscapedWhereJSONNeedsIt(_ value: String, _ json: String) {
        var buffer = ByteBuffer(capacity: 4)
        buffer.append(UInt8(ascii: "["))
        buffer.appendJSONString(value)
        #expect(buffer.bytes == Array(("[" + json).utf8))
    }
}
