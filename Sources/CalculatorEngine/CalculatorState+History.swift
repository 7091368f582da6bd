extension CalculatorState {
    /// Empties the history tape; nothing else changes, the undo steps included (they do not hold the tape).
    public mutating func clearHistory() {
        history = []
    }
}
