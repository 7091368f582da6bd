@testable import CalculatorEngine
@testable import CalculatorService
import Foundation
@testable import SessionStore
import Threading
import Testing

/// `SessionRecord.codec`: the stored form, and format 1 (the Foundation JSON of earlier builds), which it migrates.
@Suite struct SessionRecordStoredFormTests {
    private static func record(after keys: String, replies: Int = 0) throws -> SessionRecord {
        var state = CalculatorState()
        var random = SystemRandom()
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

    @Test(arguments: samples)
    func roundTripIsExact(keys: String, replies: Int) throws {
        let record = try Self.record(after: keys, replies: replies)
        let bytes = try SessionRecord.codec.encode(record)
        #expect(bytes.first == 2)
        let decoded = try SessionRecord.codec.decode(bytes)
        #expect(decoded == record)
        #expect(decoded.idempotency == record.idempotency)
    }

    /// Records as builds before the stored form kept them (format 1, Foundation JSON), written by such a build:
    /// the keys pressed and the replies kept (see `record(after:replies:)`), and the bytes.
    static let format1Samples: [(String, Int, String)] = [
        ("", 0, #"{"idempotency":[],"state":{"settings":{"angle":"deg","mode":"scientific","digits":16},"history":[],"prefix":"","entryPristine":true,"phase":"entering","second":false,"format":1,"pending":[],"entry":"0","expression":"","display":"0"}}"#),
        ("1 + 2 *", 1, #"{"state":{"expression":"1 + 2 ×","second":false,"display":"2","settings":{"mode":"scientific","angle":"deg","digits":16},"value":"2","prefix":"1 + 2 ×","phase":"afterOperator","history":[],"pending":[{"op":"+","left":"1"},{"op":"*","left":"2"}],"format":1},"idempotency":[{"key":"key-0-ü","status":200,"version":0,"createdAt":1700000000.25,"fingerprint":"POST \/press {\"key\":\"0\"}","body":"{\"display\":\"0\",\"expression\":\"√(7)\"}"}]}"#),
        ("1 / 3 = m+ ( 2", 3, #"{"idempotency":[{"createdAt":1700000000.25,"fingerprint":"POST \/press {\"key\":\"0\"}","status":200,"version":0,"body":"{\"display\":\"0\",\"expression\":\"√(7)\"}","key":"key-0-ü"},{"createdAt":1700000001.25,"fingerprint":"POST \/press {\"key\":\"1\"}","status":422,"version":1000003,"body":"{\"display\":\"1\",\"expression\":\"√(7)\"}","key":"key-1-ü"},{"createdAt":1700000002.25,"fingerprint":"POST \/press {\"key\":\"2\"}","status":200,"version":2000006,"body":"{\"display\":\"2\",\"expression\":\"√(7)\"}","key":"key-2-ü"}],"state":{"entryPristine":false,"repeat":{"op":"\/","operand":"3"},"pending":[{"open":""}],"settings":{"mode":"scientific","angle":"deg","digits":16},"display":"2","value":"1\/3","second":false,"history":[{"expression":"1 ÷ 3","result":"0.3333333333333333"}],"prefix":"(","format":1,"phase":"entering","expression":"(2","entry":"2","memory":"1\/3"}}"#),
        ("pi sin", 2, #"{"idempotency":[{"createdAt":1700000000.25,"body":"{\"display\":\"0\",\"expression\":\"√(7)\"}","status":200,"version":0,"key":"key-0-ü","fingerprint":"POST \/press {\"key\":\"0\"}"},{"createdAt":1700000001.25,"body":"{\"display\":\"1\",\"expression\":\"√(7)\"}","status":422,"version":1000003,"key":"key-1-ü","fingerprint":"POST \/press {\"key\":\"1\"}"}],"state":{"display":"0.05480366514878953","history":[],"value":"0x0.e079ced83d61f8332738a437561cb47e1f597a23e8eac6e77dac3aded957fdf20p-4","prefix":"","operandText":"sin(π)","phase":"operand","second":false,"format":1,"pending":[],"expression":"sin(π)","settings":{"digits":16,"angle":"deg","mode":"scientific"}}}"#),
    ]

    @Test(arguments: format1Samples)
    func format1RecordsDecodeToTheSameRecord(keys: String, replies: Int, json: String) throws {
        let record = try Self.record(after: keys, replies: replies)
        let bytes = Array(json.utf8)
        let decoded = try #require(try SessionRecord.codec.decodeEarlierForm(bytes))
        #expect(decoded == record)
        #expect(decoded.idempotency == record.idempotency)
        // Only the migration reads format 1; what it gives is stored in the current form.
        #expect(throws: StoredFormError.self) { try SessionRecord.codec.decode(bytes) }
        if json.contains("0x") {
            // An inexact value migrated from format 1 is known by its bounds alone; the record the keys make now
            // keeps its derivation as well, so the two are written differently and read back alike.
            #expect(try SessionRecord.codec.decode(SessionRecord.codec.encode(decoded)) == record)
        } else {
            #expect(try SessionRecord.codec.encode(decoded) == SessionRecord.codec.encode(record))
        }
    }

    @Test func currentRecordsAreNoEarlierForm() throws {
        for (keys, replies) in Self.samples {
            let bytes = try SessionRecord.codec.encode(try Self.record(after: keys, replies: replies))
            #expect(try SessionRecord.codec.decodeEarlierForm(bytes) == nil)
        }
    }

    @Test func malformedFormat1Throws() throws {
        let json = Array(Self.format1Samples[2].2.utf8)
        for length in [1, json.count / 2, json.count - 1] {
            #expect(throws: (any Error).self) { try SessionRecord.codec.decodeEarlierForm(Array(json.prefix(length))) }
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

    /// A record an earlier build wrote with a stream ticket among its grants (scope 3, with the token that minted it)
    /// still decodes: the ticket is dropped, the tokens kept in order; written again, it holds no ticket.
    @Test func storedTicketGrantsAreDropped() throws {
        let owner = IssuedToken(scope: .owner, expiresAt: 0).grant
        let viewer = IssuedToken(scope: .viewer, expiresAt: 1_800_000_000).grant
        let ticket = IssuedToken(scope: .viewer, expiresAt: 1_800_000_060).grant
        let written = SessionRecord(state: CalculatorState(), idempotency: [], grants: [owner, ticket, viewer]).storedBytes
        // As the earlier build wrote the ticket: its scope byte, just before its hash, 3; its issuer, the empty string
        // after its expiry, the owner's id.
        var hash: [UInt8] = []
        ticket.hash.forEachByte { hash.append($0) }
        let start = try #require((0...(written.count - hash.count)).first { Array(written[$0..<($0 + hash.count)]) == hash })
        var legacy = written
        #expect(legacy[start - 1] == AccessScope.viewer.rawValue)
        legacy[start - 1] = 3
        let issuer = start + hash.count + 8
        #expect(legacy[issuer] == 0)
        legacy.replaceSubrange(issuer...issuer, with: [UInt8(owner.id.utf8.count)] + Array(owner.id.utf8))

        let decoded = try SessionRecord(storedBytes: legacy)
        #expect(decoded.grants == [owner, viewer])
        #expect(try SessionRecord(storedBytes: decoded.storedBytes).grants == [owner, viewer])
        legacy[start - 1] = 9
        #expect(throws: (any Error).self) { try SessionRecord(storedBytes: legacy) }
    }

    @Test func unknownFormatsThrow() throws {
        var bytes = try SessionRecord.codec.encode(try Self.record(after: "1", replies: 1))
        for format: UInt8 in [0, 1, 3, UInt8(ascii: "{"), 0xFF] {
            bytes[0] = format
            #expect(throws: StoredFormError.self) { try SessionRecord.codec.decode(bytes) }
        }
    }

    @Test func randomAndCorruptedBytesNeverTrap() throws {
        var rng = SystemRandom()
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

    /// A SQLite file written by a build of format 1 (schema version 1) is migrated when this build opens it: its rows
    /// are then in the current form, and read as the same records.
    @Test func sqliteFilesWithFormat1RowsAreMigratedWhenOpened() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-format1-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sessions.db").path
        let id = SessionID.random()
        let (keys, replies, json) = Self.format1Samples[2]
        do {
            let connection = try SQLiteConnection(path: path)
            guard case .schema(let schema) = SQLiteSessionStore<SessionRecord>.migrations[0] else {
                Issue.record("the first migration is not the schema")
                return
            }
            try connection.execute(schema + "PRAGMA user_version = 1;")
            try connection.run(
                "INSERT INTO sessions (id, state, version, expires_at) VALUES (?, ?, ?, ?)",
                [.id(id), .blob(Array(json.utf8)), .integer(3), .real(SessionStoreOptions.wallClock() + 3_600)])
        }
        let store = try SQLiteSessionStore(path: path, codec: SessionRecord.codec)
        defer { store.close() }
        let read = try waitForRead(store, id)
        #expect(read.value == (try Self.record(after: keys, replies: replies)))
        #expect(read.version == 3)
        var first: UInt8?
        try SQLiteConnection(path: path).run("SELECT state FROM sessions") { first = $0.blob(0).first }
        #expect(first == SessionRecord.storedFormFormat)
    }
}

/// A store's read, waited for.
private func waitForRead(_ store: some SessionStore<SessionRecord>, _ id: SessionID) throws -> Versioned<SessionRecord> {
    let result = Lock<Result<Versioned<SessionRecord>, SessionStoreError>?>(nil)
    store.read(id) { read in result.withLock { $0 = read } }
    // SQLite reads report before they return.
    return try #require(result.withLock { $0 }).get()
}
