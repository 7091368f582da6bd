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

    /// `value` in `to`; an overflow or underflow past the calculator's range is an Error, as any result's is.
    func apply(_ value: Number) -> Result<Number, CalculatorError> {
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
        return Arithmetic().checked(result)
    }

    /// `value` (decimal text as JSON or a query gives it) in `to`, with its display at `digits` significant digits:
    /// nil for text that is no number.
    public func convert(decimal text: String, digits: Int) -> Result<ConvertedValue, CalculatorError>? {
        guard let value = Number(decimalText: text) else { return nil }
        return apply(value).map { ConvertedValue(number: $0, digits: digits) }
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
