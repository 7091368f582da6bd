@testable import CalculatorEngine
import PropertyBased
import Testing

/// Undo and redo: the state before the last key that changed it, and back again.
@Suite struct UndoTests {
    /// Keys, then the display, expression and memory they leave.
    @Test(arguments: [
        ("1 2 3 undo", "12", "12", nil),
        ("1 2 3 undo undo", "1", "1", nil),
        ("1 2 3 undo undo undo", "0", "", nil),
        ("1 2 3 undo undo undo undo", "0", "", nil),
        ("1 2 undo redo", "12", "12", nil),
        ("1 2 undo undo redo redo", "12", "12", nil),
        ("1 2 undo redo redo", "12", "12", nil),
        ("1 + 2 = undo", "2", "1 + 2", nil),
        ("1 + 2 = undo redo", "3", "1 + 2", nil),
        ("1 + 2 = undo undo", "1", "1 +", nil),
        ("1 + 2 undo 3 =", "4", "1 + 3", nil),
        ("1 + 2 AC undo", "2", "1 + 2", nil),
        ("5 m+ undo", "5", "5", nil),
        ("5 m+ undo redo", "5", "5", "5"),
        ("5 m+ 2 m+ undo", "2", "2", "5"),
        ("1 / 0 = undo", "0", "1 ÷ 0", nil),
        ("1 / 0 = undo redo", "Error", "1 ÷ 0", nil),
        ("9 sqrt undo", "9", "9", nil),
        ("9 sqrt undo redo", "3", "√(9)", nil),
        ("1 . 5 EE 3 neg undo", "1.5e3", "1.5e3", nil),
        ("1 2 back undo", "12", "12", nil),
        ("2 neg undo", "2", "2", nil),
        ("( 1 + 2 ) undo", "2", "(1 + 2", nil),
        ("2 pi undo", "2", "2", nil),
        ("undo", "0", "", nil),
        ("redo", "0", "", nil),
        ("1 undo 2 redo", "2", "2", nil),
    ] as [(String, String, String, String?)])
    func table(_ keys: String, _ display: String, _ expression: String, _ memory: String?) throws {
        let state = try run(keys)
        #expect(state.display == display, "\(keys)")
        #expect(state.expression == expression, "\(keys)")
        #expect(state.memory == memory, "\(keys)")
    }

    @Test func settingsAndTheSecondFunctionsComeBack() throws {
        var state = try run("rad 2nd")
        #expect(state.settings.angle == .rad && state.isSecondActive)
        var random = SplitMix64(seed: 1)
        state.apply(Key(name: "undo")!, random: &random)
        #expect(state.settings.angle == .rad && !state.isSecondActive)
        state.apply(Key(name: "undo")!, random: &random)
        #expect(state.settings.angle == .deg)
        state.apply(Key(name: "redo")!, random: &random)
        #expect(state.settings.angle == .rad && !state.isSecondActive)
        state.apply(Key(name: "redo")!, random: &random)
        #expect(state.isSecondActive)
        // Undo is no 2nd function: with 2nd on it still undoes.
        state.apply(Key(name: "undo")!, random: &random)
        #expect(!state.isSecondActive)
    }

    /// Settings changed by `update(settings:)` are no key's: undoing a key leaves them, and the display follows them.
    @Test func settingsUpdatesStay() throws {
        var state = try run("1 / 3 = 2")
        state.update(settings: Settings(mode: .immediate, angle: .rad, digits: 8))
        var random = SplitMix64(seed: 1)
        state.apply(Key(name: "undo")!, random: &random)
        #expect(state.settings == Settings(mode: .immediate, angle: .rad, digits: 8))
        #expect(state.display == "0.33333333")
    }

    /// The history tape records every evaluation: undo does not rewind it, and redo does not record again.
    @Test func historyIsNotRewound() throws {
        let state = try run("1 + 2 = undo redo undo")
        #expect(state.history == [HistoryEntry(expression: "1 + 2", result: "3")])
        #expect(state.display == "2")
    }

    @Test func aChangeAfterUndoForgetsTheRedoSteps() throws {
        var state = try run("1 2 3 undo undo")
        #expect(state.canRedo)
        var random = SplitMix64(seed: 1)
        // A key that changes nothing keeps them.
        state.apply(Key(name: ")")!, random: &random)
        #expect(state.canRedo)
        state.apply(Key(name: "4")!, random: &random)
        #expect(!state.canRedo)
        #expect(state.display == "14")
    }

