import Testing

@testable import CalculatorEngine

/// Conversions: exact where the definitions are, affine for temperatures, and the same in a session (`convert`), in
/// an expression (`12 in to cm`) and in the stored form.
@Suite struct UnitConversionTests {
    static func converted(_ value: String, _ from: String, _ to: String, digits: Int = 16) throws -> ConvertedValue {
        let conversion = try UnitConversion(from: from, to: to)
        let result = try #require(conversion.convert(decimal: value, digits: digits))
        return try result.get()
    }

    @Test(arguments: [
        // value, from, to, the exact result, its display at 16 digits
        ("1", "mi", "km", "201168/125000", "1.609344"),
        ("100", "degF", "degC", "340/9", "37.77777777777778"),
        ("-40", "°C", "°F", "-40", "-40"),
        ("0", "degC", "K", "5463/20", "273.15"),
        ("12", "in", "cm", "762/25", "30.48"),
        ("1", "gal", "L", "473176473/125000000", "3.785411784"),
        ("1", "lb", "g", "45359237/100000", "453.59237"),
        ("1", "kcal", "kJ", "523/125", "4.184"),
        ("1", "KiB", "B", "1024", "1024"),
        ("1", "ac", "m2", "10117141056/2500000", "4046.8564224"),
        ("90", "deg", "grad", "100", "100"),
        ("60", "mph", "km/h", "12070080/125000", "96.56064"),
    ])
    func exactConversions(value: String, from: String, to: String, exact: String, display: String) throws {
        let result = try Self.converted(value, from, to)
        #expect(result.exact == exact.reducedFraction, "\(value) \(from) → \(to)")
        #expect(result.display == display)
        #expect(result.exact != nil)
    }

    @Test func oneMileIsExactlyOnePointSixZeroNineThreeFourFourKilometres() throws {
        #expect(try Self.converted("1", "mi", "km").exact == "201168/125000".reducedFraction)
        #expect(try Self.converted("100", "degF", "degC").exact == "340/9")
    }

    @Test func radiansAreRoundedOnce() throws {
        let result = try Self.converted("180", "deg", "rad", digits: 32)
        #expect(result.exact == nil)
        #expect(result.display == "3.1415926535897932384626433832795")
        #expect(try Self.converted("1", "rad", "deg", digits: 16).display == "57.29577951308232")
    }

    @Test func aRoundTripIsTheIdentity() throws {
        for unit in UnitCatalog.all where unit.isExact {
            let base = unit.category.base
            let there = try UnitConversion(from: unit.id, to: base).apply(ExactProduct("1234.5678")!.rational).get()
            let back = try UnitConversion(from: base, to: unit.id).apply(there).get()
            #expect(back == ExactProduct("1234.5678")!.rational, "\(unit.id)")
        }
    }

    @Test func wrongNamesAreRefused() throws {
        #expect(throws: UnitConversion.Failure.unknownUnit("parsec")) { try UnitConversion(from: "parsec", to: "m") }
        #expect(throws: UnitConversion.Failure.differentCategories(.length, .mass)) { try UnitConversion(from: "in", to: "kg") }
        #expect(try UnitConversion(from: "m", to: "km").convert(decimal: "12,5", digits: 16) == nil)
        #expect(try UnitConversion(from: "m", to: "km").convert(decimal: "1e99999", digits: 16) == nil)
    }

    // MARK: the convert key

    /// Settings converting `from` to `to`; a unit that is not in the table leaves no conversion, which the cases' test
    /// finds.
    static func converting(_ from: String, _ to: String) -> Settings {
        Settings(conversion: try? UnitConversion(from: from, to: to))
    }

    /// The key's table: the values are the units' definitions (1 in = 2.54 cm, 1 mi = 1.609344 km, °C = (°F − 32) × 5/9).
    static let convertCases: [KeyCase] = [
        KeyCase(keys: "1 2 convert + 1 =", expected: "31.48", settings: converting("in", "cm")),
        KeyCase(keys: "1 0 0 convert", expected: "37.77777777777778", settings: converting("degF", "degC")),
        KeyCase(keys: "3 convert undo redo", expected: "0.9144", settings: converting("ft", "m")),
        KeyCase(keys: "2 + 3 = convert", expected: "8.04672", settings: converting("mi", "km")),
        KeyCase(keys: "3 2 neg convert", expected: "-35.55555555555556", settings: converting("degF", "degC")),
    ]

