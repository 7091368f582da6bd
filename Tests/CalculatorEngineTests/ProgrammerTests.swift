import CalculatorEngine
import Testing

/// Programmer mode, worked out independently of the engine: every binary and unary key on chosen values (0, ±1,
/// the extremes, bit patterns) in every radix and word size, the values typed in that radix, the result read in it.
@Suite struct ProgrammerTests {
    /// A radix and word size, with the reference arithmetic the expectations come from.
    struct Word: Sendable, CustomTestStringConvertible {
        let radix: Radix
        let size: WordSize

        var testDescription: String { "\(radix.rawValue) \(size.bits)" }
        var settings: Settings { Settings(mode: .programmer, radix: radix, word: size) }
        var bits: Int { size.bits }
        var base: Int { [Radix.hex: 16, .dec: 10, .oct: 8, .bin: 2][radix]! }
        var minimum: Int64 { Int64.min >> (64 - bits) }
        var maximum: Int64 { ~minimum }

        /// The low `bits` bits of `x`, read as signed.
        func wrap(_ x: Int64) -> Int64 {
            let pattern = UInt64(bitPattern: x) & (bits == 64 ? .max : (1 << UInt64(bits)) - 1)
            let signBit = UInt64(1) << UInt64(bits - 1)
            return pattern & signBit == 0 ? Int64(pattern) : Int64(bitPattern: pattern | ~(signBit << 1 &- 1))
        }

        /// What the display shows: signed decimal, or the word's bit pattern in capitals.
        func shown(_ x: Int64) -> String {
            if radix == .dec { return String(x) }
            let pattern = UInt64(bitPattern: x) & (bits == 64 ? .max : (1 << UInt64(bits)) - 1)
            return String(pattern, radix: base).uppercased()
        }

        /// Keys that type `x`: its digits in the radix; a negative decimal gets `neg` after its first digit.
        func typed(_ x: Int64) -> [String] {
            let digits = Array(radix == .dec ? String(x.magnitude) : shown(x)).map(String.init)
            guard radix == .dec, x < 0 else { return digits }
            return [digits[0], "neg"] + digits.dropFirst()
        }

        var samples: [Int64] {
            [0, 1, -1, 2, 5, -7, 100, maximum, minimum, maximum - 1, minimum + 1, wrap(0x5555_5555_5555_5555), wrap(0x7F), wrap(0x80)]
        }

        func reference(_ op: String, _ a: Int64, _ b: Int64) -> Int64? {
            switch op {
            case "+": return wrap(a &+ b)
            case "-": return wrap(a &- b)
            case "*": return wrap(a &* b)
            case "/": return b == 0 ? nil : wrap(a == .min && b == -1 ? a : a / b)
            case "mod": return b == 0 ? nil : (a == .min && b == -1 ? 0 : a % b)
            case "and": return a & b
            case "or": return a | b
            case "xor": return a ^ b
            case "nand": return wrap(~(a & b))
            case "nor": return wrap(~(a | b))
            case "lsh": return b < 0 || b >= bits ? nil : wrap(a << b)
            case "rsh": return b < 0 || b >= bits ? nil : a >> b
            default: fatalError(op)
            }
        }

        func reference(_ function: String, _ x: Int64) -> Int64 {
            let pattern = UInt64(bitPattern: x) & (bits == 64 ? .max : (1 << UInt64(bits)) - 1)
            switch function {
            case "not": return wrap(~x)
            case "neg": return wrap(0 &- x)
            case "rol": return wrap(Int64(bitPattern: pattern << 1 | pattern >> UInt64(bits - 1)))
            case "ror": return wrap(Int64(bitPattern: pattern >> 1 | (pattern & 1) << UInt64(bits - 1)))
            default: fatalError(function)
            }
        }
    }

    static let words = Radix.allCases.flatMap { radix in WordSize.allCases.map { Word(radix: radix, size: $0) } }
    static let binaryKeys = ["+", "-", "*", "/", "mod", "and", "or", "xor", "nand", "nor", "lsh", "rsh"]

