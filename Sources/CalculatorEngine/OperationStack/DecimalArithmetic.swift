/// Scientific and immediate mode's part of the operation stack: exact or 256-bit numbers (`Arithmetic`), typed as
/// text (`InputBuffer`), shown by `DisplayFormatter`; operators with precedence, or left to right in immediate mode.
struct DecimalArithmetic: StackArithmetic {
    let formatter: DisplayFormatter
    let evaluatesLeftToRight: Bool

    var arithmetic: Arithmetic { Arithmetic() }

    /// The stored form's part (`OperationStack+Stored.swift`) does not depend on the settings.
    init(_ settings: Settings = Settings()) {
        formatter = DisplayFormatter(digits: settings.shownDigits, format: settings.format)
        evaluatesLeftToRight = settings.mode == .immediate
    }

    static var zeroShown: Number? { nil }
    static func shown(_ value: Number) -> Number? { value }
    func value(_ shown: Number?) -> Number { shown ?? .integer(0) }

    func operand(typed entry: InputBuffer) -> (Result<Number, CalculatorError>, String) {
        (arithmetic.checked(entry.value), entry.text)
    }

    func apply(_ op: BinaryOperator, _ a: Number, _ b: Number) -> Result<Number, CalculatorError> {
        arithmetic.apply(op, a, b)
    }

    func string(_ value: Number) -> String { formatter.string(value) }
}

extension BinaryOperator: StackOperator {}

extension InputBuffer: TypedEntry {
    init() { self.init(text: "0", isPristine: true) }
}
