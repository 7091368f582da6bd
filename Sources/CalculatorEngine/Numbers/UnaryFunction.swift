/// The functions of one value of scientific and immediate mode.
enum UnaryFunction: String, Sendable, CaseIterable {
    case square = "sq", cube, squareRoot = "sqrt", cubeRoot = "cbrt", reciprocal = "recip"
    case exp, pow10, pow2, ln, log10, log2, factorial = "fact"
    case sin, cos, tan, asin, acos, atan, sinh, cosh, tanh, asinh, acosh, atanh

    /// Whether the angle unit changes the value: the trigonometric functions and their inverses.
    var takesAngle: Bool {
        switch self {
        case .sin, .cos, .tan, .asin, .acos, .atan: true
        default: false
        }
    }

    /// How the expression shows the function applied to `operand`.
    func describe(_ operand: String) -> String {
        let simple = !CalculatorState.hasTopLevelOperator(operand) && !operand.hasPrefix("-") && !operand.hasPrefix("−")
        let wrapped = simple ? operand : "(\(operand))"
        switch self {
        case .square: return wrapped + "²"
        case .cube: return wrapped + "³"
        case .factorial: return wrapped + "!"
        case .squareRoot: return "√(\(operand))"
        case .cubeRoot: return "∛(\(operand))"
        case .reciprocal: return "1/(\(operand))"
        case .exp: return "e^(\(operand))"
        case .pow10: return "10^(\(operand))"
        case .pow2: return "2^(\(operand))"
        case .log10: return "log₁₀(\(operand))"
        case .log2: return "log₂(\(operand))"
        case .asin: return "sin⁻¹(\(operand))"
        case .acos: return "cos⁻¹(\(operand))"
        case .atan: return "tan⁻¹(\(operand))"
        case .asinh: return "sinh⁻¹(\(operand))"
        case .acosh: return "cosh⁻¹(\(operand))"
        case .atanh: return "tanh⁻¹(\(operand))"
        case .ln, .sin, .cos, .tan, .sinh, .cosh, .tanh: return "\(rawValue)(\(operand))"
        }
    }
}

extension RealConstant {
    /// How the expression shows the constant.
    var symbol: String {
        switch self {
        case .pi: "π"
        case .e: "e"
        }
    }
}
