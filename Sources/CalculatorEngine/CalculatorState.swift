/// A session's whole calculator: typed entry, pending operations with precedence and parentheses, memory, the 2nd
/// toggle, error state, settings, a bounded history and the undo steps. A value type; `apply(_:random:)` is the one
/// way to change it apart from `update(settings:)` and `clearHistory()`.
///
/// Digit keys only edit text (no GMP/MPFR work); numbers are made when an operator, function or `=` needs them.
public struct CalculatorState: Sendable, Equatable {
    public internal(set) var settings: Settings
    /// What the calculator shows: typed text while typing ("0.", "1.50", "-0", "1.5e-3"), a formatted result
    /// (`DisplayFormatter`), or `Error`.
    public internal(set) var display: String = "0"
    /// A human-readable description of what has been entered (CS193P's `description`): "7 + √(9)", "√(7 + 9)".
    public internal(set) var expression: String = ""
    public internal(set) var error: CalculatorError?
    public internal(set) var isSecondActive = false
    /// The last `historyLimit` evaluations, newest last. Survives AC like a calculator's paper tape.
    public internal(set) var history: [HistoryEntry] = []

    public static let historyLimit = 100
    /// Open parentheses and pending operators together, as Windows' calculator allows (its `MAXPRECDEPTH`); further
    /// `(` are ignored and xʸ chains evaluate left to right beyond it (see `CalculatorState+Bounds.swift`).
    static let pendingLimit = 25
    /// Expression texts longer than this many UTF-8 bytes keep only their end, after "…" (same reason).
    public static let expressionLimit = 300

    /// The operation stack of scientific and immediate mode: the typed entry, the shown value, pending operations
    /// and their expression text, the operation a further `=` repeats. Fresh while programmer mode has the keys.
    var stack = OperationStack<DecimalArithmetic>()
    var memoryValue: Number?
    /// Kept like memory: AC keeps them.
    var variables = Variables()
    /// A `sto` or `rcl` that waits for its variable key; meanwhile other keys are refused and AC cancels it.
    public internal(set) var awaiting: VariableCommand?
    /// Programmer mode's operation stack, which has the keys while `settings.mode` is `programmer`; nil in the other
    /// modes.
    @Boxed var programmer: ProgrammerStack? = nil
    /// What undo and redo go back and forth between (`CalculatorState+Undo.swift`).
    var undoHistory = UndoHistory()

    public init(settings: Settings = Settings()) {
        self.settings = settings
        if settings.mode == .programmer { programmer = ProgrammerStack() }
    }

    public var isPending: Bool { settings.mode == .programmer ? programmer?.stack.isPending == true : stack.isPending }

    /// Memory formatted like the display; nil when memory is empty.
    public var memory: String? { memoryValue.map(shownText) }

    public mutating func update(settings: Settings) {
        let previous = self.settings
        self.settings = settings
        if previous.mode == .programmer || settings.mode == .programmer {
            changeProgrammerSettings(from: previous)
            return
        }
        refresh()
    }

    // MARK: keys

    /// A key's effect, without an undo step (`apply` records them). A key `refusal(of:)` refuses changes nothing.
    mutating func press(_ key: Key, random: inout some RandomNumberGenerator) {
        if awaiting != nil, !key.answersAwaitingCommand { return }
        if settings.mode == .programmer {
            applyProgrammer(key)
            return
        }
        guard var action = key.action else { return }
        if isSecondActive, let inverse = key.inverse?.action { action = inverse }
        let pendingBefore = stack.pending.count
        defer { if action.mayGrowKeptNumbers || stack.pending.count != pendingBefore { keepNumbersWithinBudget() } }
        if error != nil {
            guard passesErrorLock(action.errorLock) else { return refresh() }
        }
        do throws(StackFailure) {
            switch action {
            case .digit(let digit): try pressEntry(UInt8(ascii: "0") + digit)
            case .point: try pressEntry(UInt8(ascii: "."))
            case .exponent: try pressEntry(UInt8(ascii: "e"))
            case .binary(let op): try stack.binary(op, arithmetic)
            case .unary(let function): try pressUnary(function, arithmetic)
            case .negate: pressNegate(arithmetic)
            case .percent: try pressPercent(arithmetic)
            case .constant(let constant): try stack.put(.constant(constant), text: constant.symbol, arithmetic)
            case .random:
                let number = Number.unitFraction(random.next())
                try stack.put(number, text: arithmetic.string(number), arithmetic)
            case .openParenthesis: try stack.open(arithmetic)
            case .closeParenthesis: try stack.close(arithmetic)
            case .equals:
                let description = try stack.equals(arithmetic)
                // Recorded after refresh so the result is formatted once.
                refresh()
                record(description, result: display)
                return
            case .allClear: reset()
            case .clear: stack.clearEntry()
            case .backspace:
                if stack.phase == .entering, var buffer = stack.entry, !buffer.isPristine {
                    buffer.removeLast()
                    stack.entry = buffer
                }
            case .memoryClear: memoryValue = nil
            case .memoryAdd: try pressMemory(add: true, arithmetic)
            case .memorySubtract: try pressMemory(add: false, arithmetic)
            case .memoryRecall:
                let number = memoryValue ?? .integer(0)
                try stack.put(number, text: arithmetic.string(number), arithmetic)
            case .angle(let unit): settings.angle = unit
            case .second: isSecondActive.toggle()
            case .variable(let variable): try pressVariable(variable, arithmetic)
            case .undo, .redo: return  // `apply` handles them: they restore a state rather than change it.
            }
        } catch {
            fail(error)
        }
        refresh()
    }

