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
enum PendingItem<Value: Sendable & Equatable, Operator: StackOperator>: Sendable, Equatable {
    case operation(left: Value, op: Operator)
    /// `outerPrefix` is the expression text before the `(`, restored when the group closes.
    case openParenthesis(outerPrefix: String)
}

/// What a repeated `=` applies again: the last operation `=` evaluated, which is the outermost one, with its
/// evaluated right operand (`2 + 3 = =` adds 3 once more, `2 + 3 × 4 = =` adds 12), as Windows and GNOME do.
struct RepeatOperation<Value: Sendable & Equatable, Operator: StackOperator>: Sendable, Equatable {
    let op: Operator
    let operand: Value
}

/// A calculation the stack could not do; the state shows Error (`CalculatorState.fail`).
struct StackFailure: Error {
    let error: CalculatorError
    /// The expression text of what was attempted, which the expression keeps.
    let attempted: String
    /// Whether `=` evaluated it, so that the history tape records it.
    var isEvaluation = false
}

/// The operation stack of every mode: binary operators with precedence (or left to right), parentheses, `=` and its
/// repetition, a number or `(` after `)` multiplying, and the expression text of all of it. The mode's numbers, operators and
/// typed entry come from `A` (`StackArithmetic`), passed to each call; the keys that only one mode has (the decimal
/// point, percent, two's complement …) are the mode's (`CalculatorState`, `OperationStack+Word.swift`).
///
/// A failure throws `StackFailure` and leaves the stack half changed: the caller shows Error and clears it.
struct OperationStack<A: StackArithmetic>: Sendable, Equatable {
    typealias Item = PendingItem<A.Value, A.Operator>
    typealias Repeat = RepeatOperation<A.Value, A.Operator>

    /// The number being typed; nil when none is.
    var entry: A.Entry? = A.Entry()
    /// The value shown when no number is being typed.
    var value: A.Shown = A.zeroShown
    var phase: Phase = .entering
    var pending: [Item] = []
    /// Expression text of everything in `pending`.
    var prefix = ""
    /// Expression text of the current operand when it is not being typed.
    var operandText: String?
    var lastOperation: Repeat?

    init() {}

    /// The stack after an error: nothing pending, no entry; a digit starts anew.
    static var failed: OperationStack {
        var stack = OperationStack()
        stack.entry = nil
        stack.phase = .result
        return stack
    }

    func shownValue(_ arithmetic: A) -> A.Value { arithmetic.value(value) }

    var isPending: Bool { !pending.isEmpty }

    /// Whether a number has been typed (not the pristine 0 of a cleared entry).
    var isTyping: Bool { phase == .entering && !(entry?.isPristine ?? true) }

    /// The operand an operator, function or `=` acts on, with its expression text. Right after an operator or `(`
    /// that is the displayed value (`7 + =` is 7 + 7).
    func currentOperand(_ arithmetic: A) throws(StackFailure) -> (A.Value, String) {
        switch phase {
        case .entering:
            let (typed, text) = arithmetic.operand(typed: entry ?? A.Entry())
            switch typed {
            case .success(let number): return (number, text)
            case .failure(let error): throw StackFailure(error: error, attempted: CalculatorState.joined(prefix, text))
            }
        case .afterOperator, .afterOpenParenthesis:
            let shown = arithmetic.value(value)
            return (shown, arithmetic.string(shown))
        case .operand, .closedGroup, .result:
            let shown = arithmetic.value(value)
            return (shown, operandText ?? arithmetic.string(shown))
        }
    }

    /// A new number typed: after `)` it multiplies ((2 + 3) 4 is 20), after `=` it starts a new calculation.
    mutating func startEntry(_ typed: A.Entry, _ arithmetic: A) throws(StackFailure) {
        if phase == .closedGroup { try binary(.multiply, arithmetic) }
        if phase == .result { prefix = "" }
        entry = typed
        phase = .entering
        operandText = nil
    }

    /// π, e, mr, rcl and rand: the new operand, which replaces a typed number or a closed group as on the keypads of
    /// Windows and Apple (`1 2 mr` shows memory). Implied multiplication (`2π`) is the expression language's.
    mutating func put(_ number: A.Value, text: String) {
        show(number, text: text)
    }

    /// `number` becomes the finished operand (a function's result, a constant), shown in the expression as `text`.
    mutating func show(_ number: A.Value, text: String) {
        value = A.shown(number)
        entry = nil
        operandText = text
        phase = .operand
    }

    /// m+, m− and sto: the current operand. A typed number becomes a finished operand; the fresh 0 of a new entry
    /// stays one, so `m+ neg 5` types −5 and `m+ ( 8` opens a group without an implied × 0.
    mutating func takeOperand(_ arithmetic: A) throws(StackFailure) -> A.Value {
        let (operand, text) = try currentOperand(arithmetic)
        if isTyping { show(operand, text: text) }
        return operand
    }

    /// C: the number being typed.
    mutating func clearEntry() {
        entry = A.Entry()
        phase = .entering
        operandText = nil
    }

    mutating func binary(_ op: A.Operator, _ arithmetic: A) throws(StackFailure) {
        if phase == .afterOperator, case .operation(let left, let previous)? = pending.last {
            // A second operator in a row replaces the first: 5 + × 3 is 5 × 3.
            pending.removeLast()
            if prefix.hasSuffix(" " + previous.symbol) { prefix.removeLast(previous.symbol.count + 1) }
            var v = left
            try reduce(&v, before: op, text: "", arithmetic)
            pending.append(.operation(left: v, op: op))
            prefix += " " + op.symbol
            value = A.shown(v)
            return
        }
        var (operand, text) = try currentOperand(arithmetic)
        // A result continued with an operator keeps its brackets: 1 + 2 = × 2 reads (1 + 2) × 2.
        if phase == .result, CalculatorState.hasTopLevelOperator(text) { text = "(" + text + ")" }
        var v = operand
        try reduce(&v, before: op, text: text, arithmetic)
        pending.append(.operation(left: v, op: op))
        prefix = CalculatorState.joined(prefix, text) + " " + op.symbol
        value = A.shown(v)
        entry = nil
        operandText = nil
        phase = .afterOperator
    }

