extension KeyCatalog {
    /// A line of programmer mode's keypad: what the key called `name` does there.
    struct ProgrammerLine {
        let name: String
        let action: ProgrammerAction
        /// Only for a key of programmer mode only; the label is the first alias, or the name.
        let aliases: [String]
    }

    private static func key(_ name: String, _ action: ProgrammerAction, aliases: [String] = []) -> ProgrammerLine {
        ProgrammerLine(name: name, action: action, aliases: aliases)
    }

    /// Programmer mode's keypad, Windows' layout row by row, then the radix and word keys, the bitwise keys, memory
    /// and variables. A key of the other modes that is missing here (`.`, `sin`, `pi`, `EE`, `2nd`, `deg` …) is
    /// refused in programmer mode; `C` is the hex digit here, and `CE` clears the entry.
    static let programmerKeypad: [ProgrammerLine] = [
        key("A", .digit(10)),
        key("lsh", .binary(.shiftLeft), aliases: ["Lsh", "<<"]),
        key("rsh", .binary(.shiftRight), aliases: ["Rsh", ">>"]),
        key("CE", .clear),
        key("back", .backspace),
        key("B", .digit(11)),
        key("(", .openParenthesis),
        key(")", .closeParenthesis),
        key("mod", .binary(.remainder), aliases: ["Mod"]),
        key("/", .binary(.divide)),
        key("C", .digit(12)),
        key("7", .digit(7)),
        key("8", .digit(8)),
        key("9", .digit(9)),
        key("*", .binary(.multiply)),
        key("D", .digit(13)),
        key("4", .digit(4)),
        key("5", .digit(5)),
        key("6", .digit(6)),
        key("-", .binary(.subtract)),
        key("E", .digit(14)),
        key("1", .digit(1)),
        key("2", .digit(2)),
        key("3", .digit(3)),
        key("+", .binary(.add)),
        key("F", .digit(15)),
        key("neg", .negate),
        key("0", .digit(0)),
        key("=", .equals),
        key("AC", .allClear),
        key("hex", .radix(.hex), aliases: ["HEX"]),
        key("dec", .radix(.dec), aliases: ["DEC"]),
        key("oct", .radix(.oct), aliases: ["OCT"]),
        key("bin", .radix(.bin), aliases: ["BIN"]),
        key("qword", .word(.qword), aliases: ["QWORD"]),
        key("dword", .word(.dword), aliases: ["DWORD"]),
        key("word", .word(.word), aliases: ["WORD"]),
        key("byte", .word(.byte), aliases: ["BYTE"]),
        key("and", .binary(.and), aliases: ["AND"]),
        key("or", .binary(.or), aliases: ["OR"]),
        key("not", .unary(.not), aliases: ["NOT"]),
        key("nand", .binary(.nand), aliases: ["NAND"]),
        key("nor", .binary(.nor), aliases: ["NOR"]),
        key("xor", .binary(.xor), aliases: ["XOR"]),
        key("rol", .unary(.rotateLeft), aliases: ["RoL"]),
        key("ror", .unary(.rotateRight), aliases: ["RoR"]),
        key("mc", .memoryClear),
        key("mr", .memoryRecall),
        key("m+", .memoryAdd),
        key("m-", .memorySubtract),
        key("sto", .variable(.command(.store))),
        key("rcl", .variable(.command(.recall))),
        key("x", .variable(.name(.x))),
        key("y", .variable(.name(.y))),
        key("z", .variable(.name(.z))),
        key("t", .variable(.name(.t))),
        key("popcount", .unary(.bitCount), aliases: ["#B"]),
    ] + programmerMemoryListKeys + bitKeys

    /// MS and the memory list's entry keys, as in the other modes, on integers of the word.
    static let programmerMemoryListKeys: [ProgrammerLine] =
        [key("ms", .memoryStore)] + memoryEntryKeys.map { key($0.name, .memoryEntry($0.command, entry: $0.entry)) }

    /// Windows' bit grid: `bit0` … `bit63` flip a bit of the value shown; those past the word's size are refused.
    static let bitKeys: [ProgrammerLine] = (0..<64).map { key("bit\($0)", .flipBit(UInt8($0))) }
}

extension CalculationMode {
    /// The mode's bit in `KeyCatalog.Definition.modeBits`.
    var bit: UInt8 {
        switch self {
        case .scientific: 1
        case .immediate: 2
        case .programmer: 4
        case .rpn: 8
        case .statistics: 16
        }
    }
}
