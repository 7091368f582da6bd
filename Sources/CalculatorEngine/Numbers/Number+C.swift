import CMPFR

// The only file that touches GMP/MPFR. Every value lives in a heap box that is filled once and never mutated
// afterwards, so `Number` can be a cheap, `Sendable` value and no mpq/mpfr pointer leaves this file.

/// An exact rational (GMP `mpq_t`), immutable once built.
final class RationalBox: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<__mpq_struct>

    init() {
        pointer = .allocate(capacity: 1)
        cmpfr_q_init(pointer)
    }

    deinit {
        cmpfr_q_clear(pointer)
        pointer.deallocate()
    }
}

/// A binary floating-point value (MPFR at `RealBox.precision` bits), immutable once built.
final class RealBox: @unchecked Sendable {
    /// 256 bits ≈ 77 decimal digits: enough for 32 shown digits after a long chain of roundings.
    static let precision: mpfr_prec_t = 256
    let pointer: UnsafeMutablePointer<__mpfr_struct>
    /// Set once, before the box is shared, by `Arithmetic` (or the stored form) for every value it hands out;
    /// nil only in the scratch boxes of one computation.
    var certificate: Certificate?

    /// A box of `precision` bits: 256 for every value kept; more only for the ends of bounds a display narrows.
    init(precision: mpfr_prec_t = RealBox.precision) {
        pointer = .allocate(capacity: 1)
        mpfr_init2(pointer, precision)
    }

    deinit {
        mpfr_clear(pointer)
        pointer.deallocate()
    }
}

/// A scratch GMP integer for the formatting and exact-power code; never stored.
final class Scratch {
    let pointer: UnsafeMutablePointer<__mpz_struct>
    init() {
        pointer = .allocate(capacity: 1)
        cmpfr_z_init(pointer)
    }
    deinit {
        cmpfr_z_clear(pointer)
        pointer.deallocate()
    }
}

enum RealConstant: Sendable { case pi, e }

extension Number {
    // MARK: construction

    static func integer(_ value: Int) -> Number {
        let box = RationalBox()
        cmpfr_q_set_si(box.pointer, value, 1)
        return .rational(box)
    }

    static func fraction(_ numerator: Int, _ denominator: UInt) -> Number {
        let box = RationalBox()
        cmpfr_q_set_si(box.pointer, numerator, denominator)
        return .rational(box)
    }

    /// Typical entries ("123.45") fit in machine integers: `significand` (at most 18 digits, not negative) ×
    /// 10^`exponent` as p / 10^k without any GMP temporaries; nil when `exponent` is outside -18...0.
    static func decimal(_ significand: Int, exponent: Int, negative: Bool) -> Number? {
        guard exponent <= 0, exponent >= -18 else { return nil }
        var denominator: UInt = 1
        for _ in 0..<(-exponent) { denominator *= 10 }
        let box = RationalBox()
        cmpfr_q_set_si(box.pointer, negative ? -significand : significand, denominator)
        return .rational(box)
    }

    /// `digits` (ASCII 0-9, at least one) × 10^`exponent`, exactly. The caller bounds `exponent`.
    static func decimal(digits: String, exponent: Int, negative: Bool) -> Number {
        if digits.utf8.count <= 18, let value = Int(digits), let number = decimal(value, exponent: exponent, negative: negative) {
            return number
        }
        let numerator = Scratch()
        let denominator = Scratch()
        _ = cmpfr_z_set_str(numerator.pointer, digits)
        cmpfr_z_set_ui(denominator.pointer, 1)
        let scale = Scratch()
        cmpfr_z_ui_pow_ui(scale.pointer, 10, UInt(exponent.magnitude))
        if exponent >= 0 {
            cmpfr_z_mul(numerator.pointer, numerator.pointer, scale.pointer)
        } else {
            cmpfr_z_mul(denominator.pointer, denominator.pointer, scale.pointer)
        }
        let box = RationalBox()
        cmpfr_q_set_num_den(box.pointer, numerator.pointer, denominator.pointer)
        if negative { cmpfr_q_neg(box.pointer, box.pointer) }
        return .rational(box)
    }

    /// A uniformly drawn fraction in [0, 1) with 64 random bits: exact, so it round-trips like any entry.
    static func unitFraction(_ bits: UInt64) -> Number {
        let numerator = Scratch()
        let denominator = Scratch()
        cmpfr_z_set_ui(numerator.pointer, UInt(bits))
        cmpfr_z_ui_pow_ui(denominator.pointer, 2, 64)
        let box = RationalBox()
        cmpfr_q_set_num_den(box.pointer, numerator.pointer, denominator.pointer)
        return .rational(box)
    }

