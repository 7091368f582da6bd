@testable import CalculatorEngine
import PropertyBased
import Synchronization
import Testing

/// The binary stored form (`storedBytes`, formats 2 and 3): exact round trips, strict reading of anything else.
@Suite struct StoredFormTests {
    static let sequences = [
        "", "1 . 5 0", "neg", "1 + 2 *", "( 1 + ( 2 *", "1 / 3 =", "pi", "2 sqrt", "5 m+ 2nd", "1 / 0 =", "rad 1 EE 3 neg",
        "2 + 3 = =", "( 2 + 3 ) ", "7 + 9 sqrt", "1 EE 9 9 9 9 neg", "rand", "2 pow 3 root 2 logy", "9 C", "1 2 3 back",
    ]

    @Test(arguments: sequences)
    func roundTripIsExact(keys: String) throws {
        let state = try run(keys)
        let decoded = try CalculatorState(storedBytes: state.storedBytes)
        #expect(decoded == state)
        #expect(decoded.display == state.display)
        #expect(decoded.expression == state.expression)
        #expect(decoded.memory == state.memory)
        var a = state, b = decoded
        var r1 = SplitMix64(seed: 9), r2 = SplitMix64(seed: 9)
        for name in ["*", "3", "=", "sin", "+", "pi", "=", ")", "mr", "="] {
            a.apply(Key(name: name)!, random: &r1)
            b.apply(Key(name: name)!, random: &r2)
            #expect(a == b)
        }
    }

    @Test func settingsAndHistoryRoundTrip() throws {
        var state = try run("1 + 2 = 3 * 4 = 1 / 0 =", settings: Settings(mode: .immediate, angle: .rad, digits: 32))
        state.update(settings: Settings(mode: .immediate, angle: .rad, digits: 9))
        let decoded = try CalculatorState(storedBytes: state.storedBytes)
        #expect(decoded == state)
        #expect(decoded.settings == Settings(mode: .immediate, angle: .rad, digits: 9))
        #expect(decoded.history.count == 3)
        #expect(decoded.error == state.error)
    }

    @Test func fullHistoryAndDeepNestingRoundTrip() throws {
        var keys: [String] = []
        for _ in 0..<120 { keys += ["7", "+", "1", "="] }
        keys += Array(repeating: "(", count: 60) + ["2", "+", "√"]
        let state = try run(keys).0
        #expect(state.history.count == CalculatorState.historyLimit)
        let decoded = try CalculatorState(storedBytes: state.storedBytes)
        #expect(decoded == state)
    }

    /// A value whose bounds took a precision climb (a cancellation to 10^-9566 needs about 32,000 bits) reads back
    /// with the bounds the climb found: reading never climbs, wherever it runs (a store's thread, the event loop),
    /// and what the state shows and does next is the same.
    @Test func aClimbedValueReadsBackWithoutClimbing() throws {
        let state = try run("e pow ( e pow e ) + ( e pow 1 0 ) neg exp - ( e pow e ) exp = m+ sto x AC 2 pow pi = sto y")
        #expect(state.memory == "1.065244951714036e-9566")
        let meter = CountingRefusal()
        let decoded = try Climbs.$meter.withValue(meter) { try CalculatorState(storedBytes: state.storedBytes) }
        #expect(meter.asked == 0)
        #expect(decoded == state)
        #expect(decoded.memory == state.memory)
        var a = state, b = decoded
        var r1 = SplitMix64(seed: 3), r2 = SplitMix64(seed: 3)
        for name in ["AC", "rcl", "x", "-", "mr", "=", "rcl", "y", "-", "2", "pow", "pi", "=", "mr", "*", "1", "EE", "9", "0", "0", "0", "="] {
            a.apply(Key(name: name)!, random: &r1)
            b.apply(Key(name: name)!, random: &r2)
            #expect(a == b)
            #expect(a.display == b.display)
        }
        #expect(b.display == "1.065244951714036e-566")
    }

    /// After any key sequence the stored form gives an equal state that then behaves identically.
    @Test func roundTripAfterRandomKeys() async throws {
        let names = Gen.element(of: allKeyNames).compactMap { $0 }
        await propertyCheck(count: 300, input: names.array(of: 0...60), names.array(of: 1...10), Gen.uint64()) { before, after, seed in
            try expectRoundTripBehavesAlike(before, after, seed: seed) { state in try CalculatorState(storedBytes: state.storedBytes) }
        }
    }

    /// A state as format 2 or another store without undo would hold it.
    static func withoutUndoSteps(_ state: CalculatorState) -> CalculatorState {
        var state = state
        state.undoHistory = UndoHistory()
        return state
    }

