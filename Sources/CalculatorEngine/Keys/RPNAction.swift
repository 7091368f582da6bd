/// What a key of RPN mode only does to the stack (`RPNRegisters`): HP's ENTER, x⇄y, R↓, R↑ and LASTx. In RPN mode
/// the other keys do what their `KeyAction` says, on X (and Y for an operator), except `=` and the brackets, which
/// RPN has no use for. `CalculatorState.pressRPN` has one branch for each case and no `default`.
enum RPNAction: Sendable, Equatable {
    /// ENTER: X is copied into Y (the stack lifts) and the next number typed replaces X.
    case enter
    /// x⇄y.
    case swap
    /// R↓: Y goes to X, Z to Y, T to Z and X to T.
    case rollDown
    /// R↑: T goes to X, X to Y, Y to Z and Z to T.
    case rollUp
    /// LASTx: the X the last operation or function took, put in X as a recalled number is.
    case lastX

    var kind: KeyKind { .stack }
}

extension KeyAction {
    /// Whether the key works in RPN mode: every key of scientific mode but `=` and the brackets, whose work the
    /// stack does.
    var worksInRPN: Bool {
        switch self {
        case .openParenthesis, .closeParenthesis, .equals: false
        default: true
        }
    }
}

extension KeyCatalog {
    /// A line of RPN mode's own keys.
    struct RPNLine {
        let name: String
        let action: RPNAction
        /// The label is the first alias.
        let aliases: [String]
    }

    private static func key(_ name: String, _ action: RPNAction, aliases: [String]) -> RPNLine {
        RPNLine(name: name, action: action, aliases: aliases)
    }

    /// The keys of RPN mode only, in the order of HP's keyboards; the rest of RPN mode's keypad is scientific mode's.
    static let rpnKeypad: [RPNLine] = [
        key("enter", .enter, aliases: ["ENTER", "⏎"]),
        key("swap", .swap, aliases: ["x⇄y", "x<>y"]),
        key("rolldown", .rollDown, aliases: ["R↓"]),
        key("rollup", .rollUp, aliases: ["R↑"]),
        key("lastx", .lastX, aliases: ["LASTx"]),
    ]
}
