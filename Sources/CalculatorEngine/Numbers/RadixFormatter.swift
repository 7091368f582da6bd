/// Programmer mode's display text, as `DisplayFormatter` is the other modes': the value in the session's radix, no
/// prefix, no grouping, no leading zeros. Decimal shows the signed value; hex, oct and bin show the word's bit
/// pattern (−1 in a 16-bit word is FFFF), hexadecimal in capitals.
struct RadixFormatter: Sendable {
    var radix: Radix
    var word: WordSize

    init(radix: Radix, word: WordSize) {
        self.radix = radix
        self.word = word
    }

    init(_ settings: Settings) {
        self.init(radix: settings.radix, word: settings.word)
    }

    func string(_ value: Int64) -> String {
        // The digits are ASCII, so they are valid UTF-8.
        withDigits(value) { String(copying: try! UTF8Span(validating: $0)) }
    }

    /// The text's ASCII bytes, written from the last into a buffer on the stack and lent to `body`: the service
    /// copies them into its reply without a String (the standard library's String(_:radix:) is generic and several
    /// times slower, and a 64-digit binary String takes an allocation).
    func withDigits<Result>(_ value: Int64, _ body: (Span<UInt8>) -> Result) -> Result {
        var buffer = InlineArray<65, UInt8>(repeating: 0)
        var start = 65
        if radix == .dec {
            var rest = value.magnitude
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest != 0
            if value < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
        } else {
            // A digit of a power-of-two radix is a group of bits.
            let shift = UInt64(radix.bitsPerDigit)
            let mask = UInt64(radix.base) - 1
            var rest = word.bitPattern(value)
            repeat {
                start -= 1
                let digit = UInt8(truncatingIfNeeded: rest & mask)
                buffer[start] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "A") + digit - 10
                rest >>= shift
            } while rest != 0
        }
        return body(buffer.span.extracting(start..<65))
    }
}
