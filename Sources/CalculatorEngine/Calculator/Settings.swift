/// Operator precedence (`scientific`), strict left-to-right evaluation like a four-function calculator
/// (`immediate`), integers of a machine word (`programmer`, `WordArithmetic`), or HP's reverse Polish notation (`rpn`:
/// X is the operation stack's shown value, Y, Z and T are `RPNRegisters`); every mode runs on one `OperationStack`.
/// `statistics` is scientific mode with a data set and its keys (Σ+, Σ−, the results).
public enum CalculationMode: String, Sendable, CaseIterable {
    case scientific, immediate, programmer
    case rpn
    case statistics
}

/// 360 degrees, 2π radians or 400 gradians make a turn.
public enum AngleUnit: String, Sendable, CaseIterable {
    case deg, rad, grad
}

/// Per-session settings. `digits` is the number of significant digits a result is rounded to and the most digits
/// that can be typed into one number; callers validate it against `digitsRange` before `update(settings:)`.
/// `radix` and `word` are programmer mode's: how its integers are shown and typed, and their size.
public struct Settings: Sendable, Equatable {
    // Declared in this order so that the two small settings fill the padding around `digits`: the settings stay
    // 24 bytes, and every press copies them with the state.
    public var mode: CalculationMode
    public var angle: AngleUnit
    /// The units the `convert` key converts the display between; nil until a client sets them.
    public var conversion: UnitConversion?
    public var digits: Int
    public var radix: Radix
    public var word: WordSize
    /// How numbers are shown: notation, grouping, fractions, the locale's separators (`DisplayFormat`).
    public var format: DisplayFormat = .standard

    public static let digitsRange: ClosedRange<Int> = 8...32

    public init(
        mode: CalculationMode = .scientific, angle: AngleUnit = .deg, digits: Int = 16, radix: Radix = .dec, word: WordSize = .qword,
        conversion: UnitConversion? = nil
    ) {
        self.mode = mode
        self.angle = angle
        self.digits = digits
        self.radix = radix
        self.word = word
        self.conversion = conversion
    }

    /// Digits clamped into `digitsRange`, so a bad value from a caller can never break formatting.
    var shownDigits: Int { min(max(digits, Settings.digitsRange.lowerBound), Settings.digitsRange.upperBound) }
}
