/// A certified real is stored as its derivation, so that a session read back can narrow its bounds as the session
/// that wrote it could: "d " and the derivation's nodes in prefix order, separated by spaces: `q<p/q>` an exact
/// rational, `c<π or e>`, `n` negation, `b<operator>` (`b+`, `bpow`), `u<function>:<angle>` (`usqrt:rad`), and
/// `x<lower>:<upper>:<value>` bounds alone (hexadecimal floats), `r<value>` a rounding known to within its last place.
/// An operation whose bounds took a precision climb carries them after `=` (`b-=x<lower>:<upper>:<value>`), so
/// reading takes them as they are and never climbs again; a later step that needs more digits narrows them from the
/// derivation, as the session that wrote them would have. The other operations are replayed through `Arithmetic`,
/// at 256 bits from the same operands, which gives back the same value, bounds and derivation. A real written before derivations were kept is a hexadecimal
/// float, read as that value to within the rounding noise the engine allowed for then.
extension Number {
    static let derivationPrefix = "d "

    /// The stored text of a certified real; nil for anything else.
    var derivationText: String? {
        guard case .real(let box) = self, let certificate = box.certificate else { return nil }
        var tokens: [String] = []
        Self.write(self, certificate, to: &tokens)
        return Self.derivationPrefix + tokens.joined(separator: " ")
    }

    private static func write(_ number: Number, _ certificate: Certificate?, to tokens: inout [String]) {
        guard let certificate else {
            tokens.append("q" + number.encoded)
            return
        }
        switch certificate.derivation {
        case .constant(let constant): tokens.append(constant == .pi ? "cπ" : "ce")
        case .bounds:
            guard case .real(let box) = number else { return }
            if let bounds = certificate.explicitBounds, !bounds.isRounding(of: box) {
                tokens.append("x" + bounds.encoded(value: box))
            } else {
                tokens.append("r" + Enclosure.encoded(box))
            }
        case .negation: tokens.append("n")
        case .binary(let op, _, _): tokens.append("b" + op.rawValue + Self.keptBoundsSuffix(number, certificate))
        case .unary(let function, let angle, _):
            tokens.append("u" + function.rawValue + ":" + angle.rawValue + Self.keptBoundsSuffix(number, certificate))
        }
        for operand in certificate.derivation.operands {
            if case .real(let box) = operand {
                write(operand, box.certificate, to: &tokens)
            } else {
                tokens.append("q" + operand.encoded)
            }
        }
    }

    /// "=" and an operation's bounds when finding them took a climb: what reading takes instead of climbing again.
    private static func keptBoundsSuffix(_ number: Number, _ certificate: Certificate) -> String {
        guard certificate.climbed, case .real(let box) = number, let bounds = certificate.explicitBounds else { return "" }
        return "=x" + bounds.encoded(value: box)
    }

    /// A certified real from its stored text; nil when it is malformed or its replay fails.
    init?(derivationText text: String) {
        var tokens = text.dropFirst(Self.derivationPrefix.count).split(separator: " ")[...]
        guard tokens.count <= 4 * Budget.standard.maxDerivationSize,
            let number = Self.read(&tokens, arithmetic: Arithmetic(), depth: 0), tokens.isEmpty, !number.isRational
        else { return nil }
        self = number
    }

    private static func read(_ tokens: inout ArraySlice<Substring>, arithmetic: Arithmetic, depth: Int) -> Number? {
        guard depth <= Budget.standard.maxDerivationSize, let token = tokens.popFirst(), let kind = token.first else { return nil }
        let body = token.dropFirst()
        func operand() -> Number? { read(&tokens, arithmetic: arithmetic, depth: depth + 1) }
        switch kind {
        case "q":
            guard !body.hasPrefix("d"), let number = Number(encoded: String(body)) else { return nil }
            return number
        case "c":
            switch body {
            case "π": return .constant(.pi)
            case "e": return .constant(.e)
            default: return nil
            }
        case "x":
            guard let (bounds, value) = Enclosure.decoded(body) else { return nil }
            return .bounded(bounds, value: value)
        case "r":
            guard let value = Enclosure.decodedValue(body) else { return nil }
            value.certificate = Certificate(roundingWith: .bounds)
            return .real(value)
        case "n": return operand()?.negated
        case "b":
            let (name, kept) = split(body)
            guard let op = BinaryOperator(rawValue: String(name)), let a = operand(), let b = operand() else { return nil }
            if let kept { return bounded(kept, .binary(op, a, b)) }
            return try? arithmetic.apply(op, a, b).get()
        case "u":
            let (name, kept) = split(body)
            let parts = name.split(separator: ":")
            guard parts.count == 2, let function = UnaryFunction(rawValue: String(parts[0])), let angle = AngleUnit(rawValue: String(parts[1])),
                let x = operand()
            else { return nil }
            if let kept { return bounded(kept, .unary(function, angle, x)) }
            return try? arithmetic.apply(function, x, angle: angle).get()
        default: return nil
        }
    }

    /// An operation's name and, after "=", its kept bounds.
    private static func split(_ body: Substring) -> (name: Substring, kept: Substring?) {
        guard let mark = body.firstIndex(of: "=") else { return (body, nil) }
        return (body[..<mark], body[body.index(after: mark)...])
    }

    /// The operation's value with the bounds it was stored with, and its derivation to narrow them later.
    private static func bounded(_ kept: Substring, _ derivation: Derivation) -> Number? {
        guard kept.first == "x", let (bounds, value) = Enclosure.decoded(kept.dropFirst()) else { return nil }
        value.certificate = Certificate(bounds: bounds, derivation: derivation, climbed: true)
        return .real(value)
    }
}
