/// Every digit shown is right (H.-J. Boehm's `UnifiedReal` in Android's calculator is the model). An exact result
/// stays an exact rational. An inexact one is a 256-bit value with a certificate: bounds that hold its true value,
/// narrowed until they agree on `certainBits` bits, and the derivation they come from (`Derivation.swift`), so that
/// the steps after it can narrow them further. The bounds are first worked out at 256 bits from the operands' own;
/// when they are too wide (cancellation, a huge argument of sin) the derivation is recomputed from its exact
/// rationals at twice the precision, and again (Ziv's strategy), up to `Budget.maxCertifyingPrecision` bits (or as far
/// as the bound `ClimbMeter` lets it), past which the result is Error (precision). What is exact by its form is
/// recognised before any of that: sin of a rational multiple of π, √(x²), ln eˣ, x − x.
extension Arithmetic {
    /// Bits on which a certified value's bounds agree: 32 shown digits need 107.
    static let certainBits = 128

    func apply(_ op: BinaryOperator, _ a: Number, _ b: Number) -> Outcome {
        // Exact operands, the common case: an exact result or an error is final as it is, and only a real needs
        // the derivation (made here, not before, so that an exact press builds none).
        if a.isRational && b.isRational {
            let outcome = evaluate(op, a, b)
            guard case .success(.real) = outcome else { return outcome }
            return certified(outcome, .binary(op, a, b))
        }
        if let known = recognised(op, a, b) { return known }
        let outcome = evaluate(op, a, b)
        // A base whose 256-bit rounding is 1 may not be 1 (1 + 10^-8000 past the rational budget): its bounds decide.
        if case .failure = outcome, op == .logBase, !b.isRational, b.compare(toInteger: 1) == 0 {
            return narrowed(nil, .binary(op, a, b), climbed: false)
        }
        return certified(outcome, .binary(op, a, b))
    }

    func apply(_ function: UnaryFunction, _ x: Number, angle: AngleUnit) -> Outcome {
        if x.isRational {
            let outcome = evaluate(function, x, angle: angle)
            guard case .success(.real) = outcome else { return outcome }
            return certified(outcome, .unary(function, angle, x))
        }
        if let known = recognised(function, x, angle: angle) { return known }
        var x = x
        var climbed = false
        for (edge, outside) in domainEdges(function) where !x.isRational {
            // The rounding of a value within 2^-128 of ±1 may lie on the other side of it (e^(10^-3000) is above 1).
            guard let side = certainSide(of: x, edge, climbed: &climbed) else { return .failure(.precision) }
            if side == outside { return evaluate(function, .integer(edge + outside), angle: angle) }
            if side == 0 {
                x = .integer(edge)
                break
            }
        }
        let outcome = evaluate(function, x, angle: angle)
        if case .failure = outcome, !x.isRational, roundingMayFail(function, x) {
            return narrowed(nil, .unary(function, angle, x), climbed: climbed)
        }
        return certified(outcome, .unary(function, angle, x), climbed: climbed)
    }

    /// Whether a function's failure on the 256-bit rounding of an inexact argument may be the rounding's alone, so
    /// that the argument's bounds decide instead: an argument its domain edges have been found inside (the rounding
    /// of 1 − 10^-9000 is 1, where atanh has no value), one beside a pole of tan (whose rounding may be on it), and
    /// one beside a negative integer for x! (whose rounding may be it). Other failures are the true value's: the
    /// rounding keeps the sign, so a logarithm or root of a positive value never fails for it.
    private func roundingMayFail(_ function: UnaryFunction, _ x: Number) -> Bool {
        switch function {
        case .asin, .acos, .atanh, .acosh, .tan: true
        case .factorial: x.isInteger && x.sign < 0
        default: false
        }
    }

    /// The ends of a domain where a value is decided by comparing it with ±1, and the side of each end outside.
    private func domainEdges(_ function: UnaryFunction) -> [(edge: Int, outside: Int)] {
        switch function {
        case .asin, .acos, .atanh: [(1, 1), (-1, -1)]
        case .acosh: [(1, -1)]
        default: []
        }
    }

    /// Which side of `edge` x lies on, from its bounds narrowed as far as the budget allows; nil past the budget. A
    /// value equal to the edge by its form is exact before this is asked (√2·√2 ÷ 2 is 1); one that only comes
    /// closer than any bound can tell is not taken for it, since a digit that is not certain is not shown. `climbed`
    /// is set when it went past 256 bits.
    func certainSide(of x: Number, _ edge: Int, climbed: inout Bool) -> Int? {
        var precision = Int(RealBox.precision)
        while true {
            if let bounds = x.enclosure(precision: precision), let side = bounds.side(of: edge) { return side }
            guard Climbs.permit(precision * 2, budget: budget) else { return nil }
            precision *= 2
            climbed = true
        }
    }

