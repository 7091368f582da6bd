/// One level of what waits for an operand in programmer mode: `left op …` or an open parenthesis.
enum WordPendingItem: Sendable, Equatable {
    case operation(left: Int64, op: WordOperator)
    /// `outerPrefix` is the expression text before the `(`, restored when the group closes.
    case openParenthesis(outerPrefix: String)
}

/// What a repeated `=` applies again, as `RepeatOperation` in the other modes.
struct WordRepeat: Sendable, Equatable {
    let op: WordOperator
    let operand: Int64
}

/// Programmer mode's engine: integers of one word, typed and shown in a radix, with Windows' operator precedence
/// and the other modes' rules for parentheses, repeated `=`, implied multiplication and Error. Microsoft's
/// CalcManager keeps one engine per mode in the same way; `CalculatorState` holds this one while
/// `Settings.mode` is `programmer` and hands it the keys (`CalculatorState+Programmer.swift`).
///
/// The radix and word are the session's settings, passed to each press so that they have one home. Memory,
/// variables and the history tape are `CalculatorState`'s, shared by every mode; `takeOperand` and `put` are how
/// they reach the engine's operand.
struct ProgrammerMachine: Sendable, Equatable {
    /// The number being typed; nil when none is.
    var entry: WordEntry? = WordEntry()
    /// The value shown when no number is being typed.
    var value: Int64 = 0
    var phase: Phase = .entering
    var pending: [WordPendingItem] = []
    /// Expression text of everything in `pending`.
    var prefix = ""
    /// Expression text of the current operand when it is not being typed; after an error, what was attempted.
    var operandText: String?
    var lastOperation: WordRepeat?
    var error: CalculatorError?

    init() {}

    /// A machine showing `operand` (what a switch from another mode carries over).
    init(operand: Int64, settings: Settings) {
        guard operand != 0 else { return }
        put(operand, text: RadixFormatter(settings).string(operand), settings)
    }

    func shownValue(word: WordSize) -> Int64 {
        if phase == .entering, let entry { return entry.value(word: word) }
        return value
    }

    func display(_ settings: Settings) -> String {
        error == nil ? RadixFormatter(settings).string(shownValue(word: settings.word)) : DisplayFormatter.error
    }

    /// What has been entered, like `CalculatorState.expression`; `display` is `display(settings)`, which shows the
    /// number being typed.
    func expression(_ settings: Settings, display: String) -> String {
        if error != nil { return operandText ?? "" }
        let current: String?
        if phase == .entering, let entry {
            current = entry.isPristine ? nil : display
        } else {
            current = operandText
        }
        return current.map { CalculatorState.joined(prefix, $0) } ?? prefix
    }

    // MARK: keys

    /// `digit` is below the radix's base (the caller refuses the others).
    mutating func pressDigit(_ digit: UInt8, _ settings: Settings) {
        if phase == .entering, entry != nil {
            entry?.append(digit, radix: settings.radix, word: settings.word)
            return
        }
        if phase == .closedGroup {
            // ")" followed by a number multiplies: (2 + 3) 4 is 20.
            pressBinary(.multiply, settings)
            if error != nil { return }
        }
        if phase == .result { prefix = "" }
        var typed = WordEntry()
        typed.append(digit, radix: settings.radix, word: settings.word)
        entry = typed
        phase = .entering
        operandText = nil
    }

    /// mr and rcl: after a typed number or a closed group they multiply it; after anything else they are the new
    /// operand.
    mutating func put(_ number: Int64, text: String, _ settings: Settings) {
        if phase == .closedGroup || (phase == .entering && !(entry?.isPristine ?? true)) {
            pressBinary(.multiply, settings)
            if error != nil { return }
        }
        value = number
        entry = nil
        operandText = text
        phase = .operand
    }

    /// m+, m− and sto: the current operand; a typed number becomes a finished one, so the next digit starts anew.
    mutating func takeOperand(_ settings: Settings) -> Int64 {
        let (operand, text) = currentOperand(settings)
        if phase == .entering, !(entry?.isPristine ?? true) {
            value = operand
            entry = nil
            operandText = text
            phase = .operand
        }
        return operand
    }

