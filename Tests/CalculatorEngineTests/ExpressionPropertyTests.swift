import CalculatorEngine
import Foundation
import PropertyBased
import Testing

/// Generated expressions: written out as text (varied spacing, Unicode operators, implicit products, as few
/// parentheses as the language needs), read back, and evaluated three ways that must agree.
@Suite struct ExpressionPropertyTests {
    static let settingsMixes = [
        Settings(), Settings(mode: .immediate), Settings(angle: .rad), Settings(mode: .immediate, angle: .rad, digits: 24),
    ]

    /// The answer of an expression (mostly found without its keys, `ExpressionAnswer`) is the display, expression
    /// and error of its keys pressed one by one on a fresh calculator through the public `apply`, and its display is
    /// that of the test's own keys for the same tree, with a parenthesis around every operand.
    @Test func answerIsTheDisplayOfItsKeys() async throws {
        await propertyCheck(count: 400, input: Gen.uint64(), Gen.int(in: 0...3)) { seed, mix in
            var random = SplitMix64(seed: seed)
            let tree = Tree.random(depth: 4, full: true, using: &random)
            let text = tree.text(using: &random)
            let settings = Self.settingsMixes[mix]
            let expression = try Expression(text)
            var evaluationRandom = SplitMix64(seed: 7)
            let answer = try CalculatorState(evaluating: expression, settings: settings, random: &evaluationRandom)

            let pressed = try Self.press(expression.keys(for: settings).map(\.name), settings: settings)
            #expect(pressed.display == answer.display, "\(text)")
            #expect(pressed.expression == answer.expression, "\(text)")
            #expect(pressed.error == answer.error, "\(text)")

            var bracketed: [String] = []
            tree.bracketedKeys(into: &bracketed)
            let reference = try Self.press(bracketed + ["="], settings: settings)
            #expect(reference.display == answer.display, "\(text) → \(answer.display), keys \(bracketed.joined(separator: " "))")
            #expect(reference.error?.code == answer.error?.code, "\(text)")
        }
    }

    /// For + − × ÷, small integer powers, √, x², unary minus and %, the answer is Double arithmetic's to 9 digits,
    /// and it is Error exactly where Double's is not finite.
    @Test func answerIsTheArithmeticOfTheTree() async throws {
        await propertyCheck(count: 400, input: Gen.uint64()) { seed in
            var random = SplitMix64(seed: seed)
            let tree = Tree.random(depth: 4, full: false, using: &random)
            let text = tree.text(using: &random)
            var largest = 0.0
            let expected = tree.value(largest: &largest)
            guard largest < 1e300 else { return }
            var evaluationRandom = SplitMix64(seed: 7)
            let answer = try CalculatorState(evaluating: Expression(text), settings: Settings(), random: &evaluationRandom)
            guard expected.isFinite else {
                #expect(answer.display == "Error", "\(text): Double gives \(expected)")
                return
            }
            let shown = try #require(Double(answer.display), "\(text) → \(answer.display), Double gives \(expected)")
            #expect(abs(shown - expected) <= 1e-9 * max(1, largest), "\(text) → \(answer.display), Double gives \(expected)")
        }
    }

