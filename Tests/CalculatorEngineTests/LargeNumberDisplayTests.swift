import CalculatorEngine
import Testing

/// Numbers far from 1 show rounded on their exact value, as any other (`PowersOfTen` makes the powers of ten that
/// takes from one kept power); the expected texts are Python's `decimal`, rounding the exact value half to even.
@Suite struct LargeNumberDisplayTests {
    @Test(arguments: [
        ("7 pow 1 1 0 0 0 =", "1.197954040934685e+9296"),
        ("1 / 3 pow 9 0 0 0 =", "8.104150974814383e-4295"),
        ("2 pow 1 0 0 0 =", "1.071508607186267e+301"),
        ("1 / 2 pow 1 0 0 0 =", "9.332636185032189e-302"),
    ])
    func displayOfAnExactNumberFarFromOne(_ keys: String, _ expected: String) throws {
        #expect(try run(keys).display == expected)
    }
}
