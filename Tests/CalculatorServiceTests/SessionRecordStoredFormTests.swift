@testable import CalculatorEngine
@testable import CalculatorService
import Foundation
import SessionStore
import Synchronization
import Testing

/// `SessionRecord.codec`: the binary stored form, and the Foundation JSON rows written before it.
@Suite struct SessionRecordStoredFormTests {
    private static func record(after keys: String, replies: Int = 0) throws -> SessionRecord {
        var state = CalculatorState()
        var random = SystemRandomNumberGenerator()
        for name in keys.split(separator: " ") {
            state.apply(try #require(Key(name: String(name))), random: &random)
        }
        // As a record read from format 1, which has no undo steps.
        state.undoHistory = UndoHistory()
        var record = SessionRecord(state: state)
        for index in 0..<replies {
            record.idempotency.append(
                IdempotentReply(
                    key: "key-\(index)-ü", fingerprint: "POST /press {\"key\":\"\(index)\"}", status: index % 2 == 0 ? 200 : 422,
                    version: UInt64(index) * 1_000_003, body: "{\"display\":\"\(index)\",\"expression\":\"√(7)\"}",
                    createdAt: 1_700_000_000.25 + Double(index)))
        }
        return record
    }

    static let samples: [(String, Int)] = [("", 0), ("1 + 2 *", 1), ("1 / 3 = m+ ( 2", 3), ("pi sin", 32), ("1 / 0 =", 2)]

    /// The samples' states in format 1: the format-1 encoder's own output.
    static let format1States: [String: String] = [
        "": #"{"display":"0","entry":"0","entryPristine":true,"expression":"","format":1,"history":[],"pending":[],"phase":"entering","prefix":"","second":false,"settings":{"angle":"deg","digits":16,"mode":"scientific"}}"#,
        "1 + 2 *": #"{"display":"2","expression":"1 + 2 ×","format":1,"history":[],"pending":[{"left":"1","op":"+"},{"left":"2","op":"*"}],"phase":"afterOperator","prefix":"1 + 2 ×","second":false,"settings":{"angle":"deg","digits":16,"mode":"scientific"},"value":"2"}"#,
        "1 / 0 =": #"{"display":"Error","error":{"code":"division_by_zero","message":"Division by zero"},"expression":"1 ÷ 0","format":1,"history":[{"expression":"1 ÷ 0","result":"Error"}],"pending":[],"phase":"result","prefix":"","second":false,"settings":{"angle":"deg","digits":16,"mode":"scientific"}}"#,
        "1 / 3 = m+ ( 2": #"{"display":"2","entry":"2","entryPristine":false,"expression":"(2","format":1,"history":[{"expression":"1 ÷ 3","result":"0.3333333333333333"}],"memory":"1\/3","pending":[{"open":""}],"phase":"entering","prefix":"(","repeat":{"op":"\/","operand":"3"},"second":false,"settings":{"angle":"deg","digits":16,"mode":"scientific"},"value":"1\/3"}"#,
        "pi sin": #"{"display":"0.05480366514878953","expression":"sin(π)","format":1,"history":[],"operandText":"sin(π)","pending":[],"phase":"operand","prefix":"","second":false,"settings":{"angle":"deg","digits":16,"mode":"scientific"},"value":"0x0.e079ced83d61f8332738a437561cb47e1f597a23e8eac6e77dac3aded957fdf20p-4"}"#,
    ]

    /// A row as the stores wrote it before the binary form: the record's Foundation JSON,
    /// `{"state": …, "idempotency": […]}`.
    private static func legacyRow(after keys: String, replies: Int) throws -> [UInt8] {
        let state = try #require(format1States[keys])
        let idempotency = try JSONEncoder().encode(try record(after: keys, replies: replies).idempotency)
        return Array(#"{"state":\#(state),"idempotency":\#(String(decoding: idempotency, as: UTF8.self))}"#.utf8)
    }

    @Test(arguments: samples)
    func roundTripIsExact(keys: String, replies: Int) throws {
        let record = try Self.record(after: keys, replies: replies)
        let bytes = try SessionRecord.codec.encode(record)
        #expect(bytes.first == 2)
        let decoded = try SessionRecord.codec.decode(bytes)
        #expect(decoded == record)
        #expect(decoded.idempotency == record.idempotency)
    }

    /// Rows written before the binary form hold the record's Foundation JSON; they still decode, to the same record.
    @Test(arguments: samples)
    func legacyJSONRowsDecode(keys: String, replies: Int) throws {
        let record = try Self.record(after: keys, replies: replies)
        let legacy = try Self.legacyRow(after: keys, replies: replies)
        #expect(legacy.first == UInt8(ascii: "{"))
        let decoded = try SessionRecord.codec.decode(legacy)
        #expect(decoded == record)
        // …and are rewritten in the binary form on their next write.
        #expect(try SessionRecord.codec.encode(decoded) == SessionRecord.codec.encode(record))
    }

    @Test func malformedLegacyJSONThrows() throws {
        let legacy = try Self.legacyRow(after: "1 + 2 *", replies: 1)
        for length in [1, legacy.count / 2, legacy.count - 1] {
            #expect(throws: (any Error).self) { try SessionRecord.codec.decode(Array(legacy.prefix(length))) }
        }
    }

    @Test(arguments: samples)
    func everyTruncationThrows(keys: String, replies: Int) throws {
        let bytes = try SessionRecord.codec.encode(try Self.record(after: keys, replies: min(replies, 3)))
        for length in 0..<bytes.count {
            #expect(throws: StoredFormError.self) { try SessionRecord.codec.decode(Array(bytes.prefix(length))) }
        }
        #expect(throws: StoredFormError.self) { try SessionRecord.codec.decode(bytes + [7]) }
    }

    @Test func unknownFormatsThrow() throws {
        var bytes = try SessionRecord.codec.encode(try Self.record(after: "1", replies: 1))
        for format: UInt8 in [0, 1, 3, 0xFF] {
            bytes[0] = format
            #expect(throws: StoredFormError.self) { try SessionRecord.codec.decode(bytes) }
        }
    }

    @Test func randomAndCorruptedBytesNeverTrap() throws {
        var rng = SystemRandomNumberGenerator()
        let valid = try SessionRecord.codec.encode(try Self.record(after: "1 / 3 = m+ ( 2", replies: 2))
        for round in 0..<3_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int.random(in: 0...200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                if !bytes.isEmpty, round % 4 == 0 { bytes[0] = 2 }
            } else {
                bytes = valid
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            if let decoded = try? SessionRecord.codec.decode(bytes) {
                // Whatever decodes is a record that survives another round trip unchanged.
                #expect(try SessionRecord.codec.decode(SessionRecord.codec.encode(decoded)) == decoded)
            }
        }
    }

    /// A SQLite file written by the previous build (JSON rows) is read by this one, and its next write is binary.
    @Test func sqliteRowsWrittenAsJSONStillRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-legacy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sessions.db").path
        let legacyCodec = SessionCodec<SessionRecord>(
            encode: { _ in try Self.legacyRow(after: "1 / 3 = m+ ( 2", replies: 2) },
            decode: { try SessionRecord(storedBytes: $0) })
        let id = SessionID.random()
        let record = try Self.record(after: "1 / 3 = m+ ( 2", replies: 2)
        let old = try SQLiteSessionStore(path: path, codec: legacyCodec)
        _ = try old.create(id, record)
        old.close()

        let store = try SQLiteSessionStore(path: path, codec: SessionRecord.codec)
        #expect(try store.get(id)?.value == record)
        let (updated, _) = try store.update(id, expectedVersion: 1) { value, _ -> Mutation<Void> in
            var random = SystemRandomNumberGenerator()
            value.state.apply(Key(name: "2")!, random: &random)
            return .write(())
        }
        store.close()
        var expected = record.state
        var random = SystemRandomNumberGenerator()
        expected.apply(Key(name: "2")!, random: &random)
        #expect(updated.value.state == expected)
        // Reading through a codec that sees the raw row: it is in the binary form now.
        let firstBytes = Mutex<[UInt8]>([])
        let spying = SessionCodec<SessionRecord>(
            encode: SessionRecord.codec.encode,
            decode: { bytes in
                firstBytes.withLock { $0.append(bytes.first ?? 0) }
                return try SessionRecord.codec.decode(bytes)
            })
        let reopened = try SQLiteSessionStore(path: path, codec: spying)
        defer { reopened.close() }
        #expect(try reopened.get(id)?.value == updated.value)
        #expect(firstBytes.withLock { $0 } == [SessionRecord.storedFormFormat])
    }
}
