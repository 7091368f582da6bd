import CMPFR

/// A closed interval [lower, upper] of two MPFR values at one precision, each rounded outward, so that the real it
/// stands for lies between them whatever the roundings on the way were. Filled once, then only read. `lower` and
/// `upper` are lent to MPFR only from an interval held in a name for the call: Swift ends a temporary (`negated`,
/// `rounded(to:)`) as soon as its pointer is read, before the call that uses it, and frees its values with it.
final class Enclosure: @unchecked Sendable {
    let lower: UnsafeMutablePointer<__mpfr_struct>
    let upper: UnsafeMutablePointer<__mpfr_struct>

    init(precision: Int) {
        lower = .allocate(capacity: 1)
        upper = .allocate(capacity: 1)
        mpfr_init2(lower, mpfr_prec_t(precision))
        mpfr_init2(upper, mpfr_prec_t(precision))
    }

    deinit {
        mpfr_clear(lower)
        mpfr_clear(upper)
        lower.deallocate()
        upper.deallocate()
    }

    var precision: Int { Int(mpfr_get_prec(lower)) }

    /// The rational between its roundings down and up.
    convenience init(_ q: RationalBox, precision: Int) {
        self.init(precision: precision)
        mpfr_set_q(lower, q.pointer, MPFR_RNDD)
        mpfr_set_q(upper, q.pointer, MPFR_RNDU)
    }

    convenience init(_ constant: RealConstant, precision: Int) {
        self.init(precision: precision)
        switch constant {
        case .pi:
            mpfr_const_pi(lower, MPFR_RNDD)
            mpfr_const_pi(upper, MPFR_RNDU)
        case .e:
            mpfr_set_ui(upper, 1, MPFR_RNDN)
            mpfr_exp(lower, upper, MPFR_RNDD)
            mpfr_exp(upper, upper, MPFR_RNDU)
        }
    }

    /// The neighbours of a correctly rounded value: the true value lies within half a unit in its last place.
    convenience init(rounding point: RealBox) {
        self.init(precision: Int(mpfr_get_prec(point.pointer)))
        mpfr_set(lower, point.pointer, MPFR_RNDN)
        mpfr_set(upper, point.pointer, MPFR_RNDN)
        mpfr_nextbelow(lower)
        mpfr_nextabove(upper)
    }

    /// Whether the bounds are those of `init(rounding:)` around `point`.
    func isRounding(of point: RealBox) -> Bool { isEqual(to: Enclosure(rounding: point)) }

    /// A value known only to within a relative 2^-`bits` of `point`: a real stored before bounds were kept, which
    /// was rounded at every step, bounded as the rounding noise the engine allowed for then.
    convenience init(around point: RealBox, relativeBits bits: Int) {
        self.init(precision: Int(mpfr_get_prec(point.pointer)))
        mpfr_set(lower, point.pointer, MPFR_RNDD)
        mpfr_set(upper, point.pointer, MPFR_RNDU)
        guard mpfr_regular_p(point.pointer) != 0 else { return }
        let noise = Enclosure.scratch()
        mpfr_set_ui_2exp(noise.lower, 1, mpfr_get_exp(point.pointer) - bits, MPFR_RNDU)
        mpfr_sub(lower, lower, noise.lower, MPFR_RNDD)
        mpfr_add(upper, upper, noise.lower, MPFR_RNDU)
    }

    /// The same interval at `precision` bits, rounded outward (so never narrower than the original).
    func rounded(to precision: Int) -> Enclosure {
        let result = Enclosure(precision: precision)
        mpfr_set(result.lower, lower, MPFR_RNDD)
        mpfr_set(result.upper, upper, MPFR_RNDU)
        return result
    }

    var negated: Enclosure {
        let result = Enclosure(precision: precision)
        mpfr_neg(result.lower, upper, MPFR_RNDD)
        mpfr_neg(result.upper, lower, MPFR_RNDU)
        return result
    }

    // MARK: what the bounds decide

    var isFinite: Bool { mpfr_number_p(lower) != 0 && mpfr_number_p(upper) != 0 }

    var isPoint: Bool { isFinite && mpfr_equal_p(lower, upper) != 0 }

    func isEqual(to other: Enclosure) -> Bool { mpfr_equal_p(lower, other.lower) != 0 && mpfr_equal_p(upper, other.upper) != 0 }

    var containsZero: Bool { mpfr_sgn(lower) <= 0 && mpfr_sgn(upper) >= 0 }

    /// Both ends have one sign and differ by at most a relative 2^-`bits`: the value's leading `bits` bits are known.
    func isNarrow(bits: Int) -> Bool {
        guard isFinite, !containsZero else { return false }
        if mpfr_equal_p(lower, upper) != 0 { return true }
        let width = Enclosure.scratch()
        mpfr_sub(width.lower, upper, lower, MPFR_RNDU)
        return mpfr_get_exp(width.lower) <= min(mpfr_get_exp(lower), mpfr_get_exp(upper)) - bits
    }

