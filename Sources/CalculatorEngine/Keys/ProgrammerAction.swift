/// What a key does in programmer mode (`KeyAction` is the other modes'). `CalculatorState.applyProgrammer` has one
/// branch for each case and no `default`.
enum ProgrammerAction: Sendable, Equatable {
    /// A digit, 0…15, of the number being typed; one at or above the radix's base is refused.
    case digit(UInt8)
    case binary(WordOperator)
    case unary(WordFunction)
    /// ±: the sign of the decimal number being typed, otherwise the two's complement.
    case negate
    /// Shows and types the value in another radix; the value is unchanged.
    case radix(Radix)
    /// Another word size: the value is truncated to it and read as signed.
    case word(WordSize)
    case openParenthesis, closeParenthesis, equals
    case allClear, clear, backspace
    case memoryClear, memoryAdd, memorySubtract, memoryRecall
    /// MS and an entry's MC, M+, M− and MR (the memory list, as in the other modes), on integers of the word.
    case memoryStore
    case memoryEntry(MemoryCommand, entry: UInt8)
    case variable(VariableAction)
    /// Flips bit n, 0…63, of the value shown (Windows' bit grid); a bit at or above the word's size is refused.
    case flipBit(UInt8)

    /// The group `GET /keys` shows the key in, in programmer mode.
    var kind: KeyKind {
        switch self {
        case .digit: .digit
        case .binary: .binary
        case .unary, .negate, .flipBit: .unary
        case .radix, .word: .mode
        case .openParenthesis, .closeParenthesis: .parenthesis
        case .equals: .equals
        case .allClear, .clear, .backspace: .clear
        case .memoryClear, .memoryAdd, .memorySubtract, .memoryRecall, .memoryStore, .memoryEntry: .memory
        case .variable: .variable
        }
    }
}
