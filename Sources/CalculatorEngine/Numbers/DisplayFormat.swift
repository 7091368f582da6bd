/// How a session shows its numbers, apart from how many significant digits (`Settings.digits`): the notation,
/// thousands grouping, fractions and the locale's separators. Only the text changes: the exact value, and every key
/// name and JSON number a client sends, stay as they are. `standard` is the format every session had before there
/// were formats, and the one whose texts are plain ASCII a client can read back as numbers.
public struct DisplayFormat: Sendable, Equatable {
    public enum Notation: String, Sendable, CaseIterable {
        /// Plain while the exponent is in -4 ..< digits, scientific otherwise (C's `%g`).
        case auto
        /// `decimals` places after the point; scientific when the integer part would need more than `digits`.
        case fixed
        /// `d.ddd e+N`, always.
        case scientific
        /// Scientific with an exponent that is a multiple of 3 and one to three digits before the point.
        case engineering
    }

    /// Whether an exact rational shows as a fraction: `a/b`, or `n a/b` (mixed), while its denominator is at most
    /// `maximumDenominator`; other numbers show in the notation.
    public enum Fraction: String, Sendable, CaseIterable {
        case off, improper, mixed
    }

    public var notation: Notation
    /// Places after the point in fixed notation, 0…20.
    public var decimals: Int {
        get { Int(decimalPlaces) }
        set { decimalPlaces = UInt8(clamping: newValue) }
    }
    /// Kept in a byte, as every member is: a format is a few bytes of every session's settings, copied with them.
    private var decimalPlaces: UInt8
    public var grouping: Bool
    public var fraction: Fraction
    /// A place in `NumberSymbols.all`: 0 for the plain `.` and `,`, or a locale's.
    var symbolsIndex: UInt8

    public static let decimalsRange = 0...20
    public static let maximumDenominator = 10_000

    public init(notation: Notation = .auto, decimals: Int = 2, grouping: Bool = false, fraction: Fraction = .off) {
        self.notation = notation
        self.decimalPlaces = UInt8(clamping: decimals)
        self.grouping = grouping
        self.fraction = fraction
        self.symbolsIndex = 0
    }

    public static let standard = DisplayFormat()

    /// The separators and group sizes numbers are shown with.
    public var symbols: NumberSymbols { NumberSymbols.all[Int(symbolsIndex)] }

    /// The locale whose separators numbers are shown with (a BCP 47 tag of `NumberSymbols.all`, or its language), or
    /// nil for the plain ones; false, changing nothing, for a tag the table does not have.
    @discardableResult
    public mutating func setLocale(_ tag: String?) -> Bool {
        guard let tag else {
            symbolsIndex = 0
            return true
        }
        guard let index = NumberSymbols.index(of: tag) else { return false }
        symbolsIndex = UInt8(index)
        return true
    }

    /// The texts are the standard ones: decimals matter only to fixed notation.
    public var isStandard: Bool { notation == .auto && !grouping && fraction == .off && symbolsIndex == 0 }
}

extension DisplayFormatter {
    /// `number` in a format other than the standard one: the digits `Number.shownDecimal` certifies, as the standard
    /// format shows them, placed by the notation and the locale; `Error` when they cannot be made certain.
    func formatted(_ number: Number) -> String {
        if format.fraction != .off, let fraction = fractionText(number) { return fraction }
        let negative: Bool, mantissa: [UInt8], exponent: Int
        switch rounded(number) {
        case .zero:
            // A negative value rounded to zero at the places shown keeps its sign, as CLDR's formatting does (-0.00).
            let sign = number.sign < 0 ? format.symbols.minus : ""
            return format.notation == .fixed && format.decimals > 0
                ? sign + "0" + format.symbols.decimal + String(repeating: "0", count: format.decimals) : sign + "0"
        case .uncertain: return Self.error
        case .digits(let shown): (negative, mantissa, exponent) = shown
        }
        let fixed = format.notation == .fixed && exponent < digits
        var text = negative ? format.symbols.minus : ""
        switch format.notation {
        case .auto:
            if exponent >= -4 && exponent < digits {
                text += plain(mantissa, exponent: exponent, decimals: nil)
            } else {
                text += scientific(mantissa, exponent: exponent, step: 1)
            }
        case .fixed:
            text += fixed ? plain(mantissa, exponent: exponent, decimals: format.decimals) : scientific(mantissa, exponent: exponent, step: 1)
        case .scientific:
            text += scientific(mantissa, exponent: exponent, step: 1)
        case .engineering:
            text += scientific(mantissa, exponent: exponent, step: 3)
        }
        return text
    }

