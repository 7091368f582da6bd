import CMPFR

private typealias Real = UnsafeMutablePointer<__mpfr_struct>
private typealias UnaryMPFR = (Real, Real, mpfr_rnd_t) -> Int32

// Interval arithmetic on `Enclosure`: each result holds f(x) for every x in its arguments. Monotone functions map
// ends to ends; sin and cos take a ball (a centre and a radius) since |sin′| ≤ 1; x^y takes the corners, since
// y·ln x is bilinear; Γ is monotone where ψ keeps its sign. nil when the bounds at this precision cannot decide
// (a divisor that may be 0, an argument across a pole or wholly outside the domain): more precision may.
extension Enclosure {
    static func sum(_ a: Enclosure, _ b: Enclosure, precision: Int) -> Enclosure {
        let result = Enclosure(precision: precision)
        mpfr_add(result.lower, a.lower, b.lower, MPFR_RNDD)
        mpfr_add(result.upper, a.upper, b.upper, MPFR_RNDU)
        return result
    }

    static func difference(_ a: Enclosure, _ b: Enclosure, precision: Int) -> Enclosure {
        let result = Enclosure(precision: precision)
        mpfr_sub(result.lower, a.lower, b.upper, MPFR_RNDD)
        mpfr_sub(result.upper, a.upper, b.lower, MPFR_RNDU)
        return result
    }

    static func product(_ a: Enclosure, _ b: Enclosure, precision: Int) -> Enclosure? {
        corners(a, b, precision: precision) { mpfr_mul($0, $1, $2, $3) }
    }

    static func quotient(_ a: Enclosure, _ b: Enclosure, precision: Int) -> Enclosure? {
        if b.containsZero { return nil }
        return corners(a, b, precision: precision) { mpfr_div($0, $1, $2, $3) }
    }

    /// The least and greatest of f at the four corners of a × b, each rounded outward; nil when one is not a number.
    private static func corners(_ a: Enclosure, _ b: Enclosure, precision: Int, _ f: (Real, Real, Real, mpfr_rnd_t) -> Int32) -> Enclosure? {
        let result = Enclosure(precision: precision)
        let value = Enclosure(precision: precision)
        mpfr_set_inf(result.lower, 1)
        mpfr_set_inf(result.upper, -1)
        for x in [a.lower, a.upper] {
            for y in [b.lower, b.upper] {
                _ = f(value.lower, x, y, MPFR_RNDD)
                _ = f(value.upper, x, y, MPFR_RNDU)
                if mpfr_nan_p(value.lower) != 0 || mpfr_nan_p(value.upper) != 0 { return nil }
                mpfr_min(result.lower, result.lower, value.lower, MPFR_RNDD)
                mpfr_max(result.upper, result.upper, value.upper, MPFR_RNDU)
            }
        }
        return result
    }

    /// f over the interval for an f that increases (or decreases) on it.
    private func image(precision: Int, increasing: Bool = true, _ f: UnaryMPFR) -> Enclosure {
        let result = Enclosure(precision: precision)
        _ = f(result.lower, increasing ? lower : upper, MPFR_RNDD)
        _ = f(result.upper, increasing ? upper : lower, MPFR_RNDU)
        return result
    }

    /// The part of the interval inside [from, to] (either end may be open-ended); nil when none of it is. The value
    /// the interval stands for passed the domain check of its operation, so only the rounding reaches outside.
    private func clipped(from: Int? = nil, to: Int? = nil) -> Enclosure? {
        guard isFinite else { return nil }
        if let from, mpfr_cmp_si(upper, from) < 0 { return nil }
        if let to, mpfr_cmp_si(lower, to) > 0 { return nil }
        let result = rounded(to: precision)
        if let from, mpfr_cmp_si(lower, from) < 0 { mpfr_set_si(result.lower, from, MPFR_RNDD) }
        if let to, mpfr_cmp_si(upper, to) > 0 { mpfr_set_si(result.upper, to, MPFR_RNDU) }
        return result
    }

    /// |x| over the interval.
    private var magnitude: Enclosure {
        if mpfr_sgn(lower) >= 0 { return self }
        if mpfr_sgn(upper) <= 0 { return negated }
        let result = Enclosure(precision: precision)
        mpfr_set_zero(result.lower, 1)
        // max(−lower, upper), negated in place (exact at the same precision): a pointer read from a temporary
        // interval (`negated.upper`) points into freed memory, as the temporary ends once its pointer is read.
        mpfr_neg(result.upper, lower, MPFR_RNDU)
        mpfr_max(result.upper, result.upper, upper, MPFR_RNDU)
        return result
    }