    static func constant(_ constant: RealConstant) -> Number {
        let box = RealBox()
        switch constant {
        case .pi: mpfr_const_pi(box.pointer, MPFR_RNDN)
        case .e:
            mpfr_set_ui(box.pointer, 1, MPFR_RNDN)
            mpfr_exp(box.pointer, box.pointer, MPFR_RNDN)
        }
        box.certificate = Certificate(bounds: Enclosure(constant, precision: Int(RealBox.precision)), derivation: .constant(constant))
        return .real(box)
    }

    // MARK: inspection

    var sign: Int {
        switch self {
        case .rational(let q): Int(cmpfr_q_sgn(q.pointer))
        case .real(let r): Int(mpfr_sgn(r.pointer))
        }
    }

    var isZero: Bool { sign == 0 }

    var isRational: Bool {
        if case .rational = self { return true }
        return false
    }

    var isInteger: Bool {
        switch self {
        case .rational(let q): cmpfr_q_is_integer(q.pointer) != 0
        case .real(let r): mpfr_integer_p(r.pointer) != 0
        }
    }

    /// The value as an `Int` when it is an integer that fits.
    var intValue: Int? {
        guard case .rational(let q) = self, cmpfr_q_is_integer(q.pointer) != 0 else { return nil }
        let numerator = cmpfr_q_num(q.pointer)
        guard cmpfr_z_fits_slong(numerator) != 0 else { return nil }
        return cmpfr_z_get_si(numerator)
    }

    /// Bits needed for the numerator and denominator: a rational grows without bound under repeated division. For
    /// a real, the bits of the rationals its derivation keeps.
    var rationalBits: Int {
        switch self {
        case .rational(let q): Int(cmpfr_q_num_bits(q.pointer) + cmpfr_q_den_bits(q.pointer))
        case .real(let r): r.certificate?.leafBits ?? 0
        }
    }

    /// ⌊log₂|x|⌋ within ±1 (nil for zero); cheap, for budget and range decisions.
    var binaryMagnitude: Int? {
        if isZero { return nil }
        switch self {
        case .rational(let q): return Int(cmpfr_q_num_bits(q.pointer)) - Int(cmpfr_q_den_bits(q.pointer))
        case .real(let r): return mpfr_get_exp(r.pointer) - 1
        }
    }

    /// Compares |x| with 10^power exactly.
    func compareMagnitude(toPowerOfTen power: Int) -> Int {
        let bound = Number.decimal(digits: "1", exponent: power, negative: false)
        return Number.compare(absolute, bound)
    }

    var absolute: Number { sign < 0 ? negated : self }

    /// Exactly equal value and representation.
    static func identical(_ a: Number, _ b: Number) -> Bool {
        switch (a, b) {
        case (.rational(let x), .rational(let y)): cmpfr_q_equal(x.pointer, y.pointer) != 0
        case (.real(let x), .real(let y)): mpfr_equal_p(x.pointer, y.pointer) != 0
        default: false
        }
    }

    static func compare(_ a: Number, _ b: Number) -> Int {
        switch (a, b) {
        case (.rational(let x), .rational(let y)): return Int(cmpfr_q_cmp(x.pointer, y.pointer)).signum()
        case (.real(let x), .rational(let y)): return Int(mpfr_cmp_q(x.pointer, y.pointer)).signum()
        case (.rational(let x), .real(let y)): return -Int(mpfr_cmp_q(y.pointer, x.pointer)).signum()
        case (.real(let x), .real(let y)): return Int(mpfr_cmp(x.pointer, y.pointer)).signum()
        }
    }

    func compare(toInteger value: Int) -> Int { Number.compare(self, .integer(value)) }

    // MARK: exact field operations (both rational) and their MPFR counterparts

    enum FieldOperation { case add, subtract, multiply, divide }

    /// Division by zero is the caller's job to exclude.
    static func field(_ operation: FieldOperation, _ a: Number, _ b: Number) -> Number {
        if case .rational(let x) = a, case .rational(let y) = b {
            let box = RationalBox()
            switch operation {
            case .add: cmpfr_q_add(box.pointer, x.pointer, y.pointer)
            case .subtract: cmpfr_q_sub(box.pointer, x.pointer, y.pointer)
            case .multiply: cmpfr_q_mul(box.pointer, x.pointer, y.pointer)
            case .divide: cmpfr_q_div(box.pointer, x.pointer, y.pointer)
            }
            return .rational(box)
        }
        let x = a.realBox, y = b.realBox
        defer { withExtendedLifetime((x, y)) {} }
        let box = RealBox()
        let ternary: Int32
        switch operation {
        case .add: ternary = mpfr_add(box.pointer, x.pointer, y.pointer, MPFR_RNDN)
        case .subtract: ternary = mpfr_sub(box.pointer, x.pointer, y.pointer, MPFR_RNDN)
        case .multiply: ternary = mpfr_mul(box.pointer, x.pointer, y.pointer, MPFR_RNDN)
        case .divide: ternary = mpfr_div(box.pointer, x.pointer, y.pointer, MPFR_RNDN)
        }
        return finished(box, ternary)
    }

