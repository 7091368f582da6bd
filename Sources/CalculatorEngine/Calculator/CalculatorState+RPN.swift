/// The stack of RPN mode as the display shows its numbers: X is the display itself (typed text, a result, or Error).
public struct RPNStackDisplay: Sendable, Equatable {
    public let x, y, z, t: String
}

/// RPN mode (HP's scientific calculators, macOS Calculator's RPN mode): X is the decimal operation stack's shown value
/// or typed number, so typing, ±, the display and its formats are scientific mode's; Y, Z, T, LASTx and the lift flag
/// are `RPNRegisters`. An operator takes Y and X and shows its result in X as a function's result is shown, through
/// the same `Arithmetic`, so results are exact or certified as in scientific mode; each is a line of the history
/// tape. `=` and the brackets are refused (`KeyRefusal.Reason.notInRPN`).
extension CalculatorState {
    /// In RPN mode, X, Y, Z and T as the display shows numbers; nil in the other modes.
    public var rpnStack: RPNStackDisplay? {
        guard let rpn else { return nil }
        func shown(_ number: Number?) -> String { formatter.string(number ?? .integer(0)) }
        return RPNStackDisplay(x: display, y: shown(rpn.y), z: shown(rpn.z), t: shown(rpn.t))
    }

    /// A key in RPN mode, with its undo step: undo and redo go back and forth between steps, every other key that
    /// changes the state records the state and the stack before it.
    mutating func applyRPN(_ key: Key, random: inout some RandomSource) {
        var action = key.action
        if isSecondActive, let inverse = key.inverse?.action { action = inverse }
        switch action {
        case .undo?:
            undo()
            return
        case .redo?:
            redo()
            return
        default:
            let keepingAngle = if case .angle? = action { true } else { false }
            let before = RPNUndoStep(UndoStep.Box(self, keepingAngle: keepingAngle), registers: rpn)
            pressRPN(key, random: &random)
            if !before.matches(self) { undoHistory.record(.rpn(before)) }
        }
    }

    /// A key's effect in RPN mode, without an undo step. A failed operation leaves Y, Z and T as they were and shows
    /// Error; while it shows, C clears it (X is 0, as after CLx), a digit starts a new X, AC clears the whole stack.
    mutating func pressRPN(_ key: Key, random: inout some RandomSource) {
        if awaiting != nil, !key.answersAwaitingCommand { return }
        guard var registers = rpn else { return }
        var action = key.action
        if isSecondActive, let inverse = key.inverse?.action { action = inverse }
        if actsOnMissingMemoryEntry(action) { return }
        if error != nil {
            let lock = key.rpnAction == nil ? action?.errorLock ?? .ignored : .ignored
            switch lock {
            case .ignored:
                return refresh()
            case .clears, .clearsThenActs:
                if case .allClear? = action {
                    reset()
                    return refresh()
                }
                error = nil
                isSecondActive = false
                stack = OperationStack()
                registers.liftEnabled = false
                if case .clears = lock {
                    rpn = registers
                    return refresh()
                }
            }
        }
        var evaluated: String?
        do throws(StackFailure) {
            if let stackAction = key.rpnAction {
                try press(stackAction, on: &registers)
            } else if let action {
                evaluated = try press(action, on: &registers, random: &random)
            }
        } catch {
            // Y, Z and T stay as they were before the operation.
            fail(error)
            refresh()
            return
        }
        if key.rpnAction != nil || action?.mayGrowKeptNumbers == true { keepWithinBudget(&registers) }
        if case .allClear? = action { registers = RPNRegisters() }
        rpn = registers
        refresh()
        // Recorded with the display the press leaves.
        if let evaluated, error == nil { record(evaluated, result: display) }
    }

    /// `update(settings:)` into or out of RPN mode. Into it, the shown value becomes X (a number being typed stays
    /// typed) and what waited for an operand is dropped, as the stack has no place for it; out of it, X stays shown.
    mutating func changeRPNMode(from previous: Settings) {
        guard settings.mode == .rpn else {
            rpn = nil
            return
        }
        guard previous.mode != .rpn else { return }
        if error == nil, stack.isPending || (stack.phase != .entering && stack.phase != .operand) {
            let x = (try? stack.currentOperand(arithmetic).0) ?? .integer(0)
            stack = OperationStack()
            stack.show(x, text: arithmetic.string(x))
        }
        rpn = RPNRegisters(liftEnabled: true)
        refresh()
    }

