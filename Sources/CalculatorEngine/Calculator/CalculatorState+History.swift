/// One `=`: what was evaluated and the display it produced.
public struct HistoryEntry: Sendable, Equatable {
    public let expression: String
    public let result: String

    public init(expression: String, result: String) {
        self.expression = expression
        self.result = result
    }
}

extension CalculatorState {
    /// Empties the history tape; nothing else changes, the undo steps included (they do not hold the tape).
    public mutating func clearHistory() {
        history = []
    }

    /// Puts an evaluation on the tape, which keeps the newest `historyLimit`.
    mutating func record(_ expression: String, result: String) {
        history.append(HistoryEntry(expression: Self.clipped(expression), result: result))
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
    }

    /// The text kept for an expression: at most `expressionLimit` bytes, its start given up for "…".
    static func clipped(_ text: String) -> String {
        guard text.utf8.count > expressionLimit else { return text }
        var tail = Substring(text)
        while tail.utf8.count > expressionLimit - 3 { tail = tail.dropFirst(max(1, (tail.utf8.count - expressionLimit) / 3)) }
        return "…" + tail
    }
}