    // MARK: powers and roots

    /// x^y for the exact exponent value `exponent` (which decides the sign of a negative base, as `Arithmetic` does).
    static func power(_ x: Enclosure, _ y: Enclosure, exponent: Number, precision: Int) -> Enclosure? {
        if mpfr_sgn(x.lower) >= 0 { return corners(x, y, precision: precision) { mpfr_pow($0, $1, $2, $3) } }
        guard let parity = exponent.fractionParity, parity.denominatorIsOdd else { return nil }
        if mpfr_sgn(x.upper) > 0 {
            // Across 0: only a positive integer exponent is defined on both sides; an odd one increases throughout.
            guard exponent.isInteger, exponent.sign > 0 else { return nil }
            guard parity.numeratorIsOdd else { return corners(x.magnitude, y, precision: precision) { mpfr_pow($0, $1, $2, $3) } }
            let below = corners(x.negated.magnitude, y, precision: precision) { mpfr_pow($0, $1, $2, $3) }
            let above = corners(x.magnitude, y, precision: precision) { mpfr_pow($0, $1, $2, $3) }
            guard let below, let above else { return nil }
            let result = Enclosure(precision: precision)
            mpfr_neg(result.lower, below.upper, MPFR_RNDD)
            mpfr_set(result.upper, above.upper, MPFR_RNDU)
            return result
        }
        let magnitude = corners(x.negated, y, precision: precision) { mpfr_pow($0, $1, $2, $3) }
        return parity.numeratorIsOdd ? magnitude?.negated : magnitude
    }

    /// The n-th root for an integer n ≥ 1 (odd n for a negative radicand): increasing.
    func root(_ n: Int, precision: Int) -> Enclosure {
        image(precision: precision) { mpfr_rootn_ui($0, $1, UInt(n), $2) }
    }

    // MARK: functions of one value

    func applying(_ function: UnaryFunction, angle: AngleUnit, precision p: Int) -> Enclosure? {
        switch function {
        case .square: return Self.product(magnitude, magnitude, precision: p)
        case .cube: return image(precision: p) { mpfr_pow_ui($0, $1, 3, $2) }
        case .reciprocal:
            let one = Enclosure(precision: p)
            mpfr_set_ui(one.lower, 1, MPFR_RNDN)
            mpfr_set_ui(one.upper, 1, MPFR_RNDN)
            return Self.quotient(one, self, precision: p)
        case .squareRoot: return clipped(from: 0)?.image(precision: p) { mpfr_sqrt($0, $1, $2) }
        case .cubeRoot: return image(precision: p) { mpfr_cbrt($0, $1, $2) }
        case .exp: return image(precision: p) { mpfr_exp($0, $1, $2) }
        case .pow10: return image(precision: p) { mpfr_exp10($0, $1, $2) }
        case .pow2: return image(precision: p) { mpfr_exp2($0, $1, $2) }
        case .ln: return clipped(from: 0)?.image(precision: p) { mpfr_log($0, $1, $2) }
        case .log10: return clipped(from: 0)?.image(precision: p) { mpfr_log10($0, $1, $2) }
        case .log2: return clipped(from: 0)?.image(precision: p) { mpfr_log2($0, $1, $2) }
        case .factorial: return p > Budget.standard.maxGammaPrecision ? nil : gammaOfSuccessor(precision: p)
        case .sin, .cos: return periodic(function, angle: angle, precision: p)
        case .tan:
            guard let sine = periodic(.sin, angle: angle, precision: p), let cosine = periodic(.cos, angle: angle, precision: p) else { return nil }
            return Self.quotient(sine, cosine, precision: p)
        case .asin, .acos, .atan: return inverse(function, angle: angle, precision: p)
        case .sinh: return image(precision: p) { mpfr_sinh($0, $1, $2) }
        case .cosh: return magnitude.image(precision: p) { mpfr_cosh($0, $1, $2) }
        case .tanh: return image(precision: p) { mpfr_tanh($0, $1, $2) }
        case .asinh: return image(precision: p) { mpfr_asinh($0, $1, $2) }
        case .acosh: return clipped(from: 1)?.image(precision: p) { mpfr_acosh($0, $1, $2) }
        case .atanh: return clipped(from: -1, to: 1)?.image(precision: p) { mpfr_atanh($0, $1, $2) }
        }
    }

    /// The turn in the angle unit: MPFR's sinu and friends take an angle in units of which a turn has `u`.
    private static func turn(_ angle: AngleUnit) -> UInt? {
        switch angle {
        case .rad: nil
        case .deg: 360
        case .grad: 400
        }
    }