    private mutating func press(_ action: RPNAction, on registers: inout RPNRegisters) throws(StackFailure) {
        let x = try stack.takeOperand(arithmetic)
        switch action {
        case .enter:
            registers.lift(x)
            registers.liftEnabled = false
            return
        case .swap:
            let y = registers.y
            registers.y = x
            show(y)
        case .rollDown:
            let y = registers.y
            registers.y = registers.z
            registers.z = registers.t
            registers.t = x
            show(y)
        case .rollUp:
            let t = registers.t
            registers.t = registers.z
            registers.z = registers.y
            registers.y = x
            show(t)
        case .lastX:
            try push(registers.lastX ?? .integer(0), on: &registers)
        }
        registers.liftEnabled = true
    }

    /// Returns what an operation evaluated, for the history tape.
    private mutating func press(_ action: KeyAction, on registers: inout RPNRegisters, random: inout some RandomSource) throws(StackFailure) -> String? {
        let arithmetic = self.arithmetic
        switch action {
        case .digit(let digit): try type(UInt8(ascii: "0") + digit, on: &registers)
        case .point: try type(UInt8(ascii: "."), on: &registers)
        case .exponent: try type(UInt8(ascii: "e"), on: &registers)
        case .binary(let op):
            let x = try stack.takeOperand(arithmetic)
            let y = registers.y ?? .integer(0)
            let description = arithmetic.string(y) + " " + op.symbol + " " + arithmetic.string(x)
            return try operate(arithmetic.apply(op, y, x), x: x, description: description, dropping: true, on: &registers)
        case .unary(let function):
            let x = try stack.takeOperand(arithmetic)
            let description = function.describe(arithmetic.string(x))
            return try operate(
                arithmetic.arithmetic.apply(function, x, angle: settings.angle), x: x, description: description, dropping: false,
                on: &registers)
        case .percent:
            // HP's %: X percent of Y, Y kept (200 enter 15 % is 30, and + then adds it to 200).
            let x = try stack.takeOperand(arithmetic)
            let y = registers.y ?? .integer(0)
            let description = arithmetic.string(y) + " × " + arithmetic.string(x) + "%"
            let outcome = arithmetic.apply(.divide, x, .integer(100)).flatMap { arithmetic.apply(.multiply, y, $0) }
            return try operate(outcome, x: x, description: description, dropping: false, on: &registers)
        case .convert:
            guard settings.conversion != nil else { return nil }
            let x = try stack.takeOperand(arithmetic)
            try pressConvert(arithmetic)
            registers.lastX = x
            registers.liftEnabled = true
            return stack.operandText
        case .negate:
            // CHS: the sign of the number or exponent being typed, otherwise −X; the lift is as it was.
            pressNegate(arithmetic)
        case .constant(let constant): try push(.constant(constant), text: constant.symbol, on: &registers)
        case .random: try push(Number.unitFraction(random.next()), on: &registers)
        case .memoryRecall: try push(memoryValue ?? .integer(0), on: &registers)
        case .memoryClear: clearMemory()
        case .memoryAdd, .memorySubtract:
            try pressMemory(add: action == .memoryAdd, arithmetic)
            registers.liftEnabled = true
        case .memoryStore:
            try pressMemoryStore(arithmetic)
            registers.liftEnabled = true
        case .memoryEntry(.recall, let entry): try push(memoryEntry(Int(entry)) ?? .integer(0), on: &registers)
        case .memoryEntry(let command, let entry):
            try pressMemory(command, entry: Int(entry), arithmetic)
            if command != .clear { registers.liftEnabled = true }
        case .variable(let variableAction):
            // rcl puts the variable in X as any recalled number; sto and the commands are scientific mode's.
            let command = awaiting
            if case .name(let variable) = variableAction, command == .recall {
                awaiting = nil
                try push(variables[variable] ?? .integer(0), text: variable.rawValue, on: &registers)
            } else {
                try pressVariable(variableAction, arithmetic)
                if case .name = variableAction, command == .store { registers.liftEnabled = true }
            }
        case .clear:
            clearX(&registers)
        case .backspace:
            // ⌫ edits a number being typed; otherwise it is CLx, as on HP's.
            guard stack.isTyping, var buffer = stack.entry else {
                clearX(&registers)
                return nil
            }
            buffer.removeLast()
            stack.entry = buffer
            if buffer.isPristine { registers.liftEnabled = false }
        case .allClear: reset()
        case .angle(let unit): settings.angle = unit
        case .second: isSecondActive.toggle()
        case .openParenthesis, .closeParenthesis, .equals, .undo, .redo, .statistics:
            // Refused in RPN mode (`refusal(of:)`; statistics mode's keys are its own), and undo and redo are
            // `applyRPN`'s.
            break
        }
        return nil
    }

