/// The arithmetic of the calculator: exact where possible, domain checks, special angles, range and budget.
struct Arithmetic: Sendable {
    var budget: Budget = .standard

    typealias Outcome = Result<Number, CalculatorError>

    /// Every result passes through here: range limits, and oversized rationals continue as floats. A real (a 256-bit
    /// rounding of the true value) within rounding noise of a limit counts as inside: tanh 1e-9999 lies a hair
    /// below 1e-9999, and 1e-9999 × π ÷ π may round there, yet both show 1e-9999.
    func checked(_ x: Number) -> Outcome {
        if x.isNaN { return .failure(.domain("Result is not a real number")) }
        if !x.isFinite { return .failure(.overflow) }
        guard let magnitude = x.binaryMagnitude else { return .success(x) }
        let upper = budget.maxDecimalExponent + 1  // |x| < 10^upper
        let upperBits = upper * 33_219 / 10_000  // log₂ 10 ≈ 3.3219
        if magnitude > upperBits + 2 { return .failure(.overflow) }
        if magnitude >= upperBits - 2, x.compareMagnitude(toPowerOfTen: upper) >= 0, !x.isRoundingNoise(nearPowerOfTen: upper) {
            return .failure(.overflow)
        }
        let lower = -budget.maxDecimalExponent
        let lowerBits = (lower * 33_219 - 9_999) / 10_000
        if magnitude < lowerBits - 2 { return .failure(.overflow) }
        if magnitude <= lowerBits + 2, x.compareMagnitude(toPowerOfTen: lower) < 0, !x.isRoundingNoise(nearPowerOfTen: lower) {
            return .failure(.overflow)
        }
        // An oversized rational continues as its rounding, which `apply` certifies with the operation that made it.
        if x.rationalBits > budget.maxRationalBits { return .success(x.isRational ? .real(x.realBox) : x.asReal) }
        return .success(x)
    }

    // MARK: binary operations

    /// op(a, b) at 256 bits, before `apply` certifies it.
    func evaluate(_ op: BinaryOperator, _ a: Number, _ b: Number) -> Outcome {
        switch op {
        case .add: return checked(Number.field(.add, a, b))
        case .subtract: return checked(Number.field(.subtract, a, b))
        case .multiply: return checked(Number.field(.multiply, a, b))
        case .divide: return divide(a, b)
        case .power: return power(a, b)
        case .root: return root(a, b)
        case .logBase: return logarithm(a, base: b)
        }
    }

    func divide(_ a: Number, _ b: Number) -> Outcome {
        if b.isZero { return .failure(a.isZero ? .zeroByZero : .divisionByZero) }
        return checked(Number.field(.divide, a, b))
    }

    func power(_ base: Number, _ exponent: Number) -> Outcome {
        if exponent.isZero { return .success(.integer(1)) }
        if base.isZero {
            return exponent.sign > 0 ? .success(.integer(0)) : .failure(.divisionByZero)
        }
        if let n = exponent.intValue {
            if base.isRational, n.magnitude <= UInt(budget.maxRationalBits),
                UInt(max(base.rationalBits, 1)) * n.magnitude <= UInt(budget.maxRationalBits) * 2,
                let exact = base.exactPower(n)
            {
                return checked(exact)
            }
            return checked(Number.power(base, exponent))
        }
        if base.sign < 0 {
            // A real power of a negative base exists only for a rational exponent p/q with odd q (an integer is p/1):
            // −(|x|^(p/q)) for odd p. The parities come from the exact integers, however large.
            guard let parity = exponent.fractionParity, parity.denominatorIsOdd else {
                return .failure(.domain("Negative base needs an integer exponent"))
            }
            return power(base.negated, exponent).map { parity.numeratorIsOdd ? $0.negated : $0 }
        }
        if case .rational = exponent, case .rational = base {
            // Exact when the base is a perfect power: 4^0.5, 8^(2/3).
            let (numerator, denominator) = exponent.fractionParts
            if let p = numerator, let q = denominator, q <= 64, p.magnitude <= 64, let rooted = base.exactRoot(q),
                let exact = rooted.exactPower(p)
            {
                return checked(exact)
            }
        }
        return checked(Number.power(base, exponent))
    }

    func root(_ radicand: Number, _ index: Number) -> Outcome {
        if index.isZero { return .failure(.domain("The 0th root is undefined")) }
        if let n = index.intValue, n.magnitude <= 1_000_000 {
            let positive = Int(n.magnitude)
            if radicand.sign < 0, positive % 2 == 0 { return .failure(.domain("Even root of a negative number")) }
            let value: Number
            if let exact = radicand.exactRoot(positive) {
                value = exact
            } else {
                value = Number.root(radicand, positive)
            }
            return n > 0 ? checked(value) : divide(.integer(1), value)
        }
        switch divide(.integer(1), index) {
        case .success(let reciprocal): return power(radicand, reciprocal)
        case .failure(let error): return .failure(error)
        }
    }

