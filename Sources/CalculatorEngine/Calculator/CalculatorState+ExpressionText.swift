/// How expression texts are put together and read.
extension CalculatorState {
    /// `head` then `tail` as one text: a space between them, none after an opening bracket.
    static func joined(_ head: String, _ tail: String) -> String {
        if head.isEmpty { return tail }
        if head.utf8.last == UInt8(ascii: "(") { return head + tail }
        return head + " " + tail
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
