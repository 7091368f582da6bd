import CMPFR

// The decimal digits a number shows: rounded exactly on its rational value, through GMP.
extension Number {
    /// Rounded to `digits` significant digits (to nearest, ties to even, computed exactly on the rational value):
    /// the decimal digits of the mantissa without trailing zeros and the decimal exponent of the first digit.
    func roundedDecimal(digits: Int) -> (negative: Bool, mantissa: [UInt8], exponent: Int)? {
        decimalRounding(.significant(digits), measuringMargin: false)?.decimal
    }

    /// `roundedDecimal` at `place`: nil for a value that rounds to zero there.
    func roundedDecimal(_ place: DecimalPlace) -> (negative: Bool, mantissa: [UInt8], exponent: Int)? {
        decimalRounding(place, measuringMargin: false)?.decimal
    }

    /// `roundedDecimal`, with how far the value lay from the nearest boundary between two roundings: |x| · 10^`shift`
    /// is its mantissa's integer to within a half, and lies at least 2^`margin` away from every half-integer (nil
    /// on one, or when not measured).
    private func decimalRounding(_ place: DecimalPlace, measuringMargin: Bool) -> (decimal: (negative: Bool, mantissa: [UInt8], exponent: Int), shift: Int, margin: Int?)? {
        guard !isZero else { return nil }
        // Keep the (possibly temporary) box alive while its pointer is in use.
        let exact = exactRational
        defer { withExtendedLifetime(exact) {} }
        let q = exact.pointer
        let negative = cmpfr_q_sgn(q) < 0
        let numerator = Scratch(), denominator = Scratch(), scaled = Scratch(), power = Scratch()
        cmpfr_z_abs(numerator.pointer, cmpfr_q_num(q))
        cmpfr_z_abs(denominator.pointer, cmpfr_q_den(q))
        let estimate = (Int(cmpfr_z_sizeinbase(numerator.pointer, 2)) - Int(cmpfr_z_sizeinbase(denominator.pointer, 2)))
        // log₁₀ 2 ≈ 0.30103, in integers (floor division) to stay clear of libm.
        var exponent = (estimate * 30103 - (estimate < 0 ? 99_999 : 0)) / 100_000
        // A fixed place scales by 10^places alone, and needs no exponent before it rounds (its caller keeps the
        // value's integer part short).
        let digits: Int, powers: PowersOfTen
        switch place {
        case .significant(let count): (digits, powers) = (count, PowersOfTen(near: exponent, digits: count))
        case .fixed: (digits, powers) = (1, PowersOfTen(near: 0, digits: 1))
        }
        // |x| ≥ 10^k ?
        func atLeast(_ k: Int) -> Bool {
            powers.power(Int(k.magnitude), into: power.pointer)
            if k >= 0 {
                cmpfr_z_mul(scaled.pointer, denominator.pointer, power.pointer)
                return cmpfr_z_cmp(numerator.pointer, scaled.pointer) >= 0
            } else {
                cmpfr_z_mul(scaled.pointer, numerator.pointer, power.pointer)
                return cmpfr_z_cmp(scaled.pointer, denominator.pointer) >= 0
            }
        }
        let shift: Int
        switch place {
        case .significant:
            while atLeast(exponent + 1) { exponent += 1 }
            while !atLeast(exponent) { exponent -= 1 }
            shift = digits - 1 - exponent
        case .fixed(let places): shift = places
        }
        // top / bottom = |x| · 10^shift; scaled and power are reused as top and bottom.
        let top = scaled, bottom = power
        powers.power(Int(shift.magnitude), into: bottom.pointer)
        if shift >= 0 {
            cmpfr_z_mul(top.pointer, numerator.pointer, bottom.pointer)
            cmpfr_z_mul_ui(bottom.pointer, denominator.pointer, 1)
        } else {
            cmpfr_z_mul(bottom.pointer, denominator.pointer, bottom.pointer)
            cmpfr_z_mul_ui(top.pointer, numerator.pointer, 1)
        }
        // top / bottom to the nearest integer, a tie to the even one (as IEEE 754 and MPFR round): up when twice
        // the remainder is more than bottom, or equal to it with an odd quotient.
        let mantissa = numerator, remainder = denominator
        cmpfr_z_fdiv_qr(mantissa.pointer, remainder.pointer, top.pointer, bottom.pointer)
        cmpfr_z_mul_ui(remainder.pointer, remainder.pointer, 2)
        let half = cmpfr_z_cmp(remainder.pointer, bottom.pointer)
        if half > 0 || (half == 0 && cmpfr_z_odd_p(mantissa.pointer) != 0) { cmpfr_z_add_ui(mantissa.pointer, mantissa.pointer, 1) }
        // The distance to the nearest half-integer is |bottom − 2·remainder| / (2·bottom), at least
        // 2^(bits of the numerator − 1 − bits of 2·bottom).
        var margin: Int?
        if measuringMargin, half != 0 {
            cmpfr_z_sub(remainder.pointer, bottom.pointer, remainder.pointer)
            cmpfr_z_abs(remainder.pointer, remainder.pointer)
            margin = Int(cmpfr_z_sizeinbase(remainder.pointer, 2)) - 1 - (Int(cmpfr_z_sizeinbase(bottom.pointer, 2)) + 1)
        }
        var buffer = [UInt8](repeating: 0, count: Int(cmpfr_z_sizeinbase(mantissa.pointer, 10)) + 2)
        buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { _ = cmpfr_z_get_str($0, mantissa.pointer) }
        }
        var length = buffer.firstIndex(of: 0) ?? buffer.count
        switch place {
        case .significant:
            if length > digits {
                // Rounded up to 10^digits: one more decimal place to the left.
                exponent += 1
                length = 1
            }
        case .fixed:
            // Below half a unit of the last place: zero there.
            if cmpfr_z_sgn(mantissa.pointer) == 0 { return nil }
            exponent = length - 1 - shift
        }
        while length > 1, buffer[length - 1] == UInt8(ascii: "0") { length -= 1 }
        buffer.removeSubrange(length...)
        return ((negative, buffer, exponent), shift, margin)
    }

    /// The digits shown: `roundedDecimal` of an exact value, and of a certified real the rounding all of its bounds
    /// agree on. Nearly always the value's own rounding lies farther from a boundary than the bounds are wide, which
    /// decides it; otherwise both ends are rounded. A mantissa of 1 (a power of ten) is decided by the ends too:
    /// below it, the roundings are a tenth as far apart. Bounds that straddle a boundary between two roundings (the
    /// value lies within 2^-128 of it) are narrowed from the derivation at 512, 1024, … bits, as `Arithmetic` narrows
    /// a result, up to `precision` bits; `.uncertain` past them (a value that is a tie, or within 2^-precision of one).
    func shownDecimal(_ place: DecimalPlace, refiningUpTo precision: Int = Budget.standard.maxDisplayPrecision) -> ShownDecimal {
        guard case .real(let box) = self, let certificate = box.certificate, !(certificate.explicitBounds?.isPoint ?? false) else {
            return roundedDecimal(place).map(ShownDecimal.digits) ?? .zero
        }
        if let rounding = decimalRounding(place, measuringMargin: true), let margin = rounding.margin, rounding.decimal.mantissa != Self.one,
            let radius = Self.radiusExponent(of: box, certificate), radius + Self.binaryExponentBound(ofPowerOfTen: rounding.shift) <= margin
        {
            return .digits(rounding.decimal)
        }
        let kept = certificate.bounds(of: box)
        var shown = Self.shownDecimal(within: kept, place)
        if case .bounds = certificate.derivation { return shown }
        var bits = kept.precision
        while case .uncertain = shown, bits < precision {
            bits *= 2
            guard let bounds = certificate.derivation.enclosure(precision: bits) else { continue }
            shown = Self.shownDecimal(within: bounds, place)
        }
        return shown
    }

    /// `shownDecimal` at `digits` significant digits.
    func shownDecimal(digits: Int) -> ShownDecimal { shownDecimal(.significant(digits)) }

    /// The rounding both ends of `bounds` agree on, and so every value between them; `.uncertain` when they do not.
    static func shownDecimal(within bounds: Enclosure, _ place: DecimalPlace) -> ShownDecimal {
        let lower = Number.real(bounds.end(upper: false)).roundedDecimal(place)
        let upper = Number.real(bounds.end(upper: true)).roundedDecimal(place)
        switch (lower, upper) {
        case (nil, nil): return .zero
        case (let lower?, let upper?) where lower.negative == upper.negative && lower.mantissa == upper.mantissa && lower.exponent == upper.exponent:
            return .digits(lower)
        default: return .uncertain
        }
    }

    /// `shownDecimal(within:_:)` at `digits` significant digits.
    static func shownDecimal(within bounds: Enclosure, digits: Int) -> ShownDecimal { shownDecimal(within: bounds, .significant(digits)) }

    /// The mantissa of a power of ten.
    private static let one = [UInt8(ascii: "1")]

    /// r such that every value within the bounds lies less than 2^r from `value`; nil when the bounds are not finite.
    private static func radiusExponent(of value: RealBox, _ certificate: Certificate) -> Int? {
        // A correctly rounded value is within one unit in its last place, 2^(exponent − precision).
        guard let bounds = certificate.explicitBounds else { return Int(mpfr_get_exp(value.pointer)) - Int(mpfr_get_prec(value.pointer)) + 1 }
        guard bounds.isFinite else { return nil }
        let distances = Enclosure.scratch()
        mpfr_sub(distances.lower, value.pointer, bounds.lower, MPFR_RNDU)
        mpfr_sub(distances.upper, bounds.upper, value.pointer, MPFR_RNDU)
        // |d| < 2^exponent(d) for MPFR's mantissa in [1/2, 1); a distance of 0 bounds nothing.
        let below = mpfr_zero_p(distances.lower) != 0 ? Int.min / 2 : Int(mpfr_get_exp(distances.lower))
        let above = mpfr_zero_p(distances.upper) != 0 ? Int.min / 2 : Int(mpfr_get_exp(distances.upper))
        return max(below, above)
    }

    /// e with 10^k ≤ 2^e: log₂ 10 rounded up for k ≥ 0, down for k < 0, in integers (floor division).
    private static func binaryExponentBound(ofPowerOfTen k: Int) -> Int {
        k >= 0 ? (k * 33_219_281 + 9_999_999) / 10_000_000 : -((-k * 33_219_280) / 10_000_000)
    }

    /// The value when it is an integer of at most `digits` decimal digits that fits a machine word (most results):
    /// such a number needs no rounding, and its display is its decimal digits.
    func smallInteger(digits: Int) -> Int? {
        guard case .rational(let box) = self, cmpfr_q_is_integer(box.pointer) != 0 else { return nil }
        let numerator = cmpfr_q_num(box.pointer)
        guard cmpfr_z_fits_slong(numerator) != 0 else { return nil }
        let value = cmpfr_z_get_si(numerator)
        // A machine word has at most 19 digits; below that, compare with 10^digits.
        if digits < 19 {
            var limit: UInt = 1
            for _ in 0..<max(digits, 0) { limit *= 10 }
            guard value.magnitude < limit else { return nil }
        }
        return value
    }
}

/// Where a display rounds a number: after a count of significant digits, or at a count of places after the point
/// (fixed notation, which shows a value's own decimals however many digits that takes).
enum DecimalPlace: Equatable {
    case significant(Int)
    case fixed(Int)
}

enum ShownDecimal {
    case zero
    case digits((negative: Bool, mantissa: [UInt8], exponent: Int))
    case uncertain
}
