/// A key of the scientific keypad. Parsed from its canonical ASCII name (for curl) or a Unicode label of Apple's keypad.
/// Its raw value is its place in the declaration: an index into tables (the catalog, the press counters), where a
/// dictionary would hash the key on every press. Not a wire format: names are.
public enum Key: UInt8, Hashable, Sendable {
    case zero, one, two, three, four, five, six, seven, eight, nine, point
    case add, subtract, multiply, divide, power, root, logBase
    /// EE: starts the exponent of the number being typed.
    case exponent
    case negate, percent, square, cube, squareRoot, cubeRoot, reciprocal, exp, pow10, pow2, ln, log10, log2, factorial
    case sin, cos, tan, asin, acos, atan, sinh, cosh, tanh, asinh, acosh, atanh
    case pi, e, rand
    case openParenthesis, closeParenthesis, equals
    case allClear, clear, backspace
    case memoryClear, memoryAdd, memorySubtract, memoryRecall
    case degrees, radians, second

    /// A canonical name or any alias listed in `KeyCatalog`; `nil` for anything else.
    public init?(name: String) {
        guard let key = KeyCatalog.byName[name] else { return nil }
        self = key
    }

    /// `Key(name:)` for a name of one ASCII character ("7", "+", "="), the usual press, looked up by its code
    /// without making a String or hashing one.
    public init?(asciiName code: UInt8) {
        guard code < 0x80, let key = KeyCatalog.byASCIIName[Int(code)] else { return nil }
        self = key
    }

    public var name: String { KeyCatalog.entry(for: self).info.name }

    /// The ASCII code of a digit key's digit ("0" is 0x30); nil for other keys. Bytes, not `Character`s: the typed
    /// number is ASCII text, and a `Character` costs a grapheme check on every digit.
    var digitASCII: UInt8? {
        switch self {
        case .zero: UInt8(ascii: "0")
        case .one: UInt8(ascii: "1")
        case .two: UInt8(ascii: "2")
        case .three: UInt8(ascii: "3")
        case .four: UInt8(ascii: "4")
        case .five: UInt8(ascii: "5")
        case .six: UInt8(ascii: "6")
        case .seven: UInt8(ascii: "7")
        case .eight: UInt8(ascii: "8")
        case .nine: UInt8(ascii: "9")
        default: nil
        }
    }

    /// The key this key acts as while 2nd is on.
    var inverse: Key? { KeyCatalog.entry(for: self).inverse }

    var binaryOperator: BinaryOperator? {
        switch self {
        case .add: .add
        case .subtract: .subtract
        case .multiply: .multiply
        case .divide: .divide
        case .power: .power
        case .root: .root
        case .logBase: .logBase
        default: nil
        }
    }

    var unaryFunction: UnaryFunction? {
        switch self {
        case .square: .square
        case .cube: .cube
        case .squareRoot: .squareRoot
        case .cubeRoot: .cubeRoot
        case .reciprocal: .reciprocal
        case .exp: .exp
        case .pow10: .pow10
        case .pow2: .pow2
        case .ln: .ln
        case .log10: .log10
        case .log2: .log2
        case .factorial: .factorial
        case .sin: .sin
        case .cos: .cos
        case .tan: .tan
        case .asin: .asin
        case .acos: .acos
        case .atan: .atan
        case .sinh: .sinh
        case .cosh: .cosh
        case .tanh: .tanh
        case .asinh: .asinh
        case .acosh: .acosh
        case .atanh: .atanh
        default: nil
        }
    }
}

public enum KeyKind: String, Codable, Sendable {
    case digit, binary, unary, constant, parenthesis, equals, clear, memory, mode
}

/// What a front end needs to draw and send a key.
public struct KeyInfo: Sendable, Codable, Equatable {
    /// Canonical ASCII name, accepted by `Key(name:)`.
    public let name: String
    /// Other spellings accepted by `Key(name:)` (Unicode labels of Apple's keypad and a few ASCII ones).
    public let aliases: [String]
    /// What the key shows.
    public let label: String
    public let kind: KeyKind
    /// True for keys a calculator shows only while 2nd is on.
    public let isSecondFunction: Bool
    /// The name of the key this key acts as while 2nd is on, if any.
    public let inverse: String?
}

public enum KeyCatalog {
    struct Entry: Sendable {
        let key: Key
        let info: KeyInfo
        let inverse: Key?
    }

    private static func entry(
        _ key: Key, _ name: String, _ kind: KeyKind, label: String? = nil, aliases: [String] = [], second: Bool = false,
        inverse: Key? = nil, inverseName: String? = nil
    ) -> Entry {
        Entry(
            key: key,
            info: KeyInfo(
                name: name, aliases: aliases, label: label ?? aliases.first ?? name, kind: kind, isSecondFunction: second,
                inverse: inverseName),
            inverse: inverse)
    }

