/// Reads an expression (see `Expression` for the language) into nodes by recursive descent, one function per level
/// of binding. Tokens are read where they are needed, straight from the scalars.
struct ExpressionParser {
    let scalars: [Unicode.Scalar]
    private var position = 0
    private var nodes: [Expression.Node] = []
    /// Operands being read inside one another; bounded so that no text can exhaust the stack.
    private var depth = 0
    /// Each node's height: the most nodes on a way down from it, itself included (parallel to `nodes`).
    private var heights: [Int] = []

    static let depthLimit = 100
    /// The tallest tree read. Chains and postfix operators build height without nesting (`1+1+…`, `2²²…`), and the
    /// walks over the tree (`Expression.keys`, `ExpressionAnswer`) recurse down it: this bounds their stack. A chain
    /// this long takes more keys than `--max-keys` allows by default.
    static let heightLimit = 1000

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    /// The nodes, the root last.
    mutating func parse() throws(ExpressionError) -> [Expression.Node] {
        nodes.reserveCapacity(scalars.count / 2 + 1)
        heights.reserveCapacity(scalars.count / 2 + 1)
        _ = try sum()
        if let token = peek() {
            if token == .closeParenthesis { throw failure("an operator or the end (this ) closes nothing)") }
            if token == .comma { throw failure("an operator or the end (a number takes no grouping commas: write 1000, not 1,000)") }
            throw failure("an operator or the end")
        }
        return nodes
    }

    // MARK: levels of binding

    /// Terms joined by + and −.
    private mutating func sum() throws(ExpressionError) -> Int {
        var left = try product()
        while let token = peek(), token == .plus || token == .minus {
            consume(token)
            let right = try product()
            left = try add(token == .plus ? .binary(.plus, .add, left, right) : .binary(.minus, .subtract, left, right), at: nodes[left].offset)
        }
        return left
    }

    /// Factors joined by ×, ÷ or nothing (implicit multiplication).
    private mutating func product() throws(ExpressionError) -> Int {
        var left = try signed()
        while let token = peek() {
            switch token {
            case .times, .divide: consume(token)
            case .name, .openParenthesis, .squareRoot, .cubeRoot: break
            case .number: throw failure("an operator (a number right after an operand is no product: write ×)")
            default: return left
            }
            let right = try signed()
            let kind: Expression.Node.Kind = token == .divide ? .binary(.dividedBy, .divide, left, right) : .binary(.times, .multiply, left, right)
            left = try add(kind, at: nodes[left].offset)
        }
        return left
    }

    /// A power with any number of unary minus and plus signs before it.
    private mutating func signed() throws(ExpressionError) -> Int {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.depthLimit else { throw failure("an expression nested at most \(Self.depthLimit) deep") }
        let start = position
        switch peek() {
        case .minus?:
            consume(.minus)
            let operand = try signed()
            return try add(.negate(operand), at: start)
        case .plus?:
            consume(.plus)
            return try signed()
        default:
            return try power()
        }
    }

    /// base ^ exponent, right to left: the exponent is itself a signed power.
    private mutating func power() throws(ExpressionError) -> Int {
        let base = try postfix()
        guard peek() == .power else { return base }
        consume(.power)
        let exponent = try signed()
        return try add(.binary(.power, .power, base, exponent), at: nodes[base].offset)
    }

    /// An operand followed by any of ! % ² ³.
    private mutating func postfix() throws(ExpressionError) -> Int {
        var operand = try primary()
        while let token = peek() {
            let key: Key
            switch token {
            case .factorial: key = .factorial
            case .percent: key = .percent
            case .squared: key = .square
            case .cubed: key = .cube
            default: return operand
            }
            consume(token)
            operand = try add(.function(key, operand), at: nodes[operand].offset)
        }
        return operand
    }