    /// Format 2 for a state that needs none of format 3's sections, format 3 otherwise; nothing else reads.
    @Test func startsWithItsFormatAndRejectsOthers() throws {
        var state = try run("1 + 2")
        let withUndo = state.storedBytes
        #expect(withUndo.first == 3)
        state.undoHistory = UndoHistory()
        var bytes = state.storedBytes
        #expect(bytes.first == 2)
        #expect(CalculatorState.storedFormFormat == 3)
        #expect(try Self.withoutUndoSteps(run("7 sto x")).storedBytes.first == 3)
        #expect(try Self.withoutUndoSteps(run("1", settings: Settings(mode: .programmer))).storedBytes.first == 3)
        for format: UInt8 in [0, 1, 4, UInt8(ascii: "{"), 255] {
            bytes[0] = format
            #expect(throws: StoredFormError.self) { try CalculatorState(storedBytes: bytes) }
        }
        // Format 3 with no section count after the fields of format 2 is truncated.
        bytes[0] = 3
        #expect(throws: StoredFormError.self) { try CalculatorState(storedBytes: bytes) }
        // Format 3 read as format 2 has trailing bytes.
        var truncatedFormat = withUndo
        truncatedFormat[0] = 2
        #expect(throws: StoredFormError.self) { try CalculatorState(storedBytes: truncatedFormat) }
        #expect(throws: StoredFormError.self) { try CalculatorState(storedBytes: []) }
    }

    /// Bytes the version before format 3 wrote (engine-bench of commit 5dd6524) read back as the state the same keys
    /// give now, and a state that needs no format-3 section is written as those same bytes, except that an inexact
    /// value is now written as its derivation (`Number+Derivation+Stored.swift`) where those bytes hold a 256-bit
    /// float: such a state writes bytes that read back as itself.
    @Test(arguments: [
        ("", Settings(), "0200002001300000000002013000000000000000"),
        ("1 + 2 * ( 3", Settings(), "0200002001330b31202b203220c3972028330000000101330000030000013100020132010831202b203220c3970a31202b203220c3972028000000"),
        ("1 / 3 = m+ 2 sin", Settings(mode: .immediate, angle: .rad, digits: 20), "0201012815302e393039323937343236383235363831363935340673696e283229000001063120c3b7203316302e333333333333333333333333333333333333333300493078302e6538633762373536386461323265666435633234306334303034653464646361386161346666313739623033376162636533663131343435626330336635333030702b300100000773696e2832290103013304312f33"),
        ("7 m+ 2nd pi", Settings(), "0200002011332e31343135393236353335383937393302cf8000010000493078302e3332343366366138383835613330386433313331393861326530333730373334346134303933383232323939663331643030383265666139386563346536633838702b3401000003cf80000237"),
        ("1 / 0 =", Settings(), "02000020054572726f72063120c3b7203001106469766973696f6e5f62795f7a65726f104469766973696f6e206279207a65726f0001063120c3b72030054572726f720000050000000000"),
    ])
    func formatTwoBytesStillRead(keys: String, settings: Settings, hex: String) throws {
        let bytes = stride(from: 0, to: hex.count, by: 2).map { offset in
            UInt8(hex.dropFirst(offset).prefix(2), radix: 16)!
        }
        let decoded = try CalculatorState(storedBytes: bytes)
        // Without the undo steps the keys leave, which format 2 cannot hold.
        let state = Self.withoutUndoSteps(try run(keys.split(separator: " ").map(String.init), settings: settings).0)
        #expect(decoded == state)
        if bytes.contains(Array("0x".utf8)) {
            #expect(try CalculatorState(storedBytes: state.storedBytes) == state)
        } else {
            #expect(state.storedBytes == bytes)
        }
    }

