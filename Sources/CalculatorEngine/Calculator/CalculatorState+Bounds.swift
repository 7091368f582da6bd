/// What a state may hold, whatever keys it is sent: a session is stored after every request, so its size is what
/// each later press pays to store, and what a hostile client could grow.
///
/// - Pending operations and open parentheses: at most `pendingLimit` together (25, Windows' `MAXPRECDEPTH`); a
///   further `(` is ignored and a chain of xʸ evaluates left to right beyond it.
/// - Exact numbers: each is a rational of at most `Budget.maxRationalBits` bits, and the numbers a state keeps
///   between keys (the shown value, memory, the operand a further `=` repeats, every pending operand) share that
///   same budget, with the memory list's other entries. Past it they continue as their 256-bit values, in this order:
///   the repeated operand, memory, the memory list, the pending operands from the outermost in, and the shown value
///   last. The data set's coordinates are each rounded past `DataSet.exactBitsLimit` and are at most
///   `DataSet.pointLimit` points. So the operation in progress keeps exact
///   operands however large, and what waits beside it is rounded first.
/// - Text: the history keeps `historyLimit` entries, and each expression text `expressionLimit` bytes.
extension CalculatorState {
    mutating func keepNumbersWithinBudget() {
        let budget = Budget.standard.maxRationalBits
        var total = (stack.value?.rationalBits ?? 0) + (memoryValue?.rationalBits ?? 0) + (stack.lastOperation?.operand.rationalBits ?? 0)
        for entry in memoryList ?? [] { total += entry.rationalBits }
        for case .operation(let left, _) in stack.pending { total += left.rationalBits }
        guard total > budget else { return }

        // Right after an operator the shown value is the operand of the innermost pending operation: one number.
        let innermost = stack.pending.lastIndex { if case .operation = $0 { true } else { false } }
        var valueIsPending = false
        if let innermost, case .operation(let left, _) = stack.pending[innermost], let value = stack.value, value == left {
            valueIsPending = true
            total -= value.rationalBits
        }
        if total > budget, let last = stack.lastOperation, last.operand.isRational {
            total -= last.operand.rationalBits
            stack.lastOperation = DecimalStack.Repeat(op: last.op, operand: last.operand.asReal)
        }
        if total > budget, let memory = memoryValue, memory.isRational {
            total -= memory.rationalBits
            memoryValue = memory.asReal
        }
        if total > budget, var list = memoryList {
            for index in list.indices where total > budget && list[index].isRational {
                total -= list[index].rationalBits
                list[index] = list[index].asReal
            }
            memoryList = list
        }
        for index in stack.pending.indices where total > budget {
            guard case .operation(let left, let op) = stack.pending[index], left.isRational else { continue }
            total -= left.rationalBits
            let rounded = left.asReal
            stack.pending[index] = .operation(left: rounded, op: op)
            if valueIsPending && index == innermost { stack.value = rounded }
        }
        if total > budget, let shown = stack.value, shown.isRational {
            stack.value = shown.asReal
        }
    }
}

extension KeyAction {
    /// Whether the key may add to the exact numbers a state keeps, or make one larger. Typing, clearing and the mode
    /// keys do not (a digit after `)` multiplies, which pushes a pending operation: `press` looks at that too). Undo
    /// and redo put back numbers kept before, which may be larger than the ones they replace.
    var mayGrowKeptNumbers: Bool {
        switch self {
        case .digit, .point, .exponent, .backspace, .clear, .allClear, .memoryClear, .angle, .second: false
        case .binary, .unary, .negate, .percent, .constant, .random, .openParenthesis, .closeParenthesis, .equals,
            .memoryAdd, .memorySubtract, .memoryRecall, .variable, .undo, .redo, .convert, .memoryStore, .memoryEntry, .statistics:
            true
        }
    }
}
