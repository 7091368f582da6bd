/// Where the key state machine is between keys (Microsoft CalcManager's `CCalcEngine` flags, made one enum).
enum Phase: Sendable {
    /// A number is being typed into `entry`.
    case entering
    /// The current operand is a finished value: a unary result, a constant, `mr`.
    case operand
    /// A binary operator was pressed and its right operand has not started; a second operator replaces it.
    case afterOperator
    /// `(` was pressed; the group has no operand yet.
    case afterOpenParenthesis
    /// `)` closed a group; a number or `(` that follows multiplies it.
    case closedGroup
    /// `=` finished a calculation; a number starts a new one, an operator continues from the result.
    case result
}

/// One level of what is waiting for an operand: `left op …` or an open parenthesis.
enum PendingItem: Sendable, Equatable {
    case operation(left: Number, op: BinaryOperator)
    /// `outerPrefix` is the expression text before the `(`, restored when the group closes.
    case openParenthesis(outerPrefix: String)
}

/// What a repeated `=` applies again: the last operation `=` evaluated, which is the outermost one, with its
/// evaluated right operand (`2 + 3 = =` adds 3 once more, `2 + 3 × 4 = =` adds 12), as Windows and GNOME do.
struct RepeatOperation: Sendable, Equatable {
    let op: BinaryOperator
    let operand: Number
}

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

    var entry: InputBuffer? = InputBuffer()
    /// The value shown when no number is being typed; nil is 0 (saves an allocation in a fresh state).
    var value: Number?
    var phase: Phase = .entering
    var pending: [PendingItem] = []
    /// Expression text of everything in `pending`.
    var prefix = ""
    /// Expression text of the current operand when it is not being typed.
    var operandText: String?
    var lastOperation: RepeatOperation?
    var memoryValue: Number?
    /// Kept like memory: AC keeps them.
    var variables = Variables()
    /// A `sto` or `rcl` that waits for its variable key; meanwhile other keys are refused and AC cancels it.
    public internal(set) var awaiting: VariableCommand?
    /// Programmer mode's engine, which has the keys while `settings.mode` is `programmer`; nil in the other modes.
    @Boxed var programmer: ProgrammerMachine? = nil
    /// What undo and redo go back and forth between (`CalculatorState+Undo.swift`).
    var undoHistory = UndoHistory()

    public init(settings: Settings = Settings()) {
        self.settings = settings
        if settings.mode == .programmer { programmer = ProgrammerMachine() }
    }

    public var isPending: Bool { !pending.isEmpty }

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
        let pendingBefore = pending.count
        defer { if action.mayGrowKeptNumbers || pending.count != pendingBefore { keepNumbersWithinBudget() } }
        if error != nil {
            // While Error shows, only the clearing keys act (AC, C, ⌫), and a digit or the point starts a new number
            // after clearing, as in Windows; every other key, angle keys and memory included, is ignored.
            switch action {
            case .allClear, .clear, .backspace:
                reset()
                refresh()
                return
            case .digit, .point:
                reset()
            case .exponent, .binary, .unary, .negate, .percent, .constant, .random, .openParenthesis, .closeParenthesis,
                .equals, .memoryClear, .memoryAdd, .memorySubtract, .memoryRecall, .angle, .second, .variable, .undo, .redo:
                return
            }
        }
        switch action {
        case .digit(let digit): pressEntry(UInt8(ascii: "0") + digit)
        case .point: pressEntry(UInt8(ascii: "."))
        case .exponent: pressEntry(UInt8(ascii: "e"))
        case .binary(let op): pressBinary(op)
        case .unary(let function): pressUnary(function)
        case .negate: pressNegate()
        case .percent: pressPercent()
        case .constant(let constant): pressValue(.constant(constant), text: constant.symbol)
        case .random:
            let number = Number.unitFraction(random.next())
            pressValue(number, text: formatter.string(number))
        case .openParenthesis: pressOpenParenthesis()
        case .closeParenthesis: pressCloseParenthesis()
        case .equals:
            if let description = pressEquals() {
                // Recorded after refresh so the result is formatted once.
                refresh()
                record(description, result: display)
                return
            }
        case .allClear: reset()
        case .clear:
            entry = InputBuffer()
            phase = .entering
            operandText = nil
        case .backspace:
            if phase == .entering, var buffer = entry, !buffer.isPristine {
                buffer.removeLast()
                entry = buffer
            }
        case .memoryClear: memoryValue = nil
        case .memoryAdd: pressMemory(add: true)
        case .memorySubtract: pressMemory(add: false)
        case .memoryRecall:
            let number = memoryValue ?? .integer(0)
            pressValue(number, text: formatter.string(number))
        case .angle(let unit): settings.angle = unit
        case .second: isSecondActive.toggle()
        case .variable(let variable): pressVariable(variable)
        case .undo, .redo: return  // `apply` handles them: they restore a state rather than change it.
        }
        refresh()
    }

    // MARK: state machine

    var formatter: DisplayFormatter { DisplayFormatter(digits: settings.shownDigits) }
    private var arithmetic: Arithmetic { Arithmetic() }
    var shownValue: Number { value ?? .integer(0) }

    /// The operand an operator, function or `=` acts on, with its expression text. Right after an operator or `(`
    /// that is the displayed value (`7 + =` is 7 + 7). Nil when the typed number is out of range (now an error).
    mutating func currentOperand() -> (Number, String)? {
        switch phase {
        case .entering:
            let buffer = entry ?? InputBuffer()
            switch arithmetic.checked(buffer.value) {
            case .success(let number): return (number, buffer.text)
            case .failure(let failure):
                fail(failure)
                return nil
            }
        case .afterOperator, .afterOpenParenthesis:
            return (shownValue, formatter.string(shownValue))
        case .operand, .closedGroup, .result:
            return (shownValue, operandText ?? formatter.string(shownValue))
        }
    }

    /// A digit, "." or "e" (EE), as its ASCII code: extends the number being typed or starts a new one.
    private mutating func pressEntry(_ character: UInt8) {
        if phase == .entering, let buffer = entry, !(buffer.isPristine && character == UInt8(ascii: "e")) {
            // Changed in place (`entry?.`): a copy would share the text and make a longer one copy itself.
            switch character {
            case UInt8(ascii: "."): entry?.appendPoint()
            case UInt8(ascii: "e"): entry?.beginExponent()
            default: entry?.appendDigit(character, limit: settings.shownDigits)
            }
            return
        }
        if phase == .closedGroup {
            // ")" followed by a number multiplies: (2 + 3) 4 is 20.
            pressBinary(.multiply)
            if error != nil { return }
        }
        if phase == .result { prefix = "" }
        entry = .starting(with: character)
        phase = .entering
        operandText = nil
    }

    /// π, e, rand and mr: after a typed number or a closed group they multiply it, as `(` does (`2 π` is 2π like
    /// `( 2 ) π`); after anything else they are the new operand.
    mutating func pressValue(_ number: Number, text: String) {
        if phase == .closedGroup || (phase == .entering && !(entry?.isPristine ?? true)) {
            pressBinary(.multiply)
            if error != nil { return }
        }
        value = number
        entry = nil
        operandText = text
        phase = .operand
    }

    private mutating func pressNegate() {
        switch phase {
        case .entering:
            entry?.toggleSign()
        case .afterOperator, .afterOpenParenthesis:
            // Starts a negative entry, as on a phone: "5 × neg 3" is 5 × −3.
            entry = InputBuffer(text: "-0", isPristine: false)
            phase = .entering
        case .operand, .closedGroup, .result:
            let text = operandText ?? formatter.string(shownValue)
            value = shownValue.negated
            operandText = "−(" + text + ")"
            phase = .operand
        }
    }

    private mutating func pressBinary(_ op: BinaryOperator) {
        if phase == .afterOperator, case .operation(let left, let previous)? = pending.last {
            // A second operator in a row replaces the first: 5 + × 3 is 5 × 3.
            pending.removeLast()
            if prefix.hasSuffix(" " + previous.symbol) { prefix.removeLast(previous.symbol.count + 1) }
            var v = left
            guard reduce(&v, before: op) else { return }
            pending.append(.operation(left: v, op: op))
            prefix += " " + op.symbol
            value = v
            return
        }
        guard var (operand, text) = currentOperand() else { return }
        // A result continued with an operator keeps its brackets: 1 + 2 = × 2 reads (1 + 2) × 2.
        if phase == .result, Self.hasTopLevelOperator(text) { text = "(" + text + ")" }
        var v = operand
        guard reduce(&v, before: op) else { return }
        pending.append(.operation(left: v, op: op))
        prefix = Self.joined(prefix, text) + " " + op.symbol
        value = v
        entry = nil
        operandText = nil
        phase = .afterOperator
    }

    /// Applies to `v` the pending operations of the innermost group that bind at least as tightly as `op`
    /// (all of them in immediate mode, or when `op` is nil). False after an error.
    private mutating func reduce(_ v: inout Number, before op: BinaryOperator?) -> Bool {
        while case .operation(let left, let pendingOp)? = pending.last {
            if let op, settings.mode == .scientific {
                if pendingOp.precedence < op.precedence { break }
                if pendingOp.precedence == op.precedence && op.isRightAssociative && pending.count < Self.pendingLimit { break }
            }
            switch arithmetic.apply(pendingOp, left, v) {
            case .success(let result): v = result
            case .failure(let failure):
                fail(failure)
                return false
            }
            pending.removeLast()
        }
        return true
    }

    private mutating func pressUnary(_ function: UnaryFunction) {
        guard let (operand, text) = currentOperand() else { return }
        switch arithmetic.apply(function, operand, angle: settings.angle) {
        case .success(let result):
            value = result
            entry = nil
            operandText = function.describe(text)
            phase = .operand
        case .failure(let failure):
            fail(failure, attempted: function.describe(text))
        }
    }

    /// x% is x/100, except after + or − where it is that percentage of the left operand (50 + 10% is 50 + 5).
    private mutating func pressPercent() {
        guard let (operand, text) = currentOperand() else { return }
        var outcome = arithmetic.divide(operand, .integer(100))
        if case .operation(let left, let op)? = pending.last, op == .add || op == .subtract, case .success(let fraction) = outcome {
            outcome = arithmetic.apply(.multiply, left, fraction)
        }
        switch outcome {
        case .success(let result):
            value = result
            entry = nil
            operandText = (Self.hasTopLevelOperator(text) ? "(" + text + ")" : text) + "%"
            phase = .operand
        case .failure(let failure):
            fail(failure)
        }
    }

    private mutating func pressOpenParenthesis() {
        guard pending.count < Self.pendingLimit else { return }
        switch phase {
        case .entering where !(entry?.isPristine ?? true), .operand, .closedGroup:
            // A number followed by "(" multiplies: 2 (1 + 1) is 4.
            pressBinary(.multiply)
            if error != nil { return }
        case .result:
            prefix = ""
        default:
            break
        }
        // Right after an operator (typed or implied) the group starts from 0, as in Windows: 6 + ( = is 6.
        value = phase == .afterOperator ? nil : shownValue
        pending.append(.openParenthesis(outerPrefix: prefix))
        prefix = Self.joined(prefix, "(")
        entry = nil
        operandText = nil
        phase = .afterOpenParenthesis
    }

    private mutating func pressCloseParenthesis() {
        // An unmatched ")" is ignored.
        guard pending.contains(where: { if case .openParenthesis = $0 { true } else { false } }) else { return }
        guard let (operand, text) = currentOperand() else { return }
        var v = operand
        guard reduce(&v, before: nil) else { return }
        guard case .openParenthesis(let outer)? = pending.popLast() else { return }
        let inner = String(prefix.dropFirst(Self.joined(outer, "(").count))
        operandText = "(" + Self.joined(inner, text) + ")"
        prefix = outer
        value = v
        entry = nil
        phase = .closedGroup
    }

    /// Evaluates everything; returns the description to record with the result, or nil after an error (recorded here).
    private mutating func pressEquals() -> String? {
        let wasResult = phase == .result
        guard let (operand, text) = currentOperand() else { return nil }
        var v = operand
        let description: String
        if !pending.isEmpty {
            // Innermost first; the last operation applied, the outermost, is the one a further `=` repeats.
            var full = Self.joined(prefix, text)
            while let item = pending.popLast() {
                guard case .operation(let left, let op) = item else {
                    full += ")"
                    continue
                }
                lastOperation = RepeatOperation(op: op, operand: v)
                switch arithmetic.apply(op, left, v) {
                case .success(let result): v = result
                case .failure(let failure):
                    fail(failure)
                    record(full, result: DisplayFormatter.error)
                    return nil
                }
            }
            description = full
        } else if let last = lastOperation {
            let left = wasResult ? formatter.string(operand) : text
            description = left + " " + last.op.symbol + " " + formatter.string(last.operand)
            switch arithmetic.apply(last.op, operand, last.operand) {
            case .success(let result): v = result
            case .failure(let failure):
                fail(failure)
                record(description, result: DisplayFormatter.error)
                return nil
            }
        } else {
            description = text
        }
        value = v
        entry = nil
        phase = .result
        prefix = ""
        operandText = description
        return description
    }

    /// m+, m− and sto: the current operand. A typed number becomes a finished operand; the fresh 0 of a new entry
    /// stays one, so `m+ neg 5` types −5 and `m+ ( 8` opens a group without an implied × 0. Nil after an error.
    mutating func takeOperand() -> Number? {
        guard let (operand, text) = currentOperand() else { return nil }
        if phase == .entering, !(entry?.isPristine ?? true) {
            value = operand
            entry = nil
            operandText = text
            phase = .operand
        }
        return operand
    }

    private mutating func pressMemory(add: Bool) {
        guard let operand = takeOperand() else { return }
        switch arithmetic.apply(add ? .add : .subtract, memoryValue ?? .integer(0), operand) {
        case .success(let result): memoryValue = result
        case .failure(let failure): fail(failure)
        }
    }

    /// AC: everything but memory, variables, settings (angle included) and the history tape.
    mutating func reset() {
        entry = InputBuffer()
        value = nil
        phase = .entering
        pending = []
        prefix = ""
        operandText = nil
        lastOperation = nil
        error = nil
        isSecondActive = false
        awaiting = nil
        expression = ""
    }

    /// Enters the error state; `expression` keeps what was attempted.
    private mutating func fail(_ failure: CalculatorError, attempted: String? = nil) {
        expression = Self.clipped(Self.joined(prefix, attempted ?? operandText ?? entry?.text ?? ""))
        error = failure
        entry = nil
        value = nil
        phase = .result
        pending = []
        prefix = ""
        operandText = nil
        lastOperation = nil
    }

    /// Stores display and expression so reading them is O(1).
    mutating func refresh() {
        if error != nil {
            display = DisplayFormatter.error
            return
        }
        // Assigned only when clipped: storing the same text again is a release and a retain on every key.
        if prefix.utf8.count > Self.expressionLimit { prefix = Self.clipped(prefix) }
        if let text = operandText, text.utf8.count > Self.expressionLimit { operandText = Self.clipped(text) }
        let current: String?
        if phase == .entering, let entry {
            display = entry.text
            current = entry.isPristine ? nil : entry.text
        } else {
            display = formatter.string(shownValue)
            current = operandText
        }
        expression = Self.clipped(current.map { Self.joined(prefix, $0) } ?? prefix)
    }
}
