public enum KeyKind: String, Sendable {
    case digit, binary, unary, constant, parenthesis, equals, clear, memory, variable, mode, undo, statistics
    /// RPN mode's stack keys: ENTER, x⇄y, R↓, R↑, LASTx.
    case stack
}

/// A mode a key works in and the kind of key it is there: `C` is clear entry in scientific and immediate mode and
/// the hex digit C in programmer mode.
public struct KeyMode: Sendable, Equatable {
    public let mode: CalculationMode
    public let kind: KeyKind
}

/// What a front end needs to draw and send a key.
public struct KeyInfo: Sendable, Equatable {
    /// Canonical ASCII name, accepted by `Key(name:)`.
    public let name: String
    /// Other spellings accepted by `Key(name:)` (Unicode labels of Apple's keypad and a few ASCII ones).
    public let aliases: [String]
    /// What the key shows.
    public let label: String
    /// The kind in the first of `modes`.
    public let kind: KeyKind
    /// True for keys a calculator shows only while 2nd is on.
    public let isSecondFunction: Bool
    /// The name of the key this key acts as while 2nd is on, if any.
    public let inverse: String?
    /// The modes the key works in, in `CalculationMode.allCases` order; elsewhere it is refused.
    public let modes: [KeyMode]

    public func works(in mode: CalculationMode) -> Bool { modes.contains { $0.mode == mode } }
}

/// Every key: the one place that says what a key is called, how it is drawn and what it does in each mode. Adding a
/// key is one line in `definitions` (scientific and immediate mode) or `programmerKeypad`; a new function also
/// needs its `UnaryFunction` case, whose arithmetic and notation the compiler then asks for.
public enum KeyCatalog {
    struct Definition: Sendable {
        let info: KeyInfo
        /// What the key does in scientific and immediate mode; nil where it is refused.
        let action: KeyAction?
        /// What the key does in programmer mode; nil where it is refused.
        let programmerAction: ProgrammerAction?
        /// What a key of RPN mode only does there; the other keys of RPN mode do their `action`.
        let rpnAction: RPNAction?
        /// The key this key acts as while 2nd is on.
        let inverse: Key?
        /// `Settings.mode` codes (`CalculationMode.bit`) of the modes the key works in, for a refusal check without
        /// a search.
        let modeBits: UInt8
    }

    /// One line of the catalog, its inverse still a name.
    struct Line {
        let name: String
        let aliases: [String]
        let second: Bool
        let inverse: String?
        let action: KeyAction?
        var programmerAction: ProgrammerAction?
        var rpnAction: RPNAction? = nil
    }

    /// The label is the first alias, or the name when there is none.
    static func key(
        _ name: String, _ action: KeyAction, aliases: [String] = [], second: Bool = false, inverse: String? = nil
    ) -> Line {
        Line(name: name, aliases: aliases, second: second, inverse: inverse, action: action)
    }

    /// Keypad order: Apple's landscape layout row by row, then the keys it only shows under 2nd and the extras,
    /// then the keys of programmer mode only (`programmerKeypad`). Indexed by `Key.rawValue`.
    static let definitions: [Definition] = resolved(programmerKeypad, [
        key("(", .openParenthesis),
        key(")", .closeParenthesis),
        key("mc", .memoryClear),
        key("m+", .memoryAdd),
        key("m-", .memorySubtract, aliases: ["m−"]),
        key("mr", .memoryRecall),
        key("AC", .allClear),
        key("C", .clear),
        key("CE", .clear),
        key("neg", .negate, aliases: ["±", "+/-", "CHS", "chs"]),
        key("percent", .percent, aliases: ["%"]),
        key("/", .binary(.divide), aliases: ["÷"]),
        key("2nd", .second),
        key("sq", .unary(.square), aliases: ["x²"], inverse: "sqrt"),
        key("cube", .unary(.cube), aliases: ["x³"], inverse: "cbrt"),
        key("pow", .binary(.power), aliases: ["xʸ", "^"], inverse: "root"),
        key("exp", .unary(.exp), aliases: ["eˣ"], inverse: "ln"),
        key("pow10", .unary(.pow10), aliases: ["10ˣ"], second: true, inverse: "log10"),
        key("7", .digit(7)),
        key("8", .digit(8)),
        key("9", .digit(9)),
        key("*", .binary(.multiply), aliases: ["×"]),
        key("recip", .unary(.reciprocal), aliases: ["1/x"]),
        key("sqrt", .unary(.squareRoot), aliases: ["√", "²√x"], inverse: "sq"),
        key("cbrt", .unary(.cubeRoot), aliases: ["∛", "³√x"], inverse: "cube"),
        key("root", .binary(.root), aliases: ["ʸ√x"], second: true, inverse: "pow"),
        key("ln", .unary(.ln), inverse: "exp"),
        key("log10", .unary(.log10), aliases: ["log₁₀"], inverse: "pow10"),
        key("4", .digit(4)),
        key("5", .digit(5)),
        key("6", .digit(6)),
        key("-", .binary(.subtract), aliases: ["−"]),
        key("fact", .unary(.factorial), aliases: ["x!", "!"]),
        key("sin", .unary(.sin), inverse: "asin"),
        key("cos", .unary(.cos), inverse: "acos"),
        key("tan", .unary(.tan), inverse: "atan"),
        key("e", .constant(.e)),
        key("EE", .exponent),
        key("1", .digit(1)),
        key("2", .digit(2)),
        key("3", .digit(3)),
        key("+", .binary(.add)),
        key("rad", .angle(.rad), aliases: ["Rad"]),
        key("deg", .angle(.deg), aliases: ["Deg"]),
        key("grad", .angle(.grad), aliases: ["Grad"]),
        key("sinh", .unary(.sinh), inverse: "asinh"),
        key("cosh", .unary(.cosh), inverse: "acosh"),
        key("tanh", .unary(.tanh), inverse: "atanh"),
        key("pi", .constant(.pi), aliases: ["π"]),
        key("rand", .random, aliases: ["Rand"]),
        key("0", .digit(0)),
        key(".", .point),
        key("=", .equals),
        key("back", .backspace, aliases: ["⌫"]),
        key("asin", .unary(.asin), aliases: ["sin⁻¹"], second: true, inverse: "sin"),
        key("acos", .unary(.acos), aliases: ["cos⁻¹"], second: true, inverse: "cos"),
        key("atan", .unary(.atan), aliases: ["tan⁻¹"], second: true, inverse: "tan"),
        key("asinh", .unary(.asinh), aliases: ["sinh⁻¹"], second: true, inverse: "sinh"),
        key("acosh", .unary(.acosh), aliases: ["cosh⁻¹"], second: true, inverse: "cosh"),
        key("atanh", .unary(.atanh), aliases: ["tanh⁻¹"], second: true, inverse: "tanh"),
        key("pow2", .unary(.pow2), aliases: ["2ˣ"], second: true, inverse: "log2"),
        key("log2", .unary(.log2), aliases: ["log₂"], inverse: "pow2"),
        key("logy", .binary(.logBase), aliases: ["logᵧ"]),
        key("sto", .variable(.command(.store)), aliases: ["STO"]),
        key("rcl", .variable(.command(.recall)), aliases: ["RCL"]),
        key("x", .variable(.name(.x))),
        key("y", .variable(.name(.y))),
        key("z", .variable(.name(.z))),
        key("t", .variable(.name(.t))),
        key("undo", .undo, aliases: ["↶"]),
        key("redo", .redo, aliases: ["↷"]),
        key("convert", .convert),
    ] + memoryListKeys + statisticsKeys)

