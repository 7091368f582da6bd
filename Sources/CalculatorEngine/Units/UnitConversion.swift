/// A conversion from one unit to another of the same category: `value × from.factor + from.offset` of the base,
/// then back through `to`. Exact (a rational in, a rational out) unless the factors differ by a power of π
/// (degrees or gradians to radians), where the 256-bit result is rounded once more for the display.
public struct UnitConversion: Sendable, Equatable {
    /// Places in `UnitCatalog.all` (fewer than 256 units: a byte each keeps the settings small).
    let fromIndex: UInt8
    let toIndex: UInt8

    public var from: PhysicalUnit { UnitCatalog.all[Int(fromIndex)] }
    public var to: PhysicalUnit { UnitCatalog.all[Int(toIndex)] }

    /// Why two names make no conversion.
    public enum Failure: Error, Sendable, Equatable {
        case unknownUnit(String)
        case differentCategories(UnitCategory, UnitCategory)

        public var message: String {
            switch self {
            case .unknownUnit(let name): "\"\(name.prefix(32))\" is no unit's id or symbol (GET /units lists them)"
            case .differentCategories(let from, let to): "a unit of \(from.rawValue) converts only to another unit of \(from.rawValue), not to one of \(to.rawValue)"
            }
        }
    }

    /// From and to units named by id or symbol, of one category.
    public init(from: String, to: String) throws(Failure) {
        guard let fromIndex = UnitCatalog.byName[from] else { throw .unknownUnit(from) }
        guard let toIndex = UnitCatalog.byName[to] else { throw .unknownUnit(to) }
        let (source, target) = (UnitCatalog.all[fromIndex], UnitCatalog.all[toIndex])
        guard source.category == target.category else { throw .differentCategories(source.category, target.category) }
        self.fromIndex = UInt8(fromIndex)
        self.toIndex = UInt8(toIndex)
    }

    /// Whether a rational converts to a rational.
    public var isExact: Bool { from.piPower == to.piPower }

    /// `value` in `to`; an overflow or underflow past the calculator's range is an Error, as any result's is. A
    /// rational past `arithmetic`'s bits goes on as its rounding (a session's budget); `/convert` allows more.
    func apply(_ value: Number, _ arithmetic: Arithmetic = Arithmetic()) -> Result<Number, CalculatorError> {
        let (source, target) = (from, to)
        var result = value
        if !source.offset.isZero || !target.offset.isZero {
            result = Number.field(.multiply, result, source.scale)
            result = Number.field(.add, result, Number.field(.subtract, source.offset, target.offset))
            result = Number.field(.divide, result, target.scale)
        } else {
            result = Number.field(.multiply, result, Number.field(.divide, source.scale, target.scale))
        }
        let piPower = source.piPower - target.piPower
        for _ in 0..<abs(piPower) {
            result = Number.field(piPower > 0 ? .multiply : .divide, result, .constant(.pi))
        }
        return arithmetic.checked(result)
    }

    /// `value` (decimal text as JSON or a query gives it) in `to`, with its display at `digits` significant digits:
    /// nil for text that is no number. A value of up to 1,000 characters with an exponent up to ±10,000 converts
    /// exactly whenever the units' factors are rational (`1e-9999` °C is 5463/20 K and a 10^-9999 more), so the
    /// budget's rational bits are raised to what such a value and the largest factors need.
    public func convert(decimal text: String, digits: Int) -> Result<ConvertedValue, OutOfRange>? {
        guard let value = Number(decimalText: text) else { return nil }
        var arithmetic = Arithmetic()
        arithmetic.budget.maxRationalBits = Self.maxExactBits
        switch apply(value, arithmetic) {
        case .success(let number): return .success(ConvertedValue(number: number, digits: digits))
        // The factors lie within 1e±30, so the side of the range a result leaves by is the value's.
        case .failure: return .failure(value.binaryMagnitude.map { $0 < 0 } == true ? .underflow : .overflow)
        }
    }

    /// Bits of an exact conversion's result: a decimal of 1,000 digits and an exponent of ±10,000 is under 37,000 bits
    /// on each side of the fraction, and the factors and an affine offset add a few hundred.
    static let maxExactBits = 100_000

    /// A conversion whose result is past the calculator's range, named for the side.
    public enum OutOfRange: Error, Sendable, Equatable {
        case overflow
        case underflow

        public var message: String {
            switch self {
            case .overflow:
                "the result is past 1e+9999 in magnitude, the largest the calculator holds (overflow); convert to a larger unit or a smaller value"
            case .underflow:
                "the result is below 1e-9999 in magnitude, the smallest non-zero value the calculator holds (underflow); convert to a smaller unit or a larger value"
            }
        }
    }
}

/// A converted value as a reply shows it.
public struct ConvertedValue: Sendable {
    let number: Number
    /// Rounded to the digits asked for, as a session's display is.
    public let display: String

    init(number: Number, digits: Int) {
        self.number = number
        display = DisplayFormatter(digits: digits).string(number)
    }

    /// `p/q` or `p`, the exact result; nil when it is a real (a factor with π).
    public var exact: String? { number.exactText }
}

extension Number {
    /// A decimal as JSON writes one (`-12.5`, `1e3`, `2.5E-4`), exactly; nil for anything else, more than 1,000
    /// characters or an exponent past ±10,000.
    init?(decimalText text: String) {
        guard text.utf8.count <= 1_000 else { return nil }
        var body = Substring(text)
        let negative = body.first == "-"
        if negative { body = body.dropFirst() }
        guard let number = ExactProduct.decimal(body, exponentLimit: 10_000) else { return nil }
        self = negative ? number.negated : number
    }
}
