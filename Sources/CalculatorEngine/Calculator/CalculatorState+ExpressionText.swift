/// How expression texts are put together and read.
extension CalculatorState {
    /// `head` then `tail` as one text: a space between them, none after an opening bracket.
    static func joined(_ head: String, _ tail: String) -> String {
        if head.isEmpty { return tail }
        if head.utf8.last == UInt8(ascii: "(") { return head + tail }
        return head + " " + tail
    }

    /// −(x) of an operand's text, with one pair of parentheses: a group's own are kept, not doubled (−(2 ^ 2), not
    /// −((2 ^ 2))).
    static func negatedText(_ text: String) -> String {
        isOneGroup(text) ? "−" + text : "−(" + text + ")"
    }

    /// Whether a text is one parenthesized group: its first `(` is closed by its last `)` ("(1 + 2)", not
    /// "(1) + (2)").
    static func isOneGroup(_ text: String) -> Bool {
        guard text.utf8.first == UInt8(ascii: "("), text.utf8.last == UInt8(ascii: ")") else { return false }
        var depth = 0
        for (index, byte) in text.utf8.enumerated() {
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return index == text.utf8.count - 1 }
            }
        }
        return false
    }

    /// Whether an expression text has an operator outside brackets: "1 + 2" has, "(1 + 2)" and "√(1 + 2)" have not.
    static func hasTopLevelOperator(_ text: String) -> Bool {
        var depth = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"): depth -= 1
            case UInt8(ascii: " ") where depth == 0: return true
            default: break
            }
        }
        return false
    }
}
