/// How to go back over one key (or forward again over an undone one). Optional texts are kept as a text and a flag
/// (or empty for none): copying an optional String or struct goes through a generic value witness, and a step is
/// taken on every key.
enum UndoStep: Sendable, Equatable {
    /// The entry, phase and operand text before a key that changed only those.
    case typing(Typing)
    /// The state before any other key.
    case state(Box)
    /// The state and the stack above X before a key of RPN mode.
    case rpn(RPNUndoStep)

    struct Typing: Sendable, Equatable {
        /// Empty without an entry (a typed entry is never empty).
        var entryText: String
        var entryIsPristine: Bool
        var phase: Phase
        var hasOperandText: Bool
        var operandText: String

        init(entry: InputBuffer?, phase: Phase, operandText: String?) {
            entryText = entry?.text ?? ""
            entryIsPristine = entry?.isPristine ?? false
            self.phase = phase
            hasOperandText = operandText != nil
            self.operandText = operandText ?? ""
        }

        /// Whether `state` has this entry, phase and operand text, compared where they are rather than copied.
        func matches(_ state: borrowing CalculatorState) -> Bool {
            guard phase == state.stack.phase, hasOperandText == (state.stack.operandText != nil) else { return false }
            if let entry = state.stack.entry {
                guard entry.isPristine == entryIsPristine, entry.text == entryText else { return false }
            } else if !entryText.isEmpty || entryIsPristine {
                return false
            }
            return operandText == (state.stack.operandText ?? "")
        }

        var entry: InputBuffer? { entryText.isEmpty ? nil : InputBuffer(text: entryText, isPristine: entryIsPristine) }
        var optionalOperandText: String? { hasOperandText ? operandText : nil }

        var storedSize: Int { entryText.utf8.count + operandText.utf8.count + 4 }
    }

    /// A snapshot in a box of its own, so that steps stay small to move and reading one copies nothing, with its
    /// size worked out once.
    final class Box: Sendable, Equatable {
        let snapshot: Snapshot
        let storedSize: Int

        init(_ snapshot: consuming Snapshot) {
            storedSize = snapshot.storedSize
            self.snapshot = consume snapshot
        }

        /// What an undo step keeps of `state`; the angle only for a key that changes it.
        init(_ state: borrowing CalculatorState, keepingAngle: Bool) {
            let snapshot = Snapshot(
                typing: state.typingStep, expression: state.error == nil ? "" : state.expression, errorCode: state.error?.code ?? "",
                errorMessage: state.error?.message ?? "", isSecondActive: state.isSecondActive, value: state.stack.value,
                pending: state.stack.pending, prefix: state.stack.prefix, repeatOperator: state.stack.lastOperation?.op,
                repeatOperand: state.stack.lastOperation?.operand, memoryValue: state.memoryValue, variables: state.variables,
                awaiting: state.awaiting, angle: keepingAngle ? state.settings.angle : nil, lists: state.$lists)
            storedSize = snapshot.storedSize
            self.snapshot = snapshot
        }

        /// Whether `state` is what the snapshot holds. Field by field: calling a method of the snapshot would copy it
        /// out of the box first.
        func matches(_ state: borrowing CalculatorState) -> Bool {
            snapshot.typing.phase == state.stack.phase && snapshot.value == state.stack.value && snapshot.pending == state.stack.pending
                && snapshot.memoryValue == state.memoryValue && snapshot.isSecondActive == state.isSecondActive
                && (snapshot.angle == nil || snapshot.angle == state.settings.angle)
                && snapshot.repeatOperator == state.stack.lastOperation?.op && snapshot.repeatOperand == state.stack.lastOperation?.operand
                && snapshot.prefix == state.stack.prefix && (state.error?.code ?? "") == snapshot.errorCode
                && (state.error?.message ?? "") == snapshot.errorMessage
                && (state.error == nil || snapshot.expression == state.expression)
                && snapshot.awaiting == state.awaiting && snapshot.variables == state.variables && snapshot.typing.matches(state)
                && snapshot.lists == state.$lists
        }

