import CalculatorEngine
import Foundation
import Testing

/// The expression language by example: each row's display is what the calculator shows for it.
@Suite struct ExpressionTests {
    static func evaluate(_ text: String, settings: Settings = Settings()) throws -> CalculatorState {
        var random = SplitMix64(seed: 1)
        return try CalculatorState(evaluating: Expression(text), settings: settings, random: &random)
    }

    @Test(arguments: [
        // Precedence, associativity, unary minus.
        ("2 + 3 × 4", "14"), ("2+3*4", "14"), ("(2 + 3) * 4", "20"), ("2 − 3 − 4", "-5"), ("2 - (3 - 4)", "3"),
        ("12 / 4 / 3", "1"), ("12 ÷ (4 ÷ 2)", "6"), ("2^3^2", "512"), ("(2^3)^2", "64"), ("2 ** 10", "1024"),
        ("-2^2", "-4"), ("(-2)^2", "4"), ("2^-1", "0.5"), ("--2", "2"), ("-(-2)", "2"), ("+3", "3"), ("1 − −1", "2"),
        ("2·3", "6"), ("2 ⋅ 3", "6"), ("6∕4", "1.5"), ("-3 * -3", "9"), ("2 * -3 + 1", "-5"),
        // Numbers.
        ("1.5e3", "1500"), ("2E+2", "200"), ("1e-3", "0.001"), ("1e−3", "0.001"), (".5 + .5", "1"), ("5.", "5"),
        ("007", "7"), ("0.1 + 0.2", "0.3"), ("1/3", "0.3333333333333333"), ("100000000000000000000", "1e+20"),
        ("0.00000000000000000001", "1e-20"), ("12345678901234560000", "1.234567890123456e+19"), ("0e99999999", "0"),
        ("1e0", "1"), ("-1e5", "-100000"), ("-1.5e-3", "-0.0015"), ("9.5e9999", "9.5e+9999"), ("1e-9999", "1e-9999"),
        ("1e+00003", "1000"),
        // Postfix operators and percentages.
        ("5!", "120"), ("3!²", "36"), ("2³", "8"), ("(1+2)!", "6"), ("10%", "0.1"), ("50 + 10%", "55"), ("50 - 10%", "45"),
        ("50 + 10% × 2", "50.2"), ("50 × 10%", "5"), ("50 + (10%)", "50.1"), ("2 × 3 + 10%", "6.6"), ("50 + 10%%", "50.05"),
        ("50 + -10%", "49.9"), ("50 + sin(30)%", "50.25"),
        // Functions and constants.
        ("sin(30)", "0.5"), ("cos(60) + 1", "1.5"), ("sin⁻¹(0.5)", "30"), ("asin(1)", "90"), ("log10(1000)", "3"),
        ("log₁₀(100)", "2"), ("log2(8)", "3"), ("log₂(8)", "3"), ("ln(1)", "0"), ("exp(0)", "1"), ("sqrt(16)", "4"),
        ("sq(3)", "9"), ("cube(2)", "8"), ("recip(4)", "0.25"), ("fact(4)", "24"), ("neg(3)", "-3"), ("neg(1e5)", "-100000"),
        ("percent(50)", "0.5"), ("root(8, 3)", "2"), ("root(8,3)^2", "4"), ("2^root(8, 3)", "4"), ("logy(8, 2)", "3"),
        ("logᵧ(9, 3)", "2"), ("pow(2, 10)", "1024"), ("pow10(3)", "1000"), ("pow2(10)", "1024"), ("cbrt(27)", "3"),
        ("pi", "3.141592653589793"), ("π", "3.141592653589793"), ("e", "2.718281828459045"), ("sin(30)^2", "0.25"),
        ("√9", "3"), ("√(16) + 1", "5"), ("√4!", "4.898979485566356"), ("√(4)!", "2"), ("√4^2", "4"), ("∛27", "3"),
        ("√-4", "Error"),
        // Implicit multiplication, as × and left to right.
        ("2π", "6.283185307179586"), ("2 π", "6.283185307179586"), ("3(4+1)", "15"), ("(1+2)(3+4)", "21"),
        ("2sin(30)", "1"), ("2√9", "6"), ("1/2π", "1.570796326794897"), ("1/(2π)", "0.1591549430918953"),
        ("2e", "5.43656365691809"), ("π e", "8.539734222673567"), ("6/2(1+2)", "9"), ("2π^2", "19.73920880217872"),
        // Errors of arithmetic are answers, not syntax errors: the keys stop at the first Error.
        ("1/0", "Error"), ("1/0 + 5", "Error"), ("0/0", "Error"), ("ln(0) + 1", "Error"), ("tan(90)", "Error"),
    ])
    func evaluates(_ text: String, _ display: String) throws {
        #expect(try Self.evaluate(text).display == display, "\(text)")
    }

