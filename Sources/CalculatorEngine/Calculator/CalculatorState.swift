/// A session's whole calculator: typed entry, pending operations with precedence and parentheses, memory, the 2nd
/// toggle, error state, settings, a bounded history and the undo steps. A value type; `apply(_:random:)` is the one
/// way to change it apart from `update(settings:)` and `clearHistory()`.
///
/// Digit keys only edit text (no GMP/MPFR work); numbers are made when an operator, function or `=` needs them.
public struct CalculatorState: Sendable, Equatable {
    // The one-byte fields follow `settings` (23 bytes) and end the struct, where they add no padding: a press copies
    // the state a few times, each copy as long as the struct.
    public internal(set) var settings: Settings
    public internal(set) var isSecondActive = false
    /// What the calculator shows: typed text while typing ("0.", "1.50", "-0", "1.5e-3"), a formatted result
    /// (`DisplayFormatter`), or `Error`.
    public internal(set) var display: String = "0"
    /// A human-readable description of what has been entered (CS193P's `description`): "7 + √(9)", "√(7 + 9)".
    public internal(set) var expression: String = ""
    public internal(set) var error: CalculatorError?
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
    /// Programmer mode's operation stack, which has the keys while `settings.mode` is `programmer`; nil in the other
    /// modes.
    @Boxed var programmer: ProgrammerStack? = nil
    /// RPN mode's Y, Z, T and LASTx (`RPNRegisters`), X being `stack`'s shown value; nil in the other modes.
    @Boxed var rpn: RPNRegisters? = nil
    /// What undo and redo go back and forth between (`CalculatorState+Undo.swift`).
    var undoHistory = UndoHistory()
    /// The memory list past its first entry and statistics mode's data set (`memoryList`, `statistics`) behind one
    /// pointer, nil while both are empty: every press copies and destroys the state a few times.
    @Boxed var lists: KeptLists? = nil
    /// A `sto` or `rcl` that waits for its variable key; meanwhile other keys are refused and AC cancels it.
    public internal(set) var awaiting: VariableCommand?

    public init(settings: Settings = Settings()) {
        self.settings = settings
        if settings.mode == .programmer { programmer = ProgrammerStack() }
        if settings.mode == .rpn { rpn = RPNRegisters() }
    }

    public var isPending: Bool { settings.mode == .programmer ? programmer?.stack.isPending == true : stack.isPending }

    /// Memory formatted like the display; nil when memory is empty.
    public var memory: String? { memoryValue.map(shownText) }

    public mutating func update(settings: Settings) {
        let previous = self.settings
        self.settings = settings
        if previous.mode == .programmer || settings.mode == .programmer {
            changeProgrammerSettings(from: previous)
            if previous.mode == .rpn || settings.mode == .rpn { changeRPNMode(from: previous) }
            return
        }
        if previous.mode == .rpn || settings.mode == .rpn { changeRPNMode(from: previous) }
        if settings.shownDigits < previous.shownDigits { finishEntry(longerThan: settings.shownDigits) }
        refresh()
    }

    /// A number typed with more digits than the session now shows becomes a finished operand, exact and shown rounded
    /// to the new digits at once (typing cannot continue it past them anyway).
    private mutating func finishEntry(longerThan digits: Int) {
        guard error == nil, stack.phase == .entering, let entry = stack.entry, entry.mantissaDigits > digits else { return }
        do throws(StackFailure) {
            _ = try stack.takeOperand(arithmetic)
        } catch {
            fail(error)
        }
    }

    // MARK: keys

    /// A key's effect, without an undo step (`apply` records them). A key `refusal(of:)` refuses changes nothing.
    mutating func press(_ key: Key, random: inout some RandomSource) {
        if awaiting != nil, !key.answersAwaitingCommand { return }
        if settings.mode == .programmer {
            applyProgrammer(key)
            return
        }
        if settings.mode == .rpn { return pressRPN(key, random: &random) }
        guard var action = key.action else { return }
        if isSecondActive, let inverse = key.inverse?.action { action = inverse }
        if actsOnMissingMemoryEntry(action) { return }
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
            case .constant(let constant): stack.put(.constant(constant), text: constant.symbol)
            case .random:
                let number = Number.unitFraction(random.next())
                stack.put(number, text: arithmetic.string(number))
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
            case .memoryClear: clearMemory()
            case .memoryAdd: try pressMemory(add: true, arithmetic)
            case .memorySubtract: try pressMemory(add: false, arithmetic)
            case .memoryRecall:
                let number = memoryValue ?? .integer(0)
                stack.put(number, text: arithmetic.string(number))
            case .angle(let unit): settings.angle = unit
            case .second: isSecondActive.toggle()
            case .variable(let variable): try pressVariable(variable, arithmetic)
            case .undo, .redo: return  // `apply` handles them: they restore a state rather than change it.
            case .convert: try pressConvert(arithmetic)
            case .memoryStore: try pressMemoryStore(arithmetic)
            case .memoryEntry(let command, let entry): try pressMemory(command, entry: Int(entry), arithmetic)
            case .statistics(let action):
                // Statistics mode's own keys are refused in the other decimal modes, whose keypads lack them.
                guard settings.mode == .statistics else { return }
                try pressStatistics(action, arithmetic)
            }
        } catch {
            fail(error)
        }
        refresh()
    }

    /// AC: everything but memory, variables, settings (angle included) and the history tape.
    mutating func reset() {
        stack = OperationStack()
        if settings.mode == .programmer { programmer = ProgrammerStack() }
        if settings.mode == .rpn { rpn = RPNRegisters() }
        error = nil
        isSecondActive = false
        awaiting = nil
        expression = ""
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
            display = settings.format.isStandard ? entry.text : settings.format.typed(entry.text)
        } else {
            let value = shownValue
            display = formatter.string(value)
            // A value whose digits cannot be made certain at this format shows Error as any value past the budget
            // does: with its reason, and the Error lock, so that keys never go on from a value the display does not
            // show. Only an inexact value can be one (an exact press skips the comparison).
            if !value.isRational, display == DisplayFormatter.error {
                fail(StackFailure(error: .precision, attempted: stack.expression(display: display), isEvaluation: false))
                return
            }
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
