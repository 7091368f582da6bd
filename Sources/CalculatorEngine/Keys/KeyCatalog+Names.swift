extension KeyInfo {
    /// The key's name in generated code, openapi.yaml's `x-enum-varnames` (`M_PLUS`, `DIGIT_7`, `SQRT`): the name in
    /// capitals, a symbol by its word, a digit as `DIGIT_n`.
    public var codeName: String {
        // A memory list entry's key: its command's code name and the entry (`M_PLUS_2`).
        if let colon = name.firstIndex(of: ":") {
            let command = String(name[..<colon])
            return (KeyCatalog.symbolWords[command] ?? command.uppercased()) + "_" + name[name.index(after: colon)...]
        }
        if let word = KeyCatalog.symbolWords[name] { return word }
        if name.count == 1, let digit = name.first?.wholeNumberValue { return "DIGIT_\(digit)" }
        return name.uppercased()
    }

    /// What a screen reader says for the key, whose label is often a symbol or an abbreviation ("memory add" for
    /// `m+`); the label where it reads as it is (a digit). For its meaning in the first of its modes: `C` is "clear
    /// entry", and a page's programmer keypad, where it is a hex digit, says its label.
    public var spokenName: String { KeyCatalog.spokenNames[name] ?? KeyCatalog.bitSpokenNames[name] ?? label }
}

extension KeyCatalog {
    /// The code names of the names that are symbols.
    static let symbolWords = [
        "(": "OPEN_PARENTHESIS", ")": "CLOSE_PARENTHESIS", "m+": "M_PLUS", "m-": "M_MINUS", "/": "DIVIDE", "*": "TIMES",
        "-": "MINUS", "+": "PLUS", "=": "EQUALS", ".": "POINT", "2nd": "SECOND", "sigma+": "SIGMA_PLUS", "sigma-": "SIGMA_MINUS",
    ]

    /// The spoken names of the bit keys of programmer mode.
    static let bitSpokenNames = Dictionary(uniqueKeysWithValues: (0..<64).map { ("bit\($0)", "flip bit \($0)") })

    /// The spoken names of the keys whose label is not what a screen reader should say.
    static let spokenNames = [
        "(": "open parenthesis", ")": "close parenthesis", "mc": "memory clear", "m+": "memory add",
        "m-": "memory subtract", "mr": "memory recall", "AC": "all clear", "C": "clear entry", "CE": "clear entry",
        "neg": "change sign", "percent": "percent", "/": "divide", "2nd": "second functions", "sq": "square",
        "cube": "cube", "pow": "power", "exp": "e to the power of x", "pow10": "ten to the power of x", "*": "multiply",
        "recip": "reciprocal", "sqrt": "square root", "cbrt": "cube root", "root": "y-th root", "ln": "natural logarithm",
        "log10": "logarithm base 10", "-": "subtract", "fact": "factorial", "sin": "sine", "cos": "cosine",
        "tan": "tangent", "e": "e, Euler's number", "EE": "exponent", "+": "add", "rad": "switch to radians",
        "deg": "switch to degrees", "grad": "angles in gradians", "sinh": "hyperbolic sine", "cosh": "hyperbolic cosine",
        "tanh": "hyperbolic tangent", "pi": "pi", "rand": "random number", ".": "decimal point", "=": "equals",
        "back": "backspace", "asin": "arc sine", "acos": "arc cosine", "atan": "arc tangent",
        "asinh": "inverse hyperbolic sine", "acosh": "inverse hyperbolic cosine", "atanh": "inverse hyperbolic tangent",
        "pow2": "two to the power of x", "log2": "logarithm base 2", "logy": "logarithm base y",
        "sto": "store in a variable", "rcl": "recall a variable", "x": "variable x", "y": "variable y", "z": "variable z",
        "t": "variable t", "undo": "undo", "redo": "redo", "convert": "convert units", "enter": "enter", "swap": "swap x and y", "rolldown": "roll the stack down",
        "rollup": "roll the stack up", "lastx": "last x", "popcount": "count the one bits", "lsh": "shift left", "rsh": "shift right", "mod": "remainder",
        "hex": "hexadecimal", "dec": "decimal", "oct": "octal", "bin": "binary", "qword": "64-bit word",
        "dword": "32-bit word", "word": "16-bit word", "byte": "8-bit byte", "and": "bitwise and", "or": "bitwise or",
        "not": "bitwise not", "nand": "bitwise not and", "nor": "bitwise not or", "xor": "bitwise exclusive or",
        "rol": "rotate left", "ror": "rotate right",
    ].merging(memoryListSpokenNames.merging(statisticsSpokenNames) { $1 }) { $1 }
}
