/// An expression's answer without pressing its keys: the tree walked in the order and with the grouping its keys
/// have (`KeyEmitter`), each step done with the keypad's own arithmetic and expression texts, so that the value and
/// the text are those the keys end with, for a fraction of the work (a key also keeps the pending stack, the display
/// and the texts of every step). Only where that is certain: nil on an arithmetic error (the keys describe the Error
/// state), `rand`, numbers big enough for the budget's rounding (`keepNumbersWithinBudget`), and a text long enough
/// to be clipped; the caller then presses the keys.
struct ExpressionAnswer {
    private let emitter: KeyEmitter
    private let arithmetic = Arithmetic()
    /// The rational bits of every number made so far: a bound on what the keys would keep at once.
    private var bits = 0
    /// Operations and parentheses the keys would have pending here, as `KeyEmitter` counts them.
    private var pending = 0

    init(expression: Expression, settings: Settings) {
        emitter = KeyEmitter(expression: expression, settings: settings)
    }

    private var nodes: [Expression.Node] { emitter.expression.nodes }
    private var settings: Settings { emitter.settings }

    /// The value and text the keys of the node at `root` (the whole expression by default) end with, `=` included,
    /// or nil where only the keys can tell.
    mutating func answer(root: Int? = nil) -> (value: Number, text: String)? {
        guard let (value, text) = walk(root ?? nodes.count - 1, context: .neutral, left: nil),
            text.utf8.count <= CalculatorState.expressionLimit
        else { return nil }
        return (value, text)
    }

    /// `left` is the left operand of the + or − whose right operand this node is (`context` `.rightOfAddition`).
    /// Each kind of node has its own function, so that a frame of this recursion (a tree may be 1,000 operations
    /// tall) holds only what one kind needs, as a thread's stack allows in a build without optimisation too.
    private mutating func walk(_ index: Int, context: KeyEmitter.Context, left: Number?) -> (Number, String)? {
        let node = nodes[index]
        switch node.kind {
        case .number(let literal):
            return typed(literal, negative: false, at: node.offset)
        case .constant(let key):
            guard case .constant(let constant)? = key.action else { return nil }
            return (.constant(constant), constant.symbol)
        case .negate(let operand):
            return negation(of: operand, context: context)
        case .function(let key, let operand):
            return function(key, of: operand, isParenthesized: node.isParenthesized, context: context, left: left)
        case .binary(_, let op, let leftIndex, let rightIndex):
            return operation(op, leftIndex, rightIndex, context: context)
        case .computed(let function, let operands):
            return computed(function, operands)
        }
    }

    /// A function no key computes: each operand as an expression of its own, on a fresh keypad.
    private mutating func computed(_ function: ExpressionFunction, _ operands: [Int]) -> (Number, String)? {
        let outer = pending
        pending = 0
        defer { pending = outer }
        var values: [Number] = [], texts: [String] = []
        for operand in operands {
            guard let (value, text) = walk(operand, context: .neutral, left: nil) else { return nil }
            values.append(value)
            texts.append(function.operandText(text, of: nodes[operand]))
        }
        return result(arithmetic.apply(function, values, angle: settings.angle), function.describe(texts))
    }

    private mutating func negation(of operand: Int, context: KeyEmitter.Context) -> (Number, String)? {
        let negated: (Number, String)?
        switch nodes[operand].kind {
        case .number(let literal):
            return typed(literal, negative: true, at: nodes[operand].offset)
        case .negate(let inner):
            if case .number = nodes[inner].kind { negated = grouped(operand) } else { negated = walk(operand, context: context.first, left: nil) }
        case .binary:
            negated = grouped(operand)
        case .constant, .function, .computed:
            negated = walk(operand, context: context.first, left: nil)
        }
        guard let (value, text) = negated else { return nil }
        return (value.negated, CalculatorState.negatedText(text))
    }