    @Test func atMostThirtyTwoStepsAreKept() throws {
        let keys = Array(repeating: ["1", "+"], count: 20).flatMap { $0 }
        var state = try run(keys).0
        let expected = try run(Array(keys.prefix(keys.count - UndoHistory.stepLimit))).0
        // More steps were recorded than are kept: the stored form still reads back to the same ones, in order.
        #expect(try CalculatorState(storedBytes: state.storedBytes) == state)
        var random = SplitMix64(seed: 1)
        for step in 0..<UndoHistory.stepLimit {
            #expect(state.canUndo)
            state.apply(Key(name: "undo")!, random: &random)
            if step == 10 { #expect(try CalculatorState(storedBytes: state.storedBytes) == state) }
        }
        #expect(!state.canUndo)
        #expect(state.display == expected.display && state.expression == expected.expression)
        state.apply(Key(name: "undo")!, random: &random)
        #expect(state.display == expected.display)
        for _ in 0..<UndoHistory.stepLimit { state.apply(Key(name: "redo")!, random: &random) }
        #expect(state.expression == (try run(keys).0).expression)
    }

    /// Steps holding numbers of thousands of digits are bounded by their size, not only their number.
    @Test func theStepsAreBoundedInSize() throws {
        // 9e9999 and 1e-9999 as exact rationals: each about 10 KB of digits in the stored form.
        var state = try run("9 EE 9 9 9 9 + 1 EE 9 9 9 9 neg * 2 - 3 =")
        #expect(state.undoHistory.bytes <= UndoHistory.byteLimit)
        #expect(state.storedBytes.count < 4 * UndoHistory.byteLimit)
        var random = SplitMix64(seed: 1)
        for name in ["+", "4", "=", "undo", "undo", "redo"] {
            state.apply(Key(name: name)!, random: &random)
            #expect(state.undoHistory.bytes <= UndoHistory.byteLimit)
            #expect(state.undoHistory.bytes == (state.undoHistory.undoSteps + state.undoHistory.redoSteps).reduce(0) { $0 + $1.storedSize })
        }
        // A small state keeps its steps.
        #expect(try run("1 + 2 * 3").undoHistory.undoSteps.count == 5)
    }

    /// Against a model that keeps whole states: after every key of a random sequence, undo and redo included, the
    /// calculator is the model's (all but the undo steps and the history tape).
    @Test func randomSequencesFollowTheModel() async {
        let names = Gen.element(of: allKeyNames + ["undo", "undo", "redo"]).compactMap { $0 }
        await propertyCheck(count: 300, input: names.array(of: 1...80), Gen.uint64()) { keys, seed in
            var state = CalculatorState(settings: Settings(mode: seed % 2 == 0 ? .scientific : .immediate))
            var random = SplitMix64(seed: seed)
            var undo: [CalculatorState] = [], redo: [CalculatorState] = []
            for name in keys {
                let before = Self.comparable(state)
                let history = state.history
                state.apply(Key(name: name)!, random: &random)
                switch name {
                case "undo", "redo":
                    #expect(state.history == history, "\(keys): \(name) changed the history")
                    var from = name == "undo" ? undo : redo
                    guard let target = from.popLast() else {
                        #expect(Self.comparable(state) == before, "\(keys): \(name) with no step")
                        continue
                    }
                    if name == "undo" {
                        undo = from
                        redo.append(before)
                    } else {
                        redo = from
                        undo.append(before)
                    }
                    #expect(Self.comparable(state) == Self.comparable(target), "\(keys): \(name)")
                default:
                    if Self.comparable(state) != before {
                        undo.append(before)
                        redo = []
                    }
                }
                while undo.count + redo.count > UndoHistory.stepLimit || undo.count > state.undoHistory.undoSteps.count {
                    if !undo.isEmpty { undo.removeFirst() } else { redo.removeFirst() }
                }
                #expect(undo.count == state.undoHistory.undoSteps.count, "\(keys)")
                #expect(redo.count == state.undoHistory.redoSteps.count, "\(keys)")
            }
        }
    }

    /// The state without its undo steps and history, whose display, settings and the rest must match.
    static func comparable(_ state: CalculatorState) -> CalculatorState {
        var copy = state
        copy.undoHistory = UndoHistory()
        copy.history = []
        return copy
    }

    @Test func clearingTheHistoryKeepsTheRest() throws {
        var state = try run("1 + 2 = 4 *")
        let before = state
        state.clearHistory()
        #expect(state.history.isEmpty)
        #expect(state.display == before.display && state.expression == before.expression && state.canUndo)
        var random = SplitMix64(seed: 1)
        state.apply(Key(name: "undo")!, random: &random)
        #expect(state.display == "4" && state.history.isEmpty)
    }

    // MARK: stored form

    @Test func stepsSurviveTheStoredForm() throws {
        let keys = ["1", "2", "+", "rad", "5", "m+", "sin", "undo", "undo", "(", "2nd", "sin", "1", "undo"]
        let state = try run(keys).0
        #expect(state.canUndo && state.canRedo)
        let bytes = state.storedBytes
        #expect(bytes.first == 3)
        let decoded = try CalculatorState(storedBytes: bytes)
        #expect(decoded == state)
        var a = state, b = decoded
        var r1 = SplitMix64(seed: 2), r2 = SplitMix64(seed: 2)
        for name in Array(repeating: "undo", count: 12) + Array(repeating: "redo", count: 5) {
            a.apply(Key(name: name)!, random: &r1)
            b.apply(Key(name: name)!, random: &r2)
            #expect(a == b)
            #expect(try CalculatorState(storedBytes: a.storedBytes) == a)
        }
    }

    /// A state without undo steps is written as before undo existed (format 2), and format-2 bytes an earlier build
    /// wrote still read.
    @Test func formatTwoIsStillWrittenAndRead() throws {
        #expect(CalculatorState().storedBytes.first == 2)
        var state = try run("1 + 2")
        #expect(state.storedBytes.first == 3)
        state.undoHistory = UndoHistory()
        #expect(state.storedBytes == Self.onePlusTwoInFormatTwo)
        let decoded = try CalculatorState(storedBytes: Self.onePlusTwoInFormatTwo)
        #expect(decoded == state)
        #expect(!decoded.canUndo)
        #expect(decoded.display == "2" && decoded.expression == "1 + 2")
    }

    /// `1 + 2` as a build without undo stores it.
    static let onePlusTwoInFormatTwo: [UInt8] = [
        2, 0, 0, 32, 1, 50, 5, 49, 32, 43, 32, 50, 0, 0, 0, 1, 1, 50, 2, 49, 0, 1, 0, 0, 1, 49, 3, 49, 32, 43, 0, 0, 0,
    ]
}
