/// Operator precedence (`scientific`) or strict left-to-right evaluation like a four-function calculator (`immediate`).
public enum CalculationMode: String, Codable, Sendable, CaseIterable {
    case scientific, immediate
}

public enum AngleUnit: String, Codable, Sendable, CaseIterable {
    case deg, rad
}

/// Per-session settings. `digits` is the number of significant digits a result is rounded to and the most digits
/// that can be typed into one number; callers validate it against `digitsRange` before `update(settings:)`.
public struct Settings: Codable, Sendable, Equatable {
    public var mode: CalculationMode
    public var angle: AngleUnit
    public var digits: Int

    public static let digitsRange: ClosedRange<Int> = 8...32

    public init(mode: CalculationMode = .scientific, angle: AngleUnit = .deg, digits: Int = 16) {
        self.mode = mode
        self.angle = angle
        self.digits = digits
    }

    private enum CodingKeys: String, CodingKey { case mode, angle, digits }

    /// Missing fields take their defaults, so `{"angle": "rad"}` is a valid settings object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            mode: try container.decodeIfPresent(CalculationMode.self, forKey: .mode) ?? .scientific,
            angle: try container.decodeIfPresent(AngleUnit.self, forKey: .angle) ?? .deg,
            digits: try container.decodeIfPresent(Int.self, forKey: .digits) ?? 16)
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
public struct CalculatorError: Codable, Sendable, Equatable, Error {
    public let code: String
    public let message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

/// One `=`: what was evaluated and the display it produced.
public struct HistoryEntry: Codable, Sendable, Equatable {
    public let expression: String
    public let result: String

    public init(expression: String, result: String) {
        self.expression = expression
        self.result = result
    }
}
