import CMPFR

// GMP's integer functions for the functions only an expression computes (floor, gcd, lcm, nCr, nPr).

extension Number {
    /// ⌊x⌋ exactly, for a rational x; nil for a real, whose floor needs its bounds (`Arithmetic.floor`).
    var rationalFloor: Number? {
        guard case .rational(let q) = self else { return nil }
        let quotient = Scratch(), one = Scratch()
        cmpfr_z_fdiv_q(quotient.pointer, cmpfr_q_num(q.pointer), cmpfr_q_den(q.pointer))
        cmpfr_z_set_ui(one.pointer, 1)
        let box = RationalBox()
        cmpfr_q_set_num_den(box.pointer, quotient.pointer, one.pointer)
        return .rational(box)
    }

    enum IntegerOperation { case gcd, lcm }

    /// gcd or lcm of two integers (rationals whose denominator is 1), non-negative as GMP gives them.
    static func integer(_ operation: IntegerOperation, _ a: Number, _ b: Number) -> Number? {
        guard case .rational(let x) = a, case .rational(let y) = b, a.isInteger, b.isInteger else { return nil }
        let result = Scratch(), one = Scratch()
        switch operation {
        case .gcd: cmpfr_z_gcd(result.pointer, cmpfr_q_num(x.pointer), cmpfr_q_num(y.pointer))
        case .lcm: cmpfr_z_lcm(result.pointer, cmpfr_q_num(x.pointer), cmpfr_q_num(y.pointer))
        }
        cmpfr_z_set_ui(one.pointer, 1)
        let box = RationalBox()
        cmpfr_q_set_num_den(box.pointer, result.pointer, one.pointer)
        return .rational(box)
    }

    /// The binomial coefficient C(n, k) for an integer n ≥ 0 (a rational whose denominator is 1) and 0 ≤ k.
    static func binomial(_ n: Number, _ k: Int) -> Number? {
        guard case .rational(let q) = n, n.isInteger, k >= 0 else { return nil }
        let result = Scratch(), one = Scratch()
        cmpfr_z_bin_ui(result.pointer, cmpfr_q_num(q.pointer), UInt(k))
        cmpfr_z_set_ui(one.pointer, 1)
        let box = RationalBox()
        cmpfr_q_set_num_den(box.pointer, result.pointer, one.pointer)
        return .rational(box)
    }
}