        static func == (lhs: Box, rhs: Box) -> Bool { lhs === rhs || lhs.snapshot == rhs.snapshot }
    }

    /// Everything a key may change but the history tape and the display (which `refresh` makes again from it).
    struct Snapshot: Sendable, Equatable {
        /// The entry, the phase and the operand's text.
        var typing: Typing
        /// The attempted expression in the error state; empty otherwise, where `refresh` makes it from the rest.
        var expression: String
        /// Empty without an error.
        var errorCode: String
        var errorMessage: String
        var isSecondActive: Bool
        var value: Number?
        var pending: [DecimalStack.Item]
        var prefix: String
        var repeatOperator: BinaryOperator?
        var repeatOperand: Number?
        var memoryValue: Number?
        var variables: Variables
        var awaiting: VariableCommand?
        /// The angle before the key, for the keys that change it (deg and rad): a setting changed since by
        /// `update(settings:)` is not undone with some other key.
        var angle: AngleUnit?
        /// The memory list after its first entry and the data set, as the state holds them (one pointer, nil for none:
        /// the usual snapshot copies a nil).
        var lists = Boxed<KeptLists>(wrappedValue: nil)

        /// Whether the stored form writes the memory list and the data set after the other fields.
        var holdsLists: Bool { lists.holdsValue }

        var error: CalculatorError? { errorCode.isEmpty ? nil : CalculatorError(code: errorCode, message: errorMessage) }
        var lastOperation: DecimalStack.Repeat? {
            guard let repeatOperator, let repeatOperand else { return nil }
            return DecimalStack.Repeat(op: repeatOperator, operand: repeatOperand)
        }

        /// Roughly the bytes it takes in the stored form.
        var storedSize: Int {
            var size = 12 + typing.storedSize + expression.utf8.count + prefix.utf8.count
            size += errorCode.utf8.count + errorMessage.utf8.count
            size += Number.storedSize(value) + Number.storedSize(memoryValue) + Number.storedSize(repeatOperand)
            for variable in Variable.allCases { size += 1 + Number.storedSize(variables[variable]) }
            for entry in lists.wrappedValue?.memoryList ?? [] { size += entry.storedSize }
            for point in lists.wrappedValue?.statistics?.points ?? [] { size += 2 + point.x.storedSize + Number.storedSize(point.y) }
            for item in pending {
                switch item {
                case .operation(let left, _): size += 2 + left.storedSize
                case .openParenthesis(let outer): size += 2 + outer.utf8.count
                }
            }
            return size
        }
    }

    /// The step that goes the other way from `state`, taken before this step is restored over it.
    func counterpart(in state: borrowing CalculatorState) -> UndoStep {
        switch self {
        case .typing: .typing(state.typingStep)
        case .state(let box): .state(Box(state, keepingAngle: box.snapshot.angle != nil))
        case .rpn(let step): .rpn(RPNUndoStep(Box(state, keepingAngle: step.state.snapshot.angle != nil), registers: state.rpn))
        }
    }

    /// Roughly the bytes it takes in the stored form: its texts' UTF-8 and its numbers' digits.
    var storedSize: Int {
        switch self {
        case .typing(let typing): typing.storedSize
        case .state(let box): box.storedSize
        case .rpn(let step): step.storedSize
        }
    }
}

extension Number {
    /// Roughly the length of `encoded`, without writing it: a rational's decimal digits (about 0.3 per bit), or a
    /// real's derivation: the digits of its rationals and a few bytes a node (bounds alone are three hexadecimal floats).
    var storedSize: Int {
        switch self {
        case .rational: rationalBits * 31 / 100 + 4
        case .real: rationalBits * 31 / 100 + 12 * derivationSize + 220
        }
    }

    /// `storedSize` of an optional number, 0 for none.
    static func storedSize(_ number: borrowing Number?) -> Int {
        switch number {
        case .some(let number): number.storedSize
        case .none: 0
        }
    }
}
