/// What a mode gives the operation stack (`OperationStack`): its numbers, its operators and their order, the number
/// being typed, how a number is written in the expression, and how all of them are stored. Microsoft's CalcManager
/// makes one `CCalcEngine` per mode with flags in the same way; here scientific and immediate mode use
/// `DecimalArithmetic` (precedence, or left to right) and programmer mode `WordArithmetic` (integers of a word).
/// A value made from the session's settings for each press: the settings keep one home.
protocol StackArithmetic: Sendable {
    associatedtype Value: Sendable & Equatable
    associatedtype Operator: StackOperator
    associatedtype Entry: TypedEntry
    /// How the stack keeps the value it shows when no number is typed: the decimal modes keep `Number?`, nil for 0,
    /// so that a fresh state allocates nothing; programmer mode keeps its integer.
    associatedtype Shown: Sendable & Equatable

    /// The shown value of a fresh stack, and of a group opened right after an operator.
    static var zeroShown: Shown { get }
    static func shown(_ value: Value) -> Shown
    func value(_ shown: Shown) -> Value

    /// True in immediate mode: every operator applies what waits before it, whatever its precedence.
    var evaluatesLeftToRight: Bool { get }

    /// The typed number's value, a failure when it is outside the range, and its expression text.
    func operand(typed entry: Entry) -> (Result<Value, CalculatorError>, String)
    func apply(_ op: Operator, _ a: Value, _ b: Value) -> Result<Value, CalculatorError>
    /// A value as the display and the expression show it.
    func string(_ value: Value) -> String

    // The stored form (`OperationStack+Stored.swift`): what the mode's values and entry look like there.
    func write(entry: Entry?, to writer: inout StoredFormWriter)
    func readEntry(from reader: inout StoredFormReader) throws -> Entry?
    func write(shown: Shown, to writer: inout StoredFormWriter)
    func readShown(from reader: inout StoredFormReader) throws -> Shown
    func write(operand: Value, to writer: inout StoredFormWriter)
    func readOperand(from reader: inout StoredFormReader) throws -> Value
}

/// A binary operator of a mode.
protocol StackOperator: Sendable, Equatable, StoredCoded {
    /// Higher binds tighter.
    var precedence: Int { get }
    /// Whether a chain of it evaluates from the right (2 xʸ 3 xʸ 2 is 2^(3^2)).
    var isRightAssociative: Bool { get }
    /// How the expression shows it.
    var symbol: String { get }
    /// What a number, `(` or a value right after `)` implies: 2 (1 + 1) is 2 × (1 + 1).
    static var multiply: Self { get }
}

/// The number being typed in a mode (`InputBuffer`, `WordEntry`).
protocol TypedEntry: Sendable, Equatable {
    /// True for the 0 that AC, C and a fresh session show: nothing has been typed into it yet.
    var isPristine: Bool { get }
    /// That 0.
    init()
}