    /// `a op b =` for every pair of samples (shift counts from 0 to the word size and −1).
    @Test(arguments: words)
    func binaryKeys(word: Word) throws {
        for op in Self.binaryKeys {
            let rights = op == "lsh" || op == "rsh" ? [0, 1, 3, Int64(word.bits - 1), Int64(word.bits), -1] : word.samples
            for a in word.samples {
                for b in rights {
                    let keys = word.typed(a) + [op] + word.typed(b) + ["="]
                    let state = try run(keys, settings: word.settings).0
                    let expected = word.reference(op, a, b).map(word.shown) ?? "Error"
                    #expect(state.display == expected, "\(keys.joined(separator: " "))")
                }
            }
        }
    }

    /// not, neg, rol and ror on every sample, on a typed value and on a result.
    @Test(arguments: words)
    func unaryKeys(word: Word) throws {
        for function in ["not", "neg", "rol", "ror"] {
            for x in word.samples {
                let expected = word.shown(word.reference(function, x))
                let typed = word.typed(x)
                // neg while typing a decimal number changes its sign instead; after `=` it negates the result.
                let keys = function == "neg" && word.radix == .dec ? typed + ["=", function] : typed + [function]
                #expect(try run(keys, settings: word.settings).0.display == expected, "\(keys.joined(separator: " "))")
                let twice = try run(keys + [function], settings: word.settings).0.display
                #expect(twice == word.shown(word.reference(function, word.reference(function, x))), "\(keys.joined(separator: " ")) \(function)")
            }
        }
    }

    /// Windows' bit grid: each bit of the word flips on every sample (typed, and as a result), twice is the value
    /// again, and the bits past the word are refused; popcount counts the word's one bits.
    @Test(arguments: words)
    func bitKeys(word: Word) throws {
        for x in word.samples {
            let typed = word.typed(x)
            for bit in [0, 1, word.bits / 2, word.bits - 1] {
                let flipped = word.wrap(x ^ (Int64(1) << Int64(bit)))
                #expect(try run(typed + ["bit\(bit)"], settings: word.settings).0.display == word.shown(flipped), "\(typed) bit\(bit)")
                #expect(try run(typed + ["=", "bit\(bit)", "bit\(bit)"], settings: word.settings).0.display == word.shown(x))
            }
            let pattern = UInt64(bitPattern: x) & (word.bits == 64 ? .max : (1 << UInt64(word.bits)) - 1)
            #expect(try run(typed + ["popcount"], settings: word.settings).0.display == word.shown(Int64(pattern.nonzeroBitCount)), "\(typed) popcount")
        }
        // After an operator the flipped value is the right operand: 5 + bit1 (5 with bit 1 flipped, 7) is 12.
        #expect(try run(word.typed(5) + ["+", "bit1", "="], settings: word.settings).0.display == word.shown(12))
        let state = try run(word.typed(5), settings: word.settings).0
        for bit in word.bits..<64 {
            let key = try #require(Key(name: "bit\(bit)"))
            let refusal = state.refusal(of: key)
            #expect(refusal?.reason == .notInWord && refusal?.detail == String(word.bits), "bit\(bit)")
            #expect(refusal?.message == "bit\(bit) flips a bit outside the \(word.bits)-bit word, whose bits are bit0 to bit\(word.bits - 1)")
            var after = state
            var random = SplitMix64(seed: 1)
            after.apply(key, random: &random)
            #expect(after == state)
        }
        // A word key changes which bits are refused within a batch.
        let keys = [Key(name: "byte")!, Key(name: "bit9")!]
        #expect(CalculatorState(settings: Settings(mode: .programmer)).firstRefusal(in: keys)?.index == 1)
    }

    /// Typing: each sample reads back; a digit past the word is ignored; the value shows in each radix in turn.
    @Test(arguments: words)
    func typingAndRadixKeys(word: Word) throws {
        for x in word.samples {
            let state = try run(word.typed(x), settings: word.settings).0
            #expect(state.display == word.shown(x), "\(word.typed(x))")
            let radixes = try #require(state.radixDisplays)
            for radix in Radix.allCases {
                let other = Word(radix: radix, size: word.size)
                #expect(try run(word.typed(x) + [radix.rawValue], settings: word.settings).0.display == other.shown(x))
                let column = [Radix.hex: radixes.hex, .dec: radixes.dec, .oct: radixes.oct, .bin: radixes.bin][radix]
                #expect(column == other.shown(x))
            }
        }
        // One more digit after the largest value fits nowhere.
        let full = word.radix == .dec ? word.typed(word.maximum) : word.typed(-1)
        #expect(try run(full + ["1"], settings: word.settings).0.display == (word.radix == .dec ? String(word.maximum) : word.shown(-1)))
        // The maximum + 1 wraps to the minimum, the minimum − 1 to the maximum.
        #expect(try run(word.typed(word.maximum) + ["+", "1", "="], settings: word.settings).0.display == word.shown(word.minimum))
        #expect(try run(word.typed(word.minimum) + ["-", "1", "="], settings: word.settings).0.display == word.shown(word.maximum))
    }

