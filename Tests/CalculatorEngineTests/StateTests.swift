import CalculatorEngine
import Testing

@Suite struct StateTests {
    @Test(arguments: [
        ("7 + 9 sqrt", "7 + √(9)"), ("7 + 9 = sqrt", "√(7 + 9)"), ("1 + 2 *", "1 + 2 ×"), ("2 * ( 3 + 4 ) =", "2 × (3 + 4)"),
        ("2 * ( 3 + 4", "2 × (3 + 4"), ("5 sq", "5²"), ("1 . 5 EE 2 0", "1.5e20"), ("pi sin", "sin(π)"), ("2 ( 1 + 1 )", "2 × (1 + 1)"),
        ("5 + * 3", "5 × 3"), ("1 0 percent", "10%"), ("2 + 3 = neg", "−(2 + 3)"), ("2 + 3 = =", "5 + 3"), ("", ""),
        ("1 2 3", "123"), ("5 + 3 C", "5 +"), ("2 pow 3", "2 ^ 3"), ("4 fact", "4!"), ("( 1 + 2 =", "(1 + 2)"),
        ("1 + 4 neg sqrt", "1 + √(-4)"), ("1 / 0 =", "1 ÷ 0"), ("1 + 2 = *", "(1 + 2) ×"), ("1 + 2 = * 2 =", "(1 + 2) × 2"),
        ("( 2 + 3 ) sq", "(2 + 3)²"), ("1 + 2 = percent", "(1 + 2)%"), ("1 + 2 = sq", "(1 + 2)²"), ("2 pi", "π"), ("1 + 2 pi", "1 + π"),
        ("( 2 ) pi", "π"), ("6 + (", "6 + ("), ("2 + 3 * 4 = =", "14 + 12"), ("7 sqrt = *", "√(7) ×"),
    ])
    func expression(keys: String, expected: String) throws {
        #expect(try run(keys).expression == expected)
    }

    @Test func pendingFlag() throws {
        #expect(try run("1 +").isPending)
        #expect(try run("( 2").isPending)
        #expect(!(try run("1 + 2 =").isPending))
        #expect(!(try run("5").isPending))
        #expect(!(try run("( 2 )").isPending))
    }

    @Test func historyRecordsEachEqualsAndKeepsTheLast100() throws {
        let state = try run("1 + 2 = * 3 =")
        // A result continued with an operator keeps its brackets.
        #expect(state.history == [HistoryEntry(expression: "1 + 2", result: "3"), HistoryEntry(expression: "(1 + 2) × 3", result: "9")])
        let many = try run(Array(repeating: "1 + =", count: 150).joined(separator: " "))
        #expect(many.history.count == 100)
        #expect(many.history.last == HistoryEntry(expression: "1 + 1", result: "2"))
        #expect(try run("1 / 0 =").history == [HistoryEntry(expression: "1 ÷ 0", result: "Error")])
    }

    @Test(arguments: [
        ("1 / 0 =", "division_by_zero"), ("0 / 0 =", "division_by_zero"), ("0 recip", "division_by_zero"), ("4 neg sqrt", "domain"),
        ("0 ln", "domain"), ("2 asin", "domain"), ("9 0 tan", "domain"), ("1 neg fact", "domain"), ("1 EE 9 fact", "overflow"),
        ("1 EE 9 9 9 9 sq", "overflow"), ("2 pow 1 EE 9 =", "overflow"), ("1 atanh", "domain"),
    ])
    func errorCodes(keys: String, code: String) throws {
        let state = try run(keys)
        #expect(state.display == "Error")
        #expect(state.error?.code == code)
        #expect(state.error?.message.isEmpty == false)
    }

    @Test func errorClearsOnAnyFreshStart() throws {
        #expect(try run("1 / 0 = 5").error == nil)
        #expect(try run("1 / 0 = AC").error == nil)
        #expect(try run("1 / 0 = +").error != nil)
        #expect(try run("1 / 0 = back").error != nil)
        #expect(try run("1 / 0 = back C").error == nil)
    }

    /// Fewer digits apply at once to a number being typed past them: it becomes a finished operand, exact, shown
    /// rounded to the new digits; more digits, or a number within them, leave the typing as it is.
    @Test(arguments: [
        ("0 . 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7", 16, "0.1234567890123457", "0.1234567890123457"),
        ("1 2 3 4 5 6 7 8 9", 8, "1.2345679e+8", "1.2345679e+8"), ("1 2 3 4 5 6 7 8", 8, "12345678", "12345678"),
        ("1 . 5 0", 8, "1.50", "1.5"), ("9 9 9 9 9 9 9 9 9 EE 5", 8, "1e+14", "1e+14"),
    ] as [(String, Int, String, String)])
    func fewerDigitsApplyToTheEntryAtOnce(keys: String, digits: Int, shown: String, afterEquals: String) throws {
        var state = try run(keys, settings: Settings(digits: 17))
        state.update(settings: Settings(digits: digits))
        #expect(state.display == shown)
        var random = SplitMix64(seed: 1)
        state.apply(Key(name: "=")!, random: &random)
        #expect(state.display == afterEquals)
        var wider = try run(keys, settings: Settings(digits: 17))
        wider.update(settings: Settings(digits: 32))
        #expect(wider.display == (try run(keys, settings: Settings(digits: 17))).display)
    }

