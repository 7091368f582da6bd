import CalculatorEngine
import Testing

/// Arguments beside a domain edge, a pole or a negative integer whose 256-bit rounding lies on it: the value that
/// exists in range is shown (its bounds decide it), or Error "precision" past a stated budget, never "domain" or
/// "overflow" for it; a value truly outside the domain keeps its "domain". Expected values from mpmath at 40,000
/// digits.
@Suite struct DomainEdgeTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let keys: String
        let settings: Settings
        let display: String
        let error: String?

        var testDescription: String { "\(keys) [\(settings.angle.rawValue) \(settings.digits)] → \(display) \(error ?? "")" }
    }

    private static let rad = Settings(angle: .rad)
    private static let grad = Settings(angle: .grad)

    static let rows: [Row] = [
        // 1 − 10^-9000 is past the rational budget, so it is held as a real whose rounding is 1.
        Row(keys: "1 - 1 EE 9 0 0 0 neg = atanh", settings: rad, display: "10361.97949206349", error: nil),
        // cos(10^-39) rounds to 1 at 256 bits.
        Row(keys: "1 EE neg 3 9 cos atanh", settings: rad, display: "90.49396580732773", error: nil),
        Row(keys: "1 EE neg 3 9 cos neg atanh", settings: rad, display: "-90.49396580732773", error: nil),
        Row(keys: "1 EE neg 3 9 cos asin", settings: rad, display: "1.570796326794897", error: nil),
        Row(keys: "1 0 0 - 4 . 6 EE neg 1 1 9 5 = sin atanh", settings: grad, display: "2754.909864485648", error: nil),
        // Beside a pole of tan.
        Row(keys: "9 0 - 1 EE neg 6 0 2 0 = tan", settings: Settings(), display: "5.729577951308232e+6021", error: nil),
        Row(
            keys: "3 0 0 neg + 5 . 5 9 1 2 4 8 3 9 2 8 2 1 1 3 7 1 1 8 8 5 5 3 3 3 8 EE neg 7 7 9 7 = tan",
            settings: Settings(angle: .grad, digits: 29), display: "-1.1386004120027415818152268001e+7798", error: nil),
        // Just above −1: x! = Γ(1 − cos 10^-39) ≈ 2·10^78.
        Row(keys: "1 EE neg 3 9 cos neg fact", settings: rad, display: "2e+78", error: nil),
        // A base that rounds to 1: log base 1 + 10^-8000 of 2 is ln 2 · 10^8000.
        Row(keys: "2 logy ( 1 + 1 EE neg 8 0 0 0 ) =", settings: Settings(), display: "6.931471805599453e+7999", error: nil),
        // Past the factorial's 8,192-bit budget: −1 + 10^-7000 cannot be told from −1 there.
        Row(keys: "1 EE neg 7 0 0 0 - 1 = fact", settings: Settings(), display: "Error", error: "precision"),
        // Truly outside the domain.
        Row(keys: "1 EE neg 3 9 cos acosh", settings: rad, display: "Error", error: "domain"),
        Row(keys: "pi neg atanh", settings: rad, display: "Error", error: "domain"),
        Row(keys: "pi neg sqrt", settings: rad, display: "Error", error: "domain"),
        Row(keys: "9 0 tan", settings: Settings(), display: "Error", error: "domain"),
    ]

    @Test(arguments: rows)
    func showsTheValueOrItsTrueError(row: Row) throws {
        let state = try run(row.keys, settings: row.settings)
        #expect(state.display == row.display)
        #expect(state.error?.code == row.error)
    }

    /// A value that comes closer to 0 or ±1 than 10^-10000 is not taken for it: it is shown when its bounds
    /// separate it within the budget, or is Error "precision"; only a value exact by its form is 0 or ±1.
    @Test(arguments: [
        ("acos(cos(8e-9929))", Settings(), "Error", "precision"),
        ("acos(cosh(719242.6958271340/312.6304330348335 - 5.81e-9993 - 719242.6958271340/312.6304330348335))", rad, "Error", "precision"),
        ("√2·√3 − √6", Settings(), "0", nil),
        ("√8 ÷ √2 − 2", Settings(), "0", nil),
        ("asin(√2·√2 ÷ 2)", Settings(), "90", nil),
    ] as [(String, Settings, String, String?)])
    func aValueBesideZeroOrOneIsNotTakenForIt(text: String, settings: Settings, display: String, error: String?) throws {
        let state = try ExpressionTests.evaluate(text, settings: settings)
        #expect(state.display == display)
        #expect(state.error?.code == error)
    }

    @Test func anExpressionBesideAnEdgeShowsItsValue() throws {
        let state = try ExpressionTests.evaluate("atanh(1 - 1e-9999)", settings: Self.rad)
        #expect(state.display == "11512.12074601401")
        #expect(state.error == nil)
    }
}
