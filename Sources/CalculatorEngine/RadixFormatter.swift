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
        guard radix != .dec else { return String(value) }
        // The digits of a power-of-two radix are groups of bits, written from the last into a buffer on the stack
        // (the standard library's String(_:radix:) is generic and several times slower).
        let shift = UInt64(radix.bitsPerDigit)
        let mask = UInt64(radix.base) - 1
        var buffer = InlineArray<64, UInt8>(repeating: 0)
        var start = 64
        var rest = word.bitPattern(value)
        repeat {
            start -= 1
            let digit = UInt8(truncatingIfNeeded: rest & mask)
            buffer[start] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "A") + digit - 10
            rest >>= shift
        } while rest != 0
        // The digits are ASCII, so they are valid UTF-8.
        return String(copying: try! UTF8Span(validating: buffer.span.extracting(start..<64)))
    }
}