    private mutating func primary() throws(ExpressionError) -> Int {
        let start = position
        guard let token = peek() else { throw failure(Self.operand) }
        switch token {
        case .number:
            return try add(.number(readNumber()), at: start)
        case .openParenthesis:
            consume(token)
            let inner = try sum()
            try expect(.closeParenthesis, "an operator or )")
            nodes[inner].isParenthesized = true
            return inner
        case .squareRoot, .cubeRoot:
            // √(x) is a call like sqrt(x), so √(4)! is (√4)!; without parentheses √ takes what follows up to its
            // power, as − does: √4! is √24, √2π is √2·π.
            consume(token)
            let operand: Int
            if peek() == .openParenthesis {
                consume(.openParenthesis)
                operand = try sum()
                try expect(.closeParenthesis, "an operator or )")
            } else {
                operand = try signed()
            }
            return try add(.function(token == .squareRoot ? .squareRoot : .cubeRoot, operand), at: start)
        case .name(let length):
            return try call(nameLength: length)
        default:
            throw failure(Self.operand)
        }
    }

    static let operand = "a number, a name, ( or −"

    /// A constant, or a function key with its arguments in parentheses.
    private mutating func call(nameLength: Int) throws(ExpressionError) -> Int {
        let start = position
        let name = text(start..<start + nameLength)
        guard ExpressionNames.instead[name] == nil, let key = ExpressionNames.key(named: name) else {
            throw ExpressionError(offset: start, expected: ExpressionNames.expectation(for: name), found: name)
        }
        let arity: Int
        switch key.action {
        case .constant?, .random?:
            position += nameLength
            return try add(.constant(key), at: start)
        case .unary?, .negate?, .percent?: arity = 1
        case .binary?: arity = 2
        case nil, .digit?, .point?, .exponent?, .openParenthesis?, .closeParenthesis?, .equals?, .allClear?, .clear?,
            .backspace?, .memoryClear?, .memoryAdd?, .memorySubtract?, .memoryRecall?, .angle?, .second?, .variable?, .undo?,
            .redo?, .convert?, .memoryStore?, .memoryEntry?, .statistics?:
            throw ExpressionError(offset: start, expected: "a function or constant name (\(name) is a key of no value)", found: name)
        }
        position += nameLength
        try expect(.openParenthesis, "( after \(name)")
        let first = try sum()
        guard arity == 2 else {
            try expect(.closeParenthesis, "an operator or ) (\(name) takes one operand)")
            // neg(x) is −x, whose keys are not always x's and neg (see `KeyEmitter`).
            if key == .negate { return try add(.negate(first), at: start) }
            return try add(.function(key, first), at: start)
        }
        try expect(.comma, "an operator or , (\(name) takes two operands)")
        let second = try sum()
        try expect(.closeParenthesis, "an operator or ) (\(name) takes two operands)")
        guard case .binary(let op)? = key.action else { preconditionFailure("arity 2 is a binary key") }
        return try add(.binary(key, op, first, second), at: start)
    }

    private mutating func add(_ kind: Expression.Node.Kind, at offset: Int) throws(ExpressionError) -> Int {
        let height: Int
        switch kind {
        case .number, .constant: height = 1
        case .negate(let operand), .function(_, let operand): height = heights[operand] + 1
        case .binary(_, _, let left, let right): height = max(heights[left], heights[right]) + 1
        }
        guard height <= Self.heightLimit else {
            throw failure("the end of the expression within \(Self.heightLimit) operations of one another")
        }
        nodes.append(Expression.Node(kind: kind, offset: offset))
        heights.append(height)
        return nodes.count - 1
    }

    // MARK: tokens

    enum Token: Equatable {
        case number
        /// A name of `length` scalars: letters, then letters, digits and the sub- and superscripts of key aliases
        /// (log₁₀, sin⁻¹), or π.
        case name(length: Int)
        case plus, minus, times, divide, power
        case factorial, percent, squared, cubed
        case squareRoot, cubeRoot
        case openParenthesis, closeParenthesis, comma
        case unknown
    }

