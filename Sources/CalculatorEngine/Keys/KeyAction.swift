/// What a key does. `CalculatorState.apply` has one branch for each case and no `default`, so a new kind of key
/// cannot be left without a behaviour; a new function is a new `UnaryFunction`, whose arithmetic and notation are
/// switches without `default` too.
enum KeyAction: Sendable, Equatable {
    /// A digit, 0…9, of the number being typed.
    case digit(UInt8)
    /// The decimal point of the number being typed.
    case point
    /// EE: starts the exponent of the number being typed.
    case exponent
    case binary(BinaryOperator)
    case unary(UnaryFunction)
    /// ±: the sign of the number or exponent being typed, otherwise −(x).
    case negate
    /// x% is x/100, or that percentage of the left operand after + or −.
    case percent
    case constant(RealConstant)
    /// A random number in [0, 1).
    case random
    case openParenthesis, closeParenthesis, equals
    /// AC: everything but memory, variables, settings and the history tape.
    case allClear
    /// C: the number being typed.
    case clear
    /// ⌫: the last character typed.
    case backspace
    case memoryClear, memoryAdd, memorySubtract, memoryRecall
    case angle(AngleUnit)
    /// 2nd: turns the keys with an inverse into it until pressed again.
    case second
    /// sto, rcl and the variables that complete them.
    case variable(VariableAction)
    /// Undo: the state before the last key that changed it; redo: the state the last undo left.
    case undo, redo
    /// The shown value from the session's `Settings.conversion` unit to its other one.
    case convert
    /// MS: the shown value as a new first entry of the memory list (`CalculatorState+MemoryList.swift`).
    case memoryStore
    /// MC, M+, M− or MR on the memory list's entry at `entry` (0 is the first, which `mc`'s siblings act on).
    case memoryEntry(MemoryCommand, entry: UInt8)
    /// Statistics mode's keys: Σ+, Σ−, the pair separator, the results (`CalculatorState+Statistics.swift`).
    case statistics(StatisticsAction)

    /// The group `GET /keys` shows the key in.
    var kind: KeyKind {
        switch self {
        case .digit, .point, .exponent: .digit
        case .binary: .binary
        case .unary, .negate, .percent, .convert: .unary
        case .constant, .random: .constant
        case .openParenthesis, .closeParenthesis: .parenthesis
        case .equals: .equals
        case .allClear, .clear, .backspace: .clear
        case .memoryClear, .memoryAdd, .memorySubtract, .memoryRecall, .memoryStore, .memoryEntry: .memory
        case .statistics: .statistics
        case .angle, .second: .mode
        case .variable: .variable
        case .undo, .redo: .undo
        }
    }
}