    @Test func errorsAndExpressionsAreTheKeys() throws {
        let division = try Self.evaluate("1/0 + 5")
        #expect(division.error?.code == "division_by_zero")
        let domain = try Self.evaluate("2 + √-4")
        #expect(domain.error?.code == "domain")
        #expect(try Self.evaluate("2 + 3 × 4").expression == "2 + 3 × 4")
        #expect(try Self.evaluate("sin(30)").expression == "sin(30)")
        #expect(try Self.evaluate("(2 + 3) × 4").expression == "(2 + 3) × 4")
    }

    @Test func settingsApply() throws {
        #expect(try Self.evaluate("sin(pi/2)", settings: Settings(angle: .rad)).display == "1")
        #expect(try Self.evaluate("sin(90)", settings: Settings(angle: .deg)).display == "1")
        #expect(try Self.evaluate("1/3", settings: Settings(digits: 8)).display == "0.33333333")
        // Immediate mode types the same expression with the parentheses its left-to-right order needs.
        let immediate = Settings(mode: .immediate)
        #expect(try Self.evaluate("2 + 3 × 4", settings: immediate).display == "14")
        #expect(try Self.evaluate("2 × 3 + 4 × 5", settings: immediate).display == "26")
        #expect(try Self.evaluate("2^3^2", settings: immediate).display == "512")
        #expect(try Self.evaluate("50 + 10% × 2", settings: immediate).display == "50.2")
    }

    @Test func keysAreThoseOfTheKeypad() throws {
        func names(_ text: String, _ settings: Settings = Settings()) throws -> String {
            try Expression(text).keys(for: settings).map(\.name).joined(separator: " ")
        }
        #expect(try names("2 + 3 × 4") == "2 + 3 * 4 =")
        #expect(try names("(2 + 3) × 4") == "( 2 + 3 ) * 4 =")
        #expect(try names("2 + 3 × 4", Settings(mode: .immediate)) == "2 + ( 3 * 4 ) =")
        #expect(try names("2^3^2") == "2 pow 3 pow 2 =")
        #expect(try names("(2^3)^2") == "( 2 pow 3 ) pow 2 =")
        #expect(try names("-1.5e-3") == "1 . 5 neg EE 3 neg =")
        #expect(try names("--2") == "( 2 neg ) neg =")
        #expect(try names("-(2+3)") == "( 2 + 3 ) neg =")
        #expect(try names("sin(30)") == "3 0 sin =")
        #expect(try names("sin(30 + 60)") == "( 3 0 + 6 0 ) sin =")
        #expect(try names("2π") == "2 * pi =")
        #expect(try names("50 + 10%") == "5 0 + 1 0 percent =")
        #expect(try names("50 + 10% × 2") == "5 0 + ( 1 0 percent ) * 2 =")
        #expect(try names("root(8, 3)") == "8 root 3 =")
        #expect(try names("0.00000000000000000001") == "1 EE 2 0 neg =")
        #expect(try names("1.50e+3") == "1 . 5 0 EE 3 =")
    }

