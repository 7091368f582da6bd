@testable import CalculatorEngine
import Testing

/// Issue 34: an inexact value that feeds another step keeps every shown digit right. The true values are the
/// issue's (mpmath); before certified displays the rows showed 0, 9.999999202249803e-71, 9.999999202249803e-71,
/// -5.772156840785329e-71, -0.1996544763803568, -5.606785430649823e-63, 0.884390029984125, 0 and Error.
@Suite struct CertifiedDisplayTests {
    static let radians = Settings(angle: .rad)

    static let issueTable: [KeyCase] = [
        KeyCase(keys: "1 EE 8 0 + pi - 1 EE 8 0 =", expected: "3.141592653589793", settings: Settings()),
        KeyCase(keys: "pi + 1 EE 7 0 neg - pi =", expected: "1e-70", settings: Settings()),
        KeyCase(keys: "1 EE 7 0 neg exp ln", expected: "1e-70", settings: radians),
        KeyCase(keys: "1 EE 7 0 neg fact ln", expected: "-5.772156649015329e-71", settings: Settings()),
        KeyCase(keys: "2 0 0 exp sin", expected: "-0.8155975747526514", settings: radians),
        KeyCase(keys: "pi * 1 EE 1 5 = sin", expected: "0", settings: radians),
        KeyCase(keys: "pi * 1 EE 1 0 0 = cos", expected: "1", settings: radians),
        KeyCase(keys: "1 - 1 EE 9 9 9 9 neg = acos", expected: "4.472135954999579e-5000", settings: radians),
        KeyCase(keys: "2 neg pow ( 2 sqrt sq ) =", expected: "4", settings: Settings()),
    ]

    /// The same values as `/evaluate` computes them (`CalculatorState(evaluating:)`), with the same displays.
    static let issueExpressions: [(String, Int)] = [
        ("1e80 + π - 1e80", 0), ("π + 1e-70 - π", 1), ("ln(e^(1e-70))", 2), ("ln((1e-70)!)", 3), ("sin(e^200)", 4),
        ("sin(π×1e15)", 5), ("cos(π×1e100)", 6), ("acos(1 - 1e-9999)", 7), ("(-2)^((√2)²)", 8),
    ]

    /// More values that rounding at every step gets wrong, and values that are exact by their form.
    static let moreCases: [KeyCase] = [
        // The keys and /evaluate disagreed here: 1 + 9·10^-6000 and 9·10^5999 pass the kept numbers' shared budget
        // together, and the pending one was rounded to 1; its bounds now say the digits cannot be decided.
        KeyCase(keys: "( 1 + 9 EE neg 6 0 0 0 ) pow ( 9 EE 5 9 9 9 ) =", expected: "Error", settings: Settings()),
        KeyCase(keys: "pi - pi =", expected: "0", settings: Settings()),
        KeyCase(keys: "pi / 6 = sin", expected: "0.5", settings: radians),
        KeyCase(keys: "pi * 3 = / 2 = tan", expected: "Error", settings: radians),
        KeyCase(keys: "pi / 4 = + pi = tan", expected: "1", settings: radians),
        KeyCase(keys: "2 sqrt * 3 sqrt - 6 sqrt =", expected: "0", settings: Settings()),
        KeyCase(keys: "e ln", expected: "1", settings: Settings()),
        KeyCase(keys: "3 neg sq sqrt", expected: "3", settings: Settings()),
        KeyCase(keys: "2 sqrt sq - 2 =", expected: "0", settings: Settings()),
        KeyCase(keys: "1 EE 2 0 + e - 1 EE 2 0 =", expected: "2.718281828459045", settings: Settings()),
        KeyCase(keys: "1 EE 2 0 + e - 1 EE 2 0 =", expected: "2.7182818284590452353602874713527", settings: Settings(digits: 32)),
        KeyCase(keys: "1 + 1 EE 9 9 9 9 neg =", expected: "1", settings: Settings()),
        KeyCase(keys: "2 sqrt - =", expected: "0", settings: Settings()),
        // e^(x²) for x = 6.78e-1867 is 1 + 4.6e-3733, above 1 though its rounding is 1: acos of it is undefined.
        KeyCase(keys: "6 . 7 8 EE 1 8 6 7 neg sq exp acos", expected: "Error", settings: radians),
        KeyCase(keys: "6 . 7 8 EE 1 8 6 7 neg sq neg exp acos", expected: "9.588367952889584e-1867", settings: radians),
        // A negative base with an odd-denominator exponent (−0.48 = −12/25) after a cancellation.
        KeyCase(keys: "4 7 2 . 1 9 7 7 2 8 5 5 2 4 4 0 8 9 7 1 - 4 7 2 . 1 9 7 7 3 = pow 4 5 . 2 =", expected: "1.1501671870398158482030617163791e-264", settings: Settings(digits: 32)),
    ]

