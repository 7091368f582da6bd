/// A locale's decimal separator, group separator and group sizes, as CLDR (v45, `main/<locale>/numbers.json`,
/// `symbols-numberSystem-latn` and the `#,##0.###` pattern's groups, `minimumGroupingDigits`) gives them for the Latin
/// digits: 1,234,567.5 (en-US), 1.234.567,5 (de-DE), 1 234 567,5 with U+202F (fr-FR), 12,34,567.5 (en-IN). Kept
/// here as data rather than read from Foundation's `Locale`: on Linux its ICU data gives en-IN groups of three
/// (1,234,567.5), and it answers an unknown tag with en-US's symbols instead of saying it does not know it.
public struct NumberSymbols: Sendable, Equatable {
    /// The BCP 47 tag; "" for the plain symbols.
    public let locale: String
    public let decimal: String
    public let group: String
    /// The size of the group next to the decimal separator, and of every group left of it.
    public let primaryGroup: Int
    public let secondaryGroup: Int
    /// Integers with fewer digits than `primaryGroup + minimumGroupingDigits` stay ungrouped (2 in Spanish and
    /// Polish: 1234, but 12 345).
    public let minimumGroupingDigits: Int

    private static func entry(_ locale: String, _ decimal: String, _ group: String, secondary: Int = 3, minimum: Int = 1) -> NumberSymbols {
        NumberSymbols(locale: locale, decimal: decimal, group: group, primaryGroup: 3, secondaryGroup: secondary, minimumGroupingDigits: minimum)
    }

    /// The plain symbols first (the standard format's), then the locales, each language's most spoken region
    /// first: a tag of a language alone (`de`) or of a region not listed (`de-LU`) takes its language's first entry.
    public static let all: [NumberSymbols] = [
        entry("", ".", ","),
        entry("en-US", ".", ","),
        entry("en-GB", ".", ","),
        entry("en-IN", ".", ",", secondary: 2),
        entry("hi-IN", ".", ",", secondary: 2),
        entry("de-DE", ",", "."),
        entry("de-AT", ",", "\u{00A0}"),
        entry("de-CH", ".", "\u{2019}"),
        entry("fr-FR", ",", "\u{202F}"),
        entry("fr-CA", ",", "\u{00A0}"),
        entry("fr-CH", ",", "\u{202F}"),
        entry("it-IT", ",", "."),
        entry("es-ES", ",", ".", minimum: 2),
        entry("es-MX", ".", ","),
        entry("pt-BR", ",", "."),
        entry("pt-PT", ",", "\u{00A0}", minimum: 2),
        entry("nl-NL", ",", "."),
        entry("sv-SE", ",", "\u{00A0}"),
        entry("pl-PL", ",", "\u{00A0}", minimum: 2),
        entry("ru-RU", ",", "\u{00A0}"),
        entry("ja-JP", ".", ","),
        entry("zh-CN", ".", ","),
        entry("ko-KR", ".", ","),
    ]

    static let plain = all[0]

    /// The place of `tag` in `all`: the tag itself (case-insensitive, `_` read as `-`), or its language's first
    /// entry; nil for a language the table does not have.
    static func index(of tag: String) -> Int? {
        let normalized = tag.lowercased().split(separator: "_").joined(separator: "-")
        guard !normalized.isEmpty else { return nil }
        if let exact = all.firstIndex(where: { $0.locale.lowercased() == normalized }) { return exact }
        let language = normalized.split(separator: "-").first.map(String.init) ?? normalized
        return all.firstIndex { $0.locale.lowercased().split(separator: "-").first.map(String.init) == language }
    }
}