    @Test(arguments: [
        ("", 0, "a number, a name, ( or −", "the end"),
        ("2 +", 3, "a number, a name, ( or −", "the end"),
        ("2 3", 2, "an operator (a number right after an operand is no product: write ×)", "3"),
        ("π2", 1, "an operator (a number right after an operand is no product: write ×)", "2"),
        ("sin 30", 4, "( after sin", "30"),
        ("foo(2)", 0, "a function or constant name (GET /keys lists them)", "foo"),
        ("sqroot(9)", 0, "a function or constant name (did you mean sqrt?)", "sqroot"),
        ("2 × sni(30)", 4, "a function or constant name (did you mean sin?)", "sni"),
        ("abs(-3; 2)", 6, "an operator or ) (abs takes one operand, as in abs(-3))", ";"),
        ("10 mod", 6, "a number, a name, ( or −", "the end"),
        ("nCr(5)", 5, "an operator or ; (nCr takes two operands, as in nCr(5; 2))", ")"),
        ("pow(2,100)", 9, "an operator or ; (pow takes two operands; 2,100 is one number here: put ; between arguments, as in pow(2; 5))", ")"),
        ("1,00 + 1", 0, "a number with groups of 3 digits after the first (1,000 or 1000; 1.5 for a decimal), and ; between a function's arguments", "1,00"),
        ("1 kg + 1 m", 9, "a unit of mass as the first quantity's (kg): a length and a mass do not add (2 kg + 3 kg)", "m"),
        ("2 km + 300", 0, "a unit on both sides of + or on neither (2 km + 300 m)", "a length + a plain number"),
        ("2 km × 3 km", 0, "a plain number on one side of × (a length times a length is no length)", "two quantities"),
        ("sin(2 m)", 0, "a plain number in sin (it takes no unit)", "a length"),
        ("2 km + 300 m to kg", 16, "a unit of length, as the expression's (km)", "kg"),
        ("1 km ÷ 1 m to cm", 14, "the end (the units cancel: the answer is a plain number, with no unit to convert)", "cm"),
        ("20 degC + 5 degF", 12, "°C as the first temperature's: temperatures in different units do not add (convert one first: 5 degF to degC)", "degF"),
        ("mc(2)", 0, "a function or constant name (mc is a key of no value)", "mc"),
        ("(1 + 2", 6, "an operator or )", "the end"),
        ("1 + 2)", 5, "an operator or the end (this ) closes nothing)", ")"),
        ("root(8)", 6, "an operator or ; (root takes two operands)", ")"),
        ("sin(1, 2)", 5, "an operator or ) (sin takes one operand)", ","),
        ("2 $ 3", 2, "an operator or the end", "$"),
        ("π × $", 4, "a number, a name, ( or −", "$"),
        ("2 ** ** 3", 5, "a number, a name, ( or −", "**"),
        ("2e+", 3, "a number, a name, ( or −", "the end"),
        ("12345678901234567", 0, "a number of at most 16 significant digits (the digits setting)", "12345678901234567"),
        ("1 + 1e10000", 4, "a number within 1e-9999 … 1e+9999", "1e10000"),
        ("1e-10000", 0, "a number within 1e-9999 … 1e+9999", "1e-10000"),
        ("-1e9999999", 1, "a number within 1e-9999 … 1e+9999", "1e9999999"),
        ("sin()", 4, "a number, a name, ( or −", ")"),
    ])
    func syntaxErrors(_ text: String, _ offset: Int, _ expected: String, _ found: String) {
        #expect(throws: ExpressionError(offset: offset, expected: expected, found: found), "\(text)") { try Self.evaluate(text) }
    }

