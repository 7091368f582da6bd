/// An arithmetic expression as a person types it into GNOME Calculator or mathjs ("2 + 3 × 4", "sin(30)^2",
/// "2π", "root(8, 3)"), read into the keys of the catalog that compute it, so that its answer is the display those
/// keys give on a fresh calculator: one engine, one number type, one set of rules for sessions and expressions.
///
/// The language, loosest binding first:
/// - `+` and `-` (also `−`), left to right;
/// - `*` and `/` (also `×`, `·`, `÷`), left to right, and implicit multiplication, which binds like them: a number,
///   a constant, a call or a closing parenthesis followed by a name, `(`, `√` or `∛` (`2π`, `3(4 + 1)`, `2 sin(30)`;
///   `1/2π` is (1/2)·π). A number right after an operand is an error, not a product (`2 3`, `π2`);
/// - unary `-` and `+`: `-2^2` is −4, `2^-1` is 0.5;
/// - `^` (also `**`), right to left: `2^3^2` is 2^9;
/// - postfix `!`, `%`, `²`, `³`: `3!²` is 36. `a + b%` and `a - b%` (or `percent(b)`) are a ± b% of a, as on a
///   calculator (`50 + 10%` is 55, `50 + 10% × 2` is 50.2); any other `x%` is x/100
///   (`50 + (10%)` is 50.1);
/// - numbers (`12`, `.5`, `1.5e-3`, `2E+10`), the constants `pi` (`π`), `e` and `rand`, parentheses, `√` and `∛`
///   (`√(x)` is a call like `sqrt(x)`; `√x` takes x up to its power, as unary minus does: `√4!` is √24, `√2π` is
///   √2·π), and every function key by its name or alias with its arguments in parentheses: `sin(30)`, `log10(2)`, `neg(4)`,
///   `percent(5)`, and the two-operand keys `pow(2, 10)`, `root(8, 3)` (the cube root of 8), `logy(8, 2)` (log₂ 8).
/// A number may have at most `Settings.digits` significant digits and must lie in the range 1e-9999 … 1e+9999, as a
/// typed one. Names are case-sensitive, like the keys'. An expression may end in a conversion, `12 in to cm` (or
/// GNOME's `12 in in cm`): its answer is then converted as the `convert` key does.
public struct Expression: Sendable {
    /// The text, as Unicode scalars: offsets in errors count them.
    let scalars: [Unicode.Scalar]
    /// Children before their parents; the root is last.
    let nodes: [Node]
    /// The units the answer is converted between, for an expression that ends in `<unit> to <unit>`
    /// (`Expression+Conversion.swift`); `scalars` and `nodes` are what comes before.
    public let conversion: UnitConversion?

    /// Reads `text`; throws where it stops making sense, with what would have.
    public init(_ text: String) throws(ExpressionError) {
        var body = Array(text.unicodeScalars)
        conversion = try Self.takeConversion(from: &body)
        var parser = ExpressionParser(body)
        nodes = try parser.parse()
        scalars = parser.scalars
    }

    /// Its length in Unicode scalars; its keys are at most four times as many, and one more.
    public var count: Int { scalars.count }

    /// Whether its work may grow with the size of its numbers rather than with its length: it has a key that
    /// `Key.mayTakeLong` says so of, or a number with an exponent (`9e5999`, EE's).
    public var mayTakeLong: Bool {
        nodes.contains { node in
            switch node.kind {
            case .number(let literal): literal.exponent != nil
            case .function(let key, _), .binary(let key, _, _, _): key.mayTakeLong
            case .constant, .negate: false
            }
        }
    }

    /// Its keys, `=` last, for a calculator with `settings` (the mode decides where parentheses are needed, the digits
    /// how long a number may be).
    public func keys(for settings: Settings) throws(ExpressionError) -> [Key] {
        guard settings.mode != .programmer else {
            // Its keypad has other digits, operators and numbers: the language is the other modes'.
            throw ExpressionError(offset: 0, expected: "the scientific or immediate mode (programmer mode takes keys)", found: "programmer mode")
        }
        var emitter = KeyEmitter(expression: self, settings: settings)
        emitter.keys.reserveCapacity(count + 2)
        try emitter.emit(nodes.count - 1, context: .neutral)
        emitter.keys.append(.equals)
        return emitter.keys
    }

    /// One piece of the expression.
    struct Node: Sendable {
        enum Kind: Sendable {
            case number(Literal)
            /// π, e or rand.
            case constant(Key)
            /// Unary minus.
            case negate(Int)
            /// A key that acts on one operand: a function, `!`, `%`, `²`, `³`, `√`, `∛`, `neg(…)`.
            case function(Key, Int)
            /// A key between two operands; `op` is its arithmetic, for precedence.
            case binary(Key, BinaryOperator, Int, Int)
        }

        let kind: Kind
        /// Where it starts in the text, in Unicode scalars.
        let offset: Int
        /// Written in parentheses of its own: `50 + (10%)` is 50 + 0.1.
        var isParenthesized = false
    }

    /// A number as written: where its integer digits, fraction digits (after a point, nil without one) and exponent
    /// digits (after `e`, nil without one) are in the text.
    struct Literal: Sendable {
        var integer: Range<Int>
        var fraction: Range<Int>?
        var exponent: Range<Int>?
        var exponentIsNegative = false
    }

    func text(_ range: Range<Int>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[range])
        return text
    }
}

/// Why an expression cannot be read, or cannot be typed on this calculator: where (a 0-based offset in Unicode
/// scalars, which is a Python string index), what would have made sense there, and what was found instead.
public struct ExpressionError: Error, Sendable, Equatable, CustomStringConvertible {
    public let offset: Int
    public let expected: String
    /// The text found at `offset` (a token, or the number or name that is wrong), or "the end".
    public let found: String

    public init(offset: Int, expected: String, found: String) {
        self.offset = offset
        self.expected = expected
        self.found = found
    }

    public var description: String { "expected \(expected) at offset \(offset), found \(found)" }
}

extension Key {
    /// Keys the expression reader emits itself, looked up once.
    static let equals = Key(name: "=")!
    static let openParenthesis = Key(name: "(")!
    static let closeParenthesis = Key(name: ")")!
    static let negate = Key(name: "neg")!
    static let point = Key(name: ".")!
    static let exponent = Key(name: "EE")!
    static let percent = Key(name: "percent")!
    static let factorial = Key(name: "fact")!
    static let square = Key(name: "sq")!
    static let cube = Key(name: "cube")!
    static let squareRoot = Key(name: "sqrt")!
    static let cubeRoot = Key(name: "cbrt")!
    static let plus = Key(name: "+")!
    static let minus = Key(name: "-")!
    static let times = Key(name: "*")!
    static let dividedBy = Key(name: "/")!
    static let power = Key(name: "pow")!
    static let convert = Key(name: "convert")!

    /// The digit key for an ASCII digit.
    static func digit(_ code: UInt8) -> Key { Key(asciiName: code)! }
}
