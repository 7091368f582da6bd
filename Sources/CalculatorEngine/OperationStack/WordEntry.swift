/// The integer being typed in programmer mode (Windows' `CalcInput` in integer mode), kept as its magnitude: the
/// display shows the value in the radix, so there is no text to keep.
///
/// A digit that would not fit is ignored, as Windows does: in decimal the magnitude stops at the word's signed
/// maximum (one more for a negative number: −128 fits a byte), in hex, oct and bin at the word's whole bit pattern
/// (FF in a byte, the value −1). Leading zeros are not kept. Only decimal entry has a sign.
struct WordEntry: Sendable, Equatable {
    private(set) var magnitude: UInt64 = 0
    private(set) var isNegative = false
    /// True for the 0 that AC, C and a fresh session show: nothing has been typed into it yet.
    private(set) var isPristine = true

    init() {}

    /// A stored entry; nil when the magnitude does not fit the word in the radix.
    init?(magnitude: UInt64, isNegative: Bool, isPristine: Bool, radix: Radix, word: WordSize) {
        guard !isPristine || (magnitude == 0 && !isNegative) else { return nil }
        guard !isNegative || (radix == .dec && magnitude != 0) else { return nil }
        let limit = radix == .dec ? UInt64(word.maximum) + (isNegative ? 1 : 0) : word.mask
        guard magnitude <= limit else { return nil }
        self.magnitude = magnitude
        self.isNegative = isNegative
        self.isPristine = isPristine
    }

    /// `digit` is below the radix's base (the caller refuses the others).
    mutating func append(_ digit: UInt8, radix: Radix, word: WordSize) {
        let next: UInt64
        if radix == .dec {
            let limit = UInt64(word.maximum) + (isNegative ? 1 : 0)
            let (tens, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            guard !overflow, tens <= limit, UInt64(digit) <= limit - tens else { return }
            next = tens + UInt64(digit)
        } else {
            let shift = UInt64(radix.bitsPerDigit)
            guard magnitude >> (UInt64(word.bits) - shift) == 0 else { return }
            next = magnitude << shift | UInt64(digit)
        }
        magnitude = next
        isPristine = false
    }

    /// ⌫: the last digit typed.
    mutating func removeLast(radix: Radix) {
        magnitude = radix == .dec ? magnitude / 10 : magnitude >> UInt64(radix.bitsPerDigit)
        if magnitude == 0 { self = WordEntry() }
    }

    /// ± while typing a decimal number. Zero has no sign, and a sign change that would leave the word (−128 in a
    /// byte) is ignored, as Windows does.
    mutating func toggleSign(word: WordSize) {
        guard magnitude != 0 else { return }
        if isNegative && magnitude > UInt64(word.maximum) { return }
        isNegative.toggle()
    }

    func value(word: WordSize) -> Int64 {
        word.truncating(Int64(bitPattern: isNegative ? 0 &- magnitude : magnitude))
    }
}
