/// Turns a result into display text like C's `%.{digits}g` (GNOME Calculator's `Serializer` keeps this apart from
/// the number type in the same way): rounded to `digits` significant digits, trailing zeros dropped, plain when the
/// decimal exponent is in -4 ..< digits, otherwise `d.ddde+N` / `d.ddde-N`. ASCII only; `-0` shows as `0`.
struct DisplayFormatter: Sendable {
    var digits: Int

    static let error = "Error"

    func string(_ number: Number) -> String {
        guard let (negative, mantissa, exponent) = number.roundedDecimal(digits: digits) else { return "0" }
        var result = negative ? "-" : ""
        if exponent >= -4 && exponent < digits {
            if exponent < 0 {
                result += "0." + String(repeating: "0", count: -exponent - 1) + mantissa
            } else if mantissa.count <= exponent + 1 {
                result += mantissa + String(repeating: "0", count: exponent + 1 - mantissa.count)
            } else {
                let split = mantissa.index(mantissa.startIndex, offsetBy: exponent + 1)
                result += mantissa[..<split] + "." + mantissa[split...]
            }
        } else {
            result += String(mantissa.prefix(1))
            if mantissa.count > 1 { result += "." + mantissa.dropFirst() }
            result += (exponent < 0 ? "e-" : "e+") + String(exponent.magnitude)
        }
        return result
    }
}