    private mutating func function(_ key: Key, of operand: Int, isParenthesized: Bool, context: KeyEmitter.Context, left: Number?) -> (Number, String)? {
        if key == .percent, context == .insideAddition || (context == .rightOfAddition && isParenthesized) {
            guard let (value, text) = percentage(of: operand, context: .neutral, left: nil) else { return nil }
            return (value, "(" + text + ")")
        }
        if key == .percent { return percentage(of: operand, context: context.first, left: context == .rightOfAddition ? left : nil) }
        guard case .unary(let function)? = key.action, let (value, text) = self.operand(operand, context: context.first) else { return nil }
        return result(arithmetic.apply(function, value, angle: settings.angle), function.describe(text))
    }

    private mutating func operation(_ op: BinaryOperator, _ leftIndex: Int, _ rightIndex: Int, context: KeyEmitter.Context) -> (Number, String)? {
        let leftSide = emitter.needsGroup(leftIndex, leftOf: op) ? grouped(leftIndex) : walk(leftIndex, context: context.first, left: nil)
        guard let (a, leftText) = leftSide else { return nil }
        // The operator waits while its right operand is typed.
        guard open() else { return nil }
        let rightSide: (Number, String)?
        if emitter.needsGroup(rightIndex, rightOf: op) {
            rightSide = grouped(rightIndex)
        } else {
            let addition = op == .add || op == .subtract
            rightSide = walk(rightIndex, context: addition ? .rightOfAddition : .neutral, left: addition ? a : nil)
        }
        pending -= 1
        guard let (b, rightText) = rightSide else { return nil }
        var text = leftText
        text += " " + op.symbol + " "
        text += rightText
        return result(arithmetic.apply(op, a, b), text)
    }

    /// x% as the keypad takes it: x/100, or that share of `left` when it is the left operand of a pending + or −.
    private mutating func percentage(of operand: Int, context: KeyEmitter.Context, left: Number?) -> (Number, String)? {
        guard let (value, text) = self.operand(operand, context: context) else { return nil }
        var outcome = arithmetic.apply(.divide, value, .integer(100))
        if let left, case .success(let fraction) = outcome { outcome = arithmetic.apply(.multiply, left, fraction) }
        return result(outcome, (CalculatorState.hasTopLevelOperator(text) ? "(" + text + ")" : text) + "%")
    }

    /// A function's operand: grouped when it is an operation, as its keys are.
    private mutating func operand(_ index: Int, context: KeyEmitter.Context) -> (Number, String)? {
        if case .binary = nodes[index].kind { return grouped(index) }
        return walk(index, context: context, left: nil)
    }

    private mutating func grouped(_ index: Int) -> (Number, String)? {
        guard open() else { return nil }
        defer { pending -= 1 }
        guard let (value, text) = walk(index, context: .neutral, left: nil) else { return nil }
        return (value, "(" + text + ")")
    }

    /// One more pending item; false beyond what the keys may have (the keys then report it).
    private mutating func open() -> Bool {
        pending += 1
        return pending < CalculatorState.pendingLimit
    }

    /// A number as its keys type it: the entry's text, and its value checked as the keypad checks a typed one.
    private mutating func typed(_ literal: Expression.Literal, negative: Bool, at offset: Int) -> (Number, String)? {
        guard let number = try? emitter.typed(literal, at: offset) else { return nil }
        let buffer = InputBuffer(text: number.text(negative: negative), isPristine: false)
        return result(arithmetic.checked(buffer.value), buffer.text)
    }

    private mutating func result(_ outcome: Arithmetic.Outcome, _ text: String) -> (Number, String)? {
        guard case .success(let value) = outcome else { return nil }
        bits += value.rationalBits
        guard bits <= Budget.standard.maxRationalBits else { return nil }
        return (value, text)
    }
}

extension CalculatorState {
    /// The state the keys of an answered expression end in, as far as its answer shows: the value and the text
    /// after `=`.
    init(answer: (value: Number, text: String), settings: Settings) {
        self.init(settings: settings)
        stack.value = answer.value
        stack.entry = nil
        stack.phase = .result
        stack.operandText = answer.text
        refresh()
    }
}
