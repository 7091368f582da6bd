extension CalculatorState {
    /// The calculator a fresh session with `settings` is after the keys of `expression` (`Expression.keys(for:)`,
    /// `=` last): its display, expression and error are the expression's answer. The keys stop at the first that
    /// shows Error, since a key after it would start a new calculation over it. Records no undo steps.
    public init(evaluating expression: Expression, settings: Settings, random: inout some RandomNumberGenerator) throws(ExpressionError) {
        let keys = try expression.keys(for: settings)
        self.init(settings: settings)
        for key in keys {
            press(key, random: &random)
            if error != nil { return }
        }
    }
}
