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
}
