@testable import CalculatorEngine
import Foundation
import Testing

/// Format 1, the JSON form of a state read only to migrate old rows (`CalculatorState.Format1`). The rows in
/// Resources/format1.jsonl are the format-1 encoder's own output: each holds the keys, the random seed and the
/// settings that made a state, and the state in format 1.
@Suite struct Format1Tests {
    struct Row: Decodable {
        struct RowSettings: Decodable {
            var mode: String
            var angle: String
            var digits: Int
        }
        var keys: [String]
        var seed: UInt64
        var settings: RowSettings
        var state: CalculatorState.Format1
    }

    /// Each line as text, and decoded.
    static let lines: [String] = {
        guard let url = Bundle.module.url(forResource: "format1", withExtension: "jsonl", subdirectory: "Resources"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").map(String.init)
    }()

    static func row(_ line: String) throws -> Row {
        try JSONDecoder().decode(Row.self, from: Data(line.utf8))
    }

    /// The state the row's keys make, and the generator after them.
    static func replayed(_ row: Row) throws -> (CalculatorState, SplitMix64) {
        let settings = Settings(
            mode: try #require(CalculationMode(rawValue: row.settings.mode)),
            angle: try #require(AngleUnit(rawValue: row.settings.angle)), digits: row.settings.digits)
        var state = CalculatorState(settings: settings)
        var random = SplitMix64(seed: row.seed)
        press(row.keys, on: &state, random: &random)
        return (withoutUndoSteps(state), random)
    }

    /// Format 1 has no undo steps: a state read from it starts without them.
    static func withoutUndoSteps(_ state: CalculatorState) -> CalculatorState {
        var state = state
        state.undoHistory = UndoHistory()
        return state
    }

    /// A row's state object, to change before decoding it.
    static func stateObject(keys: String) throws -> [String: Any] {
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if (object["keys"] as? [String])?.joined(separator: " ") == keys { return try #require(object["state"] as? [String: Any]) }
        }
        Issue.record("no row for \(keys)")
        return [:]
    }

    static func decode(_ object: [String: Any]) throws -> CalculatorState {
        try JSONDecoder().decode(CalculatorState.Format1.self, from: JSONSerialization.data(withJSONObject: object)).state
    }

    @Test func everyRowIsRead() {
        // 26 chosen key sequences (every kind of pending item, entry, error, memory, 2nd, the full history) and 120
        // random ones.
        #expect(Self.lines.count == 146)
    }

    /// Every row decodes to what it holds (display, expression, memory, pending), and its stored form reads back equal
    /// and behaves alike afterwards.
    @Test(arguments: lines)
    func rowsDecodeToTheStateTheyHold(_ line: String) throws {
        let row = try Self.row(line)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let held = try #require(object["state"] as? [String: Any])
        var decoded = row.state.state
        #expect(decoded.display == held["display"] as? String, "\(row.keys)")
        #expect(decoded.expression == held["expression"] as? String, "\(row.keys)")
        #expect(decoded.isPending == !((held["pending"] as? [Any]) ?? []).isEmpty, "\(row.keys)")
        #expect((held["memory"] == nil) == (decoded.memory == nil), "\(row.keys)")
        var state = try CalculatorState(storedBytes: decoded.storedBytes)
        #expect(decoded == state, "\(row.keys)")
        var (random, randomCopy) = (SplitMix64(seed: row.seed), SplitMix64(seed: row.seed))
        let after = ["*", "3", "=", "sin", "+", "pi", "=", ")", "mr", "=", "2nd", "sin", "rand", "+", "("]
        for name in after {
            state.apply(try #require(Key(name: name)), random: &random)
            decoded.apply(try #require(Key(name: name)), random: &randomCopy)
            #expect(decoded == state, "\(row.keys) then \(name)")
        }
    }

    /// The decoder maps every field: the rows whose keys make the same state under today's rules (issue 25 changed
    /// what some sequences do, and an operand that a bracket after an operator no longer keeps) decode to exactly
    /// that state.
    @Test func mostRowsAreTheStateTheirKeysMakeToday() throws {
        var same = 0
        for line in Self.lines {
            let row = try Self.row(line)
            if try Self.replayed(row).0 == row.state.state { same += 1 }
        }
        #expect(same >= 100, "\(same) of \(Self.lines.count)")
    }

    /// Format 1 as documented: a format number, numbers as exact strings, operators by their key names.
    @Test func rowsHoldNumbersAsExactStrings() throws {
        let object = try Self.stateObject(keys: "1 / 3 = m+ 2 +")
        #expect(object["format"] as? Int == 1)
        #expect(object["memory"] as? String == "1/3")
        let pending = try #require(object["pending"] as? [[String: Any]])
        #expect(pending.first?["left"] as? String == "2")
        #expect(pending.first?["op"] as? String == "+")
        #expect(try Self.decode(object).memory == "0.3333333333333333")
        let pi = try Self.stateObject(keys: "pi")
        // π = 3.243F6A8885A308D3… in hexadecimal.
        #expect((pi["value"] as? String)?.hasPrefix("0x0.3243f6a8885a308d313198a2e0370734") == true)
        #expect(try Self.decode(pi).display == "3.141592653589793")
    }

    /// The migration reads a state as a member of a larger format-1 object, as the service's session records hold it.
    @Test func readsAsAMemberOfALargerObject() throws {
        struct Record: Decodable {
            var state: CalculatorState.Format1
            var idempotency: [String]
        }
        let state = try Self.stateObject(keys: "1 + 2 *")
        let data = try JSONSerialization.data(withJSONObject: ["state": state, "idempotency": ["a"]])
        let record = try JSONDecoder().decode(Record.self, from: data)
        #expect(record.state.state == (try Self.withoutUndoSteps(run("1 + 2 *"))))
        #expect(record.idempotency == ["a"])
    }

    @Test func otherFormatsAreRejected() throws {
        var object = try Self.stateObject(keys: "")
        #expect(try Self.decode(object) == CalculatorState())
        object["format"] = 2
        #expect(throws: DecodingError.self) { try Self.decode(object) }
        object.removeValue(forKey: "format")
        #expect(throws: DecodingError.self) { try Self.decode(object) }
    }

    @Test(arguments: [
        ("value", "abc"), ("value", "1/0"), ("entry", "1.2.3"), ("memory", "0x1q"), ("entry", "--1"), ("phase", "typing"),
    ])
    func malformedFieldsAreRejected(field: String, text: String) throws {
        var object = try Self.stateObject(keys: "1 + 2 * 3")
        #expect(try Self.decode(object) == (try Self.withoutUndoSteps(run("1 + 2 * 3"))))
        object[field] = text
        #expect(throws: DecodingError.self) { try Self.decode(object) }
    }

    @Test func malformedOperatorsAndTypingWithoutAnEntryAreRejected() throws {
        var object = try Self.stateObject(keys: "1 + 2 * 3")
        object["pending"] = [["left": "1", "op": "plus"]]
        #expect(throws: DecodingError.self) { try Self.decode(object) }
        object["pending"] = [["left": "1"]]
        #expect(throws: DecodingError.self) { try Self.decode(object) }
        object = try Self.stateObject(keys: "1 + 2 * 3")
        object.removeValue(forKey: "entry")
        #expect(throws: DecodingError.self) { try Self.decode(object) }
    }

    /// Settings members that are absent take their defaults; an unknown mode is rejected, and so are programmer mode
    /// and gradians, which format 1 never held.
    @Test func settingsDecodeWithDefaults() throws {
        var object = try Self.stateObject(keys: "")
        object["settings"] = ["angle": "rad"]
        #expect(try Self.decode(object).settings == Settings(angle: .rad))
        object["settings"] = ["mode": "immediate", "angle": "deg", "digits": 20]
        #expect(try Self.decode(object).settings == Settings(mode: .immediate, digits: 20))
        for settings in [["mode": "rpn"], ["mode": "programmer"], ["angle": "grad"]] {
            object["settings"] = settings
            #expect(throws: DecodingError.self) { try Self.decode(object) }
        }
    }

    /// A history longer than the limit keeps its newest entries.
    @Test func longHistoriesKeepTheirNewest() throws {
        var object = try Self.stateObject(keys: "1 + 2 = 3 * 4 = 1 / 0 =")
        let entries = (0..<150).map { ["expression": "\($0) + 0", "result": "\($0)"] }
        object["history"] = entries
        let history = try Self.decode(object).history
        #expect(history.count == CalculatorState.historyLimit)
        #expect(history.first == HistoryEntry(expression: "50 + 0", result: "50"))
        #expect(history.last == HistoryEntry(expression: "149 + 0", result: "149"))
    }
}
