/// Programmer mode's functions of one value.
enum WordFunction: String, Sendable, CaseIterable {
    /// The bitwise complement within the word.
    case not
    /// Two's complement negation.
    case negate = "neg"
    /// The word rotated by one bit, as Windows' RoL and RoR.
    case rotateLeft = "rol", rotateRight = "ror"
    /// The number of one bits in the word (HP-16C's #B).
    case bitCount = "popcount"

    /// How the expression shows the function applied to `operand`.
    func describe(_ operand: String) -> String {
        switch self {
        case .not: "NOT(\(operand))"
        case .negate: "−(\(operand))"
        case .rotateLeft: "RoL(\(operand))"
        case .rotateRight: "RoR(\(operand))"
        case .bitCount: "popcount(\(operand))"
        }
    }
}