    /// A function no key computes is put among the keys as a value where its answer is left to them (rand, an
    /// Error): the same display as the answer without keys, and an Error in it is the expression's.
    @Test func computedValuesAmongTheKeys() throws {
        #expect(try Self.evaluate("1 + abs(rand - 2)").display == Self.evaluate("1 + (2 - rand)").display)
        #expect(try Self.evaluate("2 × gcd(rand × 0 + 12; 18)").display == "12")
        let failed = try Self.evaluate("1 + abs(1/0)")
        #expect(failed.display == "Error")
        #expect(failed.error?.code == "division_by_zero")
        let nested = try Self.evaluate("1 + floor(rand) mod 0")
        #expect(nested.display == "Error")
        #expect(nested.error?.code == "division_by_zero")
        // An inexact operand is rounded from its certified bounds; one no bound separates from an integer is Error.
        #expect(try Self.evaluate("floor(√2 × 10)").display == "14")
        #expect(try Self.evaluate("ceil(-π)").display == "-3")
        #expect(try Self.evaluate("floor(1e300 × π)").error?.code == "precision")
        #expect(try Self.evaluate("nCr(10000; 5000)").display == "1.591790263532439e+3008")
        #expect(try Self.evaluate("nCr(100000; 50000)").error?.code == "overflow")
        // rand × 0 is an exact 0 that leaves the whole expression to the keys: the same display both ways.
        for text in [
            "abs(-1/3)", "10 mod 3 × 2", "-10 mod 3", "round(2.5) + floor(-2.5) + ceil(2.1)", "gcd(12; 18; 8) × lcm(4; 6)",
            "nCr(52; 5) ÷ nPr(5; 2)", "sin(30°)", "√(abs(-16))!", "round(π × 1e10)",
        ] {
            #expect(try Self.evaluate(text).display == Self.evaluate("rand × 0 + " + text).display, "\(text)")
        }
        #expect(try Self.evaluate("2 km × (1 + rand × 0) + 300 m").display == "2.3")
        #expect(try Self.evaluate("1 km ÷ 1 m + rand × 0").display == "1000")
    }

    /// Python's `statistics` on a list of values, as statistics mode works them out (`DataSums`): exact for exact
    /// values, the square roots certified. The values 2, 4, 4, 4, 5, 5, 7, 9 have mean 5, population deviation 2 and
    /// sample variance 32/7.
    @Test func statisticsOfAList() throws {
        let values = "2; 4; 4; 4; 5; 5; 7; 9"
        #expect(try Self.evaluate("mean(\(values))").display == "5")
        #expect(try Self.evaluate("pstdev(\(values))").display == "2")
        #expect(try Self.evaluate("pvariance(\(values))").display == "4")
        #expect(try Self.evaluate("variance(\(values)) × 7").display == "32")
        #expect(try Self.evaluate("stdev(\(values))").display == "2.138089935299395")
        #expect(try Self.evaluate("sum(\(values))").display == "40")
        #expect(try Self.evaluate("median(\(values))").display == "4.5")
        #expect(try Self.evaluate("median(3; 1; 2)").display == "2")
        #expect(try Self.evaluate("mean(1/3; 1/6) × 4").display == "1")
        #expect(try Self.evaluate("MEAN(1, 2, 3)").display == "2")
        #expect(try Self.evaluate("mean(π; π)").display == Self.evaluate("π").display)
        #expect(try Self.evaluate("rand × 0 + mean(\(values))").display == "5")
        let one = try Self.evaluate("variance(5)")
        #expect(one.display == "Error")
        #expect(one.error?.message == "A sample's variance needs two points or more")
        let inexact = try Self.evaluate("median(π; 1)")
        #expect(inexact.error?.code == "domain")
        #expect(inexact.error?.message.contains("median(2; 4; 4; 9)") == true)
        #expect(throws: ExpressionError.self) { try Self.evaluate("mean(2 km; 3 km)") }
    }