    /// A word key truncates the value to the new size and reads it as signed; memory and variables too.
    @Test(arguments: words)
    func wordKeys(word: Word) throws {
        let keyBySize: [WordSize: String] = [.byte: "byte", .word: "word", .dword: "dword", .qword: "qword"]
        for size in WordSize.allCases {
            let smaller = Word(radix: word.radix, size: size)
            for x in word.samples {
                let keys = word.typed(x) + ["m+", "sto", "x", keyBySize[size]!]
                let state = try run(keys, settings: word.settings).0
                #expect(state.settings.word == size)
                #expect(state.display == smaller.shown(smaller.wrap(x)), "\(keys.joined(separator: " "))")
                #expect(state.memory == smaller.shown(smaller.wrap(x)))
                #expect(state.variable(.x) == smaller.shown(smaller.wrap(x)))
            }
        }
    }

    /// Digits at or above the radix's base are refused, and so are the keys of the other modes.
    @Test(arguments: words)
    func refusedKeys(word: Word) throws {
        let state = try run(["1"], settings: word.settings).0
        for digit in ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"] {
            let value = Int(digit, radix: 16)!
            let refusal = state.refusal(of: Key(name: digit)!)
            #expect((refusal != nil) == (value >= word.base), "\(digit)")
            if let refusal { #expect(refusal.reason == .notInRadix && refusal.key == digit && refusal.mode == .programmer) }
        }
        for name in [".", "sin", "pi", "e", "EE", "percent", "2nd", "deg", "rad", "grad", "sqrt", "pow", "rand", "fact"] {
            #expect(state.refusal(of: Key(name: name)!)?.reason == .notInMode, "\(name)")
        }
    }

