import CalculatorEngine
import Testing

/// A key sequence on a fresh session and the exact display it must end with. Expected values are worked out by hand
/// or are known constants (transcendental values to 16/32 digits checked against mpmath at 60 digits).
struct KeyCase: Sendable, CustomTestStringConvertible {
    let keys: String
    let expected: String
    let settings: Settings

    var testDescription: String {
        let mode = settings == Settings() ? "" : " [\(settings.mode.rawValue) \(settings.angle.rawValue) \(settings.digits)]"
        return "\(keys) → \(expected)\(mode)"
    }
}

private let scientific = Settings()
private let immediate = Settings(mode: .immediate)
private let radians = Settings(angle: .rad)
private func digits(_ n: Int) -> Settings { Settings(digits: n) }

private func c(_ keys: String, _ expected: String, _ settings: Settings = scientific) -> KeyCase {
    KeyCase(keys: keys, expected: expected, settings: settings)
}

private func check(_ test: KeyCase) throws {
    let state = try run(test.keys, settings: test.settings)
    #expect(state.display == test.expected)
    #expect(isWellFormedDisplay(state.display))
}

@Suite struct BehaviourTests {
    static let entryCases: [KeyCase] = [
        c("0 0 5", "5"), c(".", "0."), c(". 5", "0.5"), c("1 . . 5", "1.5"), c("1 . 5 .", "1.5"), c("1 . 5 0", "1.50"),
        c("0 0 . 0", "0.0"), c("0 . 0 0 0 0 0 0 1 =", "1e-7"), c("1 2 . 5 0 =", "12.5"),
        c("1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1", "1111111111111111"),
        c("1 2 3 4 5 6 7 8 9", "12345678", digits(8)), c("0 . 1 2 3 4 5 6 7 8 9", "0.12345678", digits(8)),
        c("1 2 3 back", "12"), c("1 back", "0"), c("1 back back", "0"), c("1 . back", "1"), c("1 2 neg back", "-1"),
        c("5 neg back", "0"), c("2 + 3 = back", "5"), c("9 sqrt back", "3"), c("1 2 neg 3", "-123"), c("1 2 neg neg", "12"),
        c("neg 5", "-5"), c("neg", "-0"), c("5 + neg 3 =", "2"), c("2 + 3 = neg", "-5"), c("9 sqrt neg", "-3"),
        c("5 * neg 2 =", "-10"), c("neg . 5", "-0.5"), c("0 . 1 0", "0.10"), c("neg 0 5", "-5"), c("neg 0 0", "-0"),
        c("neg 0 . 1 2 3 4 5 6 7 8 9", "-0.12345678", digits(8)),
        // The sign belongs to the typed digits (Windows' CalcInput): ⌫ that leaves only a zero takes the sign too.
        c("neg . back 5", "5"), c("neg . back", "0"), c("neg 0 . back", "0"), c("1 neg . back", "-1"), c("neg . 5 back", "-0."),
        c("neg . back 5", "5", immediate), c("1 EE neg 3 back back back", "1"), c("neg 1 EE back 2", "-12"),
    ]

    static let precedenceCases: [KeyCase] = [
        c("1 + 2 * 3 =", "7"), c("1 + 2 * 3 =", "9", immediate), c("1 + 2 *", "2"), c("1 + 2 * 3 -", "7"),
        c("2 * 3 + 4 * 5 =", "26"), c("2 * 3 + 4 * 5 =", "50", immediate), c("1 0 - 2 - 3 =", "5"), c("1 0 0 / 1 0 / 2 =", "5"),
        c("2 + 3 pow 2 =", "11"), c("2 * 3 pow 2 =", "18"), c("2 pow 3 pow 2 =", "512"), c("2 pow 3 * 2 =", "16"),
        c("6 / 3 * 2 =", "4"), c("2 + 3 * 4 pow 2 =", "50"), c("1 + 2 * 3 pow 2 - 4 / 2 =", "17"), c("8 1 root 2 + 1 =", "10"),
        c("2 + 1 6 root 4 =", "4"), c("1 0 0 logy 1 0 =", "2"), c("1 + 8 logy 2 =", "4"), c("2 + 3 pow 2 =", "25", immediate),
        c("1 0 - 4 / 2 =", "3", immediate), c("1 + 2 * 3 *", "6"), c("1 + 2 * 3 * 4 -", "25"), c("2 pow 3 *", "8"),
        c("1 + 2 * 3 *", "9", immediate), c("1 - 2 - 3 - 4 =", "-8"),
    ]