    /// An operation's result in X: LASTx keeps the X it took, the stack drops after an operator, the lift is enabled.
    private mutating func operate(
        _ outcome: Result<Number, CalculatorError>, x: Number, description: String, dropping: Bool, on registers: inout RPNRegisters
    ) throws(StackFailure) -> String {
        switch outcome {
        case .success(let result):
            if dropping { registers.drop() }
            registers.lastX = x
            registers.liftEnabled = true
            stack.show(result, text: description)
            return description
        case .failure(let failure):
            throw StackFailure(error: failure, attempted: description, isEvaluation: true)
        }
    }

    /// A digit, the point or EE: a new number starts in X, pushing the X before it up when the lift is enabled (a
    /// cleared X, pristine, is replaced), or the number being typed goes on.
    private mutating func type(_ character: UInt8, on registers: inout RPNRegisters) throws(StackFailure) {
        if !stack.isTyping {
            if stack.phase != .entering || stack.entry == nil {
                if registers.liftEnabled { registers.lift(shownValue) }
                stack.clearEntry()
            }
            registers.liftEnabled = true
        }
        try pressEntry(character)
    }

    /// A recalled number (a constant, `mr`, `rcl`, `rand`, LASTx) in X, pushing X up when the lift is enabled.
    private mutating func push(_ number: Number, text: String? = nil, on registers: inout RPNRegisters) throws(StackFailure) {
        let x = try stack.takeOperand(arithmetic)
        if registers.liftEnabled { registers.lift(x) }
        stack.put(number, text: text ?? arithmetic.string(number))
        registers.liftEnabled = true
    }

    /// CLx: X is 0 and the next number replaces it.
    private mutating func clearX(_ registers: inout RPNRegisters) {
        stack.clearEntry()
        registers.liftEnabled = false
    }

    /// A number in X as a result is shown, 0 for none.
    private mutating func show(_ number: Number?) {
        let value = number ?? .integer(0)
        stack.show(value, text: arithmetic.string(value))
    }

    /// The numbers the stack keeps share the budget of every kept number (`CalculatorState+Bounds.swift`): past it
    /// they continue as their 256-bit values, LASTx first, then T, Z, memory, the memory list and Y, and X last.
    private mutating func keepWithinBudget(_ registers: inout RPNRegisters) {
        let budget = Budget.standard.maxRationalBits
        var total = registers.keptBits + (stack.value?.rationalBits ?? 0) + (memoryValue?.rationalBits ?? 0)
        for entry in memoryList ?? [] { total += entry.rationalBits }
        guard total > budget else { return }
        func round(_ number: inout Number?) {
            guard total > budget, let exact = number, exact.isRational else { return }
            total -= exact.rationalBits
            number = exact.asReal
        }
        round(&registers.lastX)
        round(&registers.t)
        round(&registers.z)
        round(&memoryValue)
        if total > budget, var list = memoryList {
            for index in list.indices {
                var entry: Number? = list[index]
                round(&entry)
                if let entry { list[index] = entry }
            }
            memoryList = list
        }
        round(&registers.y)
        round(&stack.value)
    }
}

/// An undo step of RPN mode: the state's snapshot and the stack above X.
final class RPNUndoStep: Sendable, Equatable {
    let state: UndoStep.Box
    let registers: RPNRegisters?

    init(_ state: UndoStep.Box, registers: RPNRegisters?) {
        self.state = state
        self.registers = registers
    }

    func matches(_ state: borrowing CalculatorState) -> Bool { self.state.matches(state) && registers == state.rpn }

    var storedSize: Int {
        guard let registers else { return state.storedSize + 1 }
        return state.storedSize + 5 + [registers.y, registers.z, registers.t, registers.lastX].reduce(0) { $0 + Number.storedSize($1) }
    }

    static func == (lhs: RPNUndoStep, rhs: RPNUndoStep) -> Bool { lhs === rhs || (lhs.state == rhs.state && lhs.registers == rhs.registers) }
}
