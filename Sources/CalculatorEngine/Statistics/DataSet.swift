/// One point of a data set: a value x, or a pair (x, y).
public struct DataPoint: Sendable, Equatable {
    let x: Number
    let y: Number?
}

/// Statistics mode's data set: the points Σ+ entered, in order, and the x of a pair whose y is being typed. Kept
/// behind `Boxed` in the state, nil while empty, so the other modes' presses copy one nil pointer for it. All points
/// are of one kind: values, or pairs.
struct DataSet: Sendable, Equatable {
    var points: [DataPoint] = []
    /// The x that `,` keeps until Σ+ or Σ− pairs it with the y shown then.
    var pendingX: Number?

    /// As many pairs as Casio's fx-82MS keeps, within a session's stored bound.
    static let pointLimit = 40
    /// An exact coordinate of more bits (about 77 digits; a typed number has at most 32) joins the set as its certified
    /// 256-bit value, so the set's stored form stays within `pointLimit` × about 450 bytes (18 KiB).
    static let exactBitsLimit = 256

    var isEmpty: Bool { points.isEmpty && pendingX == nil }
    var hasPairs: Bool { points.first?.y != nil }

    /// A coordinate as the set keeps it.
    static func kept(_ number: Number) -> Number {
        number.isRational && number.rationalBits > exactBitsLimit ? number.asReal : number
    }
}

/// The sums every result is made of, worked out once.
struct DataSums {
    let n: Number
    let count: Int
    let x, x2, y, y2, xy: Number
    let hasPairs: Bool
}

extension DataSet {
    /// Σ, exact for exact points (rationals), certified otherwise (`Arithmetic.apply`).
    func sums() throws(CalculatorError) -> DataSums {
        var x = Number.integer(0), x2 = x, y = x, y2 = x, xy = x
        for point in points {
            x = try Self.apply(.add, x, point.x)
            x2 = try Self.apply(.add, x2, Self.apply(.multiply, point.x, point.x))
            if let py = point.y {
                y = try Self.apply(.add, y, py)
                y2 = try Self.apply(.add, y2, Self.apply(.multiply, py, py))
                xy = try Self.apply(.add, xy, Self.apply(.multiply, point.x, py))
            }
        }
        return DataSums(n: .integer(points.count), count: points.count, x: x, x2: x2, y: y, y2: y2, xy: xy, hasPairs: hasPairs)
    }

    static func apply(_ op: BinaryOperator, _ a: Number, _ b: Number) throws(CalculatorError) -> Number {
        try Arithmetic().apply(op, a, b).get()
    }

    static func squareRoot(_ x: Number) throws(CalculatorError) -> Number {
        try Arithmetic().apply(.squareRoot, x, angle: .deg).get()
    }
}

extension DataSums {
    static let noData = CalculatorError(code: "domain", message: "The data set is empty (Σ+ enters a value)")
    static let tooFew = CalculatorError(code: "domain", message: "A sample's variance needs two points or more")
    static let noPairs = CalculatorError(code: "domain", message: "This needs a data set of (x, y) pairs (x , y Σ+)")
    static let flatX = CalculatorError(code: "domain", message: "Every x is the same: the regression line has no slope")
    static let flatY = CalculatorError(code: "domain", message: "Every y is the same: r is undefined")
    static let flatSlope = CalculatorError(code: "domain", message: "The regression line is flat: x̂ is undefined")

    /// Σ(x − x̄)² = Σx² − (Σx)²/n, and its like for y and for x with y.
    private func deviations(_ sum: Number, _ squares: Number, _ otherSum: Number) throws(CalculatorError) -> Number {
        try DataSet.apply(.subtract, squares, DataSet.apply(.divide, DataSet.apply(.multiply, sum, otherSum), n))
    }

    var sxx: Number { get throws(CalculatorError) { try deviations(x, x2, x) } }
    var syy: Number { get throws(CalculatorError) { try deviations(y, y2, y) } }
    var sxy: Number { get throws(CalculatorError) { try deviations(x, xy, y) } }