    static let replacementCases: [KeyCase] = [
        c("5 + * 3 =", "15"), c("5 * + 3 =", "8"), c("5 - + 3 =", "8"), c("5 + - 3 =", "2"), c("1 + 2 * + 3 =", "6"),
        c("1 + 2 * +", "3"), c("5 + * / 2 =", "2.5"), c("2 + pow 3 =", "8"), c("5 + * 3 =", "15", immediate),
        c("9 - / 3 =", "3"),
    ]

    static let repeatedEqualsCases: [KeyCase] = [
        c("2 + 3 = = =", "11"), c("1 0 - 3 = =", "4"), c("2 * 2 = = =", "16"), c("7 + =", "14"), c("3 4 * = = =", "1336336"),
        c("2 + 3 = 4 =", "7"), c("1 0 / 2 = =", "2.5"), c("2 pow 3 = =", "512"), c("5 =", "5"), c("= =", "0"),
        c("5 + 3 = = 1 0 =", "13"), c("( 1 + 2 =", "3"), c("2 * ( 3 + 4 =", "14"), c("( ( 1 + 2 ) * 3 =", "9"),
        c("1 + 2 = + 3 =", "6"), c("2 * 3 = =", "18", immediate), c("7 - =", "0"),
        // The last top-level operation with its evaluated right operand is repeated (Windows, GNOME): 2 + 3 × 4 = 14,
        // then + 12 again.
        c("2 + 3 * 4 = =", "26"), c("2 + 3 * 4 = = =", "38"), c("2 * ( 3 + 4 = =", "98"), c("2 pow 3 * 2 = =", "32"),
        c("1 0 - 2 * 3 = =", "-2"), c("2 + 3 * 4 = =", "80", immediate), c("( 1 + 2 ) * 3 = =", "27"),
        // The expression keeps a result's brackets when an operator continues it: (1 + 2) × 2, not 1 + 2 × 2.
        c("1 + 2 = * 2 =", "6"),
    ]

    static let parenthesesCases: [KeyCase] = [
        c("2 * ( 3 + 4 ) =", "14"), c(") 5", "5"), c("5 ) =", "5"), c("2 ) + 3 =", "5"), c("2 ( 1 + 1 ) =", "4"),
        c("( 2 + 3 ) ( 4 + 5 ) =", "45"), c("( 2 + 3 ) 4 =", "20"), c("( 1 + 2 )", "3"), c("( ( 2 ) )", "2"),
        c("2 * ( 3 + 4", "4"), c("2 * ( 3 + 4 )", "7"), c("( 2 + 3 ) sq", "25"), c("1 0 / ( 4 - 2 ) =", "5"),
        c("( 1 + 2 ) * ( 3 + 4 ) =", "21"), c("2 pow ( 1 + 2 ) =", "8"), c("2 + ( 3 * 4 ) =", "14", immediate),
        c("( 5 ) ( 5 ) =", "25"), c("( 2 ) ) )", "2"), c("( 1 + 2 * 3 ) =", "7"), c("2 * ( 3 + 4 ) * 2 =", "28"),
        c("( 2 + 3 ) =", "5"), c("( 2 + 3 ) 4", "4"), c("1 + ( 2 * ( 3 + 4 ) ) =", "15"),
        // "(" right after an operator, typed or implied, starts the group from 0 (Windows: "1 + (" is "1 + (0").
        c("6 + (", "0"), c("6 + ( =", "6"), c("6 + ( )", "0"), c("6 + ( ) =", "6"), c("2 ( =", "0"), c("6 * ( ( =", "0"),
        c("( 7", "7"),
        // "(" over an entry that C, CE or ⌫ cleared reads it as 0, as Windows' engine does, in every mode.
        c("5 + C ( ) =", "5"), c("pi C ( =", "0"), c("5 + CE ( ) =", "5"), c("5 + 3 back ( ) =", "5"), c("2 sqrt C ( =", "0"),
        c("5 + C ( ) =", "5", immediate), c("pi C ( =", "0", immediate), c("4 * 2 back ( ) =", "0", immediate),
    ]

    static let percentCases: [KeyCase] = [
        c("5 0 + 1 0 percent =", "55"), c("1 0 0 - 2 0 percent =", "80"), c("2 0 0 * 1 5 percent =", "30"),
        c("1 0 0 / 1 0 percent =", "1000"), c("5 0 percent", "0.5"), c("5 0 + 1 0 percent", "5"),
        c("2 0 0 * 1 5 percent", "0.15"), c("3 percent", "0.03"), c("5 0 0 - 1 0 percent =", "450"),
        c("1 2 . 5 percent", "0.125"), c("5 0 + %", "25"), c("2 × 3 + 1 0 %", "0.6"),
    ]

