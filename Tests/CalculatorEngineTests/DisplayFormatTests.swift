import Foundation
import Testing

@testable import CalculatorEngine

/// Display formats (`DisplayFormat`): each notation, fractions, grouping and locales, as key rows on a fresh session
/// with the format set. The exact value never changes: the same keys in the standard format reach the same number.
@Suite struct DisplayFormatTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let keys: String
        let format: DisplayFormat
        let expected: String
        /// Digits PATCHed after the keys, which are typed at 16 (a number cannot be typed past the digits shown).
        var digits = 16
        var testDescription: String {
            "\(keys) [\(format.notation) \(format.decimals) \(format.grouping) \(format.fraction) \(format.symbols.locale) \(digits)] → \(expected)"
        }
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
        // CLDR's regions that differ from their language's first entry (issue 46 item 7)
        Row(keys: "1 2 3 4 5 6 7 . 5 =", format: format(grouping: true, locale: "es-US"), expected: "1,234,567.5"),
        Row(keys: "1 2 3 4 5 6 7 . 5 =", format: format(grouping: true, locale: "en-ZA"), expected: "1\u{00A0}234\u{00A0}567,5"),
        Row(keys: "1 2 3 4 5 6 7 . 5 =", format: format(grouping: true, locale: "de-LI"), expected: "1\u{2019}234\u{2019}567.5"),
        Row(keys: "1 2 3 4 5 6 7 . 5 =", format: format(grouping: true, locale: "it-CH"), expected: "1\u{2019}234\u{2019}567.5"),
        Row(keys: "1 2 3 4 5 6 7 . 5 =", format: format(grouping: true, locale: "en-CH"), expected: "1\u{2019}234\u{2019}567.5"),
        Row(keys: "1 2 3 4 5 6 7 . 5 =", format: format(grouping: true, locale: "en-DE"), expected: "1.234.567,5"),
        Row(keys: "1 2 3 4 5 6 7 . 5 =", format: format(grouping: true, locale: "fr-LU"), expected: "1.234.567,5"),
        Row(keys: "1 2 3 4 5 6 7 . 5 =", format: format(grouping: true, locale: "pt-AO"), expected: "1\u{00A0}234\u{00A0}567,5"),
        Row(keys: "1 2 3 4 . 5 =", format: format(grouping: true, locale: "pt-AO"), expected: "1234,5"),
        // Swedish writes minus as U+2212, in a result, a fraction and a number being typed
        Row(keys: "2 . 5 neg =", format: format(locale: "sv-SE"), expected: "\u{2212}2,5"),
        Row(keys: "1 0 / 3 neg =", format: format(fraction: .mixed, locale: "sv-SE"), expected: "\u{2212}3 1/3"),
        Row(keys: "2 . 5 neg", format: format(locale: "sv-SE"), expected: "\u{2212}2,5"),
        // a negative value rounded to zero at the places shown keeps its sign, as CLDR formats it
        Row(keys: "0 . 0 0 1 neg =", format: fixed, expected: "-0.00"),
        Row(keys: "0 . 3 neg =", format: format(.fixed, decimals: 0), expected: "-0"),
        Row(keys: "0 . 0 0 1 neg =", format: format(.fixed, locale: "sv-SE"), expected: "\u{2212}0,00"),
        // fixed shows the value's own decimals, however many: exact ones exactly, past `digits` significant digits
        Row(keys: "1 / 3 =", format: format(.fixed, decimals: 20), expected: "0.33333333333333333333"),
        Row(keys: "1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 + 0 . 5 =", format: fixed, expected: "1234567890123456.50"),
        Row(keys: "1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 + 0 . 5 =", format: format(.fixed, decimals: 20), expected: "1234567890123456.50000000000000000000"),
        Row(keys: "1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 + 0 . 5 =", format: format(.fixed, decimals: 0), expected: "1234567890123456"),
        // scientific when the integer part, rounded at the places, has more than `digits` digits
        Row(keys: "9 9 9 9 9 9 9 9 + 0 . 9 9 6 =", format: fixed, expected: "1e+8", digits: 8),
        Row(keys: "9 9 9 9 9 9 9 9 + 0 . 9 9 4 =", format: fixed, expected: "99999999.99", digits: 8),
    ] + certifiedRows

    /// Inexact values near a rounding boundary, in every notation and with grouping and locales: what they show is
    /// the true value's rounding, decided from bounds narrowed past 256 bits where those straddle the boundary.
    /// Expected texts are mpmath's (1.3.0, `mp.dps = 300`) values of the same expressions rounded half to even by
    /// integer arithmetic in Python: `s = abs(x) * 10**places; n = floor(s)`, up when `s - n > 0.5` (or `== 0.5`
    /// and `n` odd), with `places = digits - 1 - floor(log10(abs(x)))` for significant digits.
    static let tieAt256Bits = "1 . 0 0 0 0 0 0 0 5 + pi / 1 EE 9 0 ="  // 1.00000005 + π·10^-90: 1.0000001 at 8 digits
    static let exactTie = "5 EE neg 1 7 + . 5 = cos acos"
    static let certifiedRows: [Row] = [
        Row(keys: tieAt256Bits, format: .standard, expected: "1.0000001", digits: 8),
        Row(keys: tieAt256Bits, format: format(grouping: true), expected: "1.0000001", digits: 8),
        Row(keys: tieAt256Bits, format: format(locale: "de-DE"), expected: "1,0000001", digits: 8),
        Row(keys: tieAt256Bits, format: format(grouping: true, locale: "de-DE"), expected: "1,0000001", digits: 8),
        Row(keys: tieAt256Bits, format: format(.scientific), expected: "1.0000001e+0", digits: 8),
        Row(keys: tieAt256Bits, format: format(.engineering), expected: "1.0000001e+0", digits: 8),
        Row(keys: tieAt256Bits, format: format(.fixed, decimals: 7), expected: "1.0000001", digits: 8),
        Row(keys: tieAt256Bits, format: format(.fixed, decimals: 20), expected: "1.00000005000000000000", digits: 8),
        Row(keys: tieAt256Bits, format: format(fraction: .mixed), expected: "1.0000001", digits: 8),
        Row(keys: tieAt256Bits, format: format(.scientific, locale: "fr-FR"), expected: "1,0000001e+0", digits: 8),
        // 0.125 + √2·10^-90 to 2 places: 0.13 (the tie alone would go to the even 0.12)
        Row(keys: "0 . 1 2 5 + 2 sqrt / 1 EE 9 0 =", format: fixed, expected: "0.13"),
        // 1.23456775 − π·10^-90: 1.2345677 (the tie alone: 1.2345678)
        Row(keys: "1 . 2 3 4 5 6 7 7 5 - pi / 1 EE 9 0 =", format: format(.scientific), expected: "1.2345677e+0", digits: 8),
        Row(keys: "1 2 3 4 5 . 6 7 7 5 - pi / 1 EE 9 0 =", format: format(.engineering), expected: "12.345677e+3", digits: 8),
        Row(keys: "1 2 3 4 5 6 7 . 3 5 - pi / 1 EE 9 0 =", format: format(grouping: true, locale: "de-DE"), expected: "1.234.567,3", digits: 8),
        Row(keys: "0 . 0 0 0 1 2 3 4 5 6 7 8 5 + pi / 1 EE 9 0 =", format: format(locale: "fr-FR"), expected: "0,00012345679", digits: 8),
        Row(keys: "1 2 3 4 5 6 7 . 1 2 5 + pi / 1 EE 9 0 =", format: format(.fixed, grouping: true, locale: "en-IN"), expected: "12,34,567.13"),
        Row(keys: "2 sqrt", format: format(.fixed, decimals: 20), expected: "1.41421356237309504880"),
        // acos of cos of 0.5 + 5·10^-17 is that value exactly: its 17th digit is 5, decided at 20 places
        Row(keys: exactTie, format: format(.fixed, decimals: 20), expected: "0.50000000000000005000"),
    ]

    @Test(arguments: rows)
    func formats(row: Row) throws {
        var settings = Settings()
        settings.format = row.format
        var state = try run(row.keys, settings: settings)
        // The value is the standard format's: the same keys there reach the same number (unless that format cannot
        // show it: an exact tie's 17th digit is past 16 significant digits).
        let standard = try run(row.keys, settings: Settings())
        if standard.error == nil { #expect(state.shownValue == standard.shownValue) }
        settings.digits = row.digits
        state.update(settings: settings)
        #expect(state.display == row.expected)
        #expect(state.error == nil)
    }

    /// The issue's sequence: the value shown at 16 digits, then each format PATCHed in turn at 8 digits.
    @Test func patchingTheFormatRefinesTheTieInEveryFormat() throws {
        var state = try run(Self.tieAt256Bits)
        #expect(state.display == "1.00000005")
        var settings = state.settings
        settings.digits = 8
        state.update(settings: settings)
        #expect(state.display == "1.0000001")
        for row in Self.certifiedRows where row.keys == Self.tieAt256Bits {
            settings.format = row.format
            state.update(settings: settings)
            #expect(state.display == row.expected, "\(row.testDescription)")
            #expect(state.error == nil)
        }
    }

    /// Ties at `digits` pushed off by ±π·10^-90 of a unit, at 8 to 32 digits and both signs, in every notation and
    /// with grouping and locales: each shows the side the push decides, as the rounding of the decimal next to the
    /// tie on that side (`DecimalValue`, the tests' own rounding) gives it. At 256 bits the bounds straddle the tie.
    @Test func tiesPushedOffAreDecidedInEveryFormat() throws {
        var random = SplitMix64(seed: 43)
        let arithmetic = Arithmetic()
        for _ in 0..<60 {
            let digits = Int(random.next() % 25) + 8
            let mantissa = String(random.next() % 9 + 1) + (1..<digits).map { _ in String(random.next() % 10) }.joined()
            let scale = -Int(random.next() % 21) - 1
            let up = random.next() % 2 == 0, negative = random.next() % 2 == 0
            let tie = Number.decimal(digits: mantissa + "5", exponent: scale, negative: false)
            let push = try arithmetic.apply(.multiply, .constant(.pi), Number.decimal(digits: "1", exponent: scale - 90, negative: false)).get()
            var value = try arithmetic.apply(up ? .add : .subtract, tie, push).get()
            if negative { value = value.negated }
            let expected = try #require(DecimalValue((negative ? "-" : "") + mantissa + (up ? "51" : "49") + "e\(scale - 1)"))
                .rounded(to: digits)
            // The place of fixed notation that is the tie's: `digits` significant digits.
            let places = digits - 1 - (scale + digits)
            let formats = [
                DisplayFormat.standard, Self.format(grouping: true), Self.format(grouping: true, locale: "de-DE"),
                Self.format(grouping: true, locale: "fr-FR"), Self.format(.scientific, locale: "de-DE"), Self.format(.engineering),
                Self.format(.fixed, decimals: places, grouping: true, locale: "en-IN"),
            ]
            for format in formats {
                let text = DisplayFormatter(digits: digits, format: format).string(value)
                let plain = text.replacingOccurrences(of: format.symbols.group, with: "").replacingOccurrences(of: format.symbols.decimal, with: ".")
                #expect(DecimalValue(plain) == expected, "\(mantissa)5e\(scale) \(up ? "+" : "−") at \(digits): \(text) [\(format.notation) \(format.symbols.locale)]")
            }
        }
    }

    /// A true tie between two roundings no precision decides: Error, with its reason, in every format that shows
    /// the tied digit; the places of fixed notation past it show it.
    @Test func anExactTieOfAnInexactValueIsAPrecisionError() throws {
        let keys = Self.exactTie
        for format in [DisplayFormat.standard, Self.format(grouping: true), Self.format(.scientific), Self.format(locale: "de-DE")] {
            var settings = Settings()
            settings.format = format
            let state = try run(keys, settings: settings)
            #expect(state.display == DisplayFormatter.error)
            #expect(state.error?.code == "precision")
        }
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
        #expect(belgian && format.symbols.locale == "fr-BE")
        let chinese = format.setLocale("zh-Hans-CN")
        #expect(chinese && format.symbols.locale == "zh-CN")
        // A region CLDR gives other marks than the table's entries for its language is refused, not guessed; so is
        // a malformed tag.
        for tag in ["de-NA", "es-419", "-de", "de-", "de--DE", "d3", "de-DE-x", "de-DEU", "deutsch", "de_DE_"] {
            var probe = DisplayFormat()
            let known = probe.setLocale(tag)
            #expect(!known, "\(tag)")
        }
    }
}