    /// The result of an MPFR operation: exact short results become rationals; an underflow to zero (e^−10^9999)
    /// becomes a non-zero far below 1e-9999 so that the range check reports it instead of showing 0.
    static func finished(_ box: RealBox, _ ternary: Int32) -> Number {
        if ternary != 0, mpfr_zero_p(box.pointer) != 0 {
            mpfr_set_ui_2exp(box.pointer, 1, -(1 << 24), MPFR_RNDN)
            return .real(box)
        }
        return ternary == 0 ? Number.real(box).simplified : .real(box)
    }

    var negated: Number {
        switch self {
        case .rational(let q):
            let box = RationalBox()
            cmpfr_q_neg(box.pointer, q.pointer)
            return .rational(box)
        case .real(let r):
            // −(−x) is x itself, so that `neg` pressed again and again keeps the derivation as small as it was.
            if case .negation(let x)? = r.certificate?.derivation { return x }
            let box = RealBox()
            mpfr_neg(box.pointer, r.pointer, MPFR_RNDN)
            if let certificate = r.certificate {
                let fits = certificate.size < Budget.standard.maxDerivationSize
                box.certificate = Certificate(bounds: certificate.explicitBounds?.negated, derivation: fits ? .negation(self) : .bounds)
            }
            return .real(box)
        }
    }

    /// x mod `modulus` in [0, modulus), exactly, for a rational x (nil for a real): 10^9999 degrees is 280°.
    func remainder(modulo modulus: UInt) -> Number? {
        guard case .rational(let q) = self else { return nil }
        let divisor = Scratch(), remainder = Scratch()
        cmpfr_z_mul_ui(divisor.pointer, cmpfr_q_den(q.pointer), modulus)
        cmpfr_z_fdiv_r(remainder.pointer, cmpfr_q_num(q.pointer), divisor.pointer)
        let box = RationalBox()
        cmpfr_q_set_num_den(box.pointer, remainder.pointer, cmpfr_q_den(q.pointer))
        return .rational(box)
    }

    /// Exact x^n for a rational x and a small integer n (the caller checks the size budget and x ≠ 0 when n < 0).
    func exactPower(_ exponent: Int) -> Number? {
        guard case .rational(let q) = self else { return nil }
        let numerator = Scratch(), denominator = Scratch()
        cmpfr_z_pow_ui(numerator.pointer, cmpfr_q_num(q.pointer), UInt(exponent.magnitude))
        cmpfr_z_pow_ui(denominator.pointer, cmpfr_q_den(q.pointer), UInt(exponent.magnitude))
        let box = RationalBox()
        if exponent >= 0 {
            cmpfr_q_set_num_den(box.pointer, numerator.pointer, denominator.pointer)
        } else {
            // set_num_den canonicalizes, which moves a negative sign from the denominator to the numerator.
            cmpfr_q_set_num_den(box.pointer, denominator.pointer, numerator.pointer)
        }
        return .rational(box)
    }

    /// The exact n-th root of a rational when both numerator and denominator are perfect powers (odd n for x < 0).
    func exactRoot(_ n: Int) -> Number? {
        guard case .rational(let q) = self, n >= 1 else { return nil }
        let numerator = Scratch(), denominator = Scratch()
        guard cmpfr_z_root(numerator.pointer, cmpfr_q_num(q.pointer), UInt(n)) != 0,
            cmpfr_z_root(denominator.pointer, cmpfr_q_den(q.pointer), UInt(n)) != 0
        else { return nil }
        let box = RationalBox()
        cmpfr_q_set_num_den(box.pointer, numerator.pointer, denominator.pointer)
        return .rational(box)
    }

    static func exactFactorial(_ n: Int) -> Number {
        let result = Scratch(), one = Scratch()
        cmpfr_z_fac_ui(result.pointer, UInt(n))
        cmpfr_z_set_ui(one.pointer, 1)
        let box = RationalBox()
        cmpfr_q_set_num_den(box.pointer, result.pointer, one.pointer)
        return .rational(box)
    }

    var isFinite: Bool {
        guard case .real(let r) = self else { return true }
        return mpfr_number_p(r.pointer) != 0
    }

    var isNaN: Bool {
        guard case .real(let r) = self else { return false }
        return mpfr_nan_p(r.pointer) != 0
    }

    /// The nearest integer to a finite value, if it fits in an Int.
    var nearestInteger: Int? {
        let x = realBox
        defer { withExtendedLifetime(x) {} }
        let rounded = RealBox()
        mpfr_rint(rounded.pointer, x.pointer, MPFR_RNDN)
        guard mpfr_fits_slong_p(rounded.pointer, MPFR_RNDN) != 0 else { return nil }
        return mpfr_get_si(rounded.pointer, MPFR_RNDN)
    }

