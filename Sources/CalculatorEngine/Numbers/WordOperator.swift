/// Programmer mode's binary operators, with Windows Calculator's precedence.
enum WordOperator: String, StackOperator, CaseIterable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "mod"
    case and, or, xor, nand, nor
    case shiftLeft = "lsh", shiftRight = "rsh"

    /// `or` and `xor` bind loosest, then `and`, `nand`, `nor`, then + −, then × ÷ mod and the shifts.
    var precedence: Int {
        switch self {
        case .or, .xor: 1
        case .and, .nand, .nor: 2
        case .add, .subtract: 3
        case .multiply, .divide, .remainder, .shiftLeft, .shiftRight: 4
        }
    }

    var isRightAssociative: Bool { false }

    /// The other modes' operator of the same name (+ − × ÷), or × for the others, which no caller asks for.
    private var decimal: BinaryOperator {
        switch self {
        case .add: .add
        case .subtract: .subtract
        case .divide: .divide
        case .multiply, .remainder, .and, .or, .xor, .nand, .nor, .shiftLeft, .shiftRight: .multiply
        }
    }

    /// How the expression shows the operator: + − × ÷ as in the other modes.
    var symbol: String {
        switch self {
        case .add, .subtract, .multiply, .divide: decimal.symbol
        case .remainder: "mod"
        case .and: "AND"
        case .or: "OR"
        case .xor: "XOR"
        case .nand: "NAND"
        case .nor: "NOR"
        case .shiftLeft: "<<"
        case .shiftRight: ">>"
        }
    }
}
