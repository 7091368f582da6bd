extension CalculatorState {
    /// The calculator a fresh session with `settings` is after the keys of `expression` (`Expression.keys(for:)`,
    /// `=` last): its display, expression and error are the expression's answer.
    /// Most expressions are answered without pressing their keys (`ExpressionAnswer`), to the same display and
    /// expression; the rest, and every one that meets an Error, by pressing them.
    public init(evaluating expression: Expression, settings: Settings, random: inout some RandomSource) throws(ExpressionError) {
        if let conversion = expression.conversion {
            // The answer, then `convert` with the expression's units, the session's own put back.
            try self.init(evaluatingWithoutConversion: expression, settings: settings, random: &random)
            guard error == nil else { return }
            self.settings.conversion = conversion
            press(.convert, random: &random)
            self.settings.conversion = settings.conversion
            return
        }
        try self.init(evaluatingWithoutConversion: expression, settings: settings, random: &random)
    }

    private init(evaluatingWithoutConversion expression: Expression, settings: Settings, random: inout some RandomSource) throws(ExpressionError) {
        // An expression is infix: in RPN mode it is answered as scientific mode answers it.
        var settings = settings
        if settings.mode == .rpn { settings.mode = .scientific }
        try self.init(evaluating: expression, root: expression.nodes.count - 1, settings: settings, random: &random)
    }

    /// The calculator after the keys of the node at `root` and `=`. The value of a node no key computes
    /// (`ExpressionFunction`) is put where its keys would be, as a constant key puts one, from its operands worked out
    /// the same way on fresh calculators; an Error in one of them, or in the function, is the expression's.
    private init(evaluating expression: Expression, root: Int, settings: Settings, random: inout some RandomSource) throws(ExpressionError) {
        if settings.mode != .programmer {
            var answer = ExpressionAnswer(expression: expression, settings: settings)
            if let found = answer.answer(root: root) {
                self.init(answer: found, settings: settings)
                return
            }
        }
        var emitter = KeyEmitter(expression: expression, settings: settings)
        try emitter.emit(root, context: .neutral)
        emitter.keys.append(.equals)
        guard !emitter.values.isEmpty else {
            self.init(pressing: emitter.keys, settings: settings, stoppingAtError: true, random: &random)
            return
        }
        self.init(settings: settings)
        var values = emitter.values[...]
        for (position, key) in emitter.keys.enumerated() {
            while let next = values.first, next.position == position {
                values.removeFirst()
                switch try Self.computedValue(of: next.node, in: expression, settings: settings, random: &random) {
                case .success(let (value, text)):
                    stack.put(value, text: text)
                    refresh()
                case .failure(let failure):
                    fail(failure)
                    refresh()
                    return
                }
            }
            press(key, random: &random)
            if error != nil { return }
        }
    }

    /// The value and text of a node `ExpressionFunction` computes, or the Error it ends in.
    private static func computedValue(
        of index: Int, in expression: Expression, settings: Settings, random: inout some RandomSource
    ) throws(ExpressionError) -> Result<(Number, String), StackFailure> {
        guard case .computed(let function, let operands) = expression.nodes[index].kind else { preconditionFailure("a computed node") }
        var values: [Number] = [], texts: [String] = []
        for operand in operands {
            let state = try CalculatorState(evaluating: expression, root: operand, settings: settings, random: &random)
            let text = state.stack.operandText ?? state.expression
            if let error = state.error { return .failure(StackFailure(error: error, attempted: state.expression, isEvaluation: true)) }
            values.append(state.stack.value ?? .integer(0))
            texts.append(function.operandText(text, of: expression.nodes[operand]))
        }
        let text = function.describe(texts)
        switch Arithmetic().apply(function, values, angle: settings.angle) {
        case .success(let value): return .success((value, text))
        case .failure(let error): return .failure(StackFailure(error: error, attempted: text, isEvaluation: true))
        }
    }

    /// A fresh calculator with `settings` after `keys`, as a one-shot answer. Undo steps are recorded only when the
    /// keys hold undo or redo, which use them: nothing keeps the state afterwards. `stoppingAtError` stops at the
    /// first key that shows Error, as an expression's keys do: a key after it would start a new calculation over it.
    /// Keys the state refuses (`refusal(of:)`) change nothing.
    public init(pressing keys: some Collection<Key>, settings: Settings, stoppingAtError: Bool, random: inout some RandomSource) {
        self.init(settings: settings)
        let undoes = keys.contains { $0.action == .undo || $0.action == .redo }
        for key in keys {
            if undoes { apply(key, random: &random) } else { press(key, random: &random) }
            if stoppingAtError && error != nil { return }
        }
    }
}