    func logarithm(_ x: Number, base: Number) -> Outcome {
        guard x.sign > 0 else { return .failure(.domain("Logarithm of a number ≤ 0")) }
        guard base.sign > 0, base.compare(toInteger: 1) != 0 else { return .failure(.domain("Logarithm base must be positive and not 1")) }
        if let exact = exactLogarithm(x, base: base) { return .success(exact) }
        return divide(x.real(.ln), base.real(.ln))
    }

    /// log_b(x) = n exactly when b^n == x for a small integer n (log₁₀ 0.001 = −3, 8 logᵧ 2 = 3).
    private func exactLogarithm(_ x: Number, base: Number) -> Number? {
        guard x.isRational, base.isRational else { return nil }
        guard case .success(let estimate) = divide(x.real(.ln), base.real(.ln)), let n = estimate.nearestInteger, n.magnitude <= 40_000 else { return nil }
        guard UInt(max(base.rationalBits, 1)) * n.magnitude <= UInt(budget.maxRationalBits) * 2,
            let power = base.exactPower(n), power == x
        else { return nil }
        return .integer(n)
    }

    // MARK: unary functions

    /// function(x) at 256 bits, before `apply` certifies it.
    func evaluate(_ function: UnaryFunction, _ x: Number, angle: AngleUnit) -> Outcome {
        switch function {
        case .square: return checked(Number.field(.multiply, x, x))
        case .cube: return checked(Number.field(.multiply, Number.field(.multiply, x, x), x))
        case .reciprocal: return divide(.integer(1), x)
        case .squareRoot:
            if x.sign < 0 { return .failure(.domain("Square root of a negative number")) }
            return checked(x.exactRoot(2) ?? x.real(.sqrt))
        case .cubeRoot: return checked(x.exactRoot(3) ?? x.real(.cbrt))
        case .exp: return checked(x.real(.exp))
        case .pow10: return power(.integer(10), x)
        case .pow2: return power(.integer(2), x)
        case .ln:
            guard x.sign > 0 else { return .failure(.domain("Logarithm of a number ≤ 0")) }
            return checked(x.compare(toInteger: 1) == 0 ? .integer(0) : x.real(.ln))
        case .log10:
            guard x.sign > 0 else { return .failure(.domain("Logarithm of a number ≤ 0")) }
            return checked(exactLogarithm(x, base: .integer(10)) ?? x.real(.log10))
        case .log2:
            guard x.sign > 0 else { return .failure(.domain("Logarithm of a number ≤ 0")) }
            return checked(exactLogarithm(x, base: .integer(2)) ?? x.real(.log2))
        case .factorial: return factorial(x)
        case .sin, .cos, .tan: return trigonometric(function, x, angle: angle)
        case .asin, .acos:
            if x.compare(toInteger: 1) > 0 || x.compare(toInteger: -1) < 0 {
                return .failure(.domain("\(function.rawValue) is defined only on [−1, 1]"))
            }
            return inverseTrigonometric(function, x, angle: angle)
        case .atan: return inverseTrigonometric(function, x, angle: angle)
        case .sinh: return checked(x.real(.sinh))
        case .cosh: return checked(x.real(.cosh))
        case .tanh: return checked(x.real(.tanh))
        case .asinh: return checked(x.real(.asinh))
        case .acosh:
            guard x.compare(toInteger: 1) >= 0 else { return .failure(.domain("acosh is defined only for x ≥ 1")) }
            return checked(x.real(.acosh))
        case .atanh:
            guard x.compare(toInteger: 1) < 0, x.compare(toInteger: -1) > 0 else {
                return .failure(.domain("atanh is defined only on (−1, 1)"))
            }
            return checked(x.real(.atanh))
        }
    }

    func factorial(_ x: Number) -> Outcome {
        if x.compare(toInteger: budget.maxFactorialArgument) > 0 { return .failure(.overflow) }
        if x.isInteger {
            guard x.sign >= 0 else { return .failure(.domain("Factorial of a negative integer")) }
            if let n = x.intValue { return checked(Number.exactFactorial(n)) }
        }
        if x.compare(toInteger: budget.minFactorialArgument) < 0 { return .failure(.overflow) }
        return checked(Number.field(.add, x, .integer(1)).real(.gamma))
    }

    // MARK: angles

    /// sin, cos, tan at multiples of 15° / π/2 whose values are rational; `nil` for any other angle.
    /// tan at an odd multiple of 90° has no value, which `.failure` reports.
    private func specialAngleValue(_ function: UnaryFunction, degrees: Int) -> Outcome? {
        let angle = ((degrees % 360) + 360) % 360
        let half = Number.fraction(1, 2), minusHalf = Number.fraction(-1, 2)
        switch function {
        case .sin:
            switch angle {
            case 0, 180: return .success(.integer(0))
            case 30, 150: return .success(half)
            case 210, 330: return .success(minusHalf)
            case 90: return .success(.integer(1))
            case 270: return .success(.integer(-1))
            default: return nil
            }
        case .cos:
            switch angle {
            case 90, 270: return .success(.integer(0))
            case 60, 300: return .success(half)
            case 120, 240: return .success(minusHalf)
            case 0: return .success(.integer(1))
            case 180: return .success(.integer(-1))
            default: return nil
            }
        case .tan:
            switch angle {
            case 0, 180: return .success(.integer(0))
            case 45, 225: return .success(.integer(1))
            case 135, 315: return .success(.integer(-1))
            case 90, 270: return .failure(.domain("tan is undefined at odd multiples of 90°"))
            default: return nil
            }
        default: return nil
        }
    }

