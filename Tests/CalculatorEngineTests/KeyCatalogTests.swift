import Testing

@testable import CalculatorEngine

@Suite struct KeyCatalogTests {
    @Test func everyNameAndAliasParses() throws {
        for info in KeyCatalog.all {
            let key = try #require(Key(name: info.name), "\(info.name)")
            #expect(key.name == info.name)
            for alias in info.aliases {
                let aliased = try #require(Key(name: alias), "alias \(alias) of \(info.name)")
                #expect(aliased == key, "alias \(alias)")
            }
        }
    }

    /// The page and `GET /keys` say each key by its spoken name: words wherever the label is a symbol, an
    /// abbreviation or a letter with a meaning (`m+`, `sin`, `x`), the label itself only for a digit (0–9, and A–F of
    /// programmer mode).
    @Test func everyKeyHasASpokenName() {
        for info in KeyCatalog.all {
            let isDigit = info.label.count == 1 && info.label.allSatisfy(\.isHexDigit) && info.modes.allSatisfy { $0.kind == .digit }
            #expect(isDigit == (info.spokenName == info.label), "\(info.name): \(info.spokenName)")
            #expect(!info.spokenName.isEmpty && info.spokenName.allSatisfy { $0.isASCII }, "\(info.name)")
        }
        let names = Set(KeyCatalog.all.map(\.name))
        #expect(KeyCatalog.spokenNames.keys.filter { !names.contains($0) }.isEmpty, "spoken names of keys that are not in the catalog")
    }

    @Test func namesAndAliasesAreUnique() {
        let spellings = KeyCatalog.all.flatMap { [$0.name] + $0.aliases }
        #expect(Set(spellings).count == spellings.count)
    }

    @Test func everyKeyOfTheIssueIsInTheCatalog() {
        let issue = [
            "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ".", "+", "-", "*", "/", "pow", "root", "logy", "EE", "neg", "percent",
            "sq", "cube", "sqrt", "cbrt", "recip", "exp", "pow10", "pow2", "ln", "log10", "log2", "fact", "sin", "cos", "tan", "asin",
            "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "pi", "e", "rand", "(", ")", "=", "AC", "C", "back",
            "mc", "m+", "m-", "mr", "deg", "rad", "2nd",
            // Programmer mode, gradians and named variables (issue 28).
            "CE", "grad", "sto", "rcl", "x", "y", "z", "t", "A", "B", "D", "E", "F", "mod", "and", "or", "xor", "nand", "nor",
            "lsh", "rsh", "not", "rol", "ror", "hex", "dec", "oct", "bin", "qword", "dword", "word", "byte",
            // Undo (issue 27).
            "undo", "redo",
            // Unit conversion (issue 37).
            "convert",
            // RPN mode (issue 48).
            "enter", "swap", "rolldown", "rollup", "lastx",
            // Bit toggling in programmer mode (issue 48).
            "popcount",
        ] + (0..<64).map { "bit\($0)" }
            // Statistics mode and the memory list (issue 48).
            + [
                "sigma+", "sigma-", "pair", "clstat", "n", "sumx", "sumx2", "sumy", "sumy2", "sumxy", "meanx", "meany", "varx", "vary",
                "pvarx", "pvary", "sx", "sy", "psx", "psy", "slope", "intercept", "r", "yhat", "xhat", "ms", "mc:1",
            ] + (2...8).flatMap { entry in ["mc", "m+", "m-", "mr"].map { "\($0):\(entry)" } }
        #expect(Set(KeyCatalog.all.map(\.name)) == Set(issue))
        #expect(KeyCatalog.all.count == issue.count)
    }

    @Test(arguments: [
        ("×", "*"), ("÷", "/"), ("−", "-"), ("xʸ", "pow"), ("ʸ√x", "root"), ("logᵧ", "logy"), ("±", "neg"), ("%", "percent"),
        ("x²", "sq"), ("x³", "cube"), ("√", "sqrt"), ("∛", "cbrt"), ("1/x", "recip"), ("eˣ", "exp"), ("10ˣ", "pow10"),
        ("2ˣ", "pow2"), ("log₁₀", "log10"), ("log₂", "log2"), ("x!", "fact"), ("sin⁻¹", "asin"), ("cos⁻¹", "acos"),
        ("tan⁻¹", "atan"), ("sinh⁻¹", "asinh"), ("cosh⁻¹", "acosh"), ("tanh⁻¹", "atanh"), ("π", "pi"), ("Rand", "rand"),
        ("m−", "m-"), ("⌫", "back"), ("↶", "undo"), ("↷", "redo"), ("CHS", "neg"), ("chs", "neg"), ("ENTER", "enter"),
        ("x⇄y", "swap"), ("R↓", "rolldown"), ("R↑", "rollup"), ("LASTx", "lastx"),
    ])
    func unicodeAliases(alias: String, name: String) throws {
        #expect(try #require(Key(name: alias)).name == name)
    }