    /// 1 when the whole interval lies above `k`, −1 when below; nil when it holds `k`.
    func side(of k: Int) -> Int? {
        if mpfr_cmp_si(lower, k) > 0 { return 1 }
        if mpfr_cmp_si(upper, k) < 0 { return -1 }
        return nil
    }

    /// |x| < 2^`exponent` for every x in the interval.
    func isBelow(binaryExponent exponent: Int) -> Bool {
        guard isFinite else { return false }
        return (mpfr_zero_p(lower) != 0 || mpfr_get_exp(lower) <= exponent) && (mpfr_zero_p(upper) != 0 || mpfr_get_exp(upper) <= exponent)
    }

    func contains(_ point: RealBox) -> Bool {
        mpfr_number_p(point.pointer) != 0 && mpfr_lessequal_p(lower, point.pointer) != 0 && mpfr_lessequal_p(point.pointer, upper) != 0
    }

    /// The midpoint rounded to a 256-bit value: the value the engine carries for a result whose own rounding lay
    /// outside the bounds.
    var midpoint: RealBox {
        let box = RealBox()
        let sum = Enclosure(precision: precision + 1)
        mpfr_add(sum.lower, lower, upper, MPFR_RNDN)
        mpfr_div_2ui(box.pointer, sum.lower, 1, MPFR_RNDN)
        return box
    }

    /// The value when both ends are the same number of at most 256 bits: exact, as a rational when it is short.
    var exactValue: Number? {
        guard isPoint, mpfr_min_prec(lower) <= RealBox.precision else { return nil }
        let box = RealBox()
        mpfr_set(box.pointer, lower, MPFR_RNDN)
        let value = Number.finished(box, 0)
        if case .real(let real) = value { real.certificate = Certificate(bounds: rounded(to: Int(RealBox.precision)), derivation: .bounds) }
        return value
    }

    /// The lower or upper end, exactly (at the bounds' precision), for the digits a display shows: bounds narrowed
    /// past 256 bits to decide a digit would lose what decides it if rounded back.
    func end(upper isUpper: Bool) -> RealBox {
        let box = RealBox(precision: mpfr_get_prec(lower))
        mpfr_set(box.pointer, isUpper ? upper : lower, MPFR_RNDN)
        return box
    }

    /// Two 64-bit values for small intermediate quantities (a width, a radius).
    static func scratch() -> Enclosure { Enclosure(precision: 64) }

    // MARK: persistence

    /// "lower:upper:value" as hexadecimal floats, exact: bounds kept alone, and the 256-bit value inside them.
    func encoded(value: RealBox) -> String {
        Self.hexadecimal(lower) + ":" + Self.hexadecimal(upper) + ":" + Self.hexadecimal(value.pointer)
    }

    /// A value as its exact hexadecimal text, as `encoded(value:)` writes each part.
    static func encoded(_ value: RealBox) -> String { hexadecimal(value.pointer) }

    /// The value of `encoded(_:)`; nil when malformed.
    static func decodedValue(_ text: Substring) -> RealBox? {
        guard text.allSatisfy({ $0.isHexDigit || "-@".contains($0) }) else { return nil }
        let value = RealBox()
        guard mpfr_set_str(value.pointer, String(text), 16, MPFR_RNDN) == 0, mpfr_number_p(value.pointer) != 0 else { return nil }
        return value
    }

    /// The bounds and value of `encoded(value:)`; nil when malformed or the value lies outside its bounds.
    static func decoded(_ text: Substring) -> (bounds: Enclosure, value: RealBox)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ $0.allSatisfy { $0.isHexDigit || "-@".contains($0) } }) else { return nil }
        let bounds = Enclosure(precision: Int(RealBox.precision))
        let value = RealBox()
        guard mpfr_set_str(bounds.lower, String(parts[0]), 16, MPFR_RNDD) == 0, mpfr_set_str(bounds.upper, String(parts[1]), 16, MPFR_RNDU) == 0,
            mpfr_set_str(value.pointer, String(parts[2]), 16, MPFR_RNDN) == 0, bounds.contains(value)
        else { return nil }
        return (bounds, value)
    }

    private static func hexadecimal(_ x: UnsafeMutablePointer<__mpfr_struct>) -> String {
        if mpfr_zero_p(x) != 0 { return "0" }
        var exponent: mpfr_exp_t = 0
        guard let raw = mpfr_get_str(nil, &exponent, 16, 0, x, MPFR_RNDN) else { return "0" }
        defer { mpfr_free_str(raw) }
        var digits = String(cString: raw)
        let negative = digits.hasPrefix("-")
        if negative { digits.removeFirst() }
        // 0.DIGITS (hex) × 16^exponent, written as MPFR reads base-16 text: DIGITS@(exponent − count) with '@' for 16^.
        return (negative ? "-" : "") + digits + "@" + String(exponent - digits.count)
    }
}
