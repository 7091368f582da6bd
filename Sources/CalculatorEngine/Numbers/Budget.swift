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

    static let standard = Budget()
}
