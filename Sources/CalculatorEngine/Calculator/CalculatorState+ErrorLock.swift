/// The Error lock of every mode: a failure shows Error, and while it shows only the clearing keys act and a new
/// number starts over, as in Windows.
extension CalculatorState {
    /// Whether a key goes on to act while Error shows (the Error lock of every mode): only the clearing keys act, and
    /// a digit or the point starts a new number after clearing, as in Windows.
    mutating func passesErrorLock(_ answer: ErrorLock) -> Bool {
        switch answer {
        case .ignored: return false
        case .clears:
            reset()
            return false
        case .clearsThenActs:
            reset()
            return true
        }
    }

    /// Enters the error state of any mode: the expression keeps what was attempted, the history tape what `=`
    /// evaluated.
    mutating func fail(_ failure: StackFailure) {
        expression = Self.clipped(failure.attempted)
        error = failure.error
        if settings.mode == .programmer { programmer = ProgrammerStack(stack: .failed) } else { stack = .failed }
        if failure.isEvaluation { record(failure.attempted, result: DisplayFormatter.error) }
    }
}

/// How a key answers the Error lock.
enum ErrorLock {
    /// AC and C (CE): clear the error, and do nothing else. ⌫ is ignored, as in Windows' engine: it edits a typed
    /// number, and Error is none.
    case clears
    /// A digit or the point: clear the error and start a new number.
    case clearsThenActs
    /// Every other key, angle keys and memory included.
    case ignored
}

extension KeyAction {
    var errorLock: ErrorLock {
        switch self {
        case .allClear, .clear: .clears
        case .digit, .point: .clearsThenActs
        case .backspace, .exponent, .binary, .unary, .negate, .percent, .constant, .random, .openParenthesis, .closeParenthesis,
            .equals, .memoryClear, .memoryAdd, .memorySubtract, .memoryRecall, .angle, .second, .variable, .undo, .redo, .convert,
            .memoryStore, .memoryEntry, .statistics:
            .ignored
        }
    }
}

extension ProgrammerAction {
    var errorLock: ErrorLock {
        switch self {
        case .allClear, .clear: .clears
        case .digit: .clearsThenActs
        case .backspace, .binary, .unary, .negate, .radix, .word, .openParenthesis, .closeParenthesis, .equals, .memoryClear,
            .memoryAdd, .memorySubtract, .memoryRecall, .memoryStore, .memoryEntry, .variable, .flipBit:
            .ignored
        }
    }
}
