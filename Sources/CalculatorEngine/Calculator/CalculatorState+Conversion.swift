/// The `convert` key: the shown value in the session's other unit (`Settings.conversion`), as a function key's
/// result, so that it goes on in a calculation (`12 convert + 1`). Refused while no units are set (`KeyRefusal`).
extension CalculatorState {
    mutating func pressConvert(_ arithmetic: DecimalArithmetic) throws(StackFailure) {
        guard let conversion = settings.conversion else { return }
        let (operand, text) = try stack.currentOperand(arithmetic)
        let described = (Self.hasTopLevelOperator(text) ? "(" + text + ")" : text) + " " + conversion.from.symbol + "→" + conversion.to.symbol
        switch conversion.apply(operand) {
        case .success(let result): stack.show(result, text: described)
        case .failure(let failure): throw StackFailure(error: failure, attempted: Self.joined(stack.prefix, described))
        }
    }
}
