/// A function an expression computes that no key of the keypad does: GNOME Calculator's abs, round, floor, ceil,
/// mod, gcd, lcm, nCr and nPr, Python's `statistics` on a list of values (mean, median, variance, stdev and their
/// population forms, sum), `°` and a unit after a number, and `ans`. Its operands are worked out as expressions of their own and the
/// function applied to their values (`CalculatorState+Evaluation.swift`); its text is GNOME's spelling.
enum ExpressionFunction: Sendable, Equatable {
    case abs, round, floor, ceil, mod, gcd, lcm, combinations, permutations
    /// A result of statistics mode's data set (`DataSums`) of the operands as its values: `mean(2; 4; 9)`.
    case statistic(StatisticsResult)
    /// The middle value, or the mean of the two middle ones, as Python's `statistics.median`.
    case median
    /// x° is x degrees, in the session's angle unit: 30° is π/6 in rad, so sin(30°) is 0.5 in every angle mode.
    case degrees
    /// `ans`, GNOME's last answer: the value the request gives (`/evaluate` has no session to take it from).
    case answer(Number)
    /// A number with a unit (`300 m`), as a number of the expression's unit (its first): 0.3 in `2 km + 300 m`.
    case quantity(UnitConversion)

    /// The functions called by name (`mod` is also written between its operands).
    static let called: [ExpressionFunction] =
        [.abs, .round, .floor, .ceil, .mod, .gcd, .lcm, .combinations, .permutations, .median]
        + [.meanX, .varianceX, .populationVarianceX, .deviationX, .populationDeviationX, .sumX].map(ExpressionFunction.statistic)

    /// Names are read whatever their case (`ncr`, `nCr`), as GNOME reads them.
    private static let byName = Dictionary(uniqueKeysWithValues: called.map { ($0.name.lowercased(), $0) })

    static func named(_ name: String) -> ExpressionFunction? { byName[name.lowercased()] }

    var name: String {
        switch self {
        case .abs: "abs"
        case .round: "round"
        case .floor: "floor"
        case .ceil: "ceil"
        case .mod: "mod"
        case .gcd: "gcd"
        case .lcm: "lcm"
        case .combinations: "nCr"
        case .permutations: "nPr"
        case .median: "median"
        case .statistic(let result):
            switch result {
            case .meanX: "mean"
            case .varianceX: "variance"
            case .populationVarianceX: "pvariance"
            case .deviationX: "stdev"
            case .populationDeviationX: "pstdev"
            case .sumX: "sum"
            default: result.rawValue
            }
        case .degrees: "°"
        case .quantity(let conversion): conversion.from.symbol
        case .answer: "ans"
        }
    }

    /// A call of it, for messages that say how to write one.
    var example: String {
        switch self {
        case .abs: "abs(-3)"
        case .round: "round(2.5)"
        case .floor: "floor(2.7)"
        case .ceil: "ceil(2.1)"
        case .mod: "mod(10; 3)"
        case .gcd: "gcd(12; 18)"
        case .lcm: "lcm(4; 6)"
        case .combinations: "nCr(5; 2)"
        case .permutations: "nPr(5; 2)"
        case .median, .statistic: name + "(2; 4; 4; 9)"
        case .degrees: "30°"
        case .quantity(let conversion): "2 " + conversion.from.id
        case .answer: "ans"
        }
    }

    /// How many operands it takes: gcd and lcm take any number from one, as GNOME's do.
    var arity: ClosedRange<Int> {
        switch self {
        case .abs, .round, .floor, .ceil, .degrees, .quantity: 1...1
        case .answer: 0...0
        case .mod, .combinations, .permutations: 2...2
        case .gcd, .lcm, .median, .statistic: 1...ExpressionParser.argumentLimit
        }
    }

    /// Whether its work may grow with the size of its numbers (`Expression.mayTakeLong`).
    var mayTakeLong: Bool {
        switch self {
        case .gcd, .lcm, .combinations, .permutations, .mod, .median, .statistic: true
        case .abs, .round, .floor, .ceil, .degrees, .quantity, .answer: false
        }
    }

    /// An operand's text as it stands in this function's: in parentheses where it is an operation beside `mod` or
    /// before `°` (`(2 + 1) mod 3`, `(10 + 20)°`).
    func operandText(_ text: String, of node: Expression.Node) -> String {
        switch (self, node.kind) {
        case (.mod, .binary), (.mod, .computed(.mod, _)), (.degrees, .binary), (.degrees, .computed(.mod, _)), (.degrees, .negate):
            "(" + text + ")"
        default: text
        }
    }

    /// Its text around its operands' texts: `abs(−3)`, `10 mod 3`, `30°`, `gcd(12; 18)`, with GNOME's `;` between
    /// arguments.
    func describe(_ operands: [String]) -> String {
        switch self {
        case .mod: operands[0] + " mod " + operands[1]
        case .degrees: operands[0] + "°"
        case .quantity(let conversion): operands[0] + " " + conversion.from.symbol
        case .answer: "ans"
        default: name + "(" + operands.joined(separator: "; ") + ")"
        }
    }
}

