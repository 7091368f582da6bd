/// A math error shown as `Error`, with a machine-readable code:
/// - `division_by_zero`: x ÷ 0, 0 ÷ 0, 1/x of 0, 0 to a negative power;
/// - `domain`: √ or an even root of a negative number, ln/log of a number ≤ 0, asin/acos outside [−1, 1],
///   acosh below 1, atanh outside (−1, 1), tan at 90° + k·180° (or π/2 + kπ), factorial of a negative integer,
///   a non-integer power of a negative number, a logarithm to base 1 or ≤ 0, the 0th root;
/// - `overflow`: a result whose magnitude is above 1e+9999 or below 1e-9999 (non-zero), or work beyond the
///   evaluation budget (x! for x > 3249 or x < −3300, powers far outside the range);
/// - `precision`: an inexact result whose digits cannot be made certain within the work budget.
public struct CalculatorError: Sendable, Equatable, Error {
    public let code: String
    public let message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

extension CalculatorError {
    static let divisionByZero = CalculatorError(code: "division_by_zero", message: "Division by zero")
    static let zeroByZero = CalculatorError(code: "division_by_zero", message: "0 ÷ 0 is undefined")
    static let overflow = CalculatorError(code: "overflow", message: "Result is outside the range 1e-9999 … 1e+9999")
    static func domain(_ message: String) -> CalculatorError { CalculatorError(code: "domain", message: message) }
    static let precision = CalculatorError(code: "precision", message: "The digits of the result cannot be made certain within the work budget")
}

extension CalculatorError {
    static let shiftCount = CalculatorError(code: "domain", message: "A shift count must be from 0 to the word size − 1")
}