    /// While Error shows, the angle, 2nd and memory keys change nothing.
    @Test func errorIgnoresModeAndMemoryKeys() throws {
        #expect(try run("1 / 0 = rad").settings.angle == .deg)
        #expect(!(try run("1 / 0 = 2nd").isSecondActive))
        #expect(try run("5 m+ 1 / 0 = m+").memory == "5")
        #expect(try run("5 m+ 1 / 0 = mc").memory == "5")
    }

    @Test func memoryIsFormattedAndSurvivesAllClear() throws {
        #expect(try run("5").memory == nil)
        #expect(try run("5 m+").memory == "5")
        #expect(try run("1 / 3 = m+ AC").memory == "0.3333333333333333")
        #expect(try run("5 m+ mc").memory == nil)
    }

    @Test func secondLatchesUntilPressedAgain() throws {
        #expect(try run("2nd").isSecondActive)
        #expect(try run("2nd 1 sin").isSecondActive)
        #expect(!(try run("2nd 2nd").isSecondActive))
    }

    @Test func angleKeysChangeTheSettings() throws {
        #expect(try run("rad").settings.angle == .rad)
        #expect(try run("rad deg").settings.angle == .deg)
        #expect(try run("rad AC").settings.angle == .rad)
    }

    @Test func updatingDigitsReRendersTheDisplay() throws {
        var state = try run("2 / 3 =")
        #expect(state.display == "0.6666666666666667")
        state.update(settings: Settings(digits: 8))
        #expect(state.display == "0.66666667")
        state.update(settings: Settings(digits: 32))
        #expect(state.display == "0.66666666666666666666666666666667")
    }

    @Test func immediateModeSettingApplies() throws {
        var state = CalculatorState()
        state.update(settings: Settings(mode: .immediate))
        var random = SplitMix64(seed: 3)
        for name in ["1", "+", "2", "*", "3", "="] { state.apply(Key(name: name)!, random: &random) }
        #expect(state.display == "9")
    }

    @Test func randUsesTheInjectedGenerator() throws {
        let (a, _) = try run(["rand"], seed: 42)
        let (b, _) = try run(["rand"], seed: 42)
        let (c, _) = try run(["rand"], seed: 43)
        #expect(a.display == b.display)
        #expect(a.display != c.display)
        let value = try #require(DecimalValue(a.display))
        #expect(!value.negative && value.exponent < 0)
    }

    @Test func hostileKeyStreamsStayBounded() throws {
        let parentheses = try run(Array(repeating: "(", count: 300).joined(separator: " ") + " 1")
        #expect(parentheses.expression.utf8.count <= CalculatorState.expressionLimit)
        #expect(parentheses.storedBytes.count < 100_000)
        let closed = try run(Array(repeating: "(", count: 300).joined(separator: " ") + " 1 =")
        #expect(closed.display == "1")
        let tower = try run(Array(repeating: "1 pow", count: 500).joined(separator: " ") + " 1 =")
        #expect(tower.display == "1")
        let roots = try run("2 " + Array(repeating: "sqrt", count: 500).joined(separator: " "))
        #expect(roots.expression.utf8.count <= CalculatorState.expressionLimit)
        #expect(roots.display == "1")
    }

    @Test func freshStateIsSmall() {
        // The service keeps up to a million idle states; the inline part must stay far below 1 KiB and a fresh state
        // allocates nothing else (short strings are stored inline, empty arrays share one empty buffer).
        #expect(MemoryLayout<CalculatorState>.size < 512)
        let state = CalculatorState()
        #expect(state.display == "0" && state.expression == "" && state.history.isEmpty && state.memory == nil)
    }

    /// Integer results take a shortcut past the general rounding when they have at most `digits` digits: those show
    /// every digit as `String` writes the integer; longer ones are rounded as before.
    @Test(arguments: [8, 10, 16, 32])
    func integerResultsShowTheirDigitsOrRound(digits: Int) throws {
        let factors: [(Int64, Int64)] = [
            (7, 6), (1000, 1000), (12345678, 9), (99999999, 99999999), (12345678, 87654321), (-5, 20), (0, 5), (10, 10),
            (-99999999, 11), (50000000, 20000000),
        ]
        for (a, b) in factors {
            func typed(_ n: Int64) -> String {
                String(n.magnitude).map(String.init).joined(separator: " ") + (n < 0 ? " neg" : "")
            }
            let state = try run("\(typed(a)) * \(typed(b)) =", settings: Settings(digits: digits))
            let product = a * b
            if String(product.magnitude).count <= digits {
                #expect(state.display == String(product), "\(a) × \(b) with \(digits) digits")
            } else {
                #expect(isWellFormedResult(state.display) && state.display.contains("e+"), "\(state.display)")
                #expect(displayMatches(state.display, String(product), digits: digits), "\(state.display)")
            }
        }
    }

    /// Typed numbers of up to 18 digits are read through a machine integer, longer ones through their text: both
    /// give the exact value.
    @Test(arguments: [
        ("1234567890123456789012345", "1234567890123456789012345"), ("123456789012345678", "123456789012345678"),
        ("0.0000000000000000000001", "1e-22"), ("0.000000000000000001", "1e-18"), ("12.5", "12.5"), ("1e20", "100000000000000000000"),
        ("250e-2", "2.5"),
    ])
    func typedNumbersKeepTheirValue(typed: String, shown: String) throws {
        // "-" in the exponent is the sign key pressed after its digits.
        var keys = typed.replacing("e-", with: "e").map { $0 == "e" ? "EE" : String($0) }
        if typed.contains("e-") { keys.append("neg") }
        let state = try run("\(keys.joined(separator: " ")) * 1 =", settings: Settings(digits: 32))
        #expect(state.display == shown)
    }
}