    static let unaryCases: [KeyCase] = [
        c("7 + 9 sqrt =", "10"), c("8 * 2 + sqrt", "4"), c("8 * 2 + sqrt =", "20"), c("9 sqrt", "3"), c("2 7 cbrt", "3"),
        c("8 neg cbrt", "-2"), c("4 recip", "0.25"), c("0 . 5 recip", "2"), c("3 sq", "9"), c("3 cube", "27"),
        c("1 0 pow10", "10000000000"), c("3 pow10", "1000"), c("1 0 pow2", "1024"), c("0 exp", "1"), c("1 exp", "2.718281828459045"),
        c("2 ln", "0.6931471805599453"), c("1 0 0 0 log10", "3"), c("0 . 0 0 1 log10", "-3"), c("8 log2", "3"), c("5 fact", "120"),
        c("2 + 3 sq =", "11"), c("1 6 sqrt sqrt", "2"), c("2 sqrt sq", "2"), c("2 sqrt sq - 2 =", "0"), c("0 . 2 5 sqrt", "0.5"),
        c("2 sqrt", "1.414213562373095"), c("1 0 sq sq sq", "100000000"), c("e ln - 1 =", "0"), c("1 cosh", "1.543080634815244"),
        c("2 sinh", "3.626860407847019"), c("0 . 5 tanh", "0.4621171572600098"), c("2 acosh", "1.316957896924817"),
        c("2 cbrt", "1.259921049894873"), c("0 . 5 pow10", "3.162277660168379"), c("1 neg exp", "0.3678794411714423"),
        c("0 . 5 ln", "-0.6931471805599453"), c("1 0 ln", "2.302585092994046"), c("1 0 log2", "3.321928094887362"),
        c("pi sq", "9.869604401089359"), c("pi exp", "23.14069263277927"), c("pi pow e =", "22.45915771836105"),
        c("2 pow 1 2 recip =", "1.059463094359295"), c("7 pow 0 . 5 =", "2.645751311064591"), c("4 pow 0 . 5 =", "2"),
        c("8 pow 3 recip =", "2"), c("8 neg pow 3 recip =", "-2"), c("2 pow 0 . 5 neg =", "0.7071067811865475"),
        c("1 0 0 fact", "9.332621544394415e+157"), c("1 . 5 fact", "1.329340388179137"), c("1 0 * pi =", "31.41592653589793"),
        c("pi / 3 =", "1.047197551196598"), c("1 / 7 =", "0.1428571428571429"), c("1 / 6 =", "0.1666666666666667"),
        c("2 log10", "0.3010299956639812"),
    ]

    static let exponentEntryCases: [KeyCase] = [
        c("1 . 5 EE 2 0 =", "1.5e+20"), c("1 . 5 EE 2 0", "1.5e20"), c("1 EE 3 neg =", "0.001"), c("1 EE 3 neg", "1e-3"),
        c("1 EE", "1e"), c("EE 5 =", "0"), c("EE 5", "0e5"), c("2 EE 3 + 1 =", "2001"), c("1 EE 1 0 0 0 0 =", "1e+1000"), c("9 9 EE 9 9 9 9 =", "Error"),
        c("1 EE 9 9 9 9 =", "1e+9999"), c("1 EE 9 9 9 9 neg =", "1e-9999"), c("1 EE 1 2 3 4 5", "1e1234"),
        c("1 EE 5 back =", "1"), c("5 EE 0 0 3 =", "5000"), c("2 . 5 EE 3 neg neg =", "2500"), c("1 EE 2 0 * 1 EE 2 0 =", "1e+40"),
        c("1 EE 3 neg neg", "1e3"), c("1 EE EE 2 =", "100"), c("1 . EE 2 =", "100"), c("neg 2 EE 2 =", "-200"),
        c("1 EE 0 5", "1e5"), c("1 EE neg 0 5", "1e-5"), c("1 EE 0 0", "1e0"), c("1 EE 1 0 0 0 5", "1e1000"),
        // EE on a fresh entry enters 0 × 10ⁿ, as Windows and Apple do.
        c("EE", "0e"), c("5 + EE 3 =", "5"), c("2 * 3 = EE 2 + 1 =", "1"), c("EE 5 =", "0", immediate), c("neg EE 2 =", "0"),
    ]

