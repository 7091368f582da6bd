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

    /// A new entry that starts with `character` ("0"…"9", ".", or "e" for EE).
    static func starting(with character: Character) -> InputBuffer {
        var buffer = InputBuffer()
        switch character {
        case ".": buffer.appendPoint()
        case "e":
            buffer.text = "1e"
            buffer.isPristine = false
        default: buffer.appendDigit(character, limit: Int.max)
        }
        return buffer
    }

    // The text is ASCII, so its UTF-8 view is the cheap way to inspect it (no grapheme breaking per key).
    var hasExponent: Bool { text.utf8.contains(UInt8(ascii: "e")) }
    private var hasPoint: Bool { text.utf8.contains(UInt8(ascii: ".")) }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private var mantissaDigitCount: Int {
        let mantissa = text.utf8.prefix { $0 != UInt8(ascii: "e") }
        let count = mantissa.lazy.filter(Self.isDigit).count
        let unsigned = mantissa.first == UInt8(ascii: "-") ? mantissa.dropFirst() : mantissa[...]
        return unsigned.starts(with: "0.".utf8) ? count - 1 : count
    }

    mutating func appendDigit(_ digit: Character, limit: Int) {
        if hasExponent {
            let exponentDigits = text.utf8.reversed().prefix { $0 != UInt8(ascii: "e") }.filter(Self.isDigit)
            if exponentDigits == [UInt8(ascii: "0")] {
                text.removeLast()
            } else if exponentDigits.count >= InputBuffer.maxExponentDigits {
                return
            }
            text.append(digit)
        } else if text.utf8.elementsEqual("0".utf8) || text.utf8.elementsEqual("-0".utf8) {
            // Leading zeros collapse: "0 0 5" is 5.
            text.removeLast()
            text.append(digit)
        } else {
            guard mantissaDigitCount < limit else { return }
            text.append(digit)
        }
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

    mutating func removeLast() {
        text.removeLast()
        if text.isEmpty || text == "-" {
            text = "0"
        }
        isPristine = text == "0"
    }

    /// The exact value; an exponent that pushes it outside the range is the caller's overflow check.
    var value: Number {
        var negative = false, exponentNegative = false, inExponent = false, afterPoint = false
        var digits: [UInt8] = []
        var fractionDigits = 0, exponent = 0
        digits.reserveCapacity(text.utf8.count)
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
                    digits.append(byte)
                    if afterPoint { fractionDigits += 1 }
                }
            }
        }
        if digits.isEmpty { digits = [UInt8(ascii: "0")] }
        let scale = (exponentNegative ? -exponent : exponent) - fractionDigits
        return Number.decimal(digits: String(decoding: digits, as: UTF8.self), exponent: scale, negative: negative)
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
