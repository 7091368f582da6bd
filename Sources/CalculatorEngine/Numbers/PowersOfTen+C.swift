import CMPFR

/// The powers of ten that formatting one number (`Number.roundedDecimal`) compares it with and scales it by: a few
/// powers close to each other. Far from 1 each is made from one kept power just below them, times a small power:
/// making 10^k from nothing takes a squaring of a number as long as the result for each bit of k, so a number with
/// thousands of digits would otherwise pay that for every comparison. Near 1 it holds nothing and allocates nothing.
struct PowersOfTen {
    /// The kept power 10^`exponent`, and room for the small factor; nil near 1, where making each power is as cheap as
    /// multiplying.
    private let base: (exponent: Int, power: Scratch, factor: Scratch)?

    /// For a number whose decimal exponent is about `exponent`, shown with `digits` significant digits.
    init(near exponent: Int, digits: Int) {
        let baseExponent = Int(exponent.magnitude) - digits - 2
        guard baseExponent > 64 else {
            base = nil
            return
        }
        let power = Scratch()
        cmpfr_z_ui_pow_ui(power.pointer, 10, UInt(baseExponent))
        base = (baseExponent, power, Scratch())
    }

    /// Sets `target` to 10^`k`.
    func power(_ k: Int, into target: UnsafeMutablePointer<__mpz_struct>) {
        guard let base, k >= base.exponent else { return cmpfr_z_ui_pow_ui(target, 10, UInt(k)) }
        cmpfr_z_ui_pow_ui(base.factor.pointer, 10, UInt(k - base.exponent))
        cmpfr_z_mul(target, base.power.pointer, base.factor.pointer)
    }
}