    /// The one-character lookup must agree with the name lookup on every byte, and find the one-character names.
    @Test func oneCharacterNamesReadByCodeAsByName() throws {
        var found = 0
        for code in 0...255 {
            let expected = code < 0x80 ? Key(name: String(UnicodeScalar(UInt8(code)))) : nil
            #expect(Key(asciiName: UInt8(code)) == expected, "code \(code)")
            if expected != nil { found += 1 }
        }
        let oneCharacterNames = KeyCatalog.all.flatMap { [$0.name] + $0.aliases }.filter { $0.utf8.count == 1 }
        #expect(found == Set(oneCharacterNames).count)
        #expect(found >= 15)  // the digits, ".", "+", "-", "*", "/", "="
    }

    @Test func unknownNamesAreRejected() {
        for name in ["", "sine", "10", "++", " 1", "ac", "Ee", "a", "f", "X", "Hex", "ce"] { #expect(Key(name: name) == nil, "\(name)") }
    }

    @Test func inversesArePairedAndSecondFunctionsMarked() throws {
        let byName = Dictionary(uniqueKeysWithValues: KeyCatalog.all.map { ($0.name, $0) })
        for info in KeyCatalog.all {
            if let inverse = info.inverse {
                let other = try #require(byName[inverse])
                #expect(other.inverse == info.name, "\(info.name) ↔ \(inverse)")
            }
        }
        let second = Set(KeyCatalog.all.filter(\.isSecondFunction).map(\.name))
        #expect(second == ["asin", "acos", "atan", "asinh", "acosh", "atanh", "root", "pow10", "pow2"])
        #expect(byName["sin"]?.inverse == "asin" && byName["ln"]?.inverse == "exp" && byName["log10"]?.inverse == "pow10")
        #expect(byName["log2"]?.inverse == "pow2" && byName["exp"]?.inverse == "ln" && byName["pow"]?.inverse == "root")
        #expect(byName["sinh"]?.inverse == "asinh")
    }

    /// Every key does something. In the middle of a calculation (memory 5, "1 +" pending, 2 being typed) each key
    /// of the mode changes the state, except the ones listed here with why they do nothing there and a state they
    /// change; every other key is refused and changes nothing.
    @Test(arguments: [
        Settings(), Settings(mode: .immediate), Settings(mode: .programmer, radix: .hex, word: .word), Settings(mode: .rpn),
        Settings(mode: .statistics),
    ])
    func everyKeyChangesTheState(settings: Settings) throws {
        let context = try run("5 m+ 1 + 2", settings: settings)
        let variables = ["x", "y", "z", "t"].map { ($0, (why: "no sto or rcl waits", actsAfter: "sto")) }
        var noOps: [String: (why: String, actsAfter: String)] = Dictionary(uniqueKeysWithValues: variables)
        noOps[")"] = ("no parenthesis is open", "( 2")
        // In programmer mode the keys of the radix and word already set end the number being typed.
        if settings.mode != .programmer {
            noOps["deg"] = ("the angle is already degrees", "rad")
            noOps["redo"] = ("nothing was undone", "1 undo")
            noOps["clstat"] = ("the data set is empty", "1 sigma+")
        }
        // The memory list holds one entry here: the keys of the others are refused until ms adds them.
        for entry in 2...8 {
            for command in ["mc", "m+", "m-", "mr"] {
                noOps["\(command):\(entry)"] = ("the list has no entry \(entry)", "1 ms 2 ms 3 ms 4 ms 5 ms 6 ms 7 ms 8 ms 9")
            }
        }
        for info in KeyCatalog.all {
            let key = try #require(Key(name: info.name))
            // convert acts on the session's units, which no key sets: UnitConversionTests.
            if key == .convert { continue }
            guard info.works(in: settings.mode) else {
                var state = context
                var random = SplitMix64(seed: 3)
                // RPN mode says what to press instead of = and the brackets.
                let reason: KeyRefusal.Reason = settings.mode == .rpn && ["=", "(", ")"].contains(info.name) ? .notInRPN : .notInMode
                #expect(context.refusal(of: key)?.reason == reason, "\(info.name)")
                state.apply(key, random: &random)
                #expect(state == context, "\(info.name) is refused in \(settings.mode) mode yet changes the state")
                continue
            }
            // A bit past the word's 16 bits is refused and changes nothing.
            if case .flipBit(let bit)? = key.programmerAction, settings.mode == .programmer, Int(bit) >= settings.word.bits {
                #expect(context.refusal(of: key)?.reason == .notInWord, "\(info.name)")
                var state = context
                var random = SplitMix64(seed: 3)
                state.apply(key, random: &random)
                #expect(state == context, "\(info.name) is refused yet changes the state")
                continue
            }
            #expect(noOps[info.name] != nil || context.refusal(of: key) == nil, "\(info.name)")
            if info.name.contains(":"), info.name != "mc:1" { #expect(context.refusal(of: key)?.reason == .noMemoryEntry, "\(info.name)") }
            var state = context
            var random = SplitMix64(seed: 3)
            state.apply(key, random: &random)
            if let noOp = noOps[info.name] {
                #expect(state == context, "\(info.name): \(noOp.why)")
                let before = try run(noOp.actsAfter, settings: settings)
                var after = before
                after.apply(key, random: &random)
                #expect(after != before, "\(info.name) after \(noOp.actsAfter)")
            } else {
                #expect(state != context, "\(info.name) changes nothing")
            }
        }
    }

    @Test func kinds() {
        let byName = Dictionary(uniqueKeysWithValues: KeyCatalog.all.map { ($0.name, $0.kind) })
        #expect(byName["7"] == .digit && byName["+"] == .binary && byName["sin"] == .unary && byName["pi"] == .constant)
        #expect(byName["("] == .parenthesis && byName["="] == .equals && byName["AC"] == .clear && byName["m+"] == .memory)
        #expect(byName["undo"] == .undo && byName["redo"] == .undo)
        #expect(byName["2nd"] == .mode && byName["rad"] == .mode && byName["grad"] == .mode && byName["sto"] == .variable)
        #expect(byName["A"] == .digit && byName["and"] == .binary && byName["not"] == .unary && byName["hex"] == .mode)
    }

    /// Each key says where it works and what it is there: C is clear entry in scientific and immediate mode and the
    /// hex digit in programmer mode; CE clears the entry everywhere.
    @Test func modesOfEachKey() throws {
        let byName = Dictionary(uniqueKeysWithValues: KeyCatalog.all.map { ($0.name, $0) })
        func modes(_ name: String) -> [String] { byName[name]!.modes.map { "\($0.mode.rawValue):\($0.kind.rawValue)" } }
        #expect(modes("C") == ["scientific:clear", "immediate:clear", "programmer:digit", "rpn:clear", "statistics:clear"])
        #expect(modes("CE") == ["scientific:clear", "immediate:clear", "programmer:clear", "rpn:clear", "statistics:clear"])
        #expect(modes("A") == ["programmer:digit"])
        #expect(modes("sin") == ["scientific:unary", "immediate:unary", "rpn:unary", "statistics:unary"])
        #expect(modes("neg") == ["scientific:unary", "immediate:unary", "programmer:unary", "rpn:unary", "statistics:unary"])
        #expect(modes("x") == ["scientific:variable", "immediate:variable", "programmer:variable", "rpn:variable", "statistics:variable"])
        #expect(modes("=") == ["scientific:equals", "immediate:equals", "programmer:equals", "statistics:equals"])
        #expect(modes("(") == ["scientific:parenthesis", "immediate:parenthesis", "programmer:parenthesis", "statistics:parenthesis"])
        for name in ["enter", "swap", "rolldown", "rollup", "lastx"] { #expect(modes(name) == ["rpn:stack"], "\(name)") }
        #expect(modes("sigma+") == ["statistics:statistics"])
        #expect(modes("m+:2") == ["scientific:memory", "immediate:memory", "programmer:memory", "rpn:memory", "statistics:memory"])
        #expect(modes("ms") == ["scientific:memory", "immediate:memory", "programmer:memory", "rpn:memory", "statistics:memory"])
        #expect(modes("qword") == ["programmer:mode"])
        let refusedInProgrammerMode = [
            ".", "sin", "pi", "e", "EE", "percent", "2nd", "deg", "rad", "grad", "rand", "sqrt", "pow", "undo", "redo",
        ]
        for name in refusedInProgrammerMode { #expect(!byName[name]!.works(in: .programmer), "\(name)") }
        let programmerOnly = ["A", "B", "D", "E", "F", "and", "or", "xor", "nand", "nor", "mod", "lsh", "rsh", "not", "rol", "ror",
                              "hex", "dec", "oct", "bin", "qword", "dword", "word", "byte", "popcount", "bit0", "bit63"]
        for name in programmerOnly { #expect(byName[name]!.modes.map(\.mode) == [.programmer], "\(name)") }
        for info in KeyCatalog.all {
            #expect(!info.modes.isEmpty && info.kind == info.modes[0].kind, "\(info.name)")
            #expect(info.works(in: .scientific) == info.works(in: .immediate), "\(info.name)")
            // RPN mode has every key of scientific mode but = and the brackets, and its stack keys.
            let inRPN = info.modes.contains { $0.mode == .rpn && $0.kind != .stack }
            #expect(inRPN == (info.works(in: .scientific) && !["=", "(", ")"].contains(info.name)), "\(info.name)")
            #expect(Key(name: info.name)!.works(in: .programmer) == info.works(in: .programmer), "\(info.name)")
        }
    }
}