    /// The lines with their programmer actions (`programmer`: a line of a name above gives that key its action,
    /// one of a new name is a key of programmer mode only) and each inverse named resolved to its key. A name used
    /// twice or an inverse that names no key stops the program at its first key press, which every test does.
    private static func resolved(_ programmer: [ProgrammerLine], _ keypad: [Line]) -> [Definition] {
        var lines = keypad
        var indexByName = Dictionary(uniqueKeysWithValues: lines.enumerated().map { ($1.name, $0) })
        for line in programmer {
            if let index = indexByName[line.name] {
                precondition(line.aliases.isEmpty && lines[index].programmerAction == nil, "\(line.name) is given twice")
                lines[index].programmerAction = line.action
            } else {
                indexByName[line.name] = lines.count
                lines.append(Line(name: line.name, aliases: line.aliases, second: false, inverse: nil, action: nil, programmerAction: line.action))
            }
        }
        for line in rpnKeypad {
            precondition(indexByName[line.name] == nil, "\(line.name) is given twice")
            indexByName[line.name] = lines.count
            lines.append(Line(name: line.name, aliases: line.aliases, second: false, inverse: nil, action: nil, rpnAction: line.action))
        }
        precondition(lines.count <= Int(UInt8.max) + 1, "a key's raw value is one byte")
        return lines.map { line in
            let inverse = line.inverse.map { name in
                guard let index = indexByName[name] else { preconditionFailure("the inverse of \(line.name), \(name), is no key") }
                return Key(catalogIndex: index)
            }
            var modes: [KeyMode] = []
            for mode in CalculationMode.allCases {
                let kind: KeyKind? =
                    switch mode {
                    case .programmer: line.programmerAction?.kind
                    case .rpn: line.rpnAction?.kind ?? line.action.flatMap { $0.worksInRPN ? $0.kind : nil }
                    case .scientific, .immediate, .statistics: line.action?.kind
                    }
                // Statistics mode's own keys work there only.
                if kind == .statistics && mode != .statistics { continue }
                if let kind { modes.append(KeyMode(mode: mode, kind: kind)) }
            }
            let info = KeyInfo(
                name: line.name, aliases: line.aliases, label: line.aliases.first ?? line.name, kind: modes[0].kind,
                isSecondFunction: line.second, inverse: line.inverse, modes: modes)
            return Definition(
                info: info, action: line.action, programmerAction: line.programmerAction, rpnAction: line.rpnAction, inverse: inverse,
                modeBits: modes.reduce(0) { $0 | $1.mode.bit })
        }
    }

    /// Every key, in keypad order.
    public static let all: [KeyInfo] = definitions.map(\.info)

    static let byName: [String: Key] = {
        var table: [String: Key] = [:]
        for (index, definition) in definitions.enumerated() {
            let key = Key(catalogIndex: index)
            table[definition.info.name] = key
            for alias in definition.info.aliases { table[alias] = key }
        }
        for (alias, name) in firstEntryAliases { table[alias] = table[name] }
        return table
    }()

    /// `byName` for the names of one ASCII character, indexed by its code.
    static let byASCIIName: [Key?] = (0..<128).map { code in byName[String(UnicodeScalar(UInt8(code)))] }
}
