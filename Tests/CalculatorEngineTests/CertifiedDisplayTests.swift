import CalculatorEngine
import Testing

/// Issue 34: an inexact value that feeds another step keeps every shown digit right. Each row's true value is from
/// mpmath at 200 digits (the issue's table); before certified displays they showed 0, 9.999999202249803e-71,
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

    @Test(arguments: issueTable) func issueRow(_ test: KeyCase) throws {
        let state = try run(test.keys, settings: test.settings)
        #expect(state.display == test.expected)
    }
}