    @Test(arguments: issueTable + moreCases) func keys(_ test: KeyCase) throws {
        let state = try run(test.keys, settings: test.settings)
        #expect(state.display == test.expected)
        #expect(state.error?.code != "precision" || test.expected == "Error")
    }

    @Test(arguments: issueExpressions) func expression(_ text: String, row: Int) throws {
        let settings = Self.issueTable[row].settings
        var random = SplitMix64(seed: 1)
        let state = try CalculatorState(evaluating: try Expression(text), settings: settings, random: &random)
        #expect(state.display == Self.issueTable[row].expected, "\(text)")
    }

    @Test func theKeptNumbersBudgetLeavesThePowerUndecided() throws {
        let state = try run(Self.moreCases[0].keys, settings: Settings())
        #expect(state.error?.code == "precision")
    }

    /// /evaluate holds both operands exactly, so it has the digits the keys' kept-number budget leaves undecided.
    @Test func largeOperandsOfAnExpression() throws {
        var random = SplitMix64(seed: 1)
        let state = try CalculatorState(evaluating: try Expression("(1+9e-6000)^(9e5999)"), settings: Settings(), random: &random)
        #expect(state.display == "3294.468075283841")
    }

    /// Past the budget an inexact value is Error with the reason, never a display: e^1 × 10^300 needs about 1,100
    /// bits for sin to know any digit, and a budget of 512 bits has fewer.
    @Test func pastTheBudgetIsAPrecisionError() throws {
        let small = Arithmetic(budget: Budget(maxCertifyingPrecision: 512))
        let large = try small.apply(.multiply, .constant(.e), Number.decimal(digits: "1", exponent: 300, negative: false)).get()
        #expect(throws: CalculatorError.precision) { try small.apply(.sin, large, angle: .rad).get() }
        let sine = try Arithmetic().apply(.sin, large, angle: .rad).get()
        #expect(DisplayFormatter(digits: 16).string(sine) != DisplayFormatter.error)
    }

    /// A session read back from its stored form narrows its values as the one that wrote it: the bounds and the
    /// derivation of 10^80 + π survive, so − 10^80 still shows π.
    @Test func derivationsSurviveTheStoredForm() throws {
        let state = try run("1 EE 8 0 + pi =", settings: Settings())
        var decoded = try CalculatorState(storedBytes: state.storedBytes)
        #expect(decoded == state)
        var random = SplitMix64(seed: 1)
        press(["-", "1", "EE", "8", "0", "="], on: &decoded, random: &random)
        #expect(decoded.display == "3.141592653589793")
    }

    /// `neg` pressed many times on a certified real keeps its derivation bounded (−(−x) is x), so the state reads
    /// back and still narrows: 10^80 + π, negated 41 times, plus 10^80 shows −π.
    @Test func manyNegationsStayBoundedAndReadBack() throws {
        let state = try run("1 EE 8 0 + pi = " + Array(repeating: "neg", count: 41).joined(separator: " "), settings: Settings())
        var decoded = try CalculatorState(storedBytes: state.storedBytes)
        #expect(decoded == state)
        var random = SplitMix64(seed: 1)
        press(["+", "1", "EE", "8", "0", "="], on: &decoded, random: &random)
        #expect(decoded.display == "-3.141592653589793")
    }
}

