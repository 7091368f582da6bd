import CMPFR

/// MPFR functions of one argument that the engine uses.
enum RealFunction: Sendable {
    case sqrt, cbrt, exp, exp10, exp2, ln, log10, log2
    case sin, cos, tan, asin, acos, atan
    case sinDegrees, cosDegrees, tanDegrees, asinDegrees, acosDegrees, atanDegrees
    case sinh, cosh, tanh, asinh, acosh, atanh
    case gamma
}

/// An MPFR float of any precision, made for one evaluation and never stored.
private final class WorkingReal {
    let pointer: UnsafeMutablePointer<__mpfr_struct>

    init(precision: mpfr_prec_t) {
        pointer = .allocate(capacity: 1)
        mpfr_init2(pointer, precision)
    }

    deinit {
        mpfr_clear(pointer)
        pointer.deallocate()
    }
}

extension Number {
    /// Bits an argument gets beyond the result's 256 before any condition number is counted.
    private static let guardBits = 64
    /// A rational argument never needs more: one of at most `Budget.maxRationalBits` bits is farther than 2^-300000
    /// from every multiple of π/2 (π's irrationality measure is below 7.2).
    private static let maxArgumentPrecision = 1 << 19

    /// The value as an MPFR float: a real as its own bits (exact), a rational rounded to `precision` bits.
    private func argument(precision: Int) -> (value: WorkingReal, exact: Bool) {
        switch self {
        case .real(let r):
            let copy = WorkingReal(precision: mpfr_get_prec(r.pointer))
            mpfr_set(copy.pointer, r.pointer, MPFR_RNDN)
            return (copy, true)
        case .rational(let q):
            let value = WorkingReal(precision: mpfr_prec_t(precision))
            return (value, mpfr_set_q(value.pointer, q.pointer, MPFR_RNDN) == 0)
        }
    }

    /// f(x) correctly rounded to 256 bits for the exact value of x. A real x is exactly its bits; a rational x is
    /// handed to MPFR with as many bits as the function's sensitivity to it needs (|x·f′(x)/f(x)| in bits on top
    /// of the result's), so that rounding it cannot reach the result: 10^300 radians keep their 700 fractional
    /// bits through MPFR's reduction by 2π, and ln(1 + 10^-80) sees the 10^-80.
    func real(_ function: RealFunction) -> Number {
        var precision = Int(RealBox.precision) + Self.guardBits + conditionBits(function)
        while true {
            let (x, exact) = argument(precision: precision)
            let box = RealBox()
            let ternary = Self.evaluate(function, box.pointer, x.pointer)
            if exact { return Number.finished(box, ternary) }
            // Only the radian functions learn their sensitivity from the result: near a multiple of π/2 (sin, tan)
            // or an odd one (cos, tan) the value is small, or large, however exact the reduction is.
            let needed = Int(RealBox.precision) + Self.guardBits + Self.resultConditionBits(function, x.pointer, box.pointer)
            if needed <= precision || precision >= Self.maxArgumentPrecision {
                return Number.finished(box, ternary == 0 ? 1 : ternary)
            }
            precision = min(max(needed, 2 * precision), Self.maxArgumentPrecision)
        }
    }

    /// The condition number of `function` at this (exact) value in bits: how many leading bits of the argument the
    /// result does not depend on. Worked out on the rational exactly; 0 for a real, which is used as it is.
    private func conditionBits(_ function: RealFunction) -> Int {
        guard case .rational = self else { return 0 }
        let size = max(0, (binaryMagnitude ?? 0) + 1)
        switch function {
        case .sin, .cos, .tan: return size
        // e^x is outside the range for |x| ≥ 2^15 whatever its digits, so more bits than that would be wasted.
        case .exp, .exp2, .exp10, .sinh, .cosh: return min(size, 32)
        case .ln, .log10, .log2, .acosh: return closeness(to: 1)
        case .asin, .acos, .atanh, .asinDegrees, .acosDegrees: return absolute.closeness(to: 1)
        case .gamma:
            // Γ(x) ≈ ±1/(n!·(x + n)) near a pole −n; elsewhere |x·ψ(x)| < 8·|x| in the budget's range.
            guard sign < 0, let pole = nearestInteger else { return size + 3 }
            return size + closeness(to: pole)
        case .sinDegrees, .cosDegrees, .tanDegrees: return size
        case .sqrt, .cbrt, .atan, .atanDegrees, .tanh, .asinh: return 0
        }
    }

    /// −log₂|x − point|: f(point + δ) is about δ (or √δ) there, so all of δ's bits must survive the rounding.
    private func closeness(to point: Int) -> Int {
        guard let magnitude = Number.field(.subtract, self, .integer(point)).binaryMagnitude else { return 0 }
        return max(0, 1 - magnitude)
    }