    /// ± changes the sign of a decimal number being typed; otherwise, and in hex, oct and bin, it negates the value
    /// and ends the entry, as Windows does.
    mutating func pressNegate(_ settings: Settings) {
        if phase == .entering, settings.radix == .dec {
            entry?.toggleSign(word: settings.word)
        } else {
            pressUnary(.negate, settings)
        }
    }

    /// Right after an operator or `(` a function acts on the displayed value.
    mutating func pressUnary(_ function: WordFunction, _ settings: Settings) {
        let (operand, text) = currentOperand(settings)
        value = WordArithmetic(word: settings.word).apply(function, operand)
        entry = nil
        operandText = function.describe(text)
        phase = .operand
    }

    mutating func pressBinary(_ op: WordOperator, _ settings: Settings) {
        if phase == .afterOperator, case .operation(let left, let previous)? = pending.last {
            // A second operator in a row replaces the first: 5 + × 3 is 5 × 3.
            pending.removeLast()
            if prefix.hasSuffix(" " + previous.symbol) { prefix.removeLast(previous.symbol.count + 1) }
            var v = left
            guard reduce(&v, before: op, text: "", settings) else { return }
            pending.append(.operation(left: v, op: op))
            prefix += " " + op.symbol
            value = v
            return
        }
        var (operand, text) = currentOperand(settings)
        if phase == .result, CalculatorState.hasTopLevelOperator(text) { text = "(" + text + ")" }
        var v = operand
        guard reduce(&v, before: op, text: text, settings) else { return }
        pending.append(.operation(left: v, op: op))
        prefix = CalculatorState.joined(prefix, text) + " " + op.symbol
        value = v
        entry = nil
        operandText = nil
        phase = .afterOperator
    }

    mutating func pressOpenParenthesis(_ settings: Settings) {
        guard pending.count < CalculatorState.pendingLimit else { return }
        switch phase {
        case .entering where !(entry?.isPristine ?? true), .operand, .closedGroup:
            // A number followed by "(" multiplies: 2 (1 + 1) is 4.
            pressBinary(.multiply, settings)
            if error != nil { return }
        case .result:
            prefix = ""
        case .entering, .afterOperator, .afterOpenParenthesis:
            break
        }
        // Right after an operator the group starts from 0: 6 + ( = is 6.
        value = phase == .afterOperator ? 0 : shownValue(word: settings.word)
        pending.append(.openParenthesis(outerPrefix: prefix))
        prefix = CalculatorState.joined(prefix, "(")
        entry = nil
        operandText = nil
        phase = .afterOpenParenthesis
    }

    mutating func pressCloseParenthesis(_ settings: Settings) {
        // An unmatched ")" is ignored.
        guard pending.contains(where: { if case .openParenthesis = $0 { true } else { false } }) else { return }
        let (operand, text) = currentOperand(settings)
        var v = operand
        guard reduce(&v, before: nil, text: text, settings) else { return }
        guard case .openParenthesis(let outer)? = pending.popLast() else { return }
        let inner = String(prefix.dropFirst(CalculatorState.joined(outer, "(").count))
        operandText = "(" + CalculatorState.joined(inner, text) + ")"
        prefix = outer
        value = v
        entry = nil
        phase = .closedGroup
    }

