/// Turns an expression's nodes into keys. The keypad is infix with postfix functions, so most nodes are their
/// operands' keys and their own; parentheses keys go where the keypad would otherwise group differently from the
/// expression:
/// - in scientific mode, an operand that binds more loosely than its operator (`(2 + 3) × 4`), or as loosely on the
///   side the operator does not group (`2 − (3 − 4)`, `(2^3)^2`); in immediate mode, which works left to right,
///   every right operand that is itself an operation;
/// - a function's operand that is an operation (`(2 + 3) sin`);
/// - a unary minus of an operation, or of a number still being typed that has its own sign (`neg` would turn the
///   sign of its exponent);
/// - a `%` that the keypad would otherwise read as a percentage of the left operand of a pending + or −
///   (`50 + (10%) × 2`): only `a + b%` and `a − b%`, without parentheses around `b%`, mean that.
struct KeyEmitter {
    let expression: Expression
    let settings: Settings
    var keys: [Key] = []
    /// Where the value of a node no key computes (`Expression.Node.Kind.computed`) goes among the keys: before the
    /// key at `position`, as an operand, the way a constant key puts one.
    var values: [(position: Int, node: Int)] = []
    /// Operations and parentheses the keys so far leave pending (an upper bound), checked against the keypad's limit.
    private var pending = 0

    init(expression: Expression, settings: Settings) {
        self.expression = expression
        self.settings = settings
    }

    /// What the keypad's innermost pending item is when a node's keys begin, as far as `%` cares.
    enum Context {
        /// Nothing, a parenthesis, or an operation other than + and −.
        case neutral
        /// A + or − whose right operand begins with this node but is more than it.
        case insideAddition
        /// A + or − whose right operand is this node.
        case rightOfAddition

        /// The context of a node's first operand, whose keys begin where the node's do.
        var first: Context { self == .neutral ? .neutral : .insideAddition }
    }

    mutating func emit(_ index: Int, context: Context) throws(ExpressionError) {
        let node = expression.nodes[index]
        switch node.kind {
        case .number(let literal):
            try emit(literal, negative: false, at: node.offset)
        case .constant(let key):
            keys.append(key)
        case .negate(let operand):
            switch expression.nodes[operand].kind {
            case .number(let literal):
                try emit(literal, negative: true, at: expression.nodes[operand].offset)
            case .negate(let inner):
                if case .number = expression.nodes[inner].kind {
                    try emitGrouped(operand, at: node.offset)
                } else {
                    try emit(operand, context: context.first)
                }
                keys.append(.negate)
            case .binary:
                try emitGrouped(operand, at: node.offset)
                keys.append(.negate)
            case .constant, .function, .computed:
                try emit(operand, context: context.first)
                keys.append(.negate)
            }
        case .computed:
            values.append((keys.count, index))
        case .function(let key, let operand):
            if key == .percent, context == .insideAddition || (context == .rightOfAddition && node.isParenthesized) {
                try group(at: node.offset) { (emitter: inout KeyEmitter) throws(ExpressionError) in
                    try emitter.emitOperand(operand, context: .neutral)
                    emitter.keys.append(.percent)
                }
            } else {
                try emitOperand(operand, context: context.first)
                keys.append(key)
            }
        case .binary(let key, let op, let left, let right):
            if needsGroup(left, leftOf: op) {
                try emitGrouped(left, at: expression.nodes[left].offset)
            } else {
                try emit(left, context: context.first)
            }
            keys.append(key)
            try open(at: expression.nodes[right].offset)
            let rightContext: Context = op == .add || op == .subtract ? .rightOfAddition : .neutral
            if needsGroup(right, rightOf: op) {
                try emitGrouped(right, at: expression.nodes[right].offset)
            } else {
                try emit(right, context: rightContext)
            }
            pending -= 1
        }
    }

    /// A function's operand: grouped when it is an operation.
    private mutating func emitOperand(_ index: Int, context: Context) throws(ExpressionError) {
        if case .binary = expression.nodes[index].kind {
            try emitGrouped(index, at: expression.nodes[index].offset)
        } else {
            try emit(index, context: context)
        }
    }

    private mutating func emitGrouped(_ index: Int, at offset: Int) throws(ExpressionError) {
        try group(at: offset) { (emitter: inout KeyEmitter) throws(ExpressionError) in try emitter.emit(index, context: .neutral) }
    }

    private mutating func group(at offset: Int, _ body: (inout KeyEmitter) throws(ExpressionError) -> Void) throws(ExpressionError) {
        keys.append(.openParenthesis)
        try open(at: offset)
        try body(&self)
        keys.append(.closeParenthesis)
        pending -= 1
    }

    /// One more pending item; beyond the keypad's limit it would ignore a `(` or group a `^` chain differently.
    private mutating func open(at offset: Int) throws(ExpressionError) {
        pending += 1
        guard pending < CalculatorState.pendingLimit else {
            throw ExpressionError(
                offset: offset, expected: "an expression with fewer than \(CalculatorState.pendingLimit) operations and parentheses open at once",
                found: "more")
        }
    }

    func needsGroup(_ index: Int, leftOf op: BinaryOperator) -> Bool {
        guard settings.mode == .scientific, case .binary(_, let inner, _, _) = expression.nodes[index].kind else { return false }
        return inner.precedence < op.precedence || (inner.precedence == op.precedence && op.isRightAssociative)
    }