    static let memoryCases: [KeyCase] = [
        c("7 m+ AC mr", "7"), c("5 m+ 3 m+ mr", "8"), c("5 m+ mc mr", "0"), c("3 m- mr", "-3"), c("1 0 m+ 3 m- mr", "7"),
        c("2 + 3 = m+ AC mr * 2 =", "10"), c("mr", "0"), c("5 + 2 m+ mr =", "7"), c("9 sqrt m+ mr", "3"), c("5 m+ 3", "3"),
        c("4 m+ m+ mr", "8"), c("1 / 3 = m+ mr * 3 =", "1"), c("5 m+ AC AC mr", "5"), c("5 m+ mr mr +", "5"),
        // m+ and m− on a fresh 0 leave it a fresh 0: what follows types or opens as it would without them.
        c("m+ neg 5 =", "-5"), c("m+ ( 8 =", "8"), c("m- neg 5 =", "-5"), c("AC m+ 7 =", "7"), c("m+ neg", "-0"),
        c("5 + m+ 2 =", "7"), c("5 + m+ mr", "5"),
    ]

    /// π, e, mr, rcl and rand replace the current operand, a typed number or a closed group included, as on the
    /// keypads of Windows and Apple; a digit or `(` after `)` still multiplies. Implied multiplication by a constant
    /// is the expression language's (`2π` in /evaluate).
    static let operandKeyCases: [KeyCase] = [
        c("2 pi =", "3.141592653589793"), c("( 2 ) pi =", "3.141592653589793"), c("2 pi", "3.141592653589793"),
        c("2 e =", "2.718281828459045"), c("( 2 ) e =", "2.718281828459045"), c("3 m+ AC 2 mr =", "3"), c("3 m+ AC ( 2 ) mr =", "3"),
        c("4 sqrt pi =", "3.141592653589793"), c("2 + 3 = pi", "3.141592653589793"), c("2 * pi =", "6.283185307179586"),
        c("pi pi =", "3.141592653589793"), c("1 + 2 pi =", "4.141592653589793"), c("( 2 ) 3 =", "6"), c("2 ( 3 ) =", "6"),
        c("neg 2 pi =", "3.141592653589793"), c("5 m+ 3 m+ mr", "8"), c("4 sqrt ( 3 ) =", "6"), c("( 2 + 3 ) 4 =", "20"),
        c("4 m+ AC 1 2 mr + 1 =", "5"), c("4 m+ AC 1 2 mr + 1 =", "5", immediate), c("7 sto x AC 1 2 rcl x + 1 =", "8"),
        c("7 sto x AC 1 2 rcl x + 1 =", "8", immediate), c("2 * ( 3 + 4 ) pi =", "6.283185307179586"),
        c("2 pi =", "3.141592653589793", immediate), c("( 2 ) e =", "2.718281828459045", immediate), c("2 * 3 mr =", "0"),
    ]

    static let clearingCases: [KeyCase] = [
        c("5 + 3 C 4 =", "9"), c("1 2 3 C", "0"), c("5 + 3 C =", "5"), c("5 + 3 AC", "0"), c("5 + 3 AC 2 =", "2"),
        c("5 + 3 AC =", "0"), c("2 + 3 = AC =", "0"), c("1 / 0 = C", "0"), c("1 / 0 = AC 7", "7"), c("rad AC pi sin", "0"),
        c("2nd AC 1 sin", "0.01745240643728351"), c("5 + ( 3 C 4 ) =", "9"), c("2 + 3 = C", "0"),
    ]