    // MARK: conversions

    /// An exactly computed real with a short mantissa (0.5 from sin 30°, 3 from log₂ 8) continues as a rational,
    /// so the arithmetic after it stays exact; exact products of long floats (π × 2) stay floats.
    private var simplified: Number {
        guard case .real(let r) = self, mpfr_number_p(r.pointer) != 0 else { return self }
        if mpfr_zero_p(r.pointer) != 0 { return .integer(0) }
        guard mpfr_min_prec(r.pointer) <= 64 else { return self }
        let exponent = mpfr_get_exp(r.pointer)
        guard exponent > -4096, exponent < 4096 else { return self }
        let box = RationalBox()
        mpfr_get_q(box.pointer, r.pointer)
        return .rational(box)
    }

    var realBox: RealBox {
        switch self {
        case .real(let r): return r
        case .rational(let q):
            let box = RealBox()
            mpfr_set_q(box.pointer, q.pointer, MPFR_RNDN)
            return box
        }
    }

    /// A rational that has grown too large as a real, or a real whose derivation keeps too many bits as its bounds
    /// alone (keeps memory and time per key bounded).
    var asReal: Number {
        switch self {
        case .rational:
            let box = realBox
            box.certificate = Certificate(roundingWith: .bounds)
            return .real(box)
        case .real(let r):
            guard let certificate = r.certificate, certificate.leafBits > 0 || certificate.size > 1 else { return self }
            let box = RealBox()
            mpfr_set(box.pointer, r.pointer, MPFR_RNDN)
            box.certificate = Certificate(bounds: certificate.explicitBounds, derivation: .bounds)
            return .real(box)
        }
    }

    var exactRational: RationalBox {
        switch self {
        case .rational(let q): return q
        case .real(let r):
            let box = RationalBox()
            mpfr_get_q(box.pointer, r.pointer)
            return box
        }
    }

    // MARK: persistence

    /// "p/q" or "p" for a rational; for a real its derivation (`Number+Derivation+Stored.swift`), or a hexadecimal
    /// binary float ("0x0.8p+2", exact at 256 bits) for one without.
    var encoded: String {
        withEncodedBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// `encoded` as bytes lent to `body`: a rational's text is written on the stack (or, when very long, a temporary
    /// buffer), not into a String: the stored form of every session written holds one or two numbers.
    func withEncodedBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        switch self {
        case .rational(let q):
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: cmpfr_q_str_size(q.pointer)) { buffer in
                _ = cmpfr_q_get_str(buffer.baseAddress, q.pointer)
                return buffer.withMemoryRebound(to: UInt8.self) { text in
                    body(UnsafeBufferPointer(rebasing: text[..<(text.firstIndex(of: 0) ?? text.count)]))
                }
            }
        case .real(let r):
            var text = derivationText ?? Self.hexadecimalText(r)
            return text.withUTF8(body)
        }
    }

    private static func hexadecimalText(_ r: RealBox) -> String {
        if mpfr_zero_p(r.pointer) != 0 { return "0x0p+0" }
        var exponent: mpfr_exp_t = 0
        guard let raw = mpfr_get_str(nil, &exponent, 16, 0, r.pointer, MPFR_RNDN) else { return "0x0p+0" }
        defer { mpfr_free_str(raw) }
        var digits = String(cString: raw)
        var negative = false
        if digits.hasPrefix("-") {
            negative = true
            digits.removeFirst()
        }
        // value = 0.DIGITS (hex) × 16^exponent = 0.DIGITS × 2^(4·exponent)
        return (negative ? "-" : "") + "0x0." + digits + "p" + (exponent >= 0 ? "+" : "") + String(4 * exponent)
    }

    init?(encoded text: String) {
        guard !text.isEmpty, text.utf8.count < 100_000 else { return nil }
        if text.hasPrefix(Number.derivationPrefix) {
            self.init(derivationText: text)
        } else if text.hasPrefix("0x") || text.hasPrefix("-0x") {
            guard text.allSatisfy({ $0.isHexDigit || "x.p+-".contains($0) }) else { return nil }
            let box = RealBox()
            guard mpfr_set_str(box.pointer, text, 0, MPFR_RNDN) == 0, mpfr_number_p(box.pointer) != 0 else { return nil }
            box.certificate = Certificate(bounds: Enclosure(around: box, relativeBits: 200), derivation: .bounds)
            self = .real(box)
        } else {
            // Bytes, not Characters (an operand may have 12,000 digits): ASCII digits, "/" and "-".
            guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2F || $0 == 0x2D }) else { return nil }
            let box = RationalBox()
            guard cmpfr_q_set_str(box.pointer, text) == 0 else { return nil }
            self = .rational(box)
        }
    }
}
