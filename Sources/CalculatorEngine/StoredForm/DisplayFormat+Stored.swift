/// A display format's stored form (format 3's section 7): the notation's and the fraction's codes, the decimals,
/// grouping, and the locale's tag ("" for the plain symbols), which outlives a reordering of the table.
extension StoredFormWriter {
    mutating func format(_ format: DisplayFormat) {
        byte(format.notation.storedCode)
        byte(UInt8(format.decimals))
        bool(format.grouping)
        byte(format.fraction.storedCode)
        string(format.symbols.locale)
    }
}

extension StoredFormReader {
    mutating func format() throws -> DisplayFormat {
        var format = DisplayFormat(
            notation: try DisplayFormat.Notation(storedCode: byte()), decimals: Int(try byte()), grouping: try bool(),
            fraction: try DisplayFormat.Fraction(storedCode: byte()))
        guard DisplayFormat.decimalsRange.contains(format.decimals) else { throw StoredFormError("\(format.decimals) decimals") }
        let locale = try string()
        guard format.setLocale(locale.isEmpty ? nil : locale) else { throw StoredFormError("locale \(locale)") }
        guard format != .standard else { throw StoredFormError("the standard format stored") }
        return format
    }
}

extension DisplayFormat.Notation: StoredCoded {
    static let storedOrder: [DisplayFormat.Notation] = [.auto, .fixed, .scientific, .engineering]
    static let storedName = "notation"
}

extension DisplayFormat.Fraction: StoredCoded {
    static let storedOrder: [DisplayFormat.Fraction] = [.off, .improper, .mixed]
    static let storedName = "fraction"
}