    static let anglesCases: [KeyCase] = [
        c("3 0 sin", "0.5"), c("6 0 cos", "0.5"), c("9 0 cos", "0"), c("1 8 0 sin", "0"), c("4 5 tan", "1"), c("9 0 tan", "Error"),
        c("1 asin", "90"), c("2 7 0 tan", "Error"), c("3 6 0 sin", "0"), c("1 5 0 sin", "0.5"), c("2 1 0 sin", "-0.5"),
        c("3 0 neg sin", "-0.5"), c("1 3 5 tan", "-1"), c("1 8 0 cos", "-1"), c("4 5 0 tan", "Error"), c("7 2 0 cos", "1"),
        c("0 . 5 acos", "60"), c("0 acos", "90"), c("1 atan", "45"), c("1 neg atan", "-45"), c("4 5 sin", "0.7071067811865475"),
        c("6 0 sin", "0.8660254037844386"), c("9 0 sin", "1"), c("3 0 tan", "0.5773502691896258"), c("2 sqrt recip asin", "45"),
        c("2 asin", "Error"), c("2 neg acos", "Error"), c("1 0 sin", "0.1736481776669303"), c("2 0 cos", "0.9396926207859084"),
        c("2 atan", "63.43494882292201"), c("0 . 3 asin", "17.45760312372209"), c("0 . 1 acos", "84.26082952273321"),
        c("1 sin", "0.01745240643728351"), c("9 0 neg tan", "Error"), c("3 6 0 0 0 0 1 sin", "0.01745240643728351"),
        c("pi sin", "0", radians), c("pi cos", "-1", radians), c("pi / 2 = tan", "Error", radians), c("pi / 2 = sin", "1", radians),
        c("pi / 2 = cos", "0", radians), c("pi * 2 = cos", "1", radians), c("pi * 3 = sin", "0", radians),
        c("pi / 4 = tan", "1", radians), c("1 sin", "0.8414709848078965", radians), c("0 cos", "1", radians),
        // Radians: the exact argument, however large, goes through the reduction by 2π (not a 256-bit rounding of it).
        c("1 EE 3 0 0 sin", "-0.985750425160377", radians), c("7 1 fact sin", "-0.9884209750570897", radians),
        c("2 . 5 neg EE 2 8 4 tan", "-10.06207500436499", radians), c("4 3 1 1 pow 2 6 = sin", "-0.8313012561040336", radians),
        c("1 EE 9 9 9 9 cos", "0.6311978204209874", radians),
        // Degrees: a small angle of either sign keeps every digit (the quarter turn is taken off exactly).
        c("1 neg EE neg 7 5 sin", "-1.74532925199433e-77"), c("1 EE neg 7 5 sin", "1.74532925199433e-77"),
        c("1 . 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 neg EE 5 0 neg sin", "-2.1547274522053891258814855553142e-52", digits(32)),
        c("9 0 - 1 EE 4 0 neg = cos", "1.7453292519943295769236907684886e-42", digits(32)),
        c("1 neg EE 4 0 neg tan", "-1.7453292519943295769236907684886e-42", digits(32)),
        c("1 atan", "0.7853981633974483", radians), c("1 neg acos", "3.141592653589793", radians), c("pi neg sin", "0", radians),
        c("pi / 2 = neg tan", "Error", radians), c("1 cos", "0.5403023058681397", radians), c("1 tan", "1.557407724654902", radians),
        c("0 . 5 asin", "0.5235987755982989", radians), c("pi * 3 / 2 = cos", "0", radians), c("rad 3 0 sin deg 3 0 sin", "0.5"),
    ]

    static let secondCases: [KeyCase] = [
        c("2nd", "0"), c("0 . 5 2nd sin", "30"), c("2nd 1 tan", "45"), c("2nd 2nd 3 0 sin", "0.5"), c("2nd 1 sinh", "0.881373587019543"),
        c("2nd 2 ln", "7.38905609893065"), c("2nd 2 log10", "100"), c("2nd 1 0 log2", "1024"), c("2nd 1 exp", "0"),
        c("2nd 8 pow 3 =", "2"), c("2nd 1 2 5 root 3 =", "1953125"), c("2nd 3 sq", "1.732050807568877"), c("2nd 2 7 cube", "3"),
        c("2nd 1 cosh", "0"), c("2nd 0 . 5 tanh", "0.5493061443340548"), c("2nd 1 sin sin", "Error"), c("2nd 3 0 asin", "0.5"),
        c("2nd 1 0 0 pow10", "2"), c("2nd 8 pow2", "3"), c("2nd 9 sqrt", "81"), c("2nd 3 cbrt", "27"), c("2nd 0 . 5 cos", "60"),
    ]

    static let factorialCases: [KeyCase] = [
        c("2 0 fact", "2.43290200817664e+18"), c("2 0 fact", "2432902008176640000", digits(32)), c("3 . 5 fact", "11.63172839656745"),
        c("1 neg fact", "Error"), c("0 fact", "1"), c("1 0 fact", "3628800"), c("1 7 1 fact", "1.241018070217668e+309"),
        c("0 . 5 fact", "0.886226925452758"), c("1 EE 9 fact", "Error"), c("3 2 4 8 fact", "1.973634253086043e+9997"),
        c("3 2 4 9 fact", "Error"), c("0 . 5 neg fact", "1.772453850905516"), c("5 neg fact", "Error"),
        c("2 . 5 neg fact", "2.363271801207355"), c("6 + 3 fact =", "12"), c("3 fact fact", "720"), c("1 fact", "1"),
        // The budget refuses only what is surely outside the range; near its ends the range check decides.
        c("3 2 4 8 . 5 fact", "1.124928243638878e+9999"), c("3 2 4 8 . 9 fact", "Error"), c("3 2 4 9 . 5 neg fact", "-2.792704931496325e-9999"),
        c("3 2 4 8 . 5 neg fact", "9.072101969965812e-9996"), c("3 2 9 9 . 5 neg fact", "Error"), c("3 3 0 0 . 5 neg fact", "Error"),
    ]

