/// Undo and redo are keys like any other, of the scientific and immediate modes. Each key that changes the state
/// records how to go back (`UndoStep`):
/// - a key that changes only the number being typed, the phase and the operand's text (a digit, the point, EE, ⌫ or
///   ± while typing, or a digit that starts a number after an operator, `(`, a function or `=`) records those, from
///   which the display and expression follow: the presses that happen most stay cheap;
/// - any other key records everything a key can change (memory, variables and a waiting sto or rcl included) but
///   the history tape.
/// Undo puts the last step back and keeps the way forward for redo; a key that changes the state after an undo
/// forgets the redo steps. Undo and redo themselves are never recorded, nor are programmer mode's keys, whose
/// keypad has no undo.
///
/// The history tape is not rewound: it records every evaluation, as a paper tape does (`clearHistory()` clears it).
/// Keys change no setting but the angle; the mode and digits, which only `update(settings:)` changes, stay as they are.
/// `random` draws the `rand` key's numbers: a `RandomSource`, which a generator of no size cannot be (see there why).
extension CalculatorState {
    public mutating func apply(_ key: Key, random: inout some RandomSource) {
        if settings.mode == .rpn { return applyRPN(key, random: &random) }
        guard settings.mode != .programmer, var action = key.action else { return press(key, random: &random) }
        if isSecondActive, let inverse = key.inverse?.action { action = inverse }
        switch action {
        case .undo, .redo:
            if case .undo = action { undo() } else { redo() }
            // A step puts back numbers kept before, which may be larger than the ones they replace.
            if action.mayGrowKeptNumbers { keepNumbersWithinBudget() }
        case _ where changesTypingOnly(action):
            let before = typingStep
            press(key, random: &random)
            if !before.matches(self) { undoHistory.record(.typing(before)) }
        default:
            // Boxed before the key, so that recording it copies nothing; only the angle keys change a setting.
            let before = UndoStep.Box(self, keepingAngle: { if case .angle = action { true } else { false } }())
            press(key, random: &random)
            if !before.matches(self) { undoHistory.record(.state(before)) }
        }
    }

    /// The entry, phase and operand text, as a typing step keeps them. Read field by field: a function given the
    /// whole state would copy it.
    var typingStep: UndoStep.Typing { UndoStep.Typing(entry: stack.entry, phase: stack.phase, operandText: stack.operandText) }

    /// Whether undo has a step to go back to.
    public var canUndo: Bool { undoHistory.undoCount > 0 }

    /// Whether redo has a step to go forward to.
    public var canRedo: Bool { !undoHistory.redoSteps.isEmpty }

    /// Whether `action` changes nothing but the entry, the phase and the operand's text (`UndoStep.Typing`).
    private func changesTypingOnly(_ action: KeyAction) -> Bool {
        guard error == nil, awaiting == nil else { return false }
        switch action {
        case .digit, .point, .exponent:
            // A number after ) multiplies; after = it also forgets the expression before, which is already empty.
            switch stack.phase {
            case .entering: return stack.entry != nil
            case .operand, .afterOperator, .afterOpenParenthesis: return true
            case .result: return stack.prefix.isEmpty
            case .closedGroup: return false
            }
        case .backspace: return stack.phase == .entering
        case .negate: return stack.phase == .entering || stack.phase == .afterOperator || stack.phase == .afterOpenParenthesis
        case .binary, .unary, .percent, .constant, .random, .openParenthesis, .closeParenthesis, .equals, .allClear,
            .clear, .memoryClear, .memoryAdd, .memorySubtract, .memoryRecall, .angle, .second, .variable, .undo, .redo,
            .convert, .memoryStore, .memoryEntry, .statistics:
            return false
        }
    }

    mutating func undo() {
        guard let step = undoHistory.undoSteps.last else { return }
        let forward = step.counterpart(in: self)
        restore(step)
        undoHistory.stepBack(redo: forward)
    }

    mutating func redo() {
        guard let step = undoHistory.redoSteps.last else { return }
        let back = step.counterpart(in: self)
        restore(step)
        undoHistory.stepForward(undo: back)
    }

    private mutating func restore(_ step: UndoStep) {
        switch step {
        case .typing(let typing):
            restore(typing)
        case .state(let box):
            restore(box)
        case .rpn(let step):
            restore(step.state)
            rpn = step.registers
        }
        refresh()
    }

    private mutating func restore(_ box: UndoStep.Box) {
        // Field by field from the box: a copy of the whole snapshot would retain each field once more.
        expression = box.snapshot.expression
        error = box.snapshot.error
        isSecondActive = box.snapshot.isSecondActive
        restore(box.snapshot.typing)
        stack.value = box.snapshot.value
        stack.pending = box.snapshot.pending
        stack.prefix = box.snapshot.prefix
        stack.lastOperation = box.snapshot.lastOperation
        memoryValue = box.snapshot.memoryValue
        variables = box.snapshot.variables
        awaiting = box.snapshot.awaiting
        $lists = box.snapshot.lists
        if let angle = box.snapshot.angle { settings.angle = angle }
    }

    private mutating func restore(_ typing: UndoStep.Typing) {
        stack.entry = typing.entry
        stack.phase = typing.phase
        stack.operandText = typing.optionalOperandText
    }
}