    /// For sin, cos and tan in radians, the condition number in bits seen from the argument and the result:
    /// |x|/|sin x| for sin and cos, |x|·(1 + tan²x)/|tan x| for tan.
    private static func resultConditionBits(_ function: RealFunction, _ x: UnsafeMutablePointer<__mpfr_struct>, _ y: UnsafeMutablePointer<__mpfr_struct>) -> Int {
        guard mpfr_regular_p(y) != 0, mpfr_regular_p(x) != 0 else { return 0 }
        let size = max(0, mpfr_get_exp(x)), scale = mpfr_get_exp(y)
        switch function {
        case .sin, .cos: return size - scale
        case .tan: return size + abs(scale) + 1
        default: return 0
        }
    }

    private static func evaluate(_ function: RealFunction, _ r: UnsafeMutablePointer<__mpfr_struct>, _ a: UnsafeMutablePointer<__mpfr_struct>) -> Int32 {
        switch function {
        case .sqrt: mpfr_sqrt(r, a, MPFR_RNDN)
        case .cbrt: mpfr_cbrt(r, a, MPFR_RNDN)
        case .exp: mpfr_exp(r, a, MPFR_RNDN)
        case .exp10: mpfr_exp10(r, a, MPFR_RNDN)
        case .exp2: mpfr_exp2(r, a, MPFR_RNDN)
        case .ln: mpfr_log(r, a, MPFR_RNDN)
        case .log10: mpfr_log10(r, a, MPFR_RNDN)
        case .log2: mpfr_log2(r, a, MPFR_RNDN)
        case .sin: mpfr_sin(r, a, MPFR_RNDN)
        case .cos: mpfr_cos(r, a, MPFR_RNDN)
        case .tan: mpfr_tan(r, a, MPFR_RNDN)
        case .asin: mpfr_asin(r, a, MPFR_RNDN)
        case .acos: mpfr_acos(r, a, MPFR_RNDN)
        case .atan: mpfr_atan(r, a, MPFR_RNDN)
        case .sinDegrees: mpfr_sinu(r, a, 360, MPFR_RNDN)
        case .cosDegrees: mpfr_cosu(r, a, 360, MPFR_RNDN)
        case .tanDegrees: mpfr_tanu(r, a, 360, MPFR_RNDN)
        case .asinDegrees: mpfr_asinu(r, a, 360, MPFR_RNDN)
        case .acosDegrees: mpfr_acosu(r, a, 360, MPFR_RNDN)
        case .atanDegrees: mpfr_atanu(r, a, 360, MPFR_RNDN)
        case .sinh: mpfr_sinh(r, a, MPFR_RNDN)
        case .cosh: mpfr_cosh(r, a, MPFR_RNDN)
        case .tanh: mpfr_tanh(r, a, MPFR_RNDN)
        case .asinh: mpfr_asinh(r, a, MPFR_RNDN)
        case .acosh: mpfr_acosh(r, a, MPFR_RNDN)
        case .atanh: mpfr_atanh(r, a, MPFR_RNDN)
        case .gamma: mpfr_gamma(r, a, MPFR_RNDN)
        }
    }

    /// base^exponent rounded to 256 bits. A rational base gets the exponent's integer bits on top (its rounding is
    /// multiplied by the exponent); the exponent gets 16 (|exponent · ln base| < 2^15 for any result in range).
    static func power(_ base: Number, _ exponent: Number) -> Number {
        let precision = Int(RealBox.precision) + guardBits
        let (x, exactBase) = base.argument(precision: precision + max(0, (exponent.binaryMagnitude ?? 0) + 1))
        let (y, exactExponent) = exponent.argument(precision: precision + 16)
        let box = RealBox()
        let ternary = mpfr_pow(box.pointer, x.pointer, y.pointer, MPFR_RNDN)
        return finished(box, exactBase && exactExponent ? ternary : (ternary == 0 ? 1 : ternary))
    }

    static func root(_ radicand: Number, _ index: Int) -> Number {
        let (x, exact) = radicand.argument(precision: Int(RealBox.precision) + guardBits)
        let box = RealBox()
        let ternary = mpfr_rootn_ui(box.pointer, x.pointer, UInt(index), MPFR_RNDN)
        return finished(box, exact ? ternary : (ternary == 0 ? 1 : ternary))
    }

    // MARK: integers and fractions, whatever their size

    /// For a rational p/q in lowest terms: whether p and q are odd (nil for a real). Decides the sign of a negative
    /// base's power (−1)^(p/q) without a machine-word limit: (−1)^(10^19) is 1.
    var fractionParity: (numeratorIsOdd: Bool, denominatorIsOdd: Bool)? {
        guard case .rational(let q) = self else { return nil }
        return (cmpfr_z_odd_p(cmpfr_q_num(q.pointer)) != 0, cmpfr_z_odd_p(cmpfr_q_den(q.pointer)) != 0)
    }

    /// Numerator and denominator of a rational when they fit in an Int.
    var fractionParts: (numerator: Int?, denominator: Int?) {
        guard case .rational(let q) = self else { return (nil, nil) }
        let numerator = cmpfr_q_num(q.pointer), denominator = cmpfr_q_den(q.pointer)
        return (
            cmpfr_z_fits_slong(numerator) != 0 ? cmpfr_z_get_si(numerator) : nil,
            cmpfr_z_fits_slong(denominator) != 0 ? cmpfr_z_get_si(denominator) : nil
        )
    }
}
