/// The keys only scientific and immediate mode have (the point, EE, ±, the functions, %, memory), and how they
/// reach the operation stack; `press` dispatches to them.
extension CalculatorState {
    var formatter: DisplayFormatter { DisplayFormatter(digits: settings.shownDigits, format: settings.format) }
    /// What the decimal modes hand their operation stack, made when a key needs it.
    var arithmetic: DecimalArithmetic { DecimalArithmetic(settings) }
    var shownValue: Number { stack.value ?? .integer(0) }

    /// A digit, "." or "e" (EE), as its ASCII code: extends the number being typed or starts a new one.
    mutating func pressEntry(_ character: UInt8) throws(StackFailure) {
        if stack.phase == .entering, stack.entry != nil {
            // Changed in place (`entry?.`): a copy would share the text and make a longer one copy itself.
            switch character {
            case UInt8(ascii: "."): stack.entry?.appendPoint()
            case UInt8(ascii: "e"): stack.entry?.beginExponent()
            default: stack.entry?.appendDigit(character, limit: settings.shownDigits)
            }
            return
        }
        try stack.startEntry(.starting(with: character), arithmetic)
    }

    mutating func pressNegate(_ arithmetic: DecimalArithmetic) {
        switch stack.phase {
        case .entering:
            stack.entry?.toggleSign()
        case .afterOperator, .afterOpenParenthesis:
            // Starts a negative entry, as on a phone: "5 × neg 3" is 5 × −3.
            stack.entry = InputBuffer(text: "-0", isPristine: false)
            stack.phase = .entering
        case .operand, .closedGroup, .result:
            stack.show(shownValue.negated, text: Self.negatedText(stack.operandText ?? arithmetic.string(shownValue)))
        }
    }

    mutating func pressUnary(_ function: UnaryFunction, _ arithmetic: DecimalArithmetic) throws(StackFailure) {
        let (operand, text) = try stack.currentOperand(arithmetic)
        switch arithmetic.arithmetic.apply(function, operand, angle: settings.angle) {
        case .success(let result): stack.show(result, text: function.describe(text))
        case .failure(let failure): throw StackFailure(error: failure, attempted: Self.joined(stack.prefix, function.describe(text)))
        }
    }

    /// x% is x/100, except after + or − where it is that percentage of the left operand (50 + 10% is 50 + 5).
    mutating func pressPercent(_ arithmetic: DecimalArithmetic) throws(StackFailure) {
        let (operand, text) = try stack.currentOperand(arithmetic)
        var outcome = arithmetic.arithmetic.apply(.divide, operand, .integer(100))
        if case .operation(let left, let op)? = stack.pending.last, op == .add || op == .subtract, case .success(let fraction) = outcome {
            outcome = arithmetic.apply(.multiply, left, fraction)
        }
        switch outcome {
        case .success(let result): stack.show(result, text: (Self.hasTopLevelOperator(text) ? "(" + text + ")" : text) + "%")
        case .failure(let failure): throw StackFailure(error: failure, attempted: attempted)
        }
    }

    mutating func pressMemory(add: Bool, _ arithmetic: DecimalArithmetic) throws(StackFailure) {
        let operand = try stack.takeOperand(arithmetic)
        switch arithmetic.apply(add ? .add : .subtract, memoryValue ?? .integer(0), operand) {
        case .success(let result): memoryValue = result
        case .failure(let failure): throw StackFailure(error: failure, attempted: attempted)
        }
    }

    /// The expression text of what a key was attempting on the current operand.
    private var attempted: String { Self.joined(stack.prefix, stack.operandText ?? stack.entry?.text ?? "") }
}
