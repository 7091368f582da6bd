@testable import CalculatorEngine
import Testing

/// The digits a certified real shows (`Number.shownDecimal`) are those every value within its bounds rounds to, as
/// rounding both ends decides them; the value's own rounding decides them when it lies far enough from a boundary
/// between two roundings, and must never decide otherwise.
@Suite struct DecidedDigitsTests {
    /// What rounding both ends shows: the reference the shortcut must agree with.
    static func bothEnds(_ x: Number, digits: Int) throws -> ShownDecimal {
        guard case .real(let box) = x else { return x.roundedDecimal(digits: digits).map(ShownDecimal.digits) ?? .zero }
        return Number.shownDecimal(within: try #require(box.certificate).bounds(of: box), digits: digits)
    }

    static func text(_ shown: ShownDecimal) -> String {
        switch shown {
        case .zero: "0"
        case .uncertain: "uncertain"
        case .digits(let d): (d.negative ? "-" : "") + String(decoding: d.mantissa, as: UTF8.self) + "e" + String(d.exponent)
        }
    }

    /// A real known by its bounds: "lower:upper:value", hexadecimal floats as the stored form writes them.
    static func bounded(_ text: Substring) throws -> Number {
        let (bounds, value) = try #require(Enclosure.decoded(text))
        return .bounded(bounds, value: value)
    }

    /// Correctly rounded values (the certificate without stored bounds) and values with wider bounds from interval
    /// steps, at every number of digits a display shows: the same digits as both ends give.
    @Test func agreesWithBothEndsOnComputedValues() throws {
        var random = SplitMix64(seed: 34)
        let arithmetic = Arithmetic()
        let functions: [UnaryFunction] = [.sin, .cos, .exp, .ln, .squareRoot, .cubeRoot, .atan, .log10]
        var uncertain = 0
        for _ in 0..<400 {
            let numerator = Int(random.next() % 2_000_000) + 1, denominator = UInt(random.next() % 999) + 1
            let x = Number.fraction(numerator, denominator)
            let function = functions[Int(random.next() % UInt64(functions.count))]
            // Past the range (eˣ of a large x) is an error, with no digits to show.
            guard let value = try? arithmetic.apply(function, x, angle: .rad).get() else { continue }
            // An interval step on top: its bounds are wider than the rounding's.
            let sum = try arithmetic.apply(.add, value, .constant(.pi)).get()
            for number in [value, sum] where !number.isRational {
                for digits in 1...32 {
                    let shown = number.shownDecimal(digits: digits), reference = try Self.bothEnds(number, digits: digits)
                    #expect(Self.text(shown) == Self.text(reference), "\(function) of \(numerator)/\(denominator) at \(digits) digits")
                    if case .uncertain = reference { uncertain += 1 }
                }
            }
        }
        // The values above are drawn, not chosen near a boundary: nearly all are decided.
        #expect(uncertain < 10)
    }

    /// Values near or on a boundary between two roundings, and a power of ten whose bounds reach below it, where the
    /// roundings are a tenth as far apart: each display is what both ends decide, uncertain where they differ.
    @Test(arguments: [
        // 1.5 + 2^-100 within 2^-90 at 1 digit: the bounds straddle 1.5.
        ("17fffffffffffffffffffffc01@-25:18000000000000000000000401@-25:18000000000000000000000001@-25", 1, "uncertain"),
        // The same value within 2^-110: every value in them rounds to 2.
        ("18000000000000000000000000ffc@-28:18000000000000000000000001004@-28:18000000000000000000000001@-25", 1, "2e0"),
        // 1.5 itself, a tie, within 2^-200.
        ("17fffffffffffffffffffffffffffffffffffffffffffffffff@-50:180000000000000000000000000000000000000000000000001@-50:18@-1", 1, "uncertain"),
        // 1 + 2^-200 with a lower bound of 1 − 2^-54, which shows 9.999999999999999e-1 at 16 digits.
        ("fffffffffffffc@-14:100000000000000000000000000000000000004@-38:100000000000000000000000000000000000000000000000001@-50", 16, "uncertain"),
        // The lower bound 1 − 2^-60 rounds up to 1 at 16 digits.
        ("fffffffffffffff@-15:100000000000000000000000000000000000004@-38:100000000000000000000000000000000000000000000000001@-50", 16, "1e0"),
    ] as [(Substring, Int, String)])
    func nearABoundaryAgreesWithBothEnds(_ bounds: Substring, digits: Int, expected: String) throws {
        let number = try Self.bounded(bounds)
        #expect(Self.text(number.shownDecimal(digits: digits)) == expected)
        #expect(Self.text(try Self.bothEnds(number, digits: digits)) == expected)
    }
}