    /// The 256-bit outcome with its certificate. A rational from exact operands is exact; from an inexact one it
    /// is only the rounding's verdict (10^80 + π − 10^80 rounds to 0), which the bounds overrule. `climbed`: deciding
    /// the operand already took a climb.
    private func certified(_ outcome: Outcome, _ derivation: Derivation, climbed: Bool = false) -> Outcome {
        guard case .success(let value) = outcome else { return outcome }
        switch value {
        case .rational: if derivation.operands.allSatisfy(\.isRational) { return outcome }
        case .real(let box):
            if box.certificate != nil { return outcome }
            if isCorrectlyRounded(derivation) {
                box.certificate = Certificate(roundingWith: derivation)
                return outcome
            }
        }
        return narrowed(value, derivation, climbed: climbed)
    }

    /// The derivation's bounds, narrowed by doubling precision until they decide the value; `value` is the 256-bit
    /// rounding when there is one.
    private func narrowed(_ value: Number?, _ derivation: Derivation, climbed: Bool) -> Outcome {
        var precision = Int(RealBox.precision)
        while true {
            if let bounds = derivation.enclosure(precision: precision) {
                if let exact = bounds.exactValue { return checked(exact) }
                if bounds.isNarrow(bits: Self.certainBits) { return checked(certifiedReal(value, bounds, derivation, climbed: climbed || precision > RealBox.precision)) }
                // Bounds around 0 that no precision separates from it are Error (precision), not 0: only a value
                // that is 0 by its form (`recognised`) shows 0, however close to 0 the bounds come.
            }
            guard Climbs.permit(precision * 2, budget: budget) else { return .failure(.precision) }
            precision *= 2
        }
    }

    /// Whether `evaluate` gives MPFR's correctly rounded value of the operation: one function of exact operands, its
    /// argument given as many bits as the function's condition number needs (`Number+Functions+C.swift`; what
    /// scripts/precision-test checks). Not tan in degrees or gradians, nor the inverse functions in gradians, which
    /// round twice.
    private func isCorrectlyRounded(_ derivation: Derivation) -> Bool {
        switch derivation {
        case .unary(let function, let angle, let x):
            guard x.isRational else { return false }
            switch function {
            case .tan: return angle == .rad
            case .asin, .acos, .atan: return angle != .grad
            default: return true
            }
        case .binary(.power, let a, let b): return a.isRational && b.isRational
        default: return false
        }
    }

    private func certifiedReal(_ value: Number?, _ bounds: Enclosure, _ derivation: Derivation, climbed: Bool) -> Number {
        let kept = bounds.precision > RealBox.precision ? bounds.rounded(to: Int(RealBox.precision)) : bounds
        let box: RealBox
        if case .real(let rounding)? = value, kept.contains(rounding) { box = rounding } else { box = kept.midpoint }
        box.certificate = Certificate(
            bounds: kept, derivation: derivation.size > budget.maxDerivationSize ? .bounds : derivation, climbed: climbed)
        return .real(box)
    }

    // MARK: exact by form

    private func recognised(_ op: BinaryOperator, _ a: Number, _ b: Number) -> Outcome? {
        if a.isRational && b.isRational { return nil }
        // An exact 1 or 0 leaves the other operand as it is, and eʸ is exp y: so e^e^e − e^e^e × 1 is 0 by its form.
        switch op {
        case .multiply where b.isExactly(1), .divide where b.isExactly(1), .add where b.isExactly(0), .subtract where b.isExactly(0):
            return .success(a)
        case .multiply where a.isExactly(1), .add where a.isExactly(0):
            return .success(b)
        case .power:
            if case .constant(.e) = a.derivation { return apply(.exp, b, angle: .rad) }
        default: break
        }
        switch op {
        case .subtract where a.isSameReal(as: b): return .success(.integer(0))
        case .divide where a.isSameReal(as: b): return .success(.integer(1))
        case .multiply where a.isSameReal(as: b): return apply(.square, a, angle: .rad)
        case .multiply where a.argument(of: .squareRoot)?.isRational == true && b.argument(of: .squareRoot)?.isRational == true:
            // √p·√q = √(pq) and √p ÷ √q = √(p/q) for rationals p, q ≥ 0, as UnifiedReal does: √2·√3 − √6 is 0.
            return rootOfRationals(.multiply, a, b)
        case .divide where a.argument(of: .squareRoot)?.isRational == true && b.argument(of: .squareRoot)?.isRational == true:
            return rootOfRationals(.divide, a, b)
        case .add, .subtract:
            guard let p = a.piMultiple, let q = b.piMultiple, Number.field(op == .add ? .add : .subtract, p, q).isZero else { return nil }
            return .success(.integer(0))
        case .divide:
            guard let p = a.piMultiple, let q = b.piMultiple, !q.isZero else { return nil }
            return checked(Number.field(.divide, p, q))
        case .power:
            guard b == .integer(2), let radicand = a.argument(of: .squareRoot) else { return nil }
            return .success(radicand)
        default: return nil
        }
    }