    /// sin or cos over a ball: f(c ± r) lies within f(c) ± r·L, where L is 1 in radians and 2π/turn (below 1/57
    /// for degrees and gradians) otherwise. The lower end is the centre, the width the radius.
    private func periodic(_ function: UnaryFunction, angle: AngleUnit, precision p: Int) -> Enclosure? {
        guard isFinite else { return nil }
        let turn = Self.turn(angle)
        let radius = Self.scratch()
        mpfr_sub(radius.lower, upper, lower, MPFR_RNDU)
        if turn != nil { mpfr_div_ui(radius.lower, radius.lower, 57, MPFR_RNDU) }
        let result = Enclosure(precision: p)
        for (end, rounding) in [(result.lower, MPFR_RNDD), (result.upper, MPFR_RNDU)] {
            switch (function, turn) {
            case (.sin, nil): mpfr_sin(end, lower, rounding)
            case (.sin, let u?): mpfr_sinu(end, lower, u, rounding)
            case (_, nil): mpfr_cos(end, lower, rounding)
            case (_, let u?): mpfr_cosu(end, lower, u, rounding)
            }
        }
        mpfr_sub(result.lower, result.lower, radius.lower, MPFR_RNDD)
        mpfr_add(result.upper, result.upper, radius.lower, MPFR_RNDU)
        if mpfr_cmp_si(result.lower, -1) < 0 { mpfr_set_si(result.lower, -1, MPFR_RNDN) }
        if mpfr_cmp_si(result.upper, 1) > 0 { mpfr_set_si(result.upper, 1, MPFR_RNDN) }
        return result
    }

    /// asin and atan increase, acos decreases, in every unit.
    private func inverse(_ function: UnaryFunction, angle: AngleUnit, precision p: Int) -> Enclosure? {
        let turn = Self.turn(angle)
        let domain = function == .atan ? self : clipped(from: -1, to: 1)
        return domain?.image(precision: p, increasing: function != .acos) { result, x, rounding in
            switch (function, turn) {
            case (.asin, nil): mpfr_asin(result, x, rounding)
            case (.asin, let u?): mpfr_asinu(result, x, u, rounding)
            case (.acos, nil): mpfr_acos(result, x, rounding)
            case (.acos, let u?): mpfr_acosu(result, x, u, rounding)
            case (_, nil): mpfr_atan(result, x, rounding)
            case (_, let u?): mpfr_atanu(result, x, u, rounding)
            }
        }
    }

    /// x! = Γ(x + 1). Γ is monotone wherever ψ = Γ′/Γ keeps one sign, and ψ increases between poles; nil when the
    /// interval holds a pole or the turning point of Γ.
    private func gammaOfSuccessor(precision p: Int) -> Enclosure? {
        let argument = Enclosure(precision: p + 8)
        mpfr_add_ui(argument.lower, lower, 1, MPFR_RNDD)
        mpfr_add_ui(argument.upper, upper, 1, MPFR_RNDU)
        let gamma: UnaryMPFR = { mpfr_gamma($0, $1, $2) }
        if mpfr_equal_p(argument.lower, argument.upper) != 0 { return argument.image(precision: p, gamma) }
        if mpfr_sgn(argument.lower) <= 0 {
            // Between two poles −n − 1 and −n: both ends share their integer part.
            let floors = Enclosure(precision: p + 8)
            mpfr_floor(floors.lower, argument.lower)
            mpfr_floor(floors.upper, argument.upper)
            guard mpfr_sgn(argument.upper) < 0, mpfr_equal_p(floors.lower, floors.upper) != 0,
                mpfr_equal_p(floors.lower, argument.lower) == 0
            else { return nil }
        }
        let digamma = Enclosure(precision: 64)
        mpfr_digamma(digamma.lower, argument.lower, MPFR_RNDD)
        mpfr_digamma(digamma.upper, argument.upper, MPFR_RNDU)
        guard digamma.isFinite, !digamma.containsZero else { return nil }
        let ends = Enclosure(precision: p)
        let result = argument.image(precision: p, gamma)
        // Increasing or decreasing, the values at the two ends bound it: take their hull.
        mpfr_gamma(ends.lower, argument.upper, MPFR_RNDD)
        mpfr_gamma(ends.upper, argument.lower, MPFR_RNDU)
        mpfr_min(result.lower, result.lower, ends.lower, MPFR_RNDD)
        mpfr_max(result.upper, result.upper, ends.upper, MPFR_RNDU)
        return result
    }
}