    static let sequences: [(keys: String, expected: String, settings: Settings)] = [
        // Precedence of mixed bitwise and arithmetic operators: or/xor < and/nand/nor < + − < × ÷ mod lsh rsh.
        ("1 or 2 and 3 + 4 * 5 =", "3", dec), ("6 xor 3 and 5 =", "7", dec), ("8 - 4 rsh 1 =", "6", dec),
        ("3 lsh 2 * 3 =", "36", dec), ("1 + 2 lsh 3 =", "17", dec), ("7 mod 4 + 1 =", "4", dec), ("1 or 6 nand 3 =", "-3", dec),
        ("2 * 3 mod 4 =", "2", dec), ("5 nor 2 xor 1 =", "-7", dec), ("( 1 or 2 ) * 4 =", "12", dec), ("1 + 2 * ( 3 - 1 ) =", "5", dec),
        ("2 ( 3 + 4 ) =", "14", dec), ("( 2 ) 3 =", "6", dec), ("6 + ( =", "6", dec), ("5 + * 3 =", "15", dec),
        // Repeated = and constants of the operation.
        ("2 + 3 = =", "8", dec), ("2 lsh 1 = = =", "16", dec), ("1 0 0 rsh 1 = =", "25", dec), ("7 + =", "14", dec),
        // Division truncates toward zero; mod keeps the dividend's sign; the minimum ÷ −1 wraps.
        ("7 neg / 2 =", "-3", dec), ("7 neg mod 2 =", "-1", dec), ("7 mod 2 neg =", "1", dec), ("0 / 0 =", "Error", dec),
        ("1 2 neg 8 / 1 neg =", "-128", byte), ("1 2 neg 8 mod 1 neg =", "0", byte),
        // Entry: leading zeros, backspace, sign, limits.
        ("0 0 7", "7", dec), ("1 2 3 back", "12", dec), ("1 back", "0", dec), ("5 neg 3", "-53", dec), ("neg 5", "5", dec),
        ("1 2 neg 8", "-128", byte), ("1 2 neg 8 neg", "-128", byte), ("1 2 neg 7 neg", "127", byte), ("1 2 8", "12", byte),
        ("F F F", "FF", hexByte), ("F F back", "F", hexByte), ("1 neg 2", "2", hexByte), ("7 F neg", "81", hexByte),
        ("1 C", "1C", hexByte), ("1 2 CE", "0", dec), ("1 + 2 CE 3 =", "4", dec),
        // "(" over a cleared entry reads it as 0, as in the other modes.
        ("5 + CE ( ) =", "5", dec), ("5 + 3 back ( ) =", "5", dec), ("7 not CE ( =", "0", dec),
        // Radix and word keys mid-calculation: the value stays, the next digit starts a new number.
        ("1 0 + hex A =", "14", dec), ("F F dec", "255", Settings(mode: .programmer, radix: .hex)), ("1 0 hex 5", "5", dec),
        ("1 1 1 1 * oct 3 =", "55", Settings(mode: .programmer, radix: .bin)), ("3 0 0 * byte 2 =", "88", Settings(mode: .programmer, word: .word)),
        ("1 0 0 + 2 0 0 byte =", "44", Settings(mode: .programmer, word: .word)), ("8 0 word", "FF80", hexByte),
        ("4 2 9 4 9 6 7 2 9 5 dword", "-1", dec), ("1 ror byte", "0", dec), ("1 2 7 byte qword + 1 =", "128", dec),
        // Error: division by zero, shifts out of range; only clearing keys and digits act while it shows.
        ("5 / 0 =", "Error", dec), ("1 lsh 6 4 =", "Error", dec), ("1 rsh 8 =", "Error", byte), ("1 lsh 1 neg =", "Error", dec),
        ("5 / 0 = +", "Error", dec), ("5 / 0 = hex", "Error", dec), ("5 / 0 = 7", "7", dec), ("5 / 0 = AC", "0", dec),
        ("5 / 0 = CE", "0", dec), ("5 / 0 = back", "Error", dec), ("5 / 0 = back CE", "0", dec), ("5 / 0 = mr", "Error", dec),
        // Memory and variables hold integers of the word.
        ("1 2 7 m+ m+ mr", "-2", byte), ("F F m+ AC mr", "FF", Settings(mode: .programmer, radix: .hex, word: .word)),
        ("5 m- mr", "-5", dec), ("5 m+ mc mr", "0", dec), ("2 m+ 3 mr =", "2", dec), ("4 m+ AC 1 2 mr + 1 =", "5", dec), ("7 sto x AC ( 3 ) rcl x =", "7", dec), ("7 F sto y AC rcl y + 1 =", "80", hexByte),
        ("9 sto x 2 * rcl x =", "18", dec), ("rcl z", "0", dec), ("3 rcl x", "0", dec), ("5 sto t AC hex rcl t", "5", dec),
        // The memory list, as Windows' programmer mode has it: entries are integers of the word, and wrap with it.
        ("5 ms 7 ms mr:2", "5", dec), ("5 ms 7 ms mr", "7", dec), ("5 ms 7 ms 9 ms mc:2 mr:2", "5", dec),
        ("5 ms 7 ms 3 m+:2 mr:2 + mr =", "15", dec), ("5 ms 7 ms 9 m-:2 mr:2", "-4", dec), ("5 ms 7 ms mc mr", "0", dec),
        ("1 2 7 ms 5 ms 1 m+:2 mr:2", "-128", byte), ("F F ms 1 ms mr:2", "FF", hexByte),
        ("3 0 0 ms 5 ms byte mr:2", "44", Settings(mode: .programmer, word: .word)), ("5 ms 7 ms hex mr:2 + A =", "F", dec),
        ("5 / 0 = ms", "Error", dec), ("5 / 0 = mr:2", "Error", dec),
    ]
    /// Every bit key on 0 and on all ones of a qword, shown in hex, and popcount: the values are the bit's power of
    /// two, worked out by the standard library's shift, not the engine's.
    static let bitSequences: [(keys: String, expected: String, settings: Settings)] = (0..<64).flatMap { bit in
        let hex = Settings(mode: .programmer, radix: .hex)
        let ones = String(repeating: "F ", count: 16)
        return [
            ("0 bit\(bit)", String(UInt64(1) << UInt64(bit), radix: 16, uppercase: true), hex),
            ("\(ones)bit\(bit)", String(~(UInt64(1) << UInt64(bit)), radix: 16, uppercase: true), hex),
            ("\(ones)bit\(bit) popcount", "3F", hex),
        ]
    } + [("0 popcount", "0", dec), ("2 5 5 popcount", "8", dec), ("1 neg popcount", "64", dec), ("1 neg byte popcount", "8", dec)]
    static let dec = Settings(mode: .programmer)
    static let byte = Settings(mode: .programmer, word: .byte)
    static let hexByte = Settings(mode: .programmer, radix: .hex, word: .byte)