    /// k when a rational x = k·step exactly, for modest k. A real is never taken for a multiple: one within rounding
    /// noise of it may be off by less than the noise (π + 10^-70), and a real that is a multiple of π shows it in
    /// its derivation (`Arithmetic+Certified.swift`).
    private func multiple(of x: Number, step: Number) -> Int? {
        guard x.isRational else { return nil }
        let quotient = Number.field(.divide, x, step)
        guard quotient.isInteger, let k = quotient.intValue, k.magnitude < 1 << 50 else { return nil }
        return k
    }

    func trigonometric(_ function: UnaryFunction, _ x: Number, angle: AngleUnit) -> Outcome {
        switch angle {
        case .deg:
            // Whole turns are exact in degrees, so a huge typed angle loses nothing.
            if let turn = x.remainder(modulo: 360) { return degreesOfRational(function, turn) }
            if let k = multiple(of: x, step: .integer(15)), let special = specialAngleValue(function, degrees: (k % 24) * 15) {
                return special
            }
            let f: RealFunction = function == .sin ? .sinDegrees : function == .cos ? .cosDegrees : .tanDegrees
            return checked(x.real(f))
        case .rad:
            if x.isZero { return .success(.integer(function == .cos ? 1 : 0)) }
            let f: RealFunction = function == .sin ? .sin : function == .cos ? .cos : .tan
            return checked(x.real(f))
        case .grad:
            // 100 grad is 90°: exact for a rational angle, so exact wherever the same angle in degrees is.
            return trigonometric(function, Number.field(.multiply, x, .fraction(9, 10)), angle: .deg)
        }
    }

    /// `turn` in [0°, 360°), exact: the nearest multiple of 90° is taken off exactly, and the rest r in [−45°, 45°]
    /// goes to MPFR, so a small angle keeps every digit (−10^-75° is 360° − 10^-75° as a turn, r = −10^-75°).
    private func degreesOfRational(_ function: UnaryFunction, _ turn: Number) -> Outcome {
        if let k = multiple(of: turn, step: .integer(15)), let special = specialAngleValue(function, degrees: (k % 24) * 15) {
            return special
        }
        let quadrant = [45, 135, 225, 315].count { turn.compare(toInteger: $0) > 0 }
        let rest = Number.field(.subtract, turn, .integer(90 * quadrant))
        // sin(90°q + r) and cos(90°q + r) are ±sin r or ±cos r; tan(90°q + r) is tan r or −1/tan r.
        switch (function, quadrant % 4) {
        case (.sin, 0), (.cos, 3): return checked(rest.real(.sinDegrees))
        case (.sin, 2), (.cos, 1): return checked(rest.real(.sinDegrees).negated)
        case (.sin, 1), (.cos, 0): return checked(rest.real(.cosDegrees))
        case (.sin, _), (.cos, _): return checked(rest.real(.cosDegrees).negated)
        default:
            let tangent = rest.real(.tanDegrees)
            return quadrant % 2 == 0 ? checked(tangent) : divide(.integer(-1), tangent)
        }
    }

    func inverseTrigonometric(_ function: UnaryFunction, _ x: Number, angle: AngleUnit) -> Outcome {
        if angle == .grad {
            return inverseTrigonometric(function, x, angle: .deg).flatMap { checked(Number.field(.multiply, $0, .fraction(10, 9))) }
        }
        if angle == .deg, x.isRational {
            // The rational arguments with rational answers in degrees.
            let table: [(Number, Int)]
            switch function {
            case .asin: table = [(.integer(0), 0), (.fraction(1, 2), 30), (.fraction(-1, 2), -30), (.integer(1), 90), (.integer(-1), -90)]
            case .acos: table = [(.integer(1), 0), (.fraction(1, 2), 60), (.integer(0), 90), (.fraction(-1, 2), 120), (.integer(-1), 180)]
            default: table = [(.integer(0), 0), (.integer(1), 45), (.integer(-1), -45)]
            }
            if let match = table.first(where: { $0.0 == x }) { return .success(.integer(match.1)) }
        }
        // Degrees or radians: gradians are taken as degrees above.
        let degrees = angle == .deg
        let f: RealFunction
        switch function {
        case .asin: f = degrees ? .asinDegrees : .asin
        case .acos: f = degrees ? .acosDegrees : .acos
        default: f = degrees ? .atanDegrees : .atan
        }
        return checked(x.real(f))
    }
}

extension Number {
    /// A real within rounding noise (relative 2^-200) of 10^power: its true value may lie on either side.
    func isRoundingNoise(nearPowerOfTen power: Int) -> Bool {
        guard case .real = self else { return false }
        let bound = Number.decimal(digits: "1", exponent: power, negative: false)
        guard let scale = bound.binaryMagnitude, let difference = Number.field(.subtract, absolute, bound).binaryMagnitude else { return true }
        return difference < scale - 200
    }
}