    static func press(_ names: [String], settings: Settings) throws -> CalculatorState {
        var state = CalculatorState(settings: settings)
        var random = SplitMix64(seed: 7)
        for name in names {
            state.apply(try #require(Key(name: name), "\(name)"), random: &random)
            if state.error != nil { break }
        }
        return state
    }
}

/// An expression made by the test, independently of the parser.
indirect enum Tree {
    case number(String)
    case constant(text: String, key: String)
    case negate(Tree)
    /// A postfix operator (`!`, `%`, `²`, `³`) or a function written name(x) or √(x), with its key.
    case postfix(symbol: String, key: String, Tree)
    case function(name: String, key: String, Tree)
    /// pow, root, logy written as name(a, b).
    case function2(name: String, key: String, Tree, Tree)
    case binary(Operator, Tree, Tree)

    enum Operator: CaseIterable {
        case add, subtract, multiply, divide, power, implicitMultiply

        var key: String {
            switch self {
            case .add: "+"
            case .subtract: "-"
            case .multiply, .implicitMultiply: "*"
            case .divide: "/"
            case .power: "pow"
            }
        }

        var spellings: [String] {
            switch self {
            case .add: ["+"]
            case .subtract: ["-", "−"]
            case .multiply: ["*", "×", "·"]
            case .divide: ["/", "÷"]
            case .power: ["^", "**"]
            case .implicitMultiply: [" "]
            }
        }
    }

    static let functions: [(String, String)] = [
        ("sin", "sin"), ("cos", "cos"), ("tan", "tan"), ("asin", "asin"), ("sin⁻¹", "asin"), ("acos", "acos"), ("atan", "atan"),
        ("sinh", "sinh"), ("cosh", "cosh"), ("tanh", "tanh"), ("asinh", "asinh"), ("acosh", "acosh"), ("atanh", "atanh"),
        ("sqrt", "sqrt"), ("√", "sqrt"), ("cbrt", "cbrt"), ("∛", "cbrt"), ("ln", "ln"), ("log10", "log10"), ("log₁₀", "log10"),
        ("log2", "log2"), ("exp", "exp"), ("sq", "sq"), ("cube", "cube"), ("recip", "recip"), ("fact", "fact"), ("pow10", "pow10"),
        ("pow2", "pow2"), ("percent", "percent"),
    ]

    /// A tree of at most `depth` levels; `full` uses every operator and function, otherwise only those whose Double
    /// arithmetic `value` follows closely.
    static func random(depth: Int, full: Bool, using random: inout SplitMix64) -> Tree {
        let roll = random.next() % 100
        if depth == 0 || roll < 25 { return leaf(full: full, using: &random) }
        let next = depth - 1
        switch roll {
        case 25..<37:
            return .negate(Self.random(depth: next, full: full, using: &random))
        case 37..<52:
            let postfixes = full ? [("!", "fact"), ("%", "percent"), ("²", "sq"), ("³", "cube")] : [("%", "percent"), ("²", "sq")]
            let (symbol, key) = postfixes[Int(random.next() % UInt64(postfixes.count))]
            var operand = Self.random(depth: next, full: full, using: &random)
            if key == "fact", case .number = operand { operand = .number(String(random.next() % 20)) }
            return .postfix(symbol: symbol, key: key, operand)
        case 52..<62:
            if !full { return .function(name: "√", key: "sqrt", Self.random(depth: next, full: full, using: &random)) }
            let (name, key) = functions[Int(random.next() % UInt64(functions.count))]
            return .function(name: name, key: key, Self.random(depth: next, full: full, using: &random))
        case 62..<66 where full:
            let (name, key) = [("pow", "pow"), ("root", "root"), ("logy", "logy"), ("logᵧ", "logy")][Int(random.next() % 4)]
            return .function2(name: name, key: key, Self.random(depth: next, full: full, using: &random), Self.random(depth: next, full: full, using: &random))
        default:
            let op = Operator.allCases[Int(random.next() % 6)]
            let left = Self.random(depth: next, full: full, using: &random)
            if op == .power && !full { return .binary(op, left, .number(String(random.next() % 5))) }
            return .binary(op, left, Self.random(depth: next, full: full, using: &random))
        }
    }

    static func leaf(full: Bool, using random: inout SplitMix64) -> Tree {
        let roll = random.next() % 10
        if full && roll == 0 {
            let (text, key) = [("π", "pi"), ("pi", "pi"), ("e", "e")][Int(random.next() % 3)]
            return .constant(text: text, key: key)
        }
        if full && roll == 1 {
            let forms = ["1.5e3", "2E-2", ".25", "0.5", "1e+2", "3.0", "0", "12.75", "6e0"]
            return .number(forms[Int(random.next() % UInt64(forms.count))])
        }
        if roll == 2 { return .number(String(random.next() % 100) + "." + String(random.next() % 10)) }
        return .number(String(random.next() % 100))
    }

    /// Binding of the tree's top, loosest first: sum, product, unary minus, power, postfix, primary.
    var level: Int {
        switch self {
        case .binary(.add, _, _), .binary(.subtract, _, _): 1
        case .binary(.multiply, _, _), .binary(.divide, _, _), .binary(.implicitMultiply, _, _): 2
        case .negate: 3
        case .binary(.power, _, _): 4
        case .postfix: 5
        case .number, .constant, .function, .function2: 6
        }
    }

    /// The text, with the parentheses the language needs and random spacing and spellings.
    func text(using random: inout SplitMix64) -> String {
        let space = random.next() % 3 == 0 ? " " : ""
        switch self {
        case .number(let text): return text
        case .constant(let text, _): return text
        case .negate(let operand): return (random.next() % 2 == 0 ? "-" : "−") + operand.text(atLeast: 3, using: &random)
        case .postfix(let symbol, _, let operand): return operand.text(atLeast: 5, using: &random) + symbol
        case .function(let name, _, let operand): return name + "(" + operand.text(atLeast: 0, using: &random) + ")"
        case .function2(let name, _, let a, let b):
            return name + "(" + a.text(atLeast: 0, using: &random) + "," + space + b.text(atLeast: 0, using: &random) + ")"
        case .binary(let op, let left, let right):
            let spelling = op.spellings[Int(random.next() % UInt64(op.spellings.count))]
            let (leftLevel, rightLevel) = op == .power ? (5, 3) : level == 1 ? (1, 2) : (2, 3)
            let leftText = left.text(atLeast: leftLevel, using: &random)
            var rightText = right.text(atLeast: rightLevel, using: &random)
            if op == .implicitMultiply {
                // An implicit product needs its right side to start with a name, ( or √ (not a number or a sign).
                if let first = rightText.unicodeScalars.first, "0123456789.-−+".unicodeScalars.contains(first) {
                    rightText = "(" + rightText + ")"
                }
                return leftText + " " + rightText
            }
            return leftText + space + spelling + space + rightText
        }
    }

    private func text(atLeast minimum: Int, using random: inout SplitMix64) -> String {
        let text = text(using: &random)
        return level < minimum ? "(" + text + ")" : text
    }

    /// x when the tree is x% or percent(x).
    var percentOperand: Tree? {
        switch self {
        case .postfix(_, "percent", let operand), .function(_, "percent", let operand): operand
        default: nil
        }
    }

    /// Keys that compute the tree with every operand in parentheses, so that the keypad's precedence never decides.
    func bracketedKeys(into keys: inout [String]) {
        func grouped(_ tree: Tree) {
            keys.append("(")
            tree.bracketedKeys(into: &keys)
            keys.append(")")
        }
        switch self {
        case .number(let text):
            var negativeExponent = false
            for character in text {
                switch character {
                case "e", "E": keys.append("EE")
                case "-": negativeExponent = true
                case "+": break
                default: keys.append(String(character))
                }
            }
            if negativeExponent { keys.append("neg") }
        case .constant(_, let key):
            keys.append(key)
        case .negate(let operand):
            grouped(operand)
            keys.append("neg")
        case .postfix(_, "percent", let operand), .function(_, "percent", let operand):
            // A percentage of nothing pending: x/100.
            keys.append("(")
            grouped(operand)
            keys += ["percent", ")"]
        case .postfix(_, let key, let operand), .function(_, let key, let operand):
            grouped(operand)
            keys.append(key)
        case .function2(_, let key, let a, let b):
            grouped(a)
            keys.append(key)
            grouped(b)
        case .binary(let op, let left, let right):
            grouped(left)
            keys.append(op.key)
            if op == .add || op == .subtract, let operand = right.percentOperand {
                // a ± b%: b percent of a.
                grouped(operand)
                keys.append("percent")
            } else {
                grouped(right)
            }
        }
    }

    /// Double arithmetic of the trees `random(full: false)` makes; `largest` is the largest magnitude on the way.
    /// Whether the tree's top operation divides by zero or raises 0 to a negative power, an Error on any calculator.
    private var isPole: Bool {
        guard case .binary(let op, let left, let right) = self else { return false }
        var ignored = 0.0
        let (a, b) = (left.value(largest: &ignored), right.value(largest: &ignored))
        return (op == .divide && b == 0) || (op == .power && a == 0 && b < 0)
    }

    func value(largest: inout Double) -> Double {
        let result: Double
        switch self {
        case .number(let text): result = Double(text)!
        case .constant: result = .nan
        case .negate(let operand): result = -operand.value(largest: &largest)
        case .postfix(_, "percent", let operand): result = operand.value(largest: &largest) / 100
        case .postfix(_, _, let operand):
            let x = operand.value(largest: &largest)
            result = x * x
        case .function(_, _, let operand): result = operand.value(largest: &largest).squareRoot()
        case .function2: result = .nan
        case .binary(let op, let left, let right):
            let a = left.value(largest: &largest)
            if op == .add || op == .subtract, let operand = right.percentOperand {
                let b = a * operand.value(largest: &largest) / 100
                result = op == .add ? a + b : a - b
                break
            }
            let b = right.value(largest: &largest)
            if a.isNaN || b.isNaN { return .nan }
            switch op {
            case .add: result = a + b
            case .subtract: result = a - b
            case .multiply, .implicitMultiply: result = a * b
            case .divide: result = a / b
            case .power: result = a == 0 && b == 0 ? 1 : pow(a, b)
            }
        }
        // Anything not finite stays so: the engine's Error does not come back either (IEEE has 1/(1/0) = 0, NaN^0 = 1).
        guard result.isFinite else {
            // An overflow of Double is no error within the calculator's range (0 × 1e400 is 0): such a tree is skipped.
            if result.isInfinite && !isPole { largest = .infinity }
            return .nan
        }
        largest = max(largest, abs(result))
        return result
    }
}
