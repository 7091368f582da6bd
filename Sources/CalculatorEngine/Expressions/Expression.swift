/// An arithmetic expression as a person types it into GNOME Calculator or mathjs ("2 + 3 × 4", "sin(30)^2",
/// "2π", "root(8; 3)", "5 ft + 3 in to cm"), read into the keys of the catalog that compute it, so that its answer is
/// the display those keys give on a fresh calculator: one engine, one number type, one set of rules for sessions and
/// expressions. What no key computes (GNOME's abs, mod, round …, `°`, a unit, `ans`) is a value put among the keys as
/// a constant key puts one (`ExpressionFunction`).
///
/// The language, loosest binding first:
/// - `+` and `-` (also `−`), left to right;
/// - `*` and `/` (also `×`, `·`, `÷`) and GNOME's infix `mod`, left to right, and implicit multiplication, which binds
///   like them: a number, a constant, a call or a closing parenthesis followed by a name, `(`, `√` or `∛` (`2π`,
///   `3(4 + 1)`, `2 sin(30)`; `1/2π` is (1/2)·π). A number right after an operand is an error, not a product (`2 3`,
///   `π2`);
/// - unary `-` and `+`: `-2^2` is −4, `2^-1` is 0.5;
/// - `^` (also `**`), right to left: `2^3^2` is 2^9;
/// - postfix `!`, `%`, `²`, `³` and `°`: `3!²` is 36. `a + b%` and `a - b%` (or `percent(b)`) are a ± b% of a, as on
///   a calculator (`50 + 10%` is 55, `50 + 10% × 2` is 50.2); any other `x%` is x/100 (`50 + (10%)` is 50.1). `x°` is
///   x degrees in the angle unit: π/6 for `30°` in rad, so `sin(30°)` is 0.5 in every angle mode;
/// - numbers (`12`, `.5`, `1.5e-3`, `2E+10`, `1,000.5`), the constants `pi` (`π`), `e` and `rand`, `ans` (the value the
///   request gives for it), parentheses, `√` and `∛` (`√(x)` is a call like `sqrt(x)`; `√x` takes x up to its power, as
///   unary minus does: `√4!` is √24, `√2π` is √2·π), every function key by its name or alias with its arguments in
///   parentheses (`sin(30)`, `log10(2)`, `neg(4)`, `percent(5)`, `pow(2; 10)`, `root(8; 3)`, `logy(8; 2)`), and GNOME's
///   abs, round, floor, ceil, mod, gcd, lcm, nCr and nPr (`ExpressionFunction`; their names in any case);
/// - a number followed by a unit's id, symbol or name (`300 m`, `3 inches`): a quantity (`Expression+Quantities.swift`).
///   Quantities are of one kind, the first one's unit is the answer's, and the others are converted to it:
///   `2 km + 300 m` is 2.3.
/// Arguments are apart by `;` (GNOME's separator) or by a comma that makes no group of digits (`pow(2, 10)`,
/// `pow(2,10)`). Numbers are written with the locale's marks (`NumberSymbols`): a group mark between groups of
/// three digits (`1,000`; `1.000` in de, whose decimal mark is a comma: `1,5`); marks that make no groups are
/// refused (`1,00`, `1.5` in de), saying what to write. A number may have at most `Settings.digits` significant
/// digits and must lie in the range 1e-9999 … 1e+9999, as a typed one. Names of keys are case-sensitive, like the
/// keys'. An expression may end in a conversion, `12 in to cm` (or GNOME's `12 in in cm`, or `2 km + 300 m to ft`):
/// its answer is then converted as the `convert` key does, from the expression's unit when it has one.
public struct Expression: Sendable {
    /// The text, as Unicode scalars: offsets in errors count them.
    let scalars: [Unicode.Scalar]
    /// Children before their parents; the root is last.
    let nodes: [Node]
    /// The units the answer is converted between, for an expression that ends in `<unit> to <unit>`
    /// (`Expression+Conversion.swift`); `scalars` and `nodes` are what comes before.
    public let conversion: UnitConversion?

    /// Reads `text`; throws where it stops making sense, with what would have.
    /// `symbols`: the locale whose marks its numbers are written with (`1,000.5`; `1.000,5` in de); the plain
    /// symbols (en's) by default. `answer`: the value `ans` stands for (`Expression.answer(_:)`), if any.
    public init(_ text: String, symbols: NumberSymbols? = nil, answer: Answer? = nil) throws(ExpressionError) {
        let all = Array(text.unicodeScalars)
        do throws(ExpressionError) {
            try self.init(all, symbols: symbols ?? .plain, answer: answer?.value)
        } catch {
            throw Self.conversionMistake(in: all, symbols: symbols ?? .plain, answer: answer?.value) ?? error
        }
    }

