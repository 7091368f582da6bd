import CalculatorEngine
import PropertyBased
import Testing

/// Every key name, for random streams.
@Suite struct PropertyTests {
    /// A typed decimal (up to 8 integer and 7 fraction digits, optionally negative) followed by `=` shows that number.
    @Test func typedNumberThenEqualsShowsIt() async {
        let digit = Gen.int(in: 0...9)
        await propertyCheck(input: digit.array(of: 1...8), digit.array(of: 0...7), Gen.bool) { integer, fraction, negative in
            var keys = integer.map(String.init)
            if !fraction.isEmpty { keys += ["."] + fraction.map(String.init) }
            if negative { keys.append("neg") }
            keys.append("=")
            var state = CalculatorState()
            var random = SplitMix64(seed: 0)
            press(keys, on: &state, random: &random)
            let typed = (negative ? "-" : "") + integer.map(String.init).joined() + "." + fraction.map(String.init).joined()
            #expect(isWellFormedResult(state.display), "\(state.display)")
            #expect(DecimalValue(state.display) == DecimalValue(typed), "typed \(typed), shown \(state.display)")
        }
    }

    /// Numbers typed in scientific notation come back rounded to the digits, in %g form.
    @Test func typedExponentThenEqualsShowsIt() async {
        await propertyCheck(input: Gen.int(in: 1...999_999), Gen.int(in: -9990...9990)) { mantissa, exponent in
            var keys = String(mantissa).map(String.init) + ["EE"] + String(exponent.magnitude).map(String.init)
            if exponent < 0 { keys.append("neg") }
            keys.append("=")
            var state = CalculatorState()
            var random = SplitMix64(seed: 0)
            press(keys, on: &state, random: &random)
            #expect(isWellFormedResult(state.display))
            #expect(DecimalValue(state.display) == DecimalValue("\(mantissa)e\(exponent)"), "\(mantissa)e\(exponent) shown \(state.display)")
        }
    }

    /// 10,000 random key sequences (every key, digits and operators more often, every settings mix): no crash, every
    /// display along the way well formed, a refused key changes nothing, and the stored form read back is an equal
    /// state that then behaves alike.
    @Test func randomKeySequencesKeepTheDisplayAndTheStoredForm() async throws {
        let weighted = allKeyNames + Array(repeating: ["0", "1", "2", "5", "9", ".", "+", "-", "*", "/", "=", "(", ")", "EE", "neg", "F"], count: 3).flatMap { $0 }
        let names = Gen.element(of: weighted).compactMap { $0 }
        let settings = [CalculationMode.scientific, .immediate].flatMap { mode in
            AngleUnit.allCases.flatMap { angle in [8, 16, 32].map { Settings(mode: mode, angle: angle, digits: $0) } }
        } + Radix.allCases.flatMap { radix in WordSize.allCases.map { Settings(mode: .programmer, radix: radix, word: $0) } }
            + AngleUnit.allCases.flatMap { angle in [CalculationMode.rpn, .statistics].map { Settings(mode: $0, angle: angle) } }
        await propertyCheck(count: 10_000, input: names.array(of: 0...40), names.array(of: 1...10), Gen.uint64(), Gen.element(of: settings).compactMap { $0 }) {
            before, after, seed, settings in
            var state = CalculatorState(settings: settings)
            var random = SplitMix64(seed: seed)
            var malformed: [String] = []
            for name in before {
                let key = Key(name: name)!
                let refused = state.refusal(of: key) != nil
                let previous = state
                state.apply(key, random: &random)
                if refused { #expect(state == previous, "\(name) is refused, yet changes the state") }
                if !isWellFormedDisplay(state.display, settings: state.settings) { malformed.append(state.display) }
            }
            #expect(malformed.isEmpty, "\(before) → \(malformed)")
            var decoded = try CalculatorState(storedBytes: state.storedBytes)
            #expect(decoded == state, "\(before)")
            var randomCopy = random
            press(after, on: &state, random: &random)
            press(after, on: &decoded, random: &randomCopy)
            #expect(decoded == state, "\(before) then \(after)")
            #expect(isWellFormedDisplay(state.display, settings: state.settings), "\(before + after) → \(state.display)")
        }
    }

    /// The byte-by-byte display check accepts exactly what its pattern does.
    @Test func wellFormedDisplayIsItsPattern() {
        let samples = ["0", "-0", "12", "1.", "1.50", "-0.5", "1e", "1e-", "1e+5", "1e-3", "1.5e20", "Error", "", "-", ".5",
                       "1..2", "1e5e", "e5", "1-", "--1", "1e++1", "0x1", "1.5e-3.", "١٢", "1 2", "error"]
        for sample in samples {
            #expect(isWellFormedDisplay(sample) == (sample == "Error" || sample.wholeMatch(of: /-?[0-9]+(\.[0-9]*)?(e[+-]?[0-9]*)?/) != nil), "\(sample)")
        }
    }

    /// 10,000 random keys: no crash or hang, and every display is well formed (see `isWellFormedDisplay`).
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func tenThousandRandomKeys(seed: UInt64) {
        let mode: CalculationMode = seed > 4 ? .programmer : seed % 2 == 0 ? .scientific : .immediate
        var state = CalculatorState(settings: Settings(mode: mode, angle: seed % 3 == 0 ? .rad : .deg, digits: 8 + Int(seed) * 5, radix: seed == 6 ? .hex : .dec))
        var random = SplitMix64(seed: seed)
        var keyChoice = SplitMix64(seed: seed &* 7919)
        // Bias towards digits and operators so that real calculations happen, but include every key.
        let digits = allKeyNames.filter { $0.count == 1 && $0.first!.isNumber }
        var bad: [String] = []
        for _ in 0..<10_000 {
            let roll = keyChoice.next() % 100
            let name = roll < 45 ? digits.randomElement(using: &keyChoice)! : allKeyNames.randomElement(using: &keyChoice)!
            state.apply(Key(name: name)!, random: &random)
            if !isWellFormedDisplay(state.display, settings: state.settings) { bad.append("\(name) → \(state.display)") }
            #expect(state.history.count <= 100)
        }
        #expect(bad.isEmpty, "\(bad.prefix(5))")
    }

    /// Results (not typed entries) always use the result form, for every digits setting.
    @Test func resultsHaveTheResultForm() async {
        let names = Gen.element(of: ["1", "2", "7", "9", ".", "+", "-", "*", "/", "sqrt", "sin", "pi", "e", "fact", "recip", "EE", "neg", "pow", "ln"]).compactMap { $0 }
        await propertyCheck(count: 200, input: names.array(of: 1...25), Gen.int(in: 8...32)) { keys, digits in
            var state = CalculatorState(settings: Settings(digits: digits))
            var random = SplitMix64(seed: 5)
            press(keys + ["="], on: &state, random: &random)
            #expect(isWellFormedResult(state.display), "\(keys) → \(state.display)")
            if state.display != "Error", let value = DecimalValue(state.display) {
                #expect(value.digits.count <= digits)
                #expect(value.exponent <= 9999 && (value.digits.isEmpty || value.exponent >= -9999))
            }
        }
    }
}