    /// Format 3: programmer mode, variables, a waiting command, radix and word round-trip exactly and behave alike.
    @Test(arguments: [
        ("1 + 2 * ( F", Settings(mode: .programmer, radix: .hex, word: .byte)), ("5 neg 3 m+ sto x 7 lsh", Settings(mode: .programmer)),
        ("1 / 0 =", Settings(mode: .programmer, radix: .bin)), ("2 + 3 = = rcl", Settings(mode: .programmer, radix: .oct, word: .word)),
        ("7 sto y", Settings()), ("3 sto", Settings(mode: .immediate, angle: .grad)), ("", Settings(radix: .hex)),
        ("( 1 not ) rol", Settings(mode: .programmer, word: .dword)),
        // The memory list (section 8), statistics mode's data set (section 9) and undo steps that hold them (kind 2).
        ("5 ms 7 ms 9 ms", Settings()), ("1 pair 2 sigma+ 3 pair 5 sigma+ 4 pair", Settings(mode: .statistics)),
        ("2 sqrt sigma+ 3 sigma+ 5 ms 6 ms", Settings(mode: .statistics)), ("1 sigma+ 2 sigma+ undo", Settings(mode: .statistics)),
        ("7 pow 9 9 9 = sigma+ 1 ms 2 ms", Settings(mode: .statistics)),
    ])
    func formatThreeRoundTrips(keys: String, settings: Settings) throws {
        let state = try run(keys.split(separator: " ").map(String.init), settings: settings).0
        let bytes = state.storedBytes
        #expect(bytes.first == 3)
        let decoded = try CalculatorState(storedBytes: bytes)
        #expect(decoded == state)
        #expect(decoded.display == state.display && decoded.expression == state.expression && decoded.radixDisplays == state.radixDisplays)
        #expect(decoded.memoryEntries == state.memoryEntries && decoded.dataPoints == state.dataPoints)
        let keys = ["x", "*", "3", "=", "AC", "+", ")", "mr", "=", "rcl", "y", "undo", "undo", "4", "sigma+", "mr:2", "meanx", "redo", "ms", "mc:1"]
        Self.expectAlike(state, decoded, after: keys, bytes: bytes)
    }

    /// `a` and `b` stay equal under `names`, and every truncation of `bytes` throws.
    static func expectAlike(_ a: CalculatorState, _ b: CalculatorState, after names: [String], bytes: [UInt8]) {
        var a = a, b = b
        var r1 = SplitMix64(seed: 9), r2 = SplitMix64(seed: 9)
        for name in names {
            a.apply(Key(name: name)!, random: &r1)
            b.apply(Key(name: name)!, random: &r2)
            #expect(a == b && a.display == b.display, "\(name)")
        }
        for length in 0..<bytes.count {
            #expect(throws: StoredFormError.self) { try CalculatorState(storedBytes: Array(bytes.prefix(length))) }
        }
    }

    /// RPN mode: the stack above X (section 8) and the undo steps that keep it (step kind 2) round-trip exactly and
    /// behave alike; every truncation throws.
    @Test(arguments: [
        "", "1 enter 2 enter 3 enter 4", "2 enter 3 + lastx", "1 enter 0 /", "3 enter 4 + undo", "7 sto x 5 enter rcl",
        "9 sqrt 2nd", "1 enter 3 / pi *",
    ])
    func rpnRoundTrips(keys: String) throws {
        let state = try run(keys.split(separator: " ").map(String.init), settings: Settings(mode: .rpn)).0
        let bytes = state.storedBytes
        #expect(bytes.first == 3)
        let decoded = try CalculatorState(storedBytes: bytes)
        #expect(decoded == state)
        #expect(decoded.display == state.display && decoded.rpnStack == state.rpnStack && decoded.rpnStack != nil)
        var a = state, b = decoded
        var r1 = SplitMix64(seed: 9), r2 = SplitMix64(seed: 9)
        for name in ["x", "rolldown", "+", "undo", "undo", "redo", "5", "enter", "*", "lastx", "swap", "rollup", "AC", "undo"] {
            a.apply(Key(name: name)!, random: &r1)
            b.apply(Key(name: name)!, random: &r2)
            #expect(a == b && a.rpnStack == b.rpnStack, "\(name)")
        }
        for length in 0..<bytes.count {
            #expect(throws: StoredFormError.self) { try CalculatorState(storedBytes: Array(bytes.prefix(length))) }
        }
    }

    /// RPN mode always has its stack's section, and no other mode has one.
    @Test func rpnStackOnlyInRPNMode() throws {
        var rpn = try run("1 enter 2", settings: Settings(mode: .rpn)).storedBytes
        rpn[1] = 0  // scientific mode with RPN mode's stack
        #expect(throws: StoredFormError.self) { try CalculatorState(storedBytes: rpn) }
        var scientific = try run("7 sto y").storedBytes
        scientific[1] = CalculationMode.rpn.storedCode  // RPN mode without its stack
        #expect(throws: StoredFormError.self) { try CalculatorState(storedBytes: scientific) }
    }