    @Test(arguments: (sequences + bitSequences).indices)
    func sequence(index: Int) throws {
        let (keys, expected, settings) = (Self.sequences + Self.bitSequences)[index]
        let state = try run(keys, settings: settings)
        #expect(state.display == expected, "\(keys)")
        #expect(isWellFormedDisplay(state.display, settings: state.settings))
    }

    @Test func expressionAndHistory() throws {
        #expect(try run("5 3 nand 8 3", settings: Self.dec).expression == "53 NAND 83")
        #expect(try run("1 + 2 * ( 3", settings: Self.dec).expression == "1 + 2 × (3")
        #expect(try run("1 not", settings: Self.dec).expression == "NOT(1)")
        #expect(try run("F rol", settings: Self.hexByte).expression == "RoL(F)")
        #expect(try run("rcl x + 1", settings: Self.dec).expression == "x + 1")
        let state = try run("1 lsh 4 = 5 / 0 =", settings: Self.dec)
        #expect(state.history == [HistoryEntry(expression: "1 << 4", result: "16"), HistoryEntry(expression: "5 ÷ 0", result: "Error")])
        #expect(state.error?.code == "division_by_zero")
        #expect(try run("1 lsh 9 9 =", settings: Self.dec).error?.code == "domain")
    }

    /// Into programmer mode the value is truncated toward zero to the word; out of it the integer stays.
    @Test func switchingModes() throws {
        var state = try run("2 . 9 neg m+ 7 . 5 sto x 1 / 3 = 2 0 0 . 7")
        state.update(settings: Settings(mode: .programmer, word: .byte))
        #expect(state.display == "-56")
        #expect(state.memory == "-2" && state.variable(.x) == "7")
        state.update(settings: Settings(mode: .programmer, radix: .hex, word: .byte))
        #expect(state.display == "C8" && state.memory == "FE")
        var random = SplitMix64(seed: 1)
        state.apply(Key(name: "F")!, random: &random)
        #expect(state.display == "F")
        state.update(settings: Settings())
        #expect(state.display == "15" && state.memory == "-2")
        state.apply(Key(name: "+")!, random: &random)
        state.apply(Key(name: "0")!, random: &random)
        state.apply(Key(name: ".")!, random: &random)
        state.apply(Key(name: "5")!, random: &random)
        state.apply(Key(name: "=")!, random: &random)
        #expect(state.display == "15.5")
        #expect(try run("1 / 0 =").display == "Error")
        var failed = try run("1 / 0 =")
        failed.update(settings: Settings(mode: .programmer))
        #expect(failed.display == "0" && failed.error == nil)
        var huge = try run("9 EE 9 9 9 9 neg")
        huge.update(settings: Settings(mode: .programmer))
        #expect(huge.display == "0")
        var big = try run("2 pow 6 4 + 5 =")
        big.update(settings: Settings(mode: .programmer))
        #expect(big.display == "5")
    }

    /// A new radix or word through the settings acts as its key.
    @Test func settingsChangeWithinProgrammerMode() throws {
        var state = try run("1 2 + 3 0 0", settings: Self.dec)
        state.update(settings: Settings(mode: .programmer, radix: .hex, word: .byte))
        #expect(state.display == "2C")
        var random = SplitMix64(seed: 1)
        for name in ["5", "="] { state.apply(Key(name: name)!, random: &random) }
        #expect(state.display == "11")
    }
}