    func value(_ result: StatisticsResult) throws(CalculatorError) -> Number {
        if result != .n, count == 0 { throw Self.noData }
        if result.needsPairs, !hasPairs { throw Self.noPairs }
        switch result {
        case .n: return n
        case .sumX: return x
        case .sumX2: return x2
        case .sumY: return y
        case .sumY2: return y2
        case .sumXY: return xy
        case .meanX: return try DataSet.apply(.divide, x, n)
        case .meanY: return try DataSet.apply(.divide, y, n)
        case .varianceX, .varianceY:
            guard count >= 2 else { throw Self.tooFew }
            return try DataSet.apply(.divide, result == .varianceX ? sxx : syy, .integer(count - 1))
        case .populationVarianceX: return try DataSet.apply(.divide, sxx, n)
        case .populationVarianceY: return try DataSet.apply(.divide, syy, n)
        case .deviationX: return try DataSet.squareRoot(value(.varianceX))
        case .deviationY: return try DataSet.squareRoot(value(.varianceY))
        case .populationDeviationX: return try DataSet.squareRoot(value(.populationVarianceX))
        case .populationDeviationY: return try DataSet.squareRoot(value(.populationVarianceY))
        case .slope:
            let sxx = try sxx
            if sxx.isZero { throw Self.flatX }
            return try DataSet.apply(.divide, sxy, sxx)
        case .intercept:
            // a = ȳ − b·x̄ = (Σy − b·Σx) / n
            return try DataSet.apply(.divide, DataSet.apply(.subtract, y, DataSet.apply(.multiply, value(.slope), x)), n)
        case .correlation:
            let sxx = try sxx, syy = try syy
            if sxx.isZero { throw Self.flatX }
            if syy.isZero { throw Self.flatY }
            return try DataSet.apply(.divide, sxy, DataSet.squareRoot(DataSet.apply(.multiply, sxx, syy)))
        }
    }

    /// ŷ = a + b·x, or x̂ = (y − a) / b.
    func estimate(_ estimate: StatisticsEstimate, from shown: Number) throws(CalculatorError) -> Number {
        let slope = try value(.slope), intercept = try value(.intercept)
        switch estimate {
        case .y: return try DataSet.apply(.add, intercept, DataSet.apply(.multiply, slope, shown))
        case .x:
            if slope.isZero { throw Self.flatSlope }
            return try DataSet.apply(.divide, DataSet.apply(.subtract, shown, intercept), slope)
        }
    }
}

extension DataPoint {
    /// A point from its coordinates as decimal texts ("8.04", "-1.5e3", "2E+10", ".5"): exact, as a typed number is,
    /// within the calculator's range; nil for a text that is no such number (or longer than 64 characters).
    public init?(x: String, y: String?) {
        guard let x = Self.coordinate(x) else { return nil }
        if let y {
            guard let y = Self.coordinate(y) else { return nil }
            self.init(x: x, y: y)
        } else {
            self.init(x: x, y: nil)
        }
    }

    private static func coordinate(_ text: String) -> Number? {
        guard text.utf8.count <= 64 else { return nil }
        var typed = String(text.map { $0 == "E" ? "e" : $0 })
        if let plus = typed.firstRange(of: "e+") { typed.replaceSubrange(plus, with: "e") }
        if typed.hasPrefix("+") { typed.removeFirst() }
        if typed.hasPrefix(".") { typed = "0" + typed } else if typed.hasPrefix("-.") { typed = "-0" + typed.dropFirst() }
        guard InputBuffer.isWellFormed(typed), case .success(let number) = Arithmetic().checked(InputBuffer(text: typed).value) else {
            return nil
        }
        return DataSet.kept(number)
    }

    /// Whether the point is a pair.
    public var isPair: Bool { y != nil }
}