extension Arithmetic {
    /// The function of exact or certified operands, exact where they are (GNOME's rules: mod has the sign of its
    /// divisor; round takes halves away from zero; gcd and lcm are non-negative; nCr and nPr take integers n ≥ r ≥ 0).
    func apply(_ function: ExpressionFunction, _ operands: [Number], angle: AngleUnit) -> Outcome {
        var x: Number { operands[0] }
        switch function {
        case .abs: return checked(x.sign < 0 ? x.negated : x)
        case .floor: return floor(x)
        case .ceil: return floor(x.negated).map(\.negated)
        case .round:
            // Halves away from zero: ⌊x + ½⌋ for x ≥ 0, −⌊−x + ½⌋ below.
            let magnitude = x.sign < 0 ? x.negated : x
            let rounded = apply(.add, magnitude, .fraction(1, 2)).flatMap(floor)
            return x.sign < 0 ? rounded.map(\.negated) : rounded
        case .mod:
            let y = operands[1]
            if y.isZero { return .failure(.divisionByZero) }
            // x − y·⌊x ÷ y⌋, whose sign is the divisor's.
            return apply(.divide, x, y).flatMap(floor).flatMap { apply(.multiply, y, $0) }.flatMap { apply(.subtract, x, $0) }
        case .gcd, .lcm:
            guard operands.allSatisfy({ $0.isRational && $0.isInteger }) else {
                return .failure(.domain("\(function.name) takes integers: round one that is not, as in \(function.name)(round(1.5); 2)"))
            }
            var result = x.sign < 0 ? x.negated : x
            for operand in operands.dropFirst() {
                guard let next = Number.integer(function == .gcd ? .gcd : .lcm, result, operand) else { return .failure(.overflow) }
                result = next
            }
            return checked(result)
        case .combinations, .permutations:
            return choose(x, operands[1], ordered: function == .permutations)
        case .statistic(let result):
            let data = DataSet(points: operands.map { DataPoint(x: DataSet.kept($0), y: nil) })
            return Result { () throws(CalculatorError) in try data.sums().value(result) }
        case .median:
            return median(operands)
        case .quantity(let conversion):
            return conversion.apply(x, self)
        case .answer(let value):
            return .success(value)
        case .degrees:
            switch angle {
            case .deg: return .success(x)
            case .grad: return apply(.multiply, x, .fraction(10, 9))
            case .rad: return apply(.multiply, x, .constant(.pi)).flatMap { apply(.divide, $0, .integer(180)) }
            }
        }
    }

    /// ⌊x⌋: exact for a rational; for a real, the integer its bounds put it above and the next one below, or Error
    /// (precision) when they cannot tell which side of an integer it is on.
    func floor(_ x: Number) -> Outcome {
        if let exact = x.rationalFloor { return .success(exact) }
        guard let nearest = x.nearestInteger else { return .failure(.precision) }
        var climbed = false
        guard let side = certainSide(of: x, nearest, climbed: &climbed) else { return .failure(.precision) }
        return .success(.integer(side > 0 ? nearest : nearest - 1))
    }

    /// The middle of the values in order, or the mean of the two middle ones. Values are put in order exactly, so they
    /// are exact ones: an inexact value's place among close neighbours could not be certified.
    private func median(_ values: [Number]) -> Outcome {
        guard values.allSatisfy(\.isRational) else {
            return .failure(.domain("median orders exact values: give each as a number or a fraction, as in median(2; 4; 4; 9)"))
        }
        let sorted = values.sorted { Number.compare($0, $1) < 0 }
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return .success(sorted[middle]) }
        return apply(.add, sorted[middle - 1], sorted[middle]).flatMap { apply(.divide, $0, .integer(2)) }
    }

    /// nCr(n; r), or nPr(n; r) when `ordered`: n!/(r!(n−r)!) and n!/(n−r)!.
    private func choose(_ n: Number, _ r: Number, ordered: Bool) -> Outcome {
        let name = ordered ? "nPr" : "nCr"
        guard n.isRational, r.isRational, n.isInteger, r.isInteger, n.sign >= 0, r.sign >= 0 else {
            return .failure(.domain("\(name) is defined for integers n ≥ r ≥ 0, as in \(name)(5; 2)"))
        }
        guard Number.compare(n, r) >= 0 else { return .failure(.domain("\(name)(n; r) needs n ≥ r, as in \(name)(5; 2)")) }
        let rest = Number.field(.subtract, n, r)
        // The smaller of r and n − r for nCr. The result has at most k·(log₂ n − log₂ k + 1.45) bits (k·log₂ n for
        // nPr): one far past the range (1e+9999 is 33,220 bits) is not worked out.
        guard let k = (ordered || Number.compare(r, rest) <= 0 ? r : rest).intValue, k <= 1 << 20 else { return .failure(.overflow) }
        let nBits = (n.binaryMagnitude ?? 0) + 1, kBits = Int.bitWidth - k.leadingZeroBitCount
        guard k * (ordered ? nBits : nBits - kBits + 3) <= 100_000 else { return .failure(.overflow) }
        guard let combinations = Number.binomial(n, k) else { return .failure(.overflow) }
        return checked(ordered ? Number.field(.multiply, combinations, Number.exactFactorial(k)) : combinations)
    }
}
