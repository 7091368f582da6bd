/// The binary operators of scientific and immediate mode.
enum BinaryOperator: String, Sendable, CaseIterable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", power = "pow", root = "root", logBase = "logy"

    /// × ÷ bind tighter than + −; xʸ, ʸ√x and logᵧ tighter still.
    var precedence: Int {
        switch self {
        case .add, .subtract: 1
        case .multiply, .divide: 2
        case .power, .root, .logBase: 3
        }
    }

    /// 2 xʸ 3 xʸ 2 is 2^(3^2), as in mathematics.
    var isRightAssociative: Bool { precedence == 3 }

    var symbol: String {
        switch self {
        case .add: "+"
        case .subtract: "−"
        case .multiply: "×"
        case .divide: "÷"
        case .power: "^"
        case .root: "ʸ√"
        case .logBase: "logᵧ"
        }
    }
}