    /// Text made of GNOME's functions, marks, units and ans in any order, in several locales and angle units: each
    /// is read and answered, or refused at an offset inside it, and nothing else happens.
    @Test func anyMixOfTheLanguageIsAnsweredOrRefusedWhereItStops() throws {
        let pieces = [
            "1", "2", "0", "3.5", "1,000", "1,00", "1.000", "1,5", ",", ";", ", ", "(", ")", "+", "-", "×", "÷", "^", "!", "%",
            "°", " mod ", "abs(", "gcd(", "nCr(", "round(", "floor(", "ceil(", "lcm(", "nPr(", " km", " m", " kg", " in",
            " to ", "cm", "ans", "rand", "π", "sin(", "pow(", "1e5", " ", "degC", "√",
        ]
        let locales: [String?] = [nil, "de", "fr", "en-IN"]
        var random = SplitMix64(seed: 4646)
        var answered = 0
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<(1 + Int(random.next() % 12)) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            var settings = Settings()
            settings.angle = AngleUnit.allCases[Int(random.next() % 3)]
            settings.format.setLocale(locales[Int(random.next() % UInt64(locales.count))])
            let answer = random.next() % 2 == 0 ? Expression.Answer("-7/2") : nil
            do throws(ExpressionError) {
                let expression = try Expression(text, symbols: settings.format.symbols, answer: answer)
                let state = try CalculatorState(evaluating: expression, settings: settings, random: &random)
                #expect(state.error != nil || state.display != "Error", "\(text)")
                answered += 1
            } catch {
                #expect((0...text.unicodeScalars.count).contains(error.offset), "\(text): \(error)")
                #expect(!error.expected.isEmpty)
            }
        }
        #expect(answered > 50)
    }

    @Test func nestingIsBounded() throws {
        let deep = String(repeating: "(", count: 150) + "1" + String(repeating: ")", count: 150)
        #expect(throws: ExpressionError.self) { try Expression(deep) }
        let minus = String(repeating: "-", count: 10_000) + "1"
        #expect(throws: ExpressionError.self) { try Expression(minus) }
        // Within the parser's depth but beyond what the keypad keeps pending.
        let wide = (0..<15).map { _ in "1 + (" }.joined() + "1" + String(repeating: ")", count: 15)
        #expect(throws: ExpressionError.self) { try Self.evaluate(wide) }
        let fine = (0..<10).map { _ in "1 + (" }.joined() + "1" + String(repeating: ")", count: 10)
        #expect(try Self.evaluate(fine).display == "11")
    }

    /// Chains and postfix operators make a tall tree without nesting; the walks over it recurse, so its height is
    /// bounded too, at 1,000 operations: a server thread's stack must not be a client's to exhaust.
    /// Runs `body` on a thread with a 256 MiB stack and waits for it. A chain of 1,000 operations is walked
    /// recursively, two frames an operation; under ThreadSanitizer a debug frame is about 8 KB, so the chain needs
    /// more than the 8 MiB a thread has by default (a release frame is a small part of that).
    static func onLargeStack(_ body: @escaping @Sendable () throws -> String) throws -> String {
        final class Outcome: @unchecked Sendable { var result: Result<String, any Error>? }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.result = Result(catching: body)
            done.signal()
        }
        thread.stackSize = 256 << 20
        thread.start()
        done.wait()
        return try outcome.result!.get()
    }

    @Test func chainsAreBounded() throws {
        let limit = 1000
        let longest = Array(repeating: "1", count: limit).joined(separator: "+")
        #expect(try Self.onLargeStack { try Self.evaluate(longest).display } == "\(limit)")
        let tooLong = longest + "+1"
        #expect(throws: ExpressionError(
            offset: tooLong.unicodeScalars.count, expected: "the end of the expression within \(limit) operations of one another",
            found: "the end")) { try Expression(tooLong) }
        #expect(throws: ExpressionError.self) { try Expression("2" + String(repeating: "²", count: 5_000)) }
        #expect(throws: ExpressionError.self) { try Expression("50" + String(repeating: "%", count: 5_000)) }
        #expect(try Self.onLargeStack { try Self.evaluate("1" + String(repeating: "²", count: limit - 1)).display } == "1")
    }

    @Test func moreDigitsAreAllowedWithTheSetting() throws {
        #expect(try Self.evaluate("12345678901234567", settings: Settings(digits: 20)).display == "12345678901234567")
    }
}
