/// The kinds of quantity Windows Calculator's converter offers, currency aside (it needs a network). Each has one
/// coherent SI unit (the base) that every unit of the kind is defined against.
public enum UnitCategory: String, Sendable, CaseIterable {
    case length, area, volume, mass, temperature, energy, speed, time, power, data, pressure, angle

    /// The id of the unit every other unit of the category is defined against (its factor is 1).
    public var base: String {
        switch self {
        case .length: "m"
        case .area: "m2"
        case .volume: "m3"
        case .mass: "kg"
        case .temperature: "K"
        case .energy: "J"
        case .speed: "m/s"
        case .time: "s"
        case .power: "W"
        case .data: "bit"
        case .pressure: "Pa"
        case .angle: "rad"
        }
    }
}

/// A unit of measurement: a value `x` of it is `x × factor + offset` of its category's base unit. The factor is an
/// exact rational times a power of π (angles); the offset is an exact rational (temperatures' zero points).
public struct PhysicalUnit: Sendable {
    /// What `GET /units`, `/convert` and expressions call it: ASCII, case-sensitive.
    public let id: String
    public let name: String
    /// How it is written (`°F`, `m²`); also accepted where an id is.
    public let symbol: String
    public let category: UnitCategory
    /// Exact: the rational part of the factor to the base.
    let scale: Number
    /// The power of π in the factor (1 for degrees and gradians, which are fractions of a turn of 2π radians).
    let piPower: Int
    let offset: Number
    /// The definition as written in the table (`231 in3`, `5/9 K`), for people.
    public let definition: String

    /// Whether every conversion to and from the base is exact (no π in the factor).
    public var isExact: Bool { piPower == 0 }

    /// The factor to the base as text: `p/q` or `p` (an exact rational), with `·π` or `·π^n` after it.
    public var factorText: String {
        let rational = scale.encoded
        switch piPower {
        case 0: return rational
        case 1: return rational + "·π"
        default: return rational + "·π^\(piPower)"
        }
    }

    /// The offset to the base as `p/q` or `p`; "0" for every unit but temperatures.
    public var offsetText: String { offset.encoded }
}

/// An exact number written in a unit table: factors joined by `*` and `/`, each an integer or decimal with an
/// optional exponent (`1.602176634e-19`) or `pi`; read left to right.
struct ExactProduct {
    var rational: Number = .integer(1)
    var piPower = 0

    init?(_ text: String) {
        var dividing = false
        var current = ""
        for character in text + "*" {
            guard character == "*" || character == "/" else {
                current.append(character)
                continue
            }
            guard apply(current, dividing: dividing) else { return nil }
            dividing = character == "/"
            current = ""
        }
    }

    private mutating func apply(_ factor: String, dividing: Bool) -> Bool {
        if factor == "pi" {
            piPower += dividing ? -1 : 1
            return true
        }
        guard let number = Self.decimal(factor) else { return false }
        rational = Number.field(dividing ? .divide : .multiply, rational, number)
        return true
    }

    /// `digits[.digits][e[±]digits]` (e or E), exactly; nil past `exponentLimit`.
    static func decimal(_ text: some StringProtocol, exponentLimit: Int = 100) -> Number? {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "e" || $0 == "E" }
        guard parts.count <= 2, let mantissa = parts.first, !mantissa.isEmpty else { return nil }
        var exponent = 0
        if parts.count == 2 {
            var written = parts[1]
            if written.first == "+" { written = written.dropFirst() }
            guard written.count <= 6, let value = Int(written), abs(value) <= exponentLimit else { return nil }
            exponent = value
        }
        let pieces = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count <= 2 else { return nil }
        let fraction = pieces.count == 2 ? String(pieces[1]) : ""
        let digits = String(pieces[0]) + fraction
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Number.decimal(digits: String(digits), exponent: exponent - fraction.count, negative: false)
    }
}
