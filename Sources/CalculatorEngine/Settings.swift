/// Operator precedence (`scientific`), strict left-to-right evaluation like a four-function calculator
/// (`immediate`), or integers of a machine word (`programmer`, `WordArithmetic`); every mode runs on one `OperationStack`.
public enum CalculationMode: String, Sendable, CaseIterable {
    case scientific, immediate, programmer
}

/// 360 degrees, 2π radians or 400 gradians make a turn.
public enum AngleUnit: String, Sendable, CaseIterable {
    case deg, rad, grad
}

/// Per-session settings. `digits` is the number of significant digits a result is rounded to and the most digits
/// that can be typed into one number; callers validate it against `digitsRange` before `update(settings:)`.
/// `radix` and `word` are programmer mode's: how its integers are shown and typed, and their size.
public struct Settings: Sendable, Equatable {
    public var mode: CalculationMode
    public var angle: AngleUnit
    public var digits: Int
    public var radix: Radix
    public var word: WordSize

    public static let digitsRange: ClosedRange<Int> = 8...32

    public init(
        mode: CalculationMode = .scientific, angle: AngleUnit = .deg, digits: Int = 16, radix: Radix = .dec, word: WordSize = .qword
    ) {
        self.mode = mode
        self.angle = angle
        self.digits = digits
        self.radix = radix
        self.word = word
    }

    /// Digits clamped into `digitsRange`, so a bad value from a caller can never break formatting.
    var shownDigits: Int { min(max(digits, Settings.digitsRange.lowerBound), Settings.digitsRange.upperBound) }
}

/// A math error shown as `Error`, with a machine-readable code:
/// - `division_by_zero`: x ÷ 0, 0 ÷ 0, 1/x of 0, 0 to a negative power;
/// - `domain`: √ or an even root of a negative number, ln/log of a number ≤ 0, asin/acos outside [−1, 1],
///   acosh below 1, atanh outside (−1, 1), tan at 90° + k·180° (or π/2 + kπ), factorial of a negative integer,
///   a non-integer power of a negative number, a logarithm to base 1 or ≤ 0, the 0th root;
/// - `overflow`: a result whose magnitude is above 1e+9999 or below 1e-9999 (non-zero), or work beyond the
///   evaluation budget (x! for x > 3249 or x < −3300, powers far outside the range).
public struct CalculatorError: Sendable, Equatable, Error {
    public let code: String
    public let message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

/// One `=`: what was evaluated and the display it produced.
public struct HistoryEntry: Sendable, Equatable {
    public let expression: String
    public let result: String

    public init(expression: String, result: String) {
        self.expression = expression
        self.result = result
    }
}