    /// √(p op q) for a = √p and b = √q, p and q rational (q not 0 for ÷: √q is then not 0 either).
    private func rootOfRationals(_ op: BinaryOperator, _ a: Number, _ b: Number) -> Outcome {
        guard case .unary(_, let angle, let p) = a.derivation, let q = b.argument(of: .squareRoot) else {
            return certified(evaluate(op, a, b), .binary(op, a, b))
        }
        return apply(.squareRoot, Number.field(op == .multiply ? .multiply : .divide, p, q), angle: angle)
    }

    /// A function of its own inverse gives back the operand (which its domain check admitted); sin, cos and tan
    /// of q·π radians are those of 180·q degrees, exact where those are: sin(π·10^15) is 0.
    private func recognised(_ function: UnaryFunction, _ x: Number, angle: AngleUnit) -> Outcome? {
        guard case .real = x else { return nil }
        let inverse: UnaryFunction?
        switch function {
        case .square: inverse = .squareRoot
        case .cube: inverse = .cubeRoot
        case .cubeRoot: inverse = .cube
        case .exp: inverse = .ln
        case .ln:
            if case .constant(.e) = x.derivation { return .success(.integer(1)) }
            inverse = .exp
        case .pow10: inverse = .log10
        case .log10: inverse = .pow10
        case .pow2: inverse = .log2
        case .log2: inverse = .pow2
        case .reciprocal: inverse = .reciprocal
        case .squareRoot:
            if let c = x.argument(of: .square) { return .success(c.absolute) }
            inverse = nil
        case .sin, .cos, .tan:
            guard angle == .rad, let q = x.piMultiple else { return nil }
            return apply(function, Number.field(.multiply, q, .integer(180)), angle: .deg)
        default: inverse = nil
        }
        guard let inverse, let c = x.argument(of: inverse) else { return nil }
        return .success(c)
    }
}

extension Number {
    /// Whether this is the exact rational `n`.
    fileprivate func isExactly(_ n: Int) -> Bool { isRational && compare(toInteger: n) == 0 }
}

extension Derivation {
    /// Bounds of the value at `precision` bits, computed from the operands' bounds at that precision; nil when they
    /// cannot decide it there (a divisor that may be 0).
    func enclosure(precision p: Int) -> Enclosure? {
        switch self {
        case .bounds: return nil
        case .constant(let constant): return Enclosure(constant, precision: p)
        case .negation(let x): return x.enclosure(precision: p)?.negated
        case .unary(let function, let angle, let x): return x.enclosure(precision: p)?.applying(function, angle: angle, precision: p)
        case .binary(let op, let a, let b):
            guard let x = a.enclosure(precision: p), let y = b.enclosure(precision: p) else { return nil }
            switch op {
            case .add: return Enclosure.sum(x, y, precision: p)
            case .subtract: return Enclosure.difference(x, y, precision: p)
            case .multiply: return Enclosure.product(x, y, precision: p)
            case .divide: return Enclosure.quotient(x, y, precision: p)
            case .power: return Enclosure.power(x, y, exponent: b, precision: p)
            case .root:
                if let n = b.intValue, n != 0, n.magnitude <= 1_000_000 {
                    let root = x.root(Int(n.magnitude), precision: p)
                    return n > 0 ? root : root.applying(.reciprocal, angle: .rad, precision: p)
                }
                guard let inverse = y.applying(.reciprocal, angle: .rad, precision: p) else { return nil }
                return Enclosure.power(x, inverse, exponent: b.isRational ? Number.field(.divide, .integer(1), b) : b, precision: p)
            case .logBase:
                guard let top = x.applying(.ln, angle: .rad, precision: p), let bottom = y.applying(.ln, angle: .rad, precision: p) else { return nil }
                return Enclosure.quotient(top, bottom, precision: p)
            }
        }
    }
}

extension Number {
    /// Bounds of the value at `precision` bits: a rational's two roundings; a real's kept bounds when they are as
    /// precise, else its derivation recomputed (or the kept bounds, when that cannot do better).
    func enclosure(precision: Int) -> Enclosure? {
        switch self {
        case .rational(let q): return Enclosure(q, precision: precision)
        case .real(let box):
            guard let certificate = box.certificate else { return Enclosure(around: box, relativeBits: 200) }
            if precision <= certificate.explicitBounds?.precision ?? Int(RealBox.precision) { return certificate.bounds(of: box) }
            return certificate.derivation.enclosure(precision: precision) ?? certificate.bounds(of: box)
        }
    }
}