    @Test func formatThreeRejectsWhatItDoesNotWrite() throws {
        // No section, a section out of order, unknown or empty, default settings stored, a word of 63 bits.
        var plain = try run("1").storedBytes
        plain[0] = 3
        for sections: [UInt8] in [[0], [1, 2, 4], [1, 0, 64], [1, 1, 0, 64], [1, 1, 1, 63], [2, 2, 1, 0, 1, 0x31, 2], [1, 3, 0, 1, 3, 1], [1, 9], [1, 4]] {
            #expect(throws: StoredFormError.self) { try CalculatorState(storedBytes: plain + sections) }
        }
        var programmer = try run("1", settings: Settings(mode: .programmer)).storedBytes
        programmer[1] = 0  // scientific mode with programmer mode's engine
        #expect(throws: StoredFormError.self) { try CalculatorState(storedBytes: programmer) }
    }

    /// A state with a single memory and no data set is written as before the memory list and the data set (format 2),
    /// so sessions stored before them read as they were.
    @Test func aSingleMemoryIsWrittenAsBefore() throws {
        let single = Self.withoutUndoSteps(try run("5 m+ 3 m+ 1".split(separator: " ").map(String.init)).0)
        #expect(single.storedBytes.first == 2)
    }

    @Test(arguments: ["", "1 / 3 = m+ 2 + ( 4", "pi sin 2nd", "2 + 3 = =", "7 sto x 2 sto"])
    func everyTruncationThrows(keys: String) throws {
        let bytes = try run(keys).storedBytes
        for length in 0..<bytes.count {
            #expect(throws: StoredFormError.self) { try CalculatorState(storedBytes: Array(bytes.prefix(length))) }
        }
        #expect(throws: StoredFormError.self) { try CalculatorState(storedBytes: bytes + [0]) }
    }

    /// Changing any one byte either throws or gives a state that is stable under another round trip; never a trap.
    @Test func corruptedBytesThrowOrDecodeConsistently() throws {
        let bytes = try run("1 / 3 = m+ 2 + ( 4 . 5 EE 2 neg").storedBytes
        var rng = SplitMix64(seed: 42)
        var rejected = 0
        for index in bytes.indices {
            for _ in 0..<4 {
                var corrupt = bytes
                corrupt[index] = UInt8(truncatingIfNeeded: rng.next())
                if corrupt == bytes { continue }
                if let decoded = try? CalculatorState(storedBytes: corrupt) {
                    #expect(try CalculatorState(storedBytes: decoded.storedBytes) == decoded)
                } else {
                    rejected += 1
                }
            }
        }
        #expect(rejected > 0)
    }

    @Test func randomBytesThrowOrDecodeConsistently() throws {
        var rng = SplitMix64(seed: 7)
        for round in 0..<2_000 {
            let length = Int(rng.next() % 120)
            var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            // Half of them start with the right format byte so that the reader gets past it.
            if round % 2 == 0, !bytes.isEmpty { bytes[0] = CalculatorState.storedFormFormat }
            if let decoded = try? CalculatorState(storedBytes: bytes) {
                #expect(try CalculatorState(storedBytes: decoded.storedBytes) == decoded)
            }
        }
    }

    @Test func malformedFieldsAreRejected() throws {
        // A state typing "12": entry flag 1, then the text; replace the text by malformed ones of the same length.
        let bytes = try run("1 2").storedBytes
        let text = Array("12".utf8)
        var found: Int?
        for index in 1..<(bytes.count - 2) where bytes[index - 1] == 1 && bytes[index] == 2 {
            if Array(bytes[(index + 1)...(index + 2)]) == text { found = index }
        }
        let at = try #require(found)
        for bad in ["1a", "--", "1-", "e1"] {
            var corrupt = bytes
            corrupt.replaceSubrange((at + 1)...(at + 2), with: Array(bad.utf8))
            #expect(throws: StoredFormError.self) { try CalculatorState(storedBytes: corrupt) }
        }
        // Invalid UTF-8 in a string.
        var invalid = bytes
        invalid[at + 1] = 0xFF
        #expect(throws: StoredFormError.self) { try CalculatorState(storedBytes: invalid) }
    }

    @Test func malformedNumbersAreRejected() throws {
        var state = try run("7 m+")
        // Without undo steps, which follow the memory.
        state.undoHistory = UndoHistory()
        let bytes = state.storedBytes
        // Memory is the last field: an optional string "7" stored as length 2, then the text.
        #expect(Array(bytes.suffix(2)) == [2, UInt8(ascii: "7")])
        for bad in ["x", "1/0", "0x1q", "--1"] {
            let corrupt = Array(bytes.dropLast(2)) + [UInt8(bad.utf8.count + 1)] + Array(bad.utf8)
            #expect(throws: StoredFormError.self) { try CalculatorState(storedBytes: corrupt) }
        }
    }
}

