/// The number being typed, kept as the text the user sees (Microsoft CalcManager's `CalcInput`): "0.", "1.50",
/// "-0" and "1.5e-3" survive until the value is needed, and digit keys only append text.
///
/// Shape: `-?D+(.D*)?(e-?D*)?` where the mantissa has at most `digits` significant digits and the exponent at most
/// four digits (the range ends at 1e±9999).
struct InputBuffer: Sendable, Equatable {
    private(set) var text: String
    /// True for the "0" that AC, C and a fresh session show: nothing has been typed into it yet.
    private(set) var isPristine: Bool

    static let maxExponentDigits = 4

    init(text: String = "0", isPristine: Bool = true) {
        self.text = text
        self.isPristine = isPristine
    }

    /// A new entry that starts with `character`, an ASCII code ("0"…"9", ".", or "e" for EE). EE starts 0 × 10ⁿ, as
    /// on the keypads of Windows and Apple (`EE 5 =` is 0).
    static func starting(with character: UInt8) -> InputBuffer {
        var buffer = InputBuffer()
        switch character {
        case UInt8(ascii: "."): buffer.appendPoint()
        case UInt8(ascii: "e"): buffer.beginExponent()
        default: buffer.appendDigit(character, limit: Int.max)
        }
        return buffer
    }

    // The text is ASCII, so its UTF-8 view is the cheap way to inspect it (no grapheme breaking per key).
    var hasExponent: Bool { text.utf8.contains(UInt8(ascii: "e")) }
    private var hasPoint: Bool { text.utf8.contains(UInt8(ascii: ".")) }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// What a digit key needs to know of the text, from one pass over its bytes (this runs on every digit typed).
    private struct Shape {
        var hasExponent = false
        /// Digits after the "e"; `exponentIsZero` when they are exactly "0".
        var exponentDigits = 0
        var exponentIsZero = false
        /// Significant digits typed in the mantissa: a leading "0." does not count its zero.
        var mantissaDigits = 0
        /// The text is "0" or "-0": the next digit replaces the zero.
        var isZero = false

        init(_ utf8: Span<UInt8>) {
            var lastDigit: UInt8 = 0
            var firstMantissaDigit: UInt8 = 0
            var integerDigits = 0
            var sawPoint = false
            for index in utf8.indices {
                let byte = utf8[index]
                if byte == UInt8(ascii: "e") {
                    hasExponent = true
                } else if InputBuffer.isDigit(byte) {
                    if hasExponent {
                        exponentDigits += 1
                    } else {
                        if mantissaDigits == 0 { firstMantissaDigit = byte }
                        mantissaDigits += 1
                        if !sawPoint { integerDigits += 1 }
                    }
                    lastDigit = byte
                } else if byte == UInt8(ascii: ".") {
                    sawPoint = true
                }
            }
            exponentIsZero = exponentDigits == 1 && lastDigit == UInt8(ascii: "0")
            if sawPoint, integerDigits == 1, firstMantissaDigit == UInt8(ascii: "0") { mantissaDigits -= 1 }
            let zero = UInt8(ascii: "0"), minus = UInt8(ascii: "-")
            isZero = (utf8.count == 1 && utf8[0] == zero) || (utf8.count == 2 && utf8[0] == minus && utf8[1] == zero)
        }
    }

    /// `digit` is an ASCII code; anything but "0"…"9" is ignored.
    mutating func appendDigit(_ digit: UInt8, limit: Int) {
        guard Self.isDigit(digit) else { return }
        let shape = Shape(text.utf8Span.span)
        // A lone zero is replaced by the digit: "0 0 5" is 5, and "1e0 5" is 1e5.
        let replacesZero: Bool
        if shape.hasExponent {
            replacesZero = shape.exponentIsZero
            if !replacesZero, shape.exponentDigits >= Self.maxExponentDigits { return }
        } else {
            replacesZero = shape.isZero
            if !replacesZero, shape.mantissaDigits >= limit { return }
        }
        // A new text without the zero: removing a scalar in place goes through unspecialized generic code.
        if replacesZero { text = String(Substring(text.utf8.dropLast())) }
        text.unicodeScalars.append(Unicode.Scalar(digit))
        isPristine = false
    }

