/// How an inexact value was reached from exact ones, kept so that it can be recomputed at any precision: the
/// operations of the keys (or of an expression) over exact rationals, π and e. The operands are the `Number`s the
/// operation was applied to, so a derivation is a small graph that shares its parts, and a display can bound the
/// value as tightly as its digits need (`Arithmetic+Certified.swift`).
enum Derivation: Sendable {
    case constant(RealConstant)
    case binary(BinaryOperator, Number, Number)
    case unary(UnaryFunction, AngleUnit, Number)
    case negation(Number)
    /// Bounds only: a value whose derivation passed its budget, or one stored before derivations were kept.
    case bounds

    var operands: [Number] {
        switch self {
        case .constant, .bounds: []
        case .binary(_, let a, let b): [a, b]
        case .unary(_, _, let x), .negation(let x): [x]
        }
    }

    /// Nodes in the derivation written out as a tree (shared parts count each time they are written).
    var size: Int { 1 + operands.reduce(0) { $0 + $1.derivationSize } }

    /// Bits of the exact rationals the derivation holds: what it adds to the numbers a state keeps.
    var leafBits: Int { operands.reduce(0) { $0 + $1.rationalBits } }
}

extension Number {
    /// The derivation of a certified real; nil for a rational (exact) or a real without one.
    var derivation: Derivation? {
        guard case .real(let box) = self else { return nil }
        return box.certificate?.derivation
    }

    /// Nodes this number adds to a derivation that uses it: 1 for a rational or a constant.
    var derivationSize: Int {
        guard case .real(let box) = self, let certificate = box.certificate else { return 1 }
        return certificate.size
    }

    /// q when the value is exactly q·π for a rational q, as far as its derivation shows: π × 10^15, π ÷ 6 + π.
    var piMultiple: Number? {
        switch derivation {
        case .constant(.pi): return .integer(1)
        case .negation(let x): return x.piMultiple?.negated
        case .binary(.multiply, let a, let b):
            if a.isRational, let q = b.piMultiple { return Number.field(.multiply, a, q) }
            if b.isRational, let q = a.piMultiple { return Number.field(.multiply, q, b) }
            return nil
        case .binary(.divide, let a, let b):
            guard b.isRational, !b.isZero, let q = a.piMultiple else { return nil }
            return Number.field(.divide, q, b)
        case .binary(let op, let a, let b) where op == .add || op == .subtract:
            guard let p = a.piMultiple, let q = b.piMultiple else { return nil }
            return Number.field(op == .add ? .add : .subtract, p, q)
        default: return nil
        }
    }

    /// The operand when the value is `function` of it (√c gives c for `.squareRoot`).
    func argument(of function: UnaryFunction) -> Number? {
        guard case .unary(function, _, let x) = derivation else { return nil }
        return x
    }

    /// Whether both are the same inexact value by their derivations (so also after a round trip through the stored
    /// form, which does not keep the sharing): x − x is 0 and x ÷ x is 1 whatever x is. Bounds kept alone are the
    /// same when they and the value inside them are.
    func isSameReal(as other: Number) -> Bool {
        guard case .real(let x) = self, case .real(let y) = other else { return false }
        if x === y { return true }
        guard let c = x.certificate, let d = y.certificate else { return false }
        switch (c.derivation, d.derivation) {
        case (.constant(let a), .constant(let b)): return a == b
        case (.negation(let a), .negation(let b)): return a.isSameReal(as: b)
        case (.binary(let op, let a, let b), .binary(let otherOp, let otherA, let otherB)):
            return op == otherOp && a.isSameValue(as: otherA) && b.isSameValue(as: otherB)
        case (.unary(let f, let angle, let a), .unary(let g, let otherAngle, let otherA)):
            return f == g && (angle == otherAngle || !f.takesAngle) && a.isSameValue(as: otherA)
        case (.bounds, .bounds): return self == other && c.bounds(of: x).isEqual(to: d.bounds(of: y))
        default: return false
        }
    }

    private func isSameValue(as other: Number) -> Bool {
        isRational || other.isRational ? self == other : isSameReal(as: other)
    }
}

/// What an inexact value carries besides its 256-bit rounding: bounds that hold its true value (narrow enough to
/// decide the digits shown, or `Arithmetic` does not let it through) and the derivation that can narrow them.
final class Certificate: Sendable {
    /// nil when the value is its true value correctly rounded, so that the bounds are its neighbours
    /// (`Enclosure(rounding:)`): the common case, a function of an exact value, made and shown without them.
    let explicitBounds: Enclosure?
    let derivation: Derivation
    /// Whether finding the bounds took a climb past 256 bits: the stored form keeps such bounds, because working them
    /// out again from the derivation would climb again, on whatever thread reads the session.
    let climbed: Bool
    let size: Int
    let leafBits: Int

    init(bounds: Enclosure?, derivation: Derivation, climbed: Bool = false) {
        explicitBounds = bounds
        self.derivation = derivation
        self.climbed = climbed
        size = derivation.size
        leafBits = derivation.leafBits
    }

    /// The value's correctly rounded 256 bits: the true value lies between its neighbours.
    convenience init(roundingWith derivation: Derivation) {
        self.init(bounds: nil, derivation: derivation)
    }

    /// Bounds of `value`, the box that carries this certificate.
    func bounds(of value: RealBox) -> Enclosure { explicitBounds ?? Enclosure(rounding: value) }
}

extension Number {
    /// A real known only by its bounds, carried as `value` (their midpoint when none is given).
    static func bounded(_ bounds: Enclosure, value: RealBox? = nil) -> Number {
        let box = value ?? bounds.midpoint
        box.certificate = Certificate(bounds: bounds, derivation: .bounds)
        return .real(box)
    }
}