    func needsGroup(_ index: Int, rightOf op: BinaryOperator) -> Bool {
        guard case .binary(_, let inner, _, _) = expression.nodes[index].kind else { return false }
        guard settings.mode == .scientific else { return true }
        return inner.precedence < op.precedence || (inner.precedence == op.precedence && !op.isRightAssociative)
    }

    // MARK: numbers

    /// A number's keys: as written when the keypad takes it so (at most `digits` digits, four exponent digits),
    /// otherwise as d.ddd EE n; its sign, if negative, typed after the digits before the exponent.
    mutating func emit(_ literal: Expression.Literal, negative: Bool, at offset: Int) throws(ExpressionError) {
        let number = try typed(literal, at: offset)
        for code in number.mantissa { keys.append(code == UInt8(ascii: ".") ? .point : .digit(code)) }
        if negative { keys.append(.negate) }
        if let exponent = number.exponent {
            keys.append(.exponent)
            for code in String(exponent.magnitude).utf8 { keys.append(.digit(code)) }
            if exponent < 0 { keys.append(.negate) }
        }
    }

    /// What the keys of a number type (see `emit`), or why the keypad cannot take it.
    func typed(_ literal: Expression.Literal, at offset: Int) throws(ExpressionError) -> TypedNumber {
        let scalars = expression.scalars
        func code(_ index: Int) -> UInt8 { UInt8(scalars[index].value) }
        // The integer part's digits, without the group marks between them.
        let integer = literal.integer.filter { ("0"..."9").contains(scalars[$0]) }.drop { scalars[$0] == "0" }
        let fraction = literal.fraction ?? literal.integer.upperBound..<literal.integer.upperBound
        guard let first = integer.first ?? fraction.first(where: { scalars[$0] != "0" }) else {
            // Zero, whatever its exponent.
            return TypedNumber(mantissa: [UInt8(ascii: "0")], exponent: nil)
        }
        let last = fraction.last { scalars[$0] != "0" } ?? integer.last { scalars[$0] != "0" }!
        let mantissaCount = integer.count + fraction.count
        let exponentDigits = (literal.exponent ?? 0..<0).drop { scalars[$0] == "0" }
        // The exponent as written; seven digits are far outside the range whatever the mantissa.
        guard exponentDigits.count <= 6 else { throw outOfRange(literal, at: offset) }
        var writtenExponent = exponentDigits.reduce(0) { $0 * 10 + Int(code($1)) - 48 }
        if literal.exponentIsNegative { writtenExponent.negate() }
        // The decimal exponent of the first significant digit.
        let magnitude = (integer.isEmpty ? -(first - fraction.lowerBound + 1) : integer.count - 1) + writtenExponent
        guard (-9999...9999).contains(magnitude) else { throw outOfRange(literal, at: offset) }
        let digits = settings.shownDigits
        if mantissaCount <= digits && exponentDigits.count <= InputBuffer.maxExponentDigits {
            var mantissa = integer.map(code)
            if literal.fraction != nil {
                mantissa.append(UInt8(ascii: "."))
                mantissa += fraction.map(code)
            }
            return TypedNumber(mantissa: mantissa, exponent: literal.exponent == nil ? nil : writtenExponent)
        }
        // The significant digits, from the first to the last that is not zero, skipping the point.
        var significant: [UInt8] = []
        for index in integer where index >= first { significant.append(code(index)) }
        for index in fraction where index >= first && index <= last { significant.append(code(index)) }
        if let lastInteger = integer.last, last <= lastInteger { significant.removeLast(integer.count { $0 > last }) }
        guard significant.count <= digits else {
            throw ExpressionError(
                offset: offset, expected: "a number of at most \(digits) significant digits (the digits setting)",
                found: expression.text(numberRange(literal)))
        }
        var mantissa = [significant[0]]
        if significant.count > 1 {
            mantissa.append(UInt8(ascii: "."))
            mantissa += significant.dropFirst()
        }
        return TypedNumber(mantissa: mantissa, exponent: magnitude == 0 ? nil : magnitude)
    }

    private func numberRange(_ literal: Expression.Literal) -> Range<Int> {
        literal.integer.lowerBound..<(literal.exponent ?? literal.fraction ?? literal.integer).upperBound
    }

    private func outOfRange(_ literal: Expression.Literal, at offset: Int) -> ExpressionError {
        ExpressionError(offset: offset, expected: "a number within 1e-9999 … 1e+9999", found: expression.text(numberRange(literal)))
    }
}

/// A number as the keypad types it: the mantissa's characters in order (ASCII digits and at most one point) and the
/// exponent typed after EE, if any.
struct TypedNumber {
    var mantissa: [UInt8]
    var exponent: Int?

    /// The text the entry shows once it is typed, negative when its sign key follows the mantissa.
    func text(negative: Bool) -> String {
        var text = negative ? "-" : ""
        if mantissa.first == UInt8(ascii: ".") { text += "0" }
        text += String(decoding: mantissa, as: UTF8.self)
        if let exponent { text += (exponent < 0 ? "e-" : "e") + String(exponent.magnitude) }
        return text
    }
}