    // MARK: the decimal modes' own keys

    var formatter: DisplayFormatter { DisplayFormatter(digits: settings.shownDigits) }
    /// What the decimal modes hand their operation stack, made when a key needs it.
    var arithmetic: DecimalArithmetic { DecimalArithmetic(settings) }
    var shownValue: Number { stack.value ?? .integer(0) }

    /// A digit, "." or "e" (EE), as its ASCII code: extends the number being typed or starts a new one.
    private mutating func pressEntry(_ character: UInt8) throws(StackFailure) {
        if stack.phase == .entering, let buffer = stack.entry, !(buffer.isPristine && character == UInt8(ascii: "e")) {
            // Changed in place (`entry?.`): a copy would share the text and make a longer one copy itself.
            switch character {
            case UInt8(ascii: "."): stack.entry?.appendPoint()
            case UInt8(ascii: "e"): stack.entry?.beginExponent()
            default: stack.entry?.appendDigit(character, limit: settings.shownDigits)
            }
            return
        }
        try stack.startEntry(.starting(with: character), arithmetic)
    }

    private mutating func pressNegate(_ arithmetic: DecimalArithmetic) {
        switch stack.phase {
        case .entering:
            stack.entry?.toggleSign()
        case .afterOperator, .afterOpenParenthesis:
            // Starts a negative entry, as on a phone: "5 × neg 3" is 5 × −3.
            stack.entry = InputBuffer(text: "-0", isPristine: false)
            stack.phase = .entering
        case .operand, .closedGroup, .result:
            stack.show(shownValue.negated, text: "−(" + (stack.operandText ?? arithmetic.string(shownValue)) + ")")
        }
    }

    private mutating func pressUnary(_ function: UnaryFunction, _ arithmetic: DecimalArithmetic) throws(StackFailure) {
        let (operand, text) = try stack.currentOperand(arithmetic)
        switch arithmetic.arithmetic.apply(function, operand, angle: settings.angle) {
        case .success(let result): stack.show(result, text: function.describe(text))
        case .failure(let failure): throw StackFailure(error: failure, attempted: Self.joined(stack.prefix, function.describe(text)))
        }
    }

    /// x% is x/100, except after + or − where it is that percentage of the left operand (50 + 10% is 50 + 5).
    private mutating func pressPercent(_ arithmetic: DecimalArithmetic) throws(StackFailure) {
        let (operand, text) = try stack.currentOperand(arithmetic)
        var outcome = arithmetic.arithmetic.divide(operand, .integer(100))
        if case .operation(let left, let op)? = stack.pending.last, op == .add || op == .subtract, case .success(let fraction) = outcome {
            outcome = arithmetic.apply(.multiply, left, fraction)
        }
        switch outcome {
        case .success(let result): stack.show(result, text: (Self.hasTopLevelOperator(text) ? "(" + text + ")" : text) + "%")
        case .failure(let failure): throw StackFailure(error: failure, attempted: attempted)
        }
    }

    private mutating func pressMemory(add: Bool, _ arithmetic: DecimalArithmetic) throws(StackFailure) {
        let operand = try stack.takeOperand(arithmetic)
        switch arithmetic.apply(add ? .add : .subtract, memoryValue ?? .integer(0), operand) {
        case .success(let result): memoryValue = result
        case .failure(let failure): throw StackFailure(error: failure, attempted: attempted)
        }
    }

    /// The expression text of what a key was attempting on the current operand.
    private var attempted: String { Self.joined(stack.prefix, stack.operandText ?? stack.entry?.text ?? "") }

    // MARK: every mode

    /// AC: everything but memory, variables, settings (angle included) and the history tape.
    mutating func reset() {
        stack = OperationStack()
        if settings.mode == .programmer { programmer = ProgrammerStack() }
        error = nil
        isSecondActive = false
        awaiting = nil
        expression = ""
    }

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

    /// Stores display and expression so reading them is O(1).
    mutating func refresh() {
        if error != nil {
            display = DisplayFormatter.error
            return
        }
        if settings.mode == .programmer, let programmer { return refresh(programmer: programmer.stack) }
        stack.clip()
        if stack.phase == .entering, let entry = stack.entry {
            display = entry.text
        } else {
            display = formatter.string(shownValue)
        }
        expression = stack.expression(display: display)
    }
}

extension CalculatorState {
    /// `refresh` in programmer mode, from its stack (which `applyProgrammer` holds outside the box while it changes).
    mutating func refresh(programmer stack: borrowing OperationStack<WordArithmetic>) {
        display = stack.display(WordArithmetic(settings))
        expression = stack.expression(display: display)
    }
}

/// How a key answers the Error lock.
enum ErrorLock {
    /// AC, C and ⌫: clear the error, and do nothing else.
    case clears
    /// A digit or the point: clear the error and start a new number.
    case clearsThenActs
    /// Every other key, angle keys and memory included.
    case ignored
}

extension KeyAction {
    var errorLock: ErrorLock {
        switch self {
        case .allClear, .clear, .backspace: .clears
        case .digit, .point: .clearsThenActs
        case .exponent, .binary, .unary, .negate, .percent, .constant, .random, .openParenthesis, .closeParenthesis,
            .equals, .memoryClear, .memoryAdd, .memorySubtract, .memoryRecall, .angle, .second, .variable, .undo, .redo:
            .ignored
        }
    }
}
