/// A calculator number: exact rational while the arithmetic allows it (decimal entry, + − × ÷ %, integer powers,
/// exact roots), otherwise a 256-bit MPFR float. Both payloads are immutable heap boxes, so copies are cheap and
/// the type is `Sendable`. GNOME Calculator's `Number` with its exact-rational shadow is the model.
enum Number: Sendable {
    case rational(RationalBox)
    case real(RealBox)
}

extension Number: Equatable {
    static func == (lhs: Number, rhs: Number) -> Bool { identical(lhs, rhs) }
}

extension Number {
    /// The exact value as replies show it beside a rounded display: `p/q` or `p` in lowest terms (`1/3`, `-7/2`,
    /// `42`); nil for a real (√2, π), whose digits never end.
    var exactText: String? { isRational ? encoded : nil }
}
