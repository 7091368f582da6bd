@testable import SessionStore
import Testing

/// The Redis record header's numbers: what `String(value)` writes, zero-padded on the left to the width.
@Suite struct DecimalBytesTests {
    static let values: [UInt64] = [0, 1, 9, 10, 99, 100, 12_345, 999_999_999_999, 1 << 53, UInt64.max / 10, UInt64.max]

    @Test(arguments: values) func unsignedMatchesStringPadded(_ value: UInt64) {
        let text = String(value)
        for width in [0, 1, text.count, text.count + 1, 20] {
            let padded = String(repeating: "0", count: max(0, width - text.count)) + text
            #expect(decimalBytes(value, width: width) == Array(padded.utf8))
        }
    }

    @Test func signedMatchesStringPadded() {
        for value: Int64 in [0, 7, -7, 1_700_000_000_000, -1_700_000_000_000, .max, .min] {
            let text = String(value)
            let padded = String(repeating: "0", count: max(0, 16 - text.count)) + text
            #expect(decimalBytes(value, width: 16) == Array(padded.utf8))
        }
    }
}