    static let errorsCases: [KeyCase] = [
        c("1 / 0 =", "Error"), c("0 / 0 =", "Error"), c("4 neg sqrt", "Error"), c("0 ln", "Error"), c("1 neg log10", "Error"),
        c("0 log2", "Error"), c("1 / 0 = 5", "5"), c("1 / 0 = +", "Error"), c("1 / 0 = sqrt", "Error"), c("1 / 0 = pi", "Error"),
        c("1 / 0 = 5 + 1 =", "6"), c("1 / 0 = =", "Error"), c("1 / 0 = m+ mr", "Error"), c("1 / 0 = back", "Error"), c("1 / 0 = back", "Error", immediate), c("1 / 0 = back C", "0"), c("1 / 0 = .", "0."),
        c("0 recip", "Error"), c("0 pow 1 neg =", "Error"), c("2 neg pow 0 . 5 =", "Error"), c("5 logy 1 =", "Error"),
        c("4 neg root 2 =", "Error"), c("8 neg root 3 =", "-2"), c("2 root 0 =", "Error"), c("1 / 0 = neg", "Error"),
        c("1 / 0 = (", "Error"), c("1 / 0 = )", "Error"), c("1 / 0 = percent", "Error"), c("1 / 0 = e ln", "Error"),
        // While Error shows only AC and C act (and a digit or "." starts a new number): ⌫, memory, constants, EE,
        // angle and 2nd keys are ignored, as in Windows' engine.
        c("0 log10 mr", "Error"), c("5 m+ 0 log10 mr AC mr", "5"), c("1 / 0 = rad AC pi sin", "0.05480366514878953"),
        c("1 / 0 = m+ AC mr", "0"), c("1 / 0 = EE", "Error"), c("1 / 0 = rand", "Error"),
        c("1 / 0 = C 2 =", "2"), c("1 / 0 = back 3", "3"), c("1 / 0 = neg", "Error"), c("1 / 0 = mc", "Error"),
        c("5 + 1 / 0 =", "Error"), c("1 / 0 + 2 =", "2"), c("1 / ( 2 - 2 ) =", "Error"), c("1 neg atanh", "Error"),
        c("0 . 5 acosh", "Error"), c("2 neg logy 2 =", "Error"), c("0 pow 0 =", "1"), c("0 pow 2 =", "0"),
    ]

