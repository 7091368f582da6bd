/// Programmer mode's part of the operation stack: integer arithmetic modulo 2^bits of one word, read as signed
/// (every result wraps, as in Windows Calculator), typed as a `WordEntry` and shown in the radix (`RadixFormatter`),
/// with Windows' precedence.
struct WordArithmetic: StackArithmetic {
    let word: WordSize
    let radix: Radix

    init(_ settings: Settings) {
        word = settings.word
        radix = settings.radix
    }

    static var zeroShown: Int64 { 0 }
    static func shown(_ value: Int64) -> Int64 { value }
    func value(_ shown: Int64) -> Int64 { shown }
    var evaluatesLeftToRight: Bool { false }

    func operand(typed entry: WordEntry) -> (Result<Int64, CalculatorError>, String) {
        let typed = entry.value(word: word)
        return (.success(typed), string(typed))
    }

    func string(_ value: Int64) -> String { RadixFormatter(radix: radix, word: word).string(value) }

    func apply(_ op: WordOperator, _ a: Int64, _ b: Int64) -> Result<Int64, CalculatorError> {
        let result: Int64
        switch op {
        case .add: result = a &+ b
        case .subtract: result = a &- b
        case .multiply: result = a &* b
        case .divide:
            guard b != 0 else { return .failure(a == 0 ? .zeroByZero : .divisionByZero) }
            // Truncates toward zero; the one overflow, the minimum ÷ −1, wraps to the minimum.
            result = a.dividedReportingOverflow(by: b).partialValue
        case .remainder:
            guard b != 0 else { return .failure(.divisionByZero) }
            // The dividend's sign, as Swift's %.
            result = a.remainderReportingOverflow(dividingBy: b).partialValue
        case .and: result = a & b
        case .or: result = a | b
        case .xor: result = a ^ b
        case .nand: result = ~(a & b)
        case .nor: result = ~(a | b)
        case .shiftLeft, .shiftRight:
            guard b >= 0, b < Int64(word.bits) else { return .failure(.shiftCount) }
            // a is sign-extended, so >> is the arithmetic shift of the word.
            result = op == .shiftLeft ? a << b : a >> b
        }
        return .success(word.truncating(result))
    }

    func apply(_ function: WordFunction, _ x: Int64) -> Int64 {
        let bits = word.bitPattern(x)
        switch function {
        case .not: return word.truncating(~x)
        case .negate: return word.truncating(0 &- x)
        case .rotateLeft:
            let rotated = (bits << 1) | (bits >> UInt64(word.bits - 1))
            return word.truncating(Int64(bitPattern: rotated))
        case .rotateRight:
            let rotated = (bits >> 1) | (bits << UInt64(word.bits - 1))
            return word.truncating(Int64(bitPattern: rotated))
        case .bitCount:
            return Int64(bits.nonzeroBitCount)
        }
    }
}

extension WordEntry: TypedEntry {}