@Suite struct StoredFormReaderTests {
    @Test(arguments: [0, 1, 127, 128, 300, 16_383, 16_384, UInt64(UInt32.max), UInt64.max - 1, UInt64.max] as [UInt64])
    func unsignedRoundTrips(value: UInt64) throws {
        var writer = StoredFormWriter()
        writer.unsigned(value)
        var reader = StoredFormReader(writer.bytes[...])
        #expect(try reader.unsigned() == value)
        try reader.expectEnd()
    }

    @Test(arguments: [0, 1, -1, 63, -64, 64, Int.max, Int.min, 16, -100_000])
    func signedRoundTrips(value: Int) throws {
        var writer = StoredFormWriter()
        writer.signed(value)
        var reader = StoredFormReader(writer.bytes[...])
        #expect(try reader.signed() == value)
        try reader.expectEnd()
    }

    @Test func smallValuesTakeOneByte() {
        var writer = StoredFormWriter()
        writer.unsigned(127)
        writer.signed(-64)
        writer.signed(63)
        #expect(writer.bytes == [127, 127, 126])
    }

    @Test(arguments: [0.0, -0.0, 1.5, -1e300, .infinity, .leastNonzeroMagnitude, 1_700_000_000.123456, .nan])
    func doublesKeepTheirBits(value: Double) throws {
        var writer = StoredFormWriter()
        writer.double(value)
        #expect(writer.bytes.count == 8)
        var reader = StoredFormReader(writer.bytes[...])
        #expect(try reader.double().bitPattern == value.bitPattern)
    }

    @Test func aWriterGrowsPastItsCapacityKeepingWhatItWrote() throws {
        var writer = StoredFormWriter(capacity: 1)
        for index in 0..<500 {
            writer.unsigned(UInt64.max - UInt64(index))
            writer.double(Double(index) / 7)
            writer.string(String(repeating: "ab", count: index % 40))
            writer.byte(UInt8(index % 256))
        }
        var reader = StoredFormReader(writer.bytes[...])
        for index in 0..<500 {
            #expect(try reader.unsigned() == UInt64.max - UInt64(index))
            #expect(try reader.double() == Double(index) / 7)
            #expect(try reader.string() == String(repeating: "ab", count: index % 40))
            #expect(try reader.byte() == UInt8(index % 256))
        }
        try reader.expectEnd()
    }

    @Test func stringsAndOptionalStrings() throws {
        var writer = StoredFormWriter()
        for text in ["", "π ≈ 3.14", "√(7 + 9)", String(repeating: "x", count: 1_000)] { writer.string(text) }
        writer.optionalString(nil)
        writer.optionalString("")
        writer.optionalString("e")
        var reader = StoredFormReader(writer.bytes[...])
        for text in ["", "π ≈ 3.14", "√(7 + 9)", String(repeating: "x", count: 1_000)] { #expect(try reader.string() == text) }
        #expect(try reader.optionalString() == nil)
        #expect(try reader.optionalString() == "")
        #expect(try reader.optionalString() == "e")
        try reader.expectEnd()
    }

    @Test func malformedInputThrows() {
        // An 11-byte varint, and a 10-byte one whose last byte overflows 64 bits.
        var long = StoredFormReader((Array(repeating: 0x80, count: 10) + [1])[...])
        #expect(throws: StoredFormError.self) { try long.unsigned() }
        var overflow = StoredFormReader((Array(repeating: 0xFF, count: 9) + [2])[...])
        #expect(throws: StoredFormError.self) { try overflow.unsigned() }
        var unterminated = StoredFormReader([0x80, 0x80][...])
        #expect(throws: StoredFormError.self) { try unterminated.unsigned() }
        // A string longer than the data, a count larger than the data, a bool that is neither 0 nor 1.
        var string = StoredFormReader([5, 65, 66][...])
        #expect(throws: StoredFormError.self) { try string.string() }
        var huge = StoredFormReader([0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 1, 2][...])
        #expect(throws: StoredFormError.self) { try huge.count() }
        var bool = StoredFormReader([2][...])
        #expect(throws: StoredFormError.self) { try bool.bool() }
        var double = StoredFormReader([1, 2, 3][...])
        #expect(throws: StoredFormError.self) { try double.double() }
        // A zigzag value beyond Int's range cannot happen on 64-bit; a trailing byte is rejected.
        let trailing = StoredFormReader([1][...])
        #expect(throws: StoredFormError.self) { try trailing.expectEnd() }
    }
}

/// A climb meter that says no to every climb and counts how often it was asked.
private final class CountingRefusal: ClimbMeter {
    private let count = Mutex(0)
    var asked: Int { count.withLock { $0 } }
    func permits(precision: Int) -> Bool {
        count.withLock { $0 += 1 }
        return false
    }
}