    static let rangeCases: [KeyCase] = [
        c("1 EE 9 9 9 9 * 9 =", "9e+9999"), c("1 EE 9 9 9 9 * 1 0 =", "Error"), c("1 EE 9 9 9 9 neg / 1 0 =", "Error"),
        c("1 EE 9 9 9 8 neg / 1 0 =", "1e-9999"), c("1 0 pow 9 9 9 9 =", "1e+9999"), c("1 0 pow 1 0 0 0 0 =", "Error"),
        c("1 EE 5 0 0 0 sq", "Error"), c("1 EE 4 9 9 9 sq", "1e+9998"), c("1 EE 5 = neg exp", "Error"), c("1 EE 5 exp", "Error"),
        c("1 EE 9 9 9 9 neg sq", "Error"), c("1 EE 9 9 9 9 recip", "1e-9999"), c("1 EE 9 9 9 9 neg recip", "1e+9999"),
        c("1 0 pow 9 9 9 9 neg =", "1e-9999"), c("9 EE 9 9 9 9 = neg exp", "Error"), c("0 . 5 pow 1 EE 1 2 =", "Error"),
        c("9 EE 9 9 9 9 sin", "0"), c("1 EE 9 9 9 9 sin", "-0.9848077530122081"), c("1 0 pow 1 0 0 0 0 neg =", "Error"),
        // A result in the range stays a number though a 256-bit intermediate or its own rounding lies a hair outside.
        c("1 EE 9 9 9 9 neg sinh", "1e-9999"), c("1 EE 9 9 9 9 neg tanh", "1e-9999"), c("1 EE 9 9 9 9 neg asinh", "1e-9999"),
        c("1 EE 9 9 9 9 neg atanh", "1e-9999"), c("1 EE 9 9 9 9 neg asin", "1e-9999", radians), c("1 EE 9 9 9 9 neg atan", "1e-9999", radians),
        c("1 EE 9 9 9 9 neg sin", "1e-9999", radians), c("1 EE 9 9 9 9 neg tan", "1e-9999", radians),
        c("1 EE 9 9 9 9 neg asin", "5.729577951308232e-9998"), c("1 EE neg 9 9 9 9 * pi / pi =", "1e-9999"),
        c("1 EE 9 9 9 9 neg * pi / pi / 1 0 =", "Error"), c("1 + 1 EE 8 0 neg = ln", "1e-80"),
        c("1 + 1 EE 5 0 0 0 neg = ln", "1e-5000"), c("1 + 1 EE 5 0 0 0 neg = log10", "4.342944819032518e-5001"),
        // A negative base's integer exponent, or a rational one's odd denominator, decides the sign at any size.
        c("1 neg pow 1 EE 1 9 =", "1"), c("1 neg pow ( 1 EE 1 9 + 1 ) =", "-1"), c("2 neg pow 1 EE 1 9 =", "Error"),
        c("1 neg pow 1 neg EE 1 9 =", "1"), c("1 neg pow 1 EE 1 9 neg =", "Error"), c("1 neg pow ( 1 EE 3 0 + 1 ) =", "-1"), c("8 neg pow ( 1 EE 2 0 / 3 ) =", "Error"),
        c("0 . 0 0 0 0 7 2 2 8 6 4 neg root 4 . 6 7 5 5 1 5 6 4 1 6 3 8 6 0 1 EE 4 neg =", "2.207598703240544e-8857"),
        c("1 neg root ( 2 / 1 EE 2 0 ) =", "1"), c("1 neg root ( 1 / ( 1 EE 2 0 + 1 ) ) =", "-1"), c("1 neg root ( 2 / 3 ) =", "Error"),
    ]

    static let budgetCases: [KeyCase] = [
        c("1 EE 9 fact", "Error"), c("2 pow 1 EE 9 =", "Error"), c("1 EE 9 pow10", "Error"), c("1 EE 9 pow2", "Error"),
        c("2 pow neg 1 EE 9 =", "Error"), c("neg 1 EE 9 + 0 . 5 = fact", "Error"), c("1 . 0 0 0 0 0 0 1 pow 1 EE 9 =", "2.688103701264924e+43"),
        c("9 9 9 9 9 9 9 9 9 pow 9 9 9 9 9 9 9 9 9 =", "Error"), c("0 . 5 pow 1 EE 9 =", "Error"), c("1 EE 9 exp", "Error"),
    ]