    /// The certain digits the notation shows: rounded at `decimals` places for fixed, from the value's own digits
    /// however many that takes (1/3 to 20 places is twenty 3s), while its integer part has at most `digits` digits,
    /// and to `digits` significant digits otherwise.
    private func rounded(_ number: Number) -> ShownDecimal {
        guard format.notation == .fixed else { return number.shownDecimal(digits: digits) }
        // The 256-bit value's magnitude keeps the rounding at a place small: a value whose exponent is past `digits`
        // shows in scientific notation, and its rounding at the place would be as long as its integer part.
        guard let magnitude = number.roundedDecimal(digits: 1), magnitude.exponent <= digits else { return number.shownDecimal(digits: digits) }
        let atPlace = number.shownDecimal(.fixed(format.decimals))
        // Rounded up to 10^digits at the place: too long an integer part, scientific after all.
        if case .digits(let shown) = atPlace, shown.exponent >= digits { return number.shownDecimal(digits: digits) }
        return atPlace
    }

    /// Digits at their places, grouped and with the locale's separator; `decimals` places after the point, or as
    /// many as there are.
    private func plain(_ mantissa: [UInt8], exponent: Int, decimals: Int?) -> String {
        var integer: [UInt8] = exponent < 0 ? [UInt8(ascii: "0")] : Array(mantissa.prefix(exponent + 1))
        if exponent >= 0, integer.count < exponent + 1 { integer += repeatElement(UInt8(ascii: "0"), count: exponent + 1 - integer.count) }
        var fraction: [UInt8] = exponent < 0
            ? Array(repeatElement(UInt8(ascii: "0"), count: -exponent - 1)) + mantissa
            : Array(mantissa.dropFirst(exponent + 1))
        if let decimals {
            if fraction.count < decimals { fraction += repeatElement(UInt8(ascii: "0"), count: decimals - fraction.count) }
            fraction = Array(fraction.prefix(decimals))
        }
        var text = grouped(integer)
        if !fraction.isEmpty { text += format.symbols.decimal + String(decoding: fraction, as: UTF8.self) }
        return text
    }

    /// `d.ddd` and `e±N`, with 1 to `step` digits before the point so that N is a multiple of `step`.
    private func scientific(_ mantissa: [UInt8], exponent: Int, step: Int) -> String {
        let lead = ((exponent % step) + step) % step + 1
        var digits = mantissa
        if digits.count < lead { digits += repeatElement(UInt8(ascii: "0"), count: lead - digits.count) }
        var text = String(decoding: digits.prefix(lead), as: UTF8.self)
        if digits.count > lead { text += format.symbols.decimal + String(decoding: digits.dropFirst(lead), as: UTF8.self) }
        let shown = exponent - (lead - 1)
        return text + "e" + (shown < 0 ? "-" : "+") + String(shown.magnitude)
    }

    /// An integer's digits in groups, when grouping is on.
    func grouped(_ digits: [UInt8]) -> String {
        let symbols = format.symbols
        guard format.grouping, digits.count >= symbols.primaryGroup + symbols.minimumGroupingDigits else {
            return String(decoding: digits, as: UTF8.self)
        }
        var groups: [Substring] = []
        let text = String(decoding: digits, as: UTF8.self)
        var end = text.endIndex
        var size = symbols.primaryGroup
        while end > text.startIndex {
            let start = text.index(end, offsetBy: -size, limitedBy: text.startIndex) ?? text.startIndex
            groups.append(text[start..<end])
            end = start
            size = symbols.secondaryGroup
        }
        return groups.reversed().joined(separator: symbols.group)
    }

    /// `a/b` or `n a/b` for an exact rational whose denominator is at most `maximumDenominator` and whose
    /// numerator has at most `digits` digits; an integer as its digits; nil otherwise.
    private func fractionText(_ number: Number) -> String? {
        guard number.isRational, number.rationalBits <= 128 else { return nil }
        let parts = number.encoded.split(separator: "/")
        guard parts.count == 2, let denominator = Int(parts[1]), denominator <= DisplayFormat.maximumDenominator else { return nil }
        let negative = parts[0].hasPrefix("-")
        let numerator = Array(parts[0].utf8.dropFirst(negative ? 1 : 0))
        guard numerator.count <= digits, let magnitude = Int(String(decoding: numerator, as: UTF8.self)) else { return nil }
        let sign = negative ? format.symbols.minus : ""
        guard format.fraction == .mixed, magnitude > denominator else { return "\(sign)\(magnitude)/\(denominator)" }
        return "\(sign)\(grouped(Array(String(magnitude / denominator).utf8))) \(magnitude % denominator)/\(denominator)"
    }
}

extension DisplayFormat {
    /// A number as it is being typed (ASCII digits, `.`, `-`, `e`), with the locale's decimal separator and minus
    /// sign and, when grouping is on, its integer digits grouped: typing shows what the result will.
    func typed(_ text: String) -> String {
        let symbols = symbols
        var integerEnd = text.endIndex
        if let stop = text.firstIndex(where: { $0 == "." || $0 == "e" }) { integerEnd = stop }
        let negative = text.hasPrefix("-")
        let sign = negative ? symbols.minus : ""
        let digits = Array(text[text.index(text.startIndex, offsetBy: negative ? 1 : 0)..<integerEnd].utf8)
        var rest = String(text[integerEnd...])
        if rest.hasPrefix(".") { rest = symbols.decimal + rest.dropFirst() }
        return sign + DisplayFormatter(digits: 0, format: self).grouped(digits) + rest
    }
}