    private init(_ all: [Unicode.Scalar], symbols: NumberSymbols, answer: Number?) throws(ExpressionError) {
        var body = all
        var conversion: UnitConversion?
        do throws(ExpressionError) {
            conversion = try Self.takeConversion(from: &body)
        } catch {
            // `abs(-3 m) to cm`: the word before `to` is no unit, but the expression has its own.
            guard let (start, target) = Self.target(in: all) else { throw error }
            var parser = ExpressionParser(Array(all[..<start]), symbols: symbols, answer: answer)
            guard let nodes = try? parser.parse(), let unit = parser.unit else { throw error }
            try self.init(nodes: nodes, parser: parser, conversion: Self.conversion(from: unit, to: target, in: all), all: all)
            return
        }
        var parser = ExpressionParser(body, symbols: symbols, answer: answer)
        var parsed: Result<[Node], ExpressionError>
        do throws(ExpressionError) {
            parsed = .success(try parser.parse())
        } catch {
            parsed = .failure(error)
        }
        if let found = conversion, parser.unit != nil || (try? parsed.get()) == nil {
            // The unit before `to` may be the last quantity's (`5 ft + 3 in to cm`): the expression is then read with
            // it, and its answer converted from its first unit.
            var withUnit = ExpressionParser(Array(all[..<Self.wordEnd(from: body.count, in: all)]), symbols: symbols, answer: answer)
            if let nodes = try? withUnit.parse(), let unit = withUnit.unit {
                (parser, parsed) = (withUnit, .success(nodes))
                conversion = try Self.conversion(from: unit, to: found.to, in: all)
            }
        }
        try self.init(nodes: parsed.get(), parser: parser, conversion: conversion, all: all)
    }

    private init(nodes: [Node], parser: ExpressionParser, conversion: UnitConversion?, all: [Unicode.Scalar]) throws(ExpressionError) {
        self.nodes = nodes
        scalars = parser.scalars
        unit = parser.unit
        self.conversion = conversion
        answerUnit = conversion?.to
        if let unit {
            let hasUnit = try Self.checkQuantities(nodes, of: unit)
            if conversion == nil, hasUnit { answerUnit = unit }
            if conversion != nil, !hasUnit {
                let start = Self.lastWordStart(in: all)
                throw ExpressionError(
                    offset: start, expected: "the end (the units cancel: the answer is a plain number, with no unit to convert)",
                    found: String(String.UnicodeScalarView(all[start...])))
            }
        }
    }

    /// The answer's conversion from the expression's unit to `target`, or why there is none.
    private static func conversion(from unit: PhysicalUnit, to target: PhysicalUnit, in all: [Unicode.Scalar]) throws(ExpressionError) -> UnitConversion {
        do throws(UnitConversion.Failure) {
            return try UnitConversion(from: unit.id, to: target.id)
        } catch {
            throw ExpressionError(
                offset: lastWordStart(in: all), expected: "a unit of \(unit.category.rawValue), as the expression's (\(unit.symbol))", found: target.symbol)
        }
    }

    /// A value for `ans`, as a client gives it: a session's `exact` (`1/3`, `-7/2`) or a decimal (`2.5`, `-1e5`).
    public struct Answer: Sendable {
        let value: Number

        /// nil for text that is neither, or outside the range 1e-9999 … 1e+9999.
        public init?(_ text: String) {
            guard !text.isEmpty, text.utf8.count <= 20_000 else { return nil }
            var body = Substring(text)
            let negative = body.first == "-"
            if negative { body = body.dropFirst() }
            let parts = body.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count <= 2, let numerator = ExactProduct.decimal(parts[0], exponentLimit: 9999) else { return nil }
            var value = numerator
            if parts.count == 2 {
                guard let denominator = ExactProduct.decimal(parts[1], exponentLimit: 9999), !denominator.isZero else { return nil }
                value = Number.field(.divide, value, denominator)
            }
            guard case .success(let checked) = Arithmetic().checked(negative ? value.negated : value) else { return nil }
            self.value = checked
        }
    }

    /// The unit of the answer, when the expression's numbers have units (`2 km + 300 m` is 2.3 km): its first
    /// quantity's, which every other one is converted to. The answer is a plain number where the units cancel
    /// (`1 km ÷ 1 m` is 1000).
    public let unit: PhysicalUnit?

    /// The unit the answer is in: the conversion's target (`5 ft + 3 in to cm`), else the expression's unit where the
    /// answer is a quantity (`2 km + 300 m`); nil for a plain number, units that cancel (`1 km ÷ 1 m`) included.
    public private(set) var answerUnit: PhysicalUnit?

    /// Its length in Unicode scalars; its keys are at most four times as many, and one more.
    public var count: Int { scalars.count }

    /// Whether its work may grow with the size of its numbers rather than with its length: it has a key that
    /// `Key.mayTakeLong` says so of, or a number with an exponent (`9e5999`, EE's).
    public var mayTakeLong: Bool {
        nodes.contains { node in
            switch node.kind {
            case .number(let literal): literal.exponent != nil
            case .function(let key, _), .binary(let key, _, _, _): key.mayTakeLong
            case .computed(let function, _): function.mayTakeLong
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
            /// A function no key computes (`ExpressionFunction`), of one operand or more.
            case computed(ExpressionFunction, [Int])
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