    @Test(arguments: convertCases) func convertKey(_ test: KeyCase) throws {
        #expect(test.settings.conversion != nil)
        #expect(try run(test.keys, settings: test.settings).display == test.expected)
    }

    @Test func convertKeyConvertsTheDisplayAndTheValueGoesOn() throws {
        var settings = Settings()
        settings.conversion = try UnitConversion(from: "in", to: "cm")
        let (state, steps) = try run(["1", "2", "convert", "+", "1", "="], settings: settings)
        #expect(steps == ["1", "12", "30.48", "30.48", "1", "31.48"])
        #expect(state.error == nil)
        let (temperature, _) = try run(["1", "0", "0", "convert"], settings: Settings(conversion: try UnitConversion(from: "degF", to: "degC")))
        #expect(temperature.display == "37.77777777777778")
        #expect(temperature.expression.contains("°F→°C"))
    }

    @Test func convertIsRefusedWithoutUnits() throws {
        let state = try run("1 2")
        let refusal = state.refusal(of: .convert)
        #expect(refusal?.reason == .noConversion)
        var pressed = state
        var random = SplitMix64(seed: 1)
        pressed.apply(.convert, random: &random)
        #expect(pressed == state)
    }

    @Test func convertIsUndone() throws {
        let settings = Settings(conversion: try UnitConversion(from: "ft", to: "m"))
        let (state, steps) = try run(["3", "convert", "undo", "redo"], settings: settings)
        #expect(steps == ["3", "0.9144", "3", "0.9144"])
        #expect(state.error == nil)
    }

    @Test func theUnitsAreStoredWithTheSession() throws {
        let settings = Settings(conversion: try UnitConversion(from: "degF", to: "K"))
        let state = try run("5 convert", settings: settings)
        let decoded = try CalculatorState(storedBytes: state.storedBytes)
        #expect(decoded == state)
        #expect(decoded.settings.conversion == settings.conversion)
        // A state without units stores nothing more than before.
        let plain = try run("5")
        #expect(try CalculatorState(storedBytes: plain.storedBytes).settings.conversion == nil)
    }

    // MARK: expressions

    @Test(arguments: [
        ("12 in to cm", "30.48"), ("12 in in cm", "30.48"), ("100 °F to °C", "37.77777777777778"),
        ("(1 + 2) * 4 ft to m", "3.6576"), ("1/3 h to min", "20"), ("2^10 B to KiB", "1"), ("sin(30) rad to deg", "28.64788975654116"),
        // unit names and their plurals, as people write them (issue 46 item 4)
        ("1 mile to km", "1.609344"), ("2 miles to kilometers", "3.218688"), ("12 inches to cm", "30.48"), ("3 feet to inch", "36"),
        ("1 gallon to litres", "3.785411784"), ("90 degrees to radians", "1.570796326794897"), ("2 hours to minutes", "120"),
        ("1 kilowatt-hour to kilojoules", "3600"),
    ])
    func expressionsConvert(text: String, display: String) throws {
        var random = SplitMix64(seed: 1)
        let state = try CalculatorState(evaluating: Expression(text), settings: Settings(), random: &random)
        #expect(state.display == display, "\(text)")
        #expect(state.settings.conversion == nil)
    }

    @Test(arguments: [
        ("12 in to parsec", 9, "parsec"), ("12 parsec to cm", 3, "parsec"), ("12 in to kg", 9, "kg"),
    ])
    func expressionsWithWrongUnits(text: String, offset: Int, found: String) {
        #expect { try Expression(text) } throws: { error in
            guard let error = error as? ExpressionError else { return false }
            return error.offset == offset && error.found == found
        }
    }

    @Test func anExpressionWithoutConversionIsReadAsBefore() throws {
        #expect(try Expression("2 + 3").conversion == nil)
        #expect(try Expression("12 in to cm").count == 2)
        #expect(throws: ExpressionError.self) { try Expression("in to cm") }
    }
}

extension String {
    /// A fraction's text in lowest terms, worked out with integers (not the engine).
    var reducedFraction: String {
        let parts = split(separator: "/").map { Int($0)! }
        guard parts.count == 2 else { return self }
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? abs(a) : gcd(b, a % b) }
        let divisor = gcd(parts[0], parts[1])
        return parts[1] / divisor == 1 ? "\(parts[0] / divisor)" : "\(parts[0] / divisor)/\(parts[1] / divisor)"
    }
}
