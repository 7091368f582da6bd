/// A locale's decimal separator, group separator, minus sign and group sizes, as CLDR (v45, `main/<locale>/numbers.json`,
/// `symbols-numberSystem-latn` and the `#,##0.###` pattern's groups, `minimumGroupingDigits`) gives them for the Latin
/// digits: 1,234,567.5 (en-US), 1.234.567,5 (de-DE), 1 234 567,5 with U+202F (fr-FR), 12,34,567.5 (en-IN), −5 with
/// U+2212 (sv-SE). Kept here as data rather than read from Foundation's `Locale`: on Linux its ICU data gives en-IN
/// groups of three (1,234,567.5), and it answers an unknown tag with en-US's symbols instead of saying it does not
/// know it.
public struct NumberSymbols: Sendable, Equatable {
    /// The BCP 47 tag; "" for the plain symbols.
    public let locale: String
    public let decimal: String
    public let group: String
    /// The sign of a negative number (CLDR's `minusSign`): `-`, or U+2212 in Swedish.
    public let minus: String
    /// The size of the group next to the decimal separator, and of every group left of it.
    public let primaryGroup: Int
    public let secondaryGroup: Int
    /// Integers with fewer digits than `primaryGroup + minimumGroupingDigits` stay ungrouped (2 in Spanish and
    /// Polish: 1234, but 12 345).
    public let minimumGroupingDigits: Int

    private static func entry(
        _ locale: String, _ decimal: String, _ group: String, minus: String = "-", secondary: Int = 3, minimum: Int = 1
    ) -> NumberSymbols {
        NumberSymbols(
            locale: locale, decimal: decimal, group: group, minus: minus, primaryGroup: 3, secondaryGroup: secondary,
            minimumGroupingDigits: minimum)
    }

    /// The plain symbols first (the standard format's), then the locales, each language's most spoken region
    /// first: a tag of a language alone (`de`) takes its language's first entry (CLDR's likely region for it). A
    /// region of a language is listed whether or not its symbols are the first entry's, for CLDR's regions often
    /// differ from their language's (es-US is es-MX's, en-ZA and pt-AO group with a no-break space, de-LI, it-CH
    /// and en-CH with U+2019), and a region not listed is refused rather than guessed.
    public static let all: [NumberSymbols] = [
        entry("", ".", ","),
        entry("en-US", ".", ","),
        entry("en-GB", ".", ","),
        entry("en-IN", ".", ",", secondary: 2),
        entry("en-AU", ".", ","),
        entry("en-CA", ".", ","),
        entry("en-IE", ".", ","),
        entry("en-NZ", ".", ","),
        entry("en-ZA", ",", "\u{00A0}"),
        entry("en-CH", ".", "\u{2019}"),
        entry("en-DE", ",", "."),
        entry("hi-IN", ".", ",", secondary: 2),
        entry("de-DE", ",", "."),
        entry("de-AT", ",", "\u{00A0}"),
        entry("de-CH", ".", "\u{2019}"),
        entry("de-LI", ".", "\u{2019}"),
        entry("de-LU", ",", "."),
        entry("de-BE", ",", "."),
        entry("fr-FR", ",", "\u{202F}"),
        entry("fr-CA", ",", "\u{00A0}"),
        entry("fr-CH", ",", "\u{202F}"),
        entry("fr-BE", ",", "\u{202F}"),
        entry("fr-LU", ",", "."),
        entry("it-IT", ",", "."),
        entry("it-CH", ".", "\u{2019}"),
        entry("es-ES", ",", ".", minimum: 2),
        entry("es-MX", ".", ","),
        entry("es-US", ".", ","),
        entry("pt-BR", ",", "."),
        entry("pt-PT", ",", "\u{00A0}", minimum: 2),
        entry("pt-AO", ",", "\u{00A0}", minimum: 2),
        entry("nl-NL", ",", "."),
        entry("nl-BE", ",", "."),
        entry("sv-SE", ",", "\u{00A0}", minus: "\u{2212}"),
        entry("pl-PL", ",", "\u{00A0}", minimum: 2),
        entry("ru-RU", ",", "\u{00A0}"),
        entry("ja-JP", ".", ","),
        entry("zh-CN", ".", ","),
        entry("ko-KR", ".", ","),
    ]

    static let plain = all[0]

    /// The place of `tag` in `all`: a well-formed BCP 47 language tag (case-insensitive, `_` read as `-`) of a
    /// language, an optional script and an optional region, found by its language and region, or by its language
    /// alone when it names no region; nil for a malformed tag (`-de`, `de--DE`, `d3`), a language the table does not
    /// have, or a region of one that it does not list.
    static func index(of tag: String) -> Int? {
        let subtags = tag.lowercased().split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        func letters(_ text: Substring, _ counts: ClosedRange<Int>) -> Bool {
            counts.contains(text.utf8.count) && text.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
        }
        guard let language = subtags.first, letters(language, 2...3), subtags.count <= 3 else { return nil }
        var rest = subtags.dropFirst()
        if let script = rest.first, letters(script, 4...4) { rest = rest.dropFirst() }
        guard rest.count <= 1 else { return nil }
        guard let region = rest.first else {
            return all.firstIndex { $0.locale.lowercased().split(separator: "-").first == language }
        }
        guard letters(region, 2...2) || (region.utf8.count == 3 && region.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        let wanted = "\(language)-\(region)"
        return all.firstIndex { $0.locale.lowercased() == wanted }
    }
}