    /// Keypad order: Apple's landscape layout row by row, then the keys it only shows under 2nd and the extras.
    static let entries: [Entry] = {
        var list: [Entry] = []
        func add(
            _ key: Key, _ name: String, _ kind: KeyKind, label: String? = nil, aliases: [String] = [], second: Bool = false,
            inverse: (Key, String)? = nil
        ) {
            list.append(
                entry(
                    key, name, kind, label: label, aliases: aliases, second: second, inverse: inverse?.0,
                    inverseName: inverse?.1))
        }
        add(.openParenthesis, "(", .parenthesis)
        add(.closeParenthesis, ")", .parenthesis)
        add(.memoryClear, "mc", .memory)
        add(.memoryAdd, "m+", .memory)
        add(.memorySubtract, "m-", .memory, aliases: ["m−"])
        add(.memoryRecall, "mr", .memory)
        add(.allClear, "AC", .clear)
        add(.clear, "C", .clear, aliases: ["CE"])
        add(.negate, "neg", .unary, aliases: ["±", "+/-"])
        add(.percent, "percent", .unary, aliases: ["%"])
        add(.divide, "/", .binary, aliases: ["÷"])
        add(.second, "2nd", .mode)
        add(.square, "sq", .unary, aliases: ["x²"], inverse: (.squareRoot, "sqrt"))
        add(.cube, "cube", .unary, aliases: ["x³"], inverse: (.cubeRoot, "cbrt"))
        add(.power, "pow", .binary, aliases: ["xʸ", "^"], inverse: (.root, "root"))
        add(.exp, "exp", .unary, aliases: ["eˣ"], inverse: (.ln, "ln"))
        add(.pow10, "pow10", .unary, aliases: ["10ˣ"], second: true, inverse: (.log10, "log10"))
        add(.seven, "7", .digit)
        add(.eight, "8", .digit)
        add(.nine, "9", .digit)
        add(.multiply, "*", .binary, aliases: ["×"])
        add(.reciprocal, "recip", .unary, aliases: ["1/x"])
        add(.squareRoot, "sqrt", .unary, aliases: ["√", "²√x"], inverse: (.square, "sq"))
        add(.cubeRoot, "cbrt", .unary, aliases: ["∛", "³√x"], inverse: (.cube, "cube"))
        add(.root, "root", .binary, aliases: ["ʸ√x"], second: true, inverse: (.power, "pow"))
        add(.ln, "ln", .unary, inverse: (.exp, "exp"))
        add(.log10, "log10", .unary, aliases: ["log₁₀"], inverse: (.pow10, "pow10"))
        add(.four, "4", .digit)
        add(.five, "5", .digit)
        add(.six, "6", .digit)
        add(.subtract, "-", .binary, aliases: ["−"])
        add(.factorial, "fact", .unary, aliases: ["x!", "!"])
        add(.sin, "sin", .unary, inverse: (.asin, "asin"))
        add(.cos, "cos", .unary, inverse: (.acos, "acos"))
        add(.tan, "tan", .unary, inverse: (.atan, "atan"))
        add(.e, "e", .constant)
        add(.exponent, "EE", .digit)
        add(.one, "1", .digit)
        add(.two, "2", .digit)
        add(.three, "3", .digit)
        add(.add, "+", .binary)
        add(.radians, "rad", .mode, aliases: ["Rad"])
        add(.degrees, "deg", .mode, aliases: ["Deg"])
        add(.sinh, "sinh", .unary, inverse: (.asinh, "asinh"))
        add(.cosh, "cosh", .unary, inverse: (.acosh, "acosh"))
        add(.tanh, "tanh", .unary, inverse: (.atanh, "atanh"))
        add(.pi, "pi", .constant, aliases: ["π"])
        add(.rand, "rand", .constant, aliases: ["Rand"])
        add(.zero, "0", .digit)
        add(.point, ".", .digit)
        add(.equals, "=", .equals)
        add(.backspace, "back", .clear, aliases: ["⌫"])
        add(.asin, "asin", .unary, aliases: ["sin⁻¹"], second: true, inverse: (.sin, "sin"))
        add(.acos, "acos", .unary, aliases: ["cos⁻¹"], second: true, inverse: (.cos, "cos"))
        add(.atan, "atan", .unary, aliases: ["tan⁻¹"], second: true, inverse: (.tan, "tan"))
        add(.asinh, "asinh", .unary, aliases: ["sinh⁻¹"], second: true, inverse: (.sinh, "sinh"))
        add(.acosh, "acosh", .unary, aliases: ["cosh⁻¹"], second: true, inverse: (.cosh, "cosh"))
        add(.atanh, "atanh", .unary, aliases: ["tanh⁻¹"], second: true, inverse: (.tanh, "tanh"))
        add(.pow2, "pow2", .unary, aliases: ["2ˣ"], second: true, inverse: (.log2, "log2"))
        add(.log2, "log2", .unary, aliases: ["log₂"], inverse: (.pow2, "pow2"))
        add(.logBase, "logy", .binary, aliases: ["logᵧ"])
        return list
    }()

    /// Every key, in keypad order.
    public static let all: [KeyInfo] = entries.map(\.info)

    static let byName: [String: Key] = {
        var table: [String: Key] = [:]
        for entry in entries {
            table[entry.info.name] = entry.key
            for alias in entry.info.aliases { table[alias] = entry.key }
        }
        return table
    }()

    /// `byName` for the names of one ASCII character, indexed by its code.
    static let byASCIIName: [Key?] = (0..<128).map { code in byName[String(UnicodeScalar(UInt8(code)))] }

    /// Indexed by `Key.rawValue`.
    private static let byKey: [Entry?] = {
        var table = [Entry?](repeating: nil, count: Int(UInt8.max) + 1)
        for entry in entries { table[Int(entry.key.rawValue)] = entry }
        return table
    }()

    static func entry(for key: Key) -> Entry { byKey[Int(key.rawValue)]! }
}
