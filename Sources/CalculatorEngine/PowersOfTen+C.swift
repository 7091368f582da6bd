import CMPFR

/// The powers of ten that formatting one number (`Number.roundedDecimal`) compares it with and scales it by: a few
/// powers close to each other. Far from 1 each is made from one kept power just below them, times a small power:
/// making 10^k from nothing takes a squaring of a number as long as the result for each bit of k, so a number with
/// thousands of digits would otherwise pay that for every comparison.
final class PowersOfTen {
    /// 10^`baseExponent`, or nil near 1 (where making each power is as cheap as multiplying).
    private let base: Scratch?
    private let baseExponent: Int
    private let factor = Scratch()

    /// For a number whose decimal exponent is about `exponent`, shown with `digits` significant digits.
    init(near exponent: Int, digits: Int) {
        baseExponent = max(0, Int(exponent.magnitude) - digits - 2)
        guard baseExponent > 64 else {
            base = nil
            return
        }
        let base = Scratch()
        cmpfr_z_ui_pow_ui(base.pointer, 10, UInt(baseExponent))
        self.base = base
    }

    /// Sets `target` to 10^`k`.
    func power(_ k: Int, into target: UnsafeMutablePointer<__mpz_struct>) {
        guard let base, k >= baseExponent else { return cmpfr_z_ui_pow_ui(target, 10, UInt(k)) }
        cmpfr_z_ui_pow_ui(factor.pointer, 10, UInt(k - baseExponent))
        cmpfr_z_mul(target, base.pointer, factor.pointer)
    }
}
