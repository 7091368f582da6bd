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
    /// The locale's marks in numbers (`NumberSymbols`): its decimal mark and its group mark, when each is one scalar.
    private let decimalMark: Unicode.Scalar
    private let groupMark: Unicode.Scalar?
    private let symbols: NumberSymbols
    /// The unit of the first number with one (`2 km` in `2 km + 300 m`): every quantity is read as a number of it.
    private(set) var unit: PhysicalUnit?
    /// Function calls whose arguments are being read: a comma there that makes no group of digits separates them.
    private var callDepth = 0
    /// Where the last number written with a group mark or a decimal comma starts: a call short of arguments says
    /// that it read one number there.
    private var markedNumber: Range<Int>?

    static let depthLimit = 100
    /// The tallest tree read. Chains and postfix operators build height without nesting (`1+1+…`, `2²²…`), and the
    /// walks over the tree (`Expression.keys`, `ExpressionAnswer`) recurse down it: this bounds their stack. A chain
    /// this long takes more keys than `--max-keys` allows by default.
    static let heightLimit = 1000

    /// The value `ans` stands for, when the request gives one.
    private let answer: Number?

    init(_ scalars: [Unicode.Scalar], symbols: NumberSymbols = .plain, answer: Number? = nil) {
        self.scalars = scalars
        self.answer = answer
        self.symbols = symbols
        decimalMark = symbols.decimal == "," ? "," : "."
        groupMark = symbols.group.unicodeScalars.count == 1 ? symbols.group.unicodeScalars.first : nil
    }

    /// The nodes, the root last.
    mutating func parse() throws(ExpressionError) -> [Expression.Node] {
        nodes.reserveCapacity(scalars.count / 2 + 1)
        heights.reserveCapacity(scalars.count / 2 + 1)
        _ = try sum()
        if let token = peek() {
            if token == .closeParenthesis { throw failure("an operator or the end (this ) closes nothing)") }
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
            case .name(let length) where isModulo(length):
                // GNOME's infix mod, which binds as × and ÷ do: 10 mod 3 is 1.
                position += length
                let right = try signed()
                left = try add(.computed(.mod, [left, right]), at: nodes[left].offset)
                continue
            case .name, .openParenthesis, .squareRoot, .cubeRoot: break
            case .number:
                if case .computed(.quantity, _) = nodes[left].kind {
                    throw failure("an operator (quantities add with +: 5 ft + 3 in)")
                }
                if scalars[position] == decimalMark || scalars[position] == ".", position > 0, isDigit(at: position - 1) {
                    throw failure("an operator (a number has one decimal mark: 1.23, or 1.2 × 3)")
                }
                throw failure("an operator (a number right after an operand is no product: write ×)")
            default: return left
            }
            let right = try signed()
            let kind: Expression.Node.Kind = token == .divide ? .binary(.dividedBy, .divide, left, right) : .binary(.times, .multiply, left, right)
            left = try add(kind, at: nodes[left].offset)
        }
        return left
    }

    /// Whether the name of `length` scalars at `position` is mod.
    private func isModulo(_ length: Int) -> Bool {
        length == 3 && text(position..<position + 3).lowercased() == "mod"
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
            case .degree:
                consume(token)
                operand = try add(.computed(.degrees, [operand]), at: nodes[operand].offset)
                continue
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
            return try quantity(of: add(.number(readNumber()), at: start))
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

    /// The number, or the number with the unit named after it (`300 m`, `3 inches`) when the name is no function's
    /// or constant's. Every quantity of an expression is of one kind, the first one's; temperatures, whose units have
    /// different zero points, are in one unit.
    private mutating func quantity(of number: Int) throws(ExpressionError) -> Int {
        guard case .name(let length)? = peek(), !isModulo(length) else { return number }
        let name = text(position..<position + length)
        guard ExpressionFunction.named(name) == nil, ExpressionNames.key(named: name) == nil, name.lowercased() != "ans" else { return number }
        guard let unit = UnitCatalog.unit(named: name) else {
            // A name after a number that is nearer a unit's than a function's: a unit mistyped (2 kms).
            if ExpressionNames.nearest(to: name) == nil, let nearest = ExpressionNames.nearest(to: name, among: ExpressionNames.units) {
                throw failure("a unit or an operator (did you mean \(nearest)?)")
            }
            return number
        }
        let first = self.unit ?? unit
        guard unit.category == first.category else {
            throw failure("a unit of \(first.category.rawValue) as the first quantity's (\(first.symbol)): a \(unit.category.rawValue) and a \(first.category.rawValue) do not add (2 \(first.id) + 3 \(first.id))")
        }
        guard unit.category != .temperature || unit.id == first.id else {
            throw failure("\(first.symbol) as the first temperature's: temperatures in different units do not add (convert one first: 5 \(unit.id) to \(first.id))")
        }
        self.unit = first
        let conversion: UnitConversion
        do throws(UnitConversion.Failure) {
            conversion = try UnitConversion(from: unit.id, to: first.id)
        } catch {
            preconditionFailure("units of one category convert")
        }
        position += length
        return try add(.computed(.quantity(conversion), [number]), at: nodes[number].offset)
    }

    /// A constant, or a function key with its arguments in parentheses.
    private mutating func call(nameLength: Int) throws(ExpressionError) -> Int {
        let start = position
        let name = text(start..<start + nameLength)
        if let function = ExpressionFunction.named(name) {
            position += nameLength
            return try call(function, named: name, at: start)
        }
        if name.lowercased() == "ans" {
            guard let answer else {
                throw ExpressionError(
                    offset: start,
                    expected: "a number or a name (ans is the last answer, and /evaluate has no session: send it as \"ans\", the session's \"exact\" or display, as in {\"expression\": \"ans × 2\", \"ans\": \"1/3\"})",
                    found: name)
            }
            position += nameLength
            return try add(.computed(.answer(answer), []), at: start)
        }
        guard let key = ExpressionNames.key(named: name) else {
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
        callDepth += 1
        defer { callDepth -= 1 }
        let first = try sum()
        guard arity == 2 else {
            try expect(.closeParenthesis, "an operator or ) (\(name) takes one operand)")
            // neg(x) is −x, whose keys are not always x's and neg (see `KeyEmitter`).
            if key == .negate { return try add(.negate(first), at: start) }
            return try add(.function(key, first), at: start)
        }
        try expectSeparator("an operator or ; (\(name) takes two operands\(oneNumberHint(since: start, name)))")
        let second = try sum()
        try expect(.closeParenthesis, "an operator or ) (\(name) takes two operands)")
        guard case .binary(let op)? = key.action else { preconditionFailure("arity 2 is a binary key") }
        return try add(.binary(key, op, first, second), at: start)
    }

    /// Operands a function of any number of them (gcd, lcm) takes at most.
    static let argumentLimit = 64

    /// A function no key computes, called with its operands in parentheses apart by `;` (GNOME's separator) or `,`.
    private mutating func call(_ function: ExpressionFunction, named name: String, at start: Int) throws(ExpressionError) -> Int {
        try expect(.openParenthesis, "( after \(name)")
        callDepth += 1
        defer { callDepth -= 1 }
        let arity = function.arity
        let takes = (arity.count == 1 ? (arity.lowerBound == 1 ? "one operand" : "two operands") : "operands apart by ;") + ", as in \(function.example)"
        var operands = [try sum()]
        while operands.count < arity.upperBound, peek() == .comma || peek() == .semicolon {
            consume(.comma)
            operands.append(try sum())
        }
        guard operands.count >= arity.lowerBound else { throw failure("an operator or ; (\(name) takes \(takes)\(oneNumberHint(since: start, name)))") }
        try expect(.closeParenthesis, "an operator or ) (\(name) takes \(takes))")
        return try add(.computed(function, operands), at: start)
    }

    /// For a call short of arguments whose text has a number with a group mark or a decimal comma: that it is one
    /// number, and what separates arguments.
    private func oneNumberHint(since start: Int, _ name: String) -> String {
        guard let marked = markedNumber, marked.lowerBound > start else { return "" }
        return "; \(text(marked)) is one number here: put ; between arguments, as in \(name)(2; 5)"
    }

    /// `;`, GNOME's separator of arguments, or a comma.
    private mutating func expectSeparator(_ expected: String) throws(ExpressionError) {
        guard peek() == .comma || peek() == .semicolon else { throw failure(expected) }
        consume(.comma)
    }

    private mutating func add(_ kind: Expression.Node.Kind, at offset: Int) throws(ExpressionError) -> Int {
        let height: Int
        switch kind {
        case .computed(_, let operands): height = (operands.map { heights[$0] }.max() ?? 0) + 1
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
        case openParenthesis, closeParenthesis, comma, semicolon
        /// ° (or ˚) after an operand: degrees.
        case degree
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
        case ";": return .semicolon
        case "°", "˚": return .degree
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

    /// A number at `position`: digits, with the locale's group mark between groups of them (`1,000`, `1.000` in
    /// de), an optional decimal mark and digits (the locale's, or a point where the point is no group mark), an
    /// optional exponent (e or E, a sign, digits; an `e` not followed by digits is the constant, so `2e` is 2·e).
    /// Group marks that make no groups are refused as ambiguous (`1,00`), except a comma between a function's
    /// arguments (`pow(2,10)`).
    private mutating func readNumber() throws(ExpressionError) -> Expression.Literal {
        let integerStart = position
        while isDigit(at: position) { position += 1 }
        var marked = false
        if let mark = groupMark, isGroupMark(at: position, mark), isDigit(at: position + 1) { marked = try readGroups(from: integerStart, mark: mark) }
        defer { if marked { markedNumber = integerStart..<position } }
        var literal = Expression.Literal(integer: integerStart..<position)
        if at(position, is: decimalMark) || (at(position, is: ".") && groupMark != ".") {
            if scalars[position] == ",", !isDigit(at: position + 1) {
                // A comma after a number, then no digit: the separator of arguments (`pow(2, 10)`).
                return literal
            }
            if scalars[position] == "," { marked = true }
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

    /// The groups of a number's integer part after its first digits (`start..<position`), each after `mark`:
    /// groups of `secondaryGroup` digits and a last one of `primaryGroup` (1,234,567; 12,34,567 in en-IN).
    /// Whether the scalar at `index` is the group mark; where that is a no-break space (fr, sv, ru …), a plain
    /// space is one too, as people type it (1 000 000).
    private func isGroupMark(at index: Int, _ mark: Unicode.Scalar) -> Bool {
        at(index, is: mark) || (mark.properties.isWhitespace && at(index, is: " "))
    }

    /// Returns whether it read any.
    private mutating func readGroups(from start: Int, mark: Unicode.Scalar) throws(ExpressionError) -> Bool {
        var sizes: [Int] = []
        var end = position
        while isGroupMark(at: end, mark), isDigit(at: end + 1) {
            var next = end + 1
            while isDigit(at: next) { next += 1 }
            sizes.append(next - end - 1)
            end = next
        }
        let first = position - start
        let valid = (1...symbols.secondaryGroup).contains(first) && sizes.last == symbols.primaryGroup
            && sizes.dropLast().allSatisfy { $0 == symbols.secondaryGroup }
        if valid {
            position = end
            return true
        }
        // In a call, a comma that makes no group at all is the separator of its arguments: pow(2,10).
        if mark == ",", callDepth > 0, sizes[0] != symbols.primaryGroup { return false }
        let g = symbols.group, d = symbols.decimal
        throw ExpressionError(
            offset: start,
            expected: "a number with groups of \(symbols.primaryGroup) digits after the first (1\(g)000 or 1000; 1\(d)5 for a decimal), and ; between a function's arguments",
            found: text(start..<end))
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
            _ = try? readNumber()
            found = text(start..<max(position, start + 1))
            position = start
        case .power? where scalars[position] == "*": found = "**"
        default: found = text(position..<position + 1)
        }
        return ExpressionError(offset: position, expected: expected, found: found)
    }
}