    mutating func appendPoint() {
        guard !hasPoint, !hasExponent else { return }
        text.append(".")
        isPristine = false
    }

    mutating func beginExponent() {
        guard !hasExponent else { return }
        text.append("e")
        isPristine = false
    }

    /// Toggles the sign of the exponent while one is being typed, otherwise the sign of the number.
    mutating func toggleSign() {
        if let e = text.firstIndex(of: "e") {
            let afterE = text.index(after: e)
            if afterE < text.endIndex, text[afterE] == "-" {
                text.remove(at: afterE)
            } else {
                text.insert("-", at: afterE)
            }
        } else if text.hasPrefix("-") {
            text.removeFirst()
        } else {
            text.insert("-", at: text.startIndex)
        }
        isPristine = false
    }

    /// ⌫. The sign belongs to the typed digits, as in Windows' `CalcInput::Backspace`: when the mantissa is emptied
    /// to a lone zero the entry is a fresh 0 and the sign goes with it (`neg . ⌫ 5` is 5, not −5).
    mutating func removeLast() {
        let removed = text.removeLast()
        if text.isEmpty || text == "-" || (removed != "e" && text == "-0") {
            text = "0"
        }
        isPristine = text == "0"
    }

    /// Significant digits typed in the mantissa (a leading "0." does not count its zero).
    var mantissaDigits: Int { Shape(text.utf8Span.span).mantissaDigits }

    /// The exact value; an exponent that pushes it outside the range is the caller's overflow check.
    var value: Number {
        // The digits are read into a machine integer while there are at most 18 (most typed numbers); a String of
        // them is made only for longer ones.
        var negative = false, exponentNegative = false, inExponent = false, afterPoint = false
        var significand = 0, digitCount = 0
        var fractionDigits = 0, exponent = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"):
                if inExponent { exponentNegative = true } else { negative = true }
            case UInt8(ascii: "."): afterPoint = true
            case UInt8(ascii: "e"): inExponent = true
            default:
                let digit = Int(byte &- UInt8(ascii: "0"))
                if inExponent {
                    exponent = exponent * 10 + digit
                } else {
                    digitCount += 1
                    if digitCount <= 18 { significand = significand * 10 + digit }
                    if afterPoint { fractionDigits += 1 }
                }
            }
        }
        let scale = (exponentNegative ? -exponent : exponent) - fractionDigits
        if digitCount <= 18, let number = Number.decimal(significand, exponent: scale, negative: negative) { return number }
        let mantissaDigits = text.utf8.prefix { $0 != UInt8(ascii: "e") }.filter(Self.isDigit)
        let digits = mantissaDigits.isEmpty ? "0" : String(decoding: mantissaDigits, as: UTF8.self)
        return Number.decimal(digits: digits, exponent: scale, negative: negative)
    }

    /// Accepts only text of the documented shape (used when decoding a stored state).
    static func isWellFormed(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.hasPrefix("-") { rest.removeFirst() }
        let integer = rest.prefix { $0.isASCII && $0.isNumber }
        guard !integer.isEmpty else { return false }
        rest = rest.dropFirst(integer.count)
        if rest.hasPrefix(".") {
            rest.removeFirst()
            rest = rest.drop { $0.isASCII && $0.isNumber }
        }
        if rest.hasPrefix("e") {
            rest.removeFirst()
            if rest.hasPrefix("-") { rest.removeFirst() }
            let exponent = rest.prefix { $0.isASCII && $0.isNumber }
            guard exponent.count <= maxExponentDigits else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty && text.count <= 80
    }
}