    /// Applies to `v` the pending operations of the innermost group that bind at least as tightly as `op` (all of
    /// them left to right, or when `op` is nil); `text` is the operand's, for the expression an error keeps.
    private mutating func reduce(_ v: inout A.Value, before op: A.Operator?, text: String, _ arithmetic: A) throws(StackFailure) {
        while case .operation(let left, let pendingOp)? = pending.last {
            if let op, !arithmetic.evaluatesLeftToRight {
                if pendingOp.precedence < op.precedence { break }
                // Beyond the limit a chain of xʸ evaluates left to right (`CalculatorState+Bounds.swift`).
                if pendingOp.precedence == op.precedence && op.isRightAssociative && pending.count < CalculatorState.pendingLimit { break }
            }
            switch arithmetic.apply(pendingOp, left, v) {
            case .success(let result): v = result
            case .failure(let error): throw StackFailure(error: error, attempted: CalculatorState.joined(prefix, text))
            }
            pending.removeLast()
        }
    }

    mutating func open(_ arithmetic: A) throws(StackFailure) {
        guard pending.count < CalculatorState.pendingLimit else { return }
        switch phase {
        case .entering where isTyping, .operand, .closedGroup:
            // A number followed by "(" multiplies: 2 (1 + 1) is 4.
            try binary(.multiply, arithmetic)
        case .result:
            prefix = ""
        case .entering, .afterOperator, .afterOpenParenthesis:
            break
        }
        // Right after an operator (typed or implied), or over an entry that C, CE or ⌫ cleared, the group starts
        // from 0, as in Windows: 6 + ( = is 6, and 5 + C ( ) = is 5.
        if phase == .afterOperator || phase == .entering { value = A.zeroShown }
        pending.append(.openParenthesis(outerPrefix: prefix))
        prefix = CalculatorState.joined(prefix, "(")
        entry = nil
        operandText = nil
        phase = .afterOpenParenthesis
    }

    mutating func close(_ arithmetic: A) throws(StackFailure) {
        // An unmatched ")" is ignored.
        guard pending.contains(where: { if case .openParenthesis = $0 { true } else { false } }) else { return }
        let (operand, text) = try currentOperand(arithmetic)
        var v = operand
        try reduce(&v, before: nil, text: text, arithmetic)
        guard case .openParenthesis(let outer)? = pending.popLast() else { return }
        let inner = String(prefix.dropFirst(CalculatorState.joined(outer, "(").count))
        operandText = "(" + CalculatorState.joined(inner, text) + ")"
        prefix = outer
        value = A.shown(v)
        entry = nil
        phase = .closedGroup
    }

    /// Evaluates everything; returns the description to record on the history tape with the result.
    mutating func equals(_ arithmetic: A) throws(StackFailure) -> String {
        let wasResult = phase == .result
        let (operand, text) = try currentOperand(arithmetic)
        var v = operand
        let description: String
        if !pending.isEmpty {
            // Innermost first; the last operation applied, the outermost, is the one a further `=` repeats. Read
            // where they are and then let go, not popped: an undo step or a copy of the state may share the array.
            var full = CalculatorState.joined(prefix, text)
            for item in pending.reversed() {
                guard case .operation(let left, let op) = item else {
                    full += ")"
                    continue
                }
                lastOperation = Repeat(op: op, operand: v)
                switch arithmetic.apply(op, left, v) {
                case .success(let result): v = result
                case .failure(let error): throw StackFailure(error: error, attempted: full, isEvaluation: true)
                }
            }
            pending = []
            description = full
        } else if let last = lastOperation {
            let left = wasResult ? arithmetic.string(operand) : text
            description = left + " " + last.op.symbol + " " + arithmetic.string(last.operand)
            switch arithmetic.apply(last.op, operand, last.operand) {
            case .success(let result): v = result
            case .failure(let error): throw StackFailure(error: error, attempted: description, isEvaluation: true)
            }
        } else {
            description = text
        }
        value = A.shown(v)
        entry = nil
        phase = .result
        prefix = ""
        operandText = description
        return description
    }

    /// Texts past `CalculatorState.expressionLimit` keep only their end. Assigned only when clipped: storing the same
    /// text again is a release and a retain on every key.
    @inline(__always)
    mutating func clip() {
        if prefix.utf8.count > CalculatorState.expressionLimit { prefix = CalculatorState.clipped(prefix) }
        if let text = operandText, text.utf8.count > CalculatorState.expressionLimit { operandText = CalculatorState.clipped(text) }
    }

    /// What has been entered (CS193P's `description`): the pending text and the current operand's, which is
    /// `display` while a number is typed.
    @inline(__always)
    func expression(display: String) -> String {
        let current: String?
        if phase == .entering, let entry {
            current = entry.isPristine ? nil : display
        } else {
            current = operandText
        }
        return CalculatorState.clipped(current.map { CalculatorState.joined(prefix, $0) } ?? prefix)
    }
}

/// Scientific and immediate mode's stack.
typealias DecimalStack = OperationStack<DecimalArithmetic>
