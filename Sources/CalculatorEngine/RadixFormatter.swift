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
        switch radix {
        case .dec: String(value)
        case .hex, .oct, .bin: String(word.bitPattern(value), radix: Int(radix.base), uppercase: true)
        }
    }
}
