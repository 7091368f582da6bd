/// Turns a result into display text like C's `%.{digits}g` (GNOME Calculator's `Serializer` keeps this apart from
/// the number type in the same way): rounded to `digits` significant digits (to nearest, a tie to the even digit, on
/// the exact value), trailing zeros dropped, plain when the decimal exponent is in -4 ..< digits, otherwise
/// `d.ddde+N` / `d.ddde-N`. ASCII only; `-0` shows as `0`.
/// A session's `DisplayFormat` other than the standard one is applied in `DisplayFormat.swift`.
struct DisplayFormatter: Sendable {
    var digits: Int
    var format: DisplayFormat = .standard

    static let error = "Error"

    func string(_ number: Number) -> String {
        guard format.isStandard else { return formatted(number) }
        // An integer that needs no rounding (most results) shows as its decimal digits, plain: its exponent is below
        // `digits`. Made without GMP or the byte arrays below.
        if let integer = number.smallInteger(digits: digits) { return String(integer) }
        let negative: Bool, mantissa: [UInt8], exponent: Int
        switch number.shownDecimal(digits: digits) {
        case .zero: return "0"
        // Not a digit that may be wrong: the bounds of an inexact value straddle a rounding boundary even narrowed as
        // far as a display narrows them (`Budget.maxDisplayPrecision`); the state makes it an Error (precision).
        case .uncertain: return Self.error
        case .digits(let shown): (negative, mantissa, exponent) = shown
        }
        let zero = UInt8(ascii: "0"), point = UInt8(ascii: "."), minus = UInt8(ascii: "-")
        var text: [UInt8] = []
        text.reserveCapacity(mantissa.count + 10)
        if negative { text.append(minus) }
        if exponent >= -4 && exponent < digits {
            if exponent < 0 {
                text.append(zero)
                text.append(point)
                text.append(contentsOf: repeatElement(zero, count: -exponent - 1))
                text.append(contentsOf: mantissa)
            } else if mantissa.count <= exponent + 1 {
                text.append(contentsOf: mantissa)
                text.append(contentsOf: repeatElement(zero, count: exponent + 1 - mantissa.count))
            } else {
                text.append(contentsOf: mantissa[..<(exponent + 1)])
                text.append(point)
                text.append(contentsOf: mantissa[(exponent + 1)...])
            }
        } else {
            text.append(mantissa[0])
            if mantissa.count > 1 {
                text.append(point)
                text.append(contentsOf: mantissa[1...])
            }
            text.append(UInt8(ascii: "e"))
            text.append(exponent < 0 ? minus : UInt8(ascii: "+"))
            text.append(contentsOf: String(exponent.magnitude).utf8)
        }
        return String(decoding: text, as: UTF8.self)
    }
}