    static let displayCases: [KeyCase] = [
        c("1 / 8 0 0 0 =", "0.000125"), c("1 / 8 0 0 0 0 =", "1.25e-5"), c("1 EE 1 6 =", "1e+16"),
        c("9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 =", "9999999999999999"), c("1 EE 1 5 =", "1000000000000000"),
        c("1 / 3 =", "0.33333333", digits(8)), c("1 / 3 =", "0.33333333333333333333333333333333", digits(32)),
        c("2 / 3 =", "0.66666666666666666666666666666667", digits(32)), c("1 2 3 4 5 6 7 8 * 1 0 =", "1.2345678e+8", digits(8)),
        c("0 . 1 + 0 . 2 =", "0.3"), c("1 EE 1 6 + 1 - 1 EE 1 6 =", "1"), c("1 / 3 * 3 =", "1"), c("0 . 1 * 3 - 0 . 3 =", "0"),
        c("5 neg + 5 =", "0"), c("0 neg =", "0"), c("2 / 3 =", "0.6666666666666667"), c("1 . 0 0 5 * 1 0 0 0 =", "1005"),
        c("1 2 3 4 5 6 7 / 8 =", "154320.88", digits(8)), c("1 2 3 4 5 6 7 neg / 8 =", "-154320.88", digits(8)),
        c("1 / 3 0 0 0 0 =", "3.333333333333333e-5"), c("pi", "3.1415927", digits(8)),
        c("pi", "3.1415926535897932384626433832795", digits(32)), c("e", "2.7182818284590452353602874713527", digits(32)),
        c("1 cos", "0.54030230586813971740093660744298", Settings(angle: .rad, digits: 32)), c("1 2 3 4 5 . 6 7 8 =", "12345.678"),
        c("1 0 - 1 EE 1 7 neg =", "10"), c("0 . 0 0 0 1 =", "0.0001"), c("1 0 0 0 0 0 0 0 =", "10000000", digits(8)), c("1 0 0 0 0 0 0 0 * 1 0 =", "1e+8", digits(8)),
        c("2 pow 1 0 0 =", "1.267650600228229e+30"), c("1 EE 1 5 * 1 0 =", "1e+16"),
        // The last digit rounds to nearest, a tie to the even digit: 2^-24 = 5.9604644775390625e-8.
        c("2 pow 2 4 neg =", "5.960464477539062e-8"), c("2 4 6 9 1 3 5 7 / 2 0 =", "1234567.8", digits(8)),
        c("2 4 6 9 1 3 5 9 / 2 0 =", "1234568", digits(8)), c("2 4 6 9 1 3 5 7 neg / 2 0 =", "-1234567.8", digits(8)),
        c("2 pow 2 5 neg =", "2.980232238769531e-8"), c("1 / 8 =", "0.125", digits(8)), c("1 2 5 / 1 EE 9 =", "1.25e-7", digits(8)),
        c("1 / 3 2 =", "0.03125", digits(8)), c("1 / 6 4 =", "0.015625", digits(8)), c("3 EE 8 + 1 / 2 =", "300000000", digits(9)),
        c("3 EE 8 + 3 / 2 =", "300000002", digits(9)),
        // Exact where the answer is rational; a rational past 40,000 bits continues as a certified real, which
        // keeps the operation that made it (1 + 10^-9999 is not 1).
        c("8 pow ( 2 / 3 ) =", "4"), c("0 . 5 asin", "30"), c("1 + 1 EE 9 9 9 9 neg = - 1 =", "1e-9999"),
        c("1 + 1 EE 5 0 0 0 neg = - 1 =", "1e-5000"), c("1 EE + 1 EE neg 1 3 5 = logy =", "1"),
        // A value within 2^-128 of a tie at the digits shown has its bounds narrowed until they decide it: 1 + 5·10^-8
        // + π·10^-90 rounds up at 8 digits, 1 + 5·10^-8 − π·10^-90 down (mpmath at 300 digits, rounded half to even).
        c("1 + 5 EE neg 8 + pi / 1 EE 9 0 =", "1.0000001", digits(8)), c("1 + 5 EE neg 8 - pi / 1 EE 9 0 =", "1", digits(8)),
        c("1 + 1 5 EE neg 8 - pi / 1 EE 9 0 =", "1.0000001", digits(8)),
        // A display narrows up to 2,048 bits: π·10^-500 (2^-1661) past the tie is decided there, π·10^-700 is not.
        c("1 + 5 EE neg 8 + pi / 1 EE 5 0 0 =", "1.0000001", digits(8)), c("1 + 5 EE neg 8 + pi / 1 EE 7 0 0 =", "Error", digits(8)),
        // A true tie no precision decides: Error (precision), as the README says.
        c("5 EE neg 1 7 + . 5 = cos acos", "Error"),
    ]

    @Test(arguments: entryCases) func entry(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: precedenceCases) func precedence(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: replacementCases) func operatorReplacement(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: repeatedEqualsCases) func repeatedEquals(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: parenthesesCases) func parentheses(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: percentCases) func percent(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: unaryCases) func unaryFunctions(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: exponentEntryCases) func exponentEntry(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: memoryCases) func memory(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: operandKeyCases) func operandKeys(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: clearingCases) func clearing(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: anglesCases) func angles(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: secondCases) func secondFunctions(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: factorialCases) func factorial(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: errorsCases) func errors(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: rangeCases) func range(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: budgetCases) func budget(_ test: KeyCase) throws { try check(test) }
    @Test(arguments: displayCases) func displayFormat(_ test: KeyCase) throws { try check(test) }

    static var allCases: [KeyCase] {
        entryCases + precedenceCases + replacementCases + repeatedEqualsCases + parenthesesCases + percentCases + unaryCases + exponentEntryCases + memoryCases
            + operandKeyCases + clearingCases
            + anglesCases + secondCases + factorialCases + errorsCases + rangeCases + budgetCases + displayCases
    }

    /// rand replaces a typed number like the other operand keys (its value is not a table's to know).
    @Test func randReplacesATypedNumber() throws {
        #expect(try run("1 2 rand =").display == (try run("rand =")).display)
        #expect(try run("( 2 ) rand =", settings: immediate).display == (try run("rand =", settings: immediate)).display)
    }

    @Test func enoughCases() {
        // With the 123 shared conformance cases, at least 300 table-driven cases in all.
        #expect(Self.allCases.count + 123 >= 300)
    }
}