    /// The next token, after any white space; nil at the end.
    private mutating func peek() -> Token? {
        while position < scalars.count, Self.isSpace(scalars[position]) { position += 1 }
        guard position < scalars.count else { return nil }
        let scalar = scalars[position]
        switch scalar {
        case "0"..."9": return .number
        case ".": return isDigit(at: position + 1) ? .number : .unknown
        case "+": return .plus
        case "-", "−": return .minus
        case "*": return at(position + 1, is: "*") ? .power : .times
        case "×", "·", "⋅": return .times
        case "/", "÷", "∕": return .divide
        case "^": return .power
        case "!": return .factorial
        case "%": return .percent
        case "²": return .squared
        case "³": return .cubed
        case "√": return .squareRoot
        case "∛": return .cubeRoot
        case "(": return .openParenthesis
        case ")": return .closeParenthesis
        case ",": return .comma
        case "π": return .name(length: 1)
        case "a"..."z", "A"..."Z":
            var end = position + 1
            while end < scalars.count, Self.continuesName(scalars[end]) { end += 1 }
            return .name(length: end - position)
        default: return .unknown
        }
    }

    /// White space: ASCII's without asking the Unicode tables, which most texts never need.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09...0x0D: true
        case 0...0x7F: false
        default: scalar.properties.isWhitespace
        }
    }

    private static func continuesName(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        // Subscript digits, subscript y, superscript minus and one: log₁₀, log₂, logᵧ, sin⁻¹.
        case "\u{2080}"..."\u{2089}", "ᵧ", "⁻", "¹": true
        default: false
        }
    }

    private mutating func consume(_ token: Token) {
        position += token == .power && scalars[position] == "*" ? 2 : 1
    }

    private mutating func expect(_ token: Token, _ expected: String) throws(ExpressionError) {
        guard peek() == token else { throw failure(expected) }
        consume(token)
    }

    /// A number at `position`: digits, an optional point and digits, an optional exponent (e or E, a sign, digits;
    /// an `e` not followed by digits is the constant, so `2e` is 2·e).
    private mutating func readNumber() -> Expression.Literal {
        let integerStart = position
        while isDigit(at: position) { position += 1 }
        var literal = Expression.Literal(integer: integerStart..<position)
        if at(position, is: ".") {
            position += 1
            let start = position
            while isDigit(at: position) { position += 1 }
            literal.fraction = start..<position
        }
        if at(position, is: "e") || at(position, is: "E") {
            var start = position + 1
            var negative = false
            if at(start, is: "+") || at(start, is: "-") || at(start, is: "−") {
                negative = !at(start, is: "+")
                start += 1
            }
            if isDigit(at: start) {
                position = start
                while isDigit(at: position) { position += 1 }
                literal.exponent = start..<position
                literal.exponentIsNegative = negative
            }
        }
        return literal
    }

    private func at(_ index: Int, is scalar: Unicode.Scalar) -> Bool {
        index < scalars.count && scalars[index] == scalar
    }

    private func isDigit(at index: Int) -> Bool {
        index < scalars.count && ("0"..."9").contains(scalars[index])
    }

    private func text(_ range: Range<Int>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[range])
        return text
    }

    /// An error at the next token, naming it.
    private mutating func failure(_ expected: String) -> ExpressionError {
        let token = peek()
        let found: String
        switch token {
        case nil: found = "the end"
        case .name(let length)?: found = text(position..<position + length)
        case .number?:
            let start = position
            _ = readNumber()
            found = text(start..<position)
            position = start
        case .power? where scalars[position] == "*": found = "**"
        default: found = text(position..<position + 1)
        }
        if found == "°" {
            let hint = " (° after a number is not read: with \"angle\": \"deg\" write sin(30); in rad, sin(30 × π ÷ 180))"
            return ExpressionError(offset: position, expected: expected + hint, found: found)
        }
        return ExpressionError(offset: position, expected: expected, found: found)
    }
}
