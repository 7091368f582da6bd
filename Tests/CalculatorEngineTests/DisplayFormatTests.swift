import Testing

@testable import CalculatorEngine

/// Display formats (`DisplayFormat`): each notation, fractions, grouping and locales, as key rows on a fresh session
/// with the format set. The exact value never changes: the same keys in the standard format reach the same number.
@Suite struct DisplayFormatTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let keys: String
        let format: DisplayFormat
        let expected: String
        var testDescription: String { "\(keys) [\(format.notation) \(format.decimals) \(format.grouping) \(format.fraction) \(format.symbols.locale)] → \(expected)" }
    }

    static func format(
        _ notation: DisplayFormat.Notation = .auto, decimals: Int = 2, grouping: Bool = false, fraction: DisplayFormat.Fraction = .off,
        locale: String? = nil
    ) -> DisplayFormat {
        var format = DisplayFormat(notation: notation, decimals: decimals, grouping: grouping, fraction: fraction)
        let known = format.setLocale(locale)
        precondition(known, "no symbols for \(locale ?? "")")
        return format
    }

    static let fixed = format(.fixed)

    static let rows: [Row] = [
        // fixed: `decimals` places, rounded half to even on the exact value, zeros kept
        Row(keys: "1 / 3 =", format: fixed, expected: "0.33"), Row(keys: "2 / 3 =", format: fixed, expected: "0.67"),
        Row(keys: "1 2 3 4 . 5 6 7 =", format: format(.fixed, decimals: 1), expected: "1234.6"),
        Row(keys: "5", format: fixed, expected: "5"), Row(keys: "5 =", format: fixed, expected: "5.00"),
        Row(keys: "0 . 1 2 5 =", format: fixed, expected: "0.12"), Row(keys: "0 . 1 3 5 =", format: fixed, expected: "0.14"),
        Row(keys: "0 . 0 0 5 =", format: fixed, expected: "0.00"), Row(keys: "0 . 0 0 5 1 =", format: fixed, expected: "0.01"),
        Row(keys: "9 . 9 9 6 =", format: fixed, expected: "10.00"), Row(keys: "2 neg =", format: format(.fixed, decimals: 0), expected: "-2"),
        Row(keys: "1 EE 2 0 =", format: fixed, expected: "1e+20"), Row(keys: "0 =", format: fixed, expected: "0.00"),
        // scientific and engineering
        Row(keys: "1 2 3 4 5 =", format: format(.scientific), expected: "1.2345e+4"),
        Row(keys: "1 2 3 4 5 =", format: format(.engineering), expected: "12.345e+3"),
        Row(keys: "0 . 0 0 1 2 =", format: format(.engineering), expected: "1.2e-3"),
        Row(keys: "0 . 0 0 0 1 2 =", format: format(.engineering), expected: "120e-6"),
        Row(keys: "1 =", format: format(.scientific), expected: "1e+0"),
        Row(keys: "1 / 3 =", format: format(.scientific), expected: "3.333333333333333e-1"),
        // fractions: a/b and n a/b while the denominator is at most 10000; decimals otherwise
        Row(keys: "1 / 3 =", format: format(fraction: .improper), expected: "1/3"),
        Row(keys: "1 0 / 3 =", format: format(fraction: .mixed), expected: "3 1/3"),
        Row(keys: "1 0 / 3 =", format: format(fraction: .improper), expected: "10/3"),
        Row(keys: "1 0 / 3 neg =", format: format(fraction: .mixed), expected: "-3 1/3"),
        Row(keys: "0 . 1 2 5 =", format: format(fraction: .mixed), expected: "1/8"),
        Row(keys: "6 =", format: format(fraction: .mixed), expected: "6"),
        Row(keys: "1 / 1 0 0 0 1 =", format: format(fraction: .improper), expected: "9.999000099990001e-5"),
        Row(keys: "2 sqrt", format: format(fraction: .mixed), expected: "1.414213562373095"),
        // grouping and locales
        Row(keys: "1 2 3 4 5 6 7 . 5 =", format: format(grouping: true), expected: "1,234,567.5"),
        Row(keys: "1 2 3 4 5 6 7 . 5 =", format: format(grouping: true, locale: "de-DE"), expected: "1.234.567,5"),
        Row(keys: "1 2 3 4 5 6 7 . 5 =", format: format(grouping: true, locale: "fr-FR"), expected: "1\u{202F}234\u{202F}567,5"),
        Row(keys: "1 2 3 4 5 6 7 . 5 =", format: format(grouping: true, locale: "en-IN"), expected: "12,34,567.5"),
        Row(keys: "1 2 3 4 5 6 7 . 5 =", format: format(grouping: true, locale: "en-US"), expected: "1,234,567.5"),
        Row(keys: "1 2 3 4 . 5 =", format: format(grouping: true, locale: "es-ES"), expected: "1234,5"),
        Row(keys: "1 2 3 4 5 . 5 =", format: format(grouping: true, locale: "es-ES"), expected: "12.345,5"),
        Row(keys: "1 2 3 4 . 5 =", format: format(locale: "de-DE"), expected: "1234,5"),
        Row(keys: "1 2 3 4 . 5", format: format(grouping: true, locale: "de-DE"), expected: "1.234,5"),
        Row(keys: "1 2 3 4 5 6 7 . 5 =", format: format(.fixed, grouping: true, locale: "en-IN"), expected: "12,34,567.50"),
        Row(keys: "1 / 4 =", format: format(locale: "de"), expected: "0,25"),
    ]

    @Test(arguments: rows)
    func formats(row: Row) throws {
        var settings = Settings()
        settings.format = row.format
        let state = try run(row.keys, settings: settings)
        #expect(state.display == row.expected)
        // The value is the standard format's: the same keys there show the same number.
        let standard = try run(row.keys, settings: Settings())
        #expect(state.shownValue == standard.shownValue)
    }

    @Test func memoryVariablesAndHistoryFollowTheFormat() throws {
        var settings = Settings()
        settings.format = Self.format(.fixed, grouping: true, locale: "de-DE")
        let state = try run("1 2 3 4 . 5 m+ sto x =", settings: settings)
        #expect(state.memory == "1.234,50")
        #expect(state.variable(.x) == "1.234,50")
        #expect(state.history.last?.result == "1.234,50")
    }

    @Test func patchingTheFormatReshowsTheValue() throws {
        var state = try run("1 / 3 =")
        var settings = state.settings
        settings.format = Self.format(fraction: .improper)
        state.update(settings: settings)
        #expect(state.display == "1/3")
        settings.format = .standard
        state.update(settings: settings)
        #expect(state.display == "0.3333333333333333")
    }

    @Test func theFormatIsStored() throws {
        var settings = Settings()
        settings.format = Self.format(.engineering, decimals: 5, grouping: true, fraction: .mixed, locale: "fr-FR")
        let state = try run("1 0 / 3 =", settings: settings)
        let decoded = try CalculatorState(storedBytes: state.storedBytes)
        #expect(decoded.settings.format == settings.format)
        #expect(decoded == state)
    }

    @Test func unknownLocalesAreRefused() {
        var format = DisplayFormat()
        let klingon = format.setLocale("tlh-QO"), empty = format.setLocale("")
        #expect(!klingon && !empty && format == DisplayFormat())
        let swiss = format.setLocale("de_CH")
        #expect(swiss && format.symbols.locale == "de-CH")
        let belgian = format.setLocale("fr-BE")
        #expect(belgian && format.symbols.locale == "fr-FR")
    }
}
