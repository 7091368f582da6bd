@testable import CalculatorEngine
import Testing

/// A state stays small whatever keys it is sent (issue 24, item 6): at most 25 pending levels, and the exact numbers
/// it keeps share one budget of 40,000 bits (see `CalculatorState+Bounds.swift`); the history tape keeps its own
/// bounds (100 entries, 300-byte expressions).
@Suite struct StateBoundsTests {
    /// The stored form's bound: the history tape at its limit (about 34 KB), 25 levels of expression text (7.5 KB),
    /// the numbers' budget written out in decimal (about 12 KB, the shown value possibly twice), and the rest.
    static let storedLimit = 72 * 1024
    /// What the undo steps may add on top: their own bound (`UndoHistory.byteLimit`, an estimate of their stored
    /// size) and the few bytes per step the estimate leaves out.
    static let undoAllowance = UndoHistory.byteLimit + UndoHistory.stepLimit * 32

    /// The stored size of the state without its undo steps, and with them.
    static func storedSizes(_ state: CalculatorState) -> (state: Int, total: Int) {
        var withoutUndo = state
        withoutUndo.undoHistory = UndoHistory()
        return (withoutUndo.storedBytes.count, state.storedBytes.count)
    }

    static func keys(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

    /// The issue's session: 7^11000 (30,881 bits) into memory, then a hundred levels of `mr + (`, and `mr`.
    @Test func theIssuesSessionStaysSmall() throws {
        let keys = Self.keys("7 pow 1 1 0 0 0 = m+") + Array(repeating: Self.keys("mr + ("), count: 100).flatMap { $0 } + ["mr"]
        let (state, _) = try run(keys)
        let sizes = Self.storedSizes(state)
        print("the issue's session stores in \(sizes.state) bytes, \(sizes.total) with its undo steps")
        #expect(sizes.state < 8 * 1024, "\(sizes.state) bytes")
        #expect(sizes.total < 8 * 1024 + Self.undoAllowance, "\(sizes.total) bytes")
        // Still a working calculator: the pending levels close and evaluate.
        var closed = state
        var random = SplitMix64(seed: 1)
        press(Array(repeating: ")", count: 30) + ["="], on: &closed, random: &random)
        #expect(closed.error == nil && !closed.isPending)
    }

    /// Exactness where it matters survives: one number may use the whole budget, and the operation in progress keeps
    /// its operands exact; what waits beside them is rounded first.
    @Test func theOperationInProgressStaysExact() throws {
        // A 32,900-bit operand: (a + 1) − a is 1 only while both a and a + 1 stay exact.
        let big = "1 . 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 EE 9 9 0 0"
        #expect(try run("\(big) + 1 - \(big) =").display == "1")
        #expect(try run("\(big) + 1 = - \(big) =").display == "1")
    }

    /// Random streams of the keys that grow a state: huge exact numbers, memory, parentheses, powers, long
    /// expressions. Every stream's stored form stays under the bound after every piece.
    @Test func hostileKeyStreamsStayWithinTheBound() throws {
        let pieces = [
            "7 pow 1 1 0 0 0 =", "9 . 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 EE 9 9 9 9", "1 EE 5 0 0 0 neg", "1 7 / 3 =", "m+", "mr", "mr",
            "(", "(", "(", ")", "+", "*", "-", "/", "pow", "=", "=", "sq", "cube", "2 pow 3 9 9 9 9 =", "1 + 1 + 1 + 1 + 1 + 1 + 1 =",
            "1 / 3 EE 4 0 0 neg =", "AC", "m-", "undo", "undo undo undo", "redo",
        ].map(Self.keys)
        var largest = 0
        for seed in UInt64(1)...24 {
            var state = CalculatorState()
            var random = SplitMix64(seed: seed)
            for _ in 0..<160 {
                press(pieces[Int(random.next() % UInt64(pieces.count))], on: &state, random: &random)
                let sizes = Self.storedSizes(state)
                largest = max(largest, sizes.total)
                #expect(sizes.state <= Self.storedLimit, "seed \(seed): \(sizes.state) bytes")
                #expect(sizes.total <= Self.storedLimit + Self.undoAllowance, "seed \(seed): \(sizes.total) bytes")
            }
        }
        print("largest stored state over the hostile streams: \(largest) bytes")
    }

    /// The constructed worst case: the history full of 300-byte expressions, 25 open levels each under a long
    /// expression text, numbers at the budget in memory and on the display.
    @Test func theConstructedWorstCaseStaysWithinTheBound() throws {
        let longSum = Array(repeating: "1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 +", count: 20).joined(separator: " ")
        var keys = Array(repeating: Self.keys(longSum + " 1 ="), count: 100).flatMap { $0 }
        keys += Self.keys("9 . 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 EE 9 9 9 9 m+")
        for _ in 0..<30 { keys += Self.keys(longSum + " (") }
        keys += Self.keys("9 . 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 EE 9 9 9 9 +")
        let (state, _) = try run(keys)
        let sizes = Self.storedSizes(state)
        print("constructed worst stored state: \(sizes.state) bytes, \(sizes.total) with its undo steps")
        #expect(sizes.state <= Self.storedLimit)
        #expect(sizes.total <= Self.storedLimit + Self.undoAllowance)
    }
}
