extension CalculatorState {
    /// The calculator a fresh session with `settings` is after the keys of `expression` (`Expression.keys(for:)`,
    /// `=` last): its display, expression and error are the expression's answer.
    /// Most expressions are answered without pressing their keys (`ExpressionAnswer`), to the same display and
    /// expression; the rest, and every one that meets an Error, by pressing them.
    public init(evaluating expression: Expression, settings: Settings, random: inout some RandomNumberGenerator) throws(ExpressionError) {
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

    private init(evaluatingWithoutConversion expression: Expression, settings: Settings, random: inout some RandomNumberGenerator) throws(ExpressionError) {
        // An expression is infix: in RPN mode it is answered as scientific mode answers it.
        var settings = settings
        if settings.mode == .rpn { settings.mode = .scientific }
        if settings.mode != .programmer {
            var answer = ExpressionAnswer(expression: expression, settings: settings)
            if let found = answer.answer() {
                self.init(answer: found, settings: settings)
                return
            }
        }
        self.init(pressing: try expression.keys(for: settings), settings: settings, stoppingAtError: true, random: &random)
    }

    /// A fresh calculator with `settings` after `keys`, as a one-shot answer. Undo steps are recorded only when the
    /// keys hold undo or redo, which use them: nothing keeps the state afterwards. `stoppingAtError` stops at the
    /// first key that shows Error, as an expression's keys do: a key after it would start a new calculation over it.
    /// Keys the state refuses (`refusal(of:)`) change nothing.
    public init(pressing keys: some Collection<Key>, settings: Settings, stoppingAtError: Bool, random: inout some RandomNumberGenerator) {
        self.init(settings: settings)
        let undoes = keys.contains { $0.action == .undo || $0.action == .redo }
        for key in keys {
            if undoes { apply(key, random: &random) } else { press(key, random: &random) }
            if stoppingAtError && error != nil { return }
        }
    }
}