    /// Evaluates everything; returns what to record on the history tape with the display (`Error` after a failure).
    mutating func pressEquals(_ settings: Settings) -> String {
        let formatter = RadixFormatter(settings)
        let arithmetic = WordArithmetic(word: settings.word)
        let wasResult = phase == .result
        let (operand, text) = currentOperand(settings)
        var v = operand
        let description: String
        if !pending.isEmpty {
            // Innermost first; the last operation applied, the outermost, is the one a further `=` repeats.
            var full = CalculatorState.joined(prefix, text)
            while let item = pending.popLast() {
                guard case .operation(let left, let op) = item else {
                    full += ")"
                    continue
                }
                lastOperation = WordRepeat(op: op, operand: v)
                switch arithmetic.apply(op, left, v) {
                case .success(let result): v = result
                case .failure(let failure):
                    fail(failure, attempted: full)
                    return full
                }
            }
            description = full
        } else if let last = lastOperation {
            let left = wasResult ? formatter.string(operand) : text
            description = left + " " + last.op.symbol + " " + formatter.string(last.operand)
            switch arithmetic.apply(last.op, operand, last.operand) {
            case .success(let result): v = result
            case .failure(let failure):
                fail(failure, attempted: description)
                return description
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

    /// C: the number being typed.
    mutating func clearEntry() {
        entry = WordEntry()
        phase = .entering
        operandText = nil
    }

    mutating func backspace(_ settings: Settings) {
        guard phase == .entering, entry?.isPristine == false else { return }
        entry?.removeLast(radix: settings.radix)
    }

    /// A radix or word key: a typed number becomes a finished operand (shown in `settings`), so the next digit
    /// starts a new number.
    mutating func endEntry(_ settings: Settings) {
        guard phase == .entering, let entry, !entry.isPristine else { return }
        value = entry.value(word: settings.word)
        self.entry = nil
        operandText = RadixFormatter(settings).string(value)
        phase = .operand
    }

    /// Every value truncated to the word of `settings` and read as signed (a word key or a new word setting);
    /// the caller ends the entry first.
    mutating func truncate(_ settings: Settings) {
        let word = settings.word
        let truncated = word.truncating(value)
        if truncated != value, phase == .operand || phase == .closedGroup || phase == .result {
            operandText = RadixFormatter(settings).string(truncated)
        }
        value = truncated
        pending = pending.map { item in
            guard case .operation(let left, let op) = item else { return item }
            return .operation(left: word.truncating(left), op: op)
        }
        lastOperation = lastOperation.map { WordRepeat(op: $0.op, operand: word.truncating($0.operand)) }
    }

    /// Texts past `CalculatorState.expressionLimit` keep only their end, as in the other modes.
    mutating func clip() {
        if prefix.utf8.count > CalculatorState.expressionLimit { prefix = CalculatorState.clipped(prefix) }
        if let text = operandText, text.utf8.count > CalculatorState.expressionLimit { operandText = CalculatorState.clipped(text) }
    }

    // MARK: state machine

    /// The operand an operator, function or `=` acts on, with its expression text. Right after an operator or `(`
    /// that is the displayed value (`7 + =` is 7 + 7).
    private func currentOperand(_ settings: Settings) -> (Int64, String) {
        let formatter = RadixFormatter(settings)
        switch phase {
        case .entering:
            let typed = (entry ?? WordEntry()).value(word: settings.word)
            return (typed, formatter.string(typed))
        case .afterOperator, .afterOpenParenthesis:
            return (value, formatter.string(value))
        case .operand, .closedGroup, .result:
            return (value, operandText ?? formatter.string(value))
        }
    }

    /// Applies to `v` the pending operations of the innermost group that bind at least as tightly as `op` (all of
    /// them when `op` is nil); `text` is the operand's, for the expression an error shows. False after an error.
    private mutating func reduce(_ v: inout Int64, before op: WordOperator?, text: String, _ settings: Settings) -> Bool {
        let arithmetic = WordArithmetic(word: settings.word)
        while case .operation(let left, let pendingOp)? = pending.last {
            if let op, pendingOp.precedence < op.precedence { break }
            switch arithmetic.apply(pendingOp, left, v) {
            case .success(let result): v = result
            case .failure(let failure):
                fail(failure, attempted: CalculatorState.joined(prefix, text))
                return false
            }
            pending.removeLast()
        }
        return true
    }

    /// Enters the error state; the expression keeps what was attempted.
    private mutating func fail(_ failure: CalculatorError, attempted: String) {
        self = ProgrammerMachine()
        entry = nil
        phase = .result
        error = failure
        operandText = CalculatorState.clipped(attempted)
    }
}
