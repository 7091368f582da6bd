/// Limits that keep the work of one key press small (GNOME Calculator's `EvaluationBudget` is the model).
/// Anything beyond them is `Error` (overflow), which the range limit would give anyway, only later and slower.
struct Budget: Sendable {
    /// x! beyond this is Error at once: 3249! ≈ 6.4e+10000 is outside the range, and Γ(x + 1) only grows after it
    /// (3248.5! ≈ 1.1e+9999 is inside, so the range check decides below it).
    var maxFactorialArgument = 3249
    /// x! below this is Error at once: |Γ(x + 1)| < 1e-9999 there unless x is within 10^-60 of a negative integer
    /// (−3249.5! ≈ −2.8e-9999 is still inside the range).
    var minFactorialArgument = -3300
    /// A rational whose numerator and denominator together need more bits is continued as an MPFR float.
    var maxRationalBits = 40_000
    /// |x| < 10^(maxDecimalExponent + 1), and a non-zero |x| ≥ 10^-maxDecimalExponent.
    var maxDecimalExponent = 9999
    /// An inexact result is recomputed from its derivation at doubling precision, up to this many bits, until its
    /// bounds agree on `Arithmetic.certainBits` bits; past it the result is Error (precision). 2^16 bits cover a
    /// value within 10^-10000 of another (acos of 1 − 10^-9999 needs about 33,500).
    var maxCertifyingPrecision = 1 << 16
    /// A display whose digits the kept bounds do not decide (the value lies within 2^-128 of a tie between two
    /// roundings) narrows them from the derivation up to this many bits, about 616 decimal digits; past it the display
    /// is Error (precision). Lower than `maxCertifyingPrecision`: a display is made again for every reply that shows
    /// the value (memory and variables on every read), and a true tie, which no precision decides, would cost each of
    /// them the whole way up (a derivation of 32 nodes at 65,536 bits is seconds; at 2,048, milliseconds).
    var maxDisplayPrecision = 1 << 11
    /// Γ (x!) and ψ cost far more than the other functions at high precision: past this many bits the bounds of a
    /// factorial are not narrowed further (1e-70! needs 512).
    var maxGammaPrecision = 1 << 13
    /// Nodes a derivation may have written out; a larger one is kept as its bounds alone.
    var maxDerivationSize = 32

    static let standard = Budget()
}
