/// Programmer mode's operation stack as `CalculatorState` keeps it, behind `Boxed`. A type of its own, not generic:
/// the compiler writes out how to copy and destroy it field by field, where the generic stack's own value witnesses
/// would look its layout up at run time on every press.
struct ProgrammerStack: Sendable, Equatable {
    var stack = OperationStack<WordArithmetic>()
}

/// Programmer mode's own keys on the operation stack: digits of the radix, two's complement, the word functions, and
/// the radix and word keys that end an entry and truncate every value. `CalculatorState+Programmer.swift` hands them
/// the keys; the stack does the rest as in the other modes.
extension OperationStack where A == WordArithmetic {
    /// A stack showing `operand` (what a switch from another mode carries over).
    init(operand: Int64, _ arithmetic: WordArithmetic) {
        self.init()
        if operand != 0 { show(operand, text: arithmetic.string(operand)) }
    }

    /// The shown value: the number being typed, or the finished one.
    func shownValue(word: WordSize) -> Int64 {
        if phase == .entering, let entry { return entry.value(word: word) }
        return value
    }

    func display(_ arithmetic: WordArithmetic) -> String { arithmetic.string(shownValue(word: arithmetic.word)) }

    /// `digit` is below the radix's base (the caller refuses the others).
    mutating func pressDigit(_ digit: UInt8, _ arithmetic: WordArithmetic) throws(StackFailure) {
        if phase == .entering, entry != nil {
            entry?.append(digit, radix: arithmetic.radix, word: arithmetic.word)
            return
        }
        var typed = WordEntry()
        typed.append(digit, radix: arithmetic.radix, word: arithmetic.word)
        try startEntry(typed, arithmetic)
    }

    /// ± changes the sign of a decimal number being typed; otherwise, and in hex, oct and bin, it negates the value
    /// and ends the entry, as Windows does.
    mutating func pressNegate(_ arithmetic: WordArithmetic) throws(StackFailure) {
        if phase == .entering, arithmetic.radix == .dec {
            entry?.toggleSign(word: arithmetic.word)
        } else {
            try pressUnary(.negate, arithmetic)
        }
    }

    /// Right after an operator or `(` a function acts on the displayed value.
    mutating func pressUnary(_ function: WordFunction, _ arithmetic: WordArithmetic) throws(StackFailure) {
        let (operand, text) = try currentOperand(arithmetic)
        show(arithmetic.apply(function, operand), text: function.describe(text))
    }

    /// Windows' bit grid: bit `bit` (below the word's size) of the value shown, flipped; the value, read as signed in
    /// the word, is then shown as a finished one, as a recalled value is.
    mutating func flipBit(_ bit: UInt8, _ arithmetic: WordArithmetic) throws(StackFailure) {
        let (operand, _) = try currentOperand(arithmetic)
        let flipped = arithmetic.word.truncating(operand ^ (Int64(1) << Int64(bit)))
        show(flipped, text: arithmetic.string(flipped))
    }

    mutating func backspace(_ arithmetic: WordArithmetic) {
        guard phase == .entering, entry?.isPristine == false else { return }
        entry?.removeLast(radix: arithmetic.radix)
    }

    /// A radix or word key: a typed number becomes a finished operand (shown as `arithmetic` shows it), so the next
    /// digit starts a new number.
    mutating func endEntry(_ arithmetic: WordArithmetic) {
        guard phase == .entering, let entry, !entry.isPristine else { return }
        let typed = entry.value(word: arithmetic.word)
        show(typed, text: arithmetic.string(typed))
    }

    /// Every value truncated to the word of `arithmetic` and read as signed (a word key or a new word setting); the
    /// caller ends the entry first.
    mutating func truncate(_ arithmetic: WordArithmetic) {
        let word = arithmetic.word
        let truncated = word.truncating(value)
        if truncated != value, phase == .operand || phase == .closedGroup || phase == .result {
            operandText = arithmetic.string(truncated)
        }
        value = truncated
        pending = pending.map { item in
            guard case .operation(let left, let op) = item else { return item }
            return .operation(left: word.truncating(left), op: op)
        }
        lastOperation = lastOperation.map { Repeat(op: $0.op, operand: word.truncating($0.operand)) }
    }
}
