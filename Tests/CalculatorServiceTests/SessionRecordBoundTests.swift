@testable import CalculatorEngine
@testable import CalculatorService
import Foundation
@testable import SessionStore
import TestSupport
import Testing

/// A session's stored record stays within `SessionRecord.maximumStoredBytes` whatever the requests (issue 43 item 4):
/// the kept idempotent replies hold no trace and share `keptReplyBytes`, the oldest going first; a record past the
/// bound all the same is refused by the codec.
@Suite struct SessionRecordBoundTests {
    private static func keys(_ text: String) throws -> [Key] {
        try text.split(separator: " ").map { try #require(Key(name: String($0))) }
    }

    /// A press of `keys` with a new Idempotency-Key on `record`, as the store runs it; the reply sent.
    private static func press(_ keys: [Key], trace: Bool, key: String, on record: inout SessionRecord, version: UInt64) -> [UInt8] {
        let press = PressRequest(keys: keys, trace: trace)
        let update = PressUpdate(
            id: SessionID("bound")!, press: press, precondition: try! IfMatch(parsing: nil),
            idempotency: .init(key: key, fingerprint: press.keptFingerprint, now: 1_700_000_000, retention: 86_400, keptReplies: 32),
            seed: 1, access: .open)
        guard case .rendered(let body, _) = update.change(&record, version: version) else { return [] }
        return body
    }

    @Test func aTracedPressKeepsItsReplyWithoutTheSteps() throws {
        var record = SessionRecord(state: CalculatorState())
        let sent = Self.press(try Self.keys("2 sqrt + 1 ="), trace: true, key: "traced", on: &record, version: 1)
        let kept = try #require(record.idempotency.last)
        #expect(String(decoding: sent, as: UTF8.self).contains(#""steps":[{"key":"2""#))
        #expect(!kept.body.contains("steps"))
        #expect(kept.body.contains(#""display":"2.414213562373095""#))
    }

    @Test func aLongPressKeepsItsFingerprintAsAHash() throws {
        let long = PressRequest(keys: try Self.keys(Array(repeating: "1 +", count: 500).joined(separator: " ")), trace: true)
        #expect(long.keptFingerprint.hasPrefix("sha256:") && long.keptFingerprint.utf8.count == 71)
        let short = PressRequest(keys: try Self.keys("1 + 2 ="), trace: false)
        #expect(short.keptFingerprint == short.fingerprint)
    }

    /// Replies kept by `replace` share their bytes' bound: the newest is kept, the oldest go first.
    @Test func keptRepliesStayWithinTheirBytes() throws {
        var record = SessionRecord(state: CalculatorState())
        for index in 0..<40 {
            let reply = IdempotentReply(
                key: String(repeating: "k", count: 250) + String(index), fingerprint: "sha256:" + String(repeating: "f", count: 64), status: 200,
                version: UInt64(index), body: String(repeating: "b", count: 1_500), createdAt: 1_700_000_000 + Double(index))
            record.replace(state: record.state, keeping: reply, retention: 86_400, limit: 32)
            #expect(record.idempotency.reduce(0) { $0 + $1.storedSize } <= SessionRecord.keptReplyBytes)
            #expect(record.idempotency.last == reply)
        }
        #expect(record.idempotency.count == SessionRecord.keptReplyBytes / 1_850)
        #expect(record.idempotency.map(\.version) == Array(UInt64(40 - record.idempotency.count)..<40))
    }

    /// The largest record requests can make: the engine's worst state (StateBoundsTests' construction, undo steps
    /// and all) at 32 digits, 32 replies to 1,000-key traced presses with 255-byte Idempotency-Keys, and as many
    /// tokens as a session may hold (stream tickets are not stored).
    @Test func theLargestRecordStaysWithinTheBound() throws {
        let longSum = Array(repeating: "1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 +", count: 20).joined(separator: " ")
        var state = CalculatorState(settings: Settings(digits: 32))
        var random = SystemRandom()
        var keys = try Array(repeating: Self.keys(longSum + " 1 ="), count: 100).flatMap { $0 }
        keys += try Self.keys("9 . 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 EE 9 9 9 9 m+ sto x sto y sto z sto t")
        for _ in 0..<30 { keys += try Self.keys(longSum + " (") }
        for key in keys { state.apply(key, random: &random) }
        var grants: [AccessGrant] = []
        for index in 0..<32 {
            grants.append(
                AccessGrant(
                    id: String(repeating: "g", count: 22), scope: .owner, hash: TokenHash(words: (1, 2, 3, UInt64(index))),
                    expiresAt: 1_800_000_000))
        }
        var record = SessionRecord(state: state, idempotency: [], grants: grants)
        let press = try Self.keys(Array(repeating: "pi sqrt", count: 500).joined(separator: " "))
        for index in 0..<32 {
            let key = String(repeating: "k", count: 252) + String(format: "%03d", index)
            _ = Self.press(press, trace: true, key: key, on: &record, version: UInt64(index + 1))
        }
        let bytes = try SessionRecord.codec.bytes(of: record)
        print("largest record: \(bytes.count) bytes, \(record.idempotency.count) replies kept")
        #expect(bytes.count <= SessionRecord.maximumStoredBytes)
        #expect(record.idempotency.count >= 1)
    }

    /// A record an earlier build stored with its replies past the bound (traced replies kept whole) is read with
    /// its newest replies that fit, so its next write, whatever it is, stays within the bound.
    @Test func repliesStoredPastTheBoundAreTrimmedWhenRead() throws {
        var record = SessionRecord(state: CalculatorState())
        record.idempotency = (0..<32).map { index in
            IdempotentReply(key: "k\(index)", fingerprint: "f", status: 200, version: UInt64(index), body: String(repeating: "s", count: 36_000), createdAt: 0)
        }
        record.idempotency[31].body = String(repeating: "b", count: 1_000)
        record.idempotency[30].body = String(repeating: "b", count: 1_000)
        let read = try SessionRecord.codec.decode(record.storedBytes)
        #expect(read.idempotency.map(\.version) == [30, 31])
        #expect(try SessionRecord.codec.bytes(of: read).count < 4 * 1024)
    }

    @Test func aRecordPastTheBoundIsRefusedByTheCodec() throws {
        var record = SessionRecord(state: CalculatorState())
        // Past what `replace` keeps: only a record made by hand, or by a bug, gets here.
        record.idempotency = (0..<100).map { index in
            IdempotentReply(key: "k\(index)", fingerprint: "f", status: 200, version: 1, body: String(repeating: "b", count: 2_000), createdAt: 0)
        }
        #expect {
            try SessionRecord.codec.bytes(of: record)
        } throws: { error in
            guard case .tooLarge(let bytes, let limit)? = error as? SessionStoreError else { return false }
            return bytes > limit && limit == SessionRecord.maximumStoredBytes
        }
    }
}

/// Issue 43's attack against the real binary on SQLite: 32 presses of 1,000 traced keys, each with a new
/// Idempotency-Key (a 1,168,931-byte record before the bound), then the stored record's size as SQLite holds it.
@Suite struct SessionRecordBoundLiveTests {
    @Test func tracedIdempotentPressesKeepTheRecordWithinTheBound() throws {
        let fixture = try StoreFixture(.sqlite)
        let server = try ServerProcess(["--store", fixture.flag])
        let client = try server.client()
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let keys = Array(repeating: "pi sqrt", count: 500).joined(separator: " ")
        var lastKey = ""
        for index in 0..<34 {
            lastKey = "attack-\(index)"
            let reply = try client.send(
                "POST", "/sessions/\(id)/press", json: #"{"keys": "\#(keys)", "trace": true}"#, headers: [("Idempotency-Key", lastKey)])
            #expect(reply.status == 200)
            #expect((reply.json?["steps"] as? [Any])?.count == 1_000)
        }
        // A replay answers with the session as the press left it, without the steps, which are not kept.
        let replay = try client.send(
            "POST", "/sessions/\(id)/press", json: #"{"keys": "\#(keys)", "trace": true}"#, headers: [("Idempotency-Key", lastKey)])
        #expect(replay.status == 200)
        #expect(replay.header("Idempotent-Replayed") == "true")
        #expect(replay.json?["steps"] == nil)
        #expect(replay.json?["display"] as? String == "1.772453850905516")
        #expect(server.stop() == 0)
        var sizes: [Int64] = []
        _ = try SQLiteConnection(path: try #require(fixture.sqlitePath)).run("SELECT length(state) FROM sessions") { sizes.append($0.integer(0)) }
        let size = try #require(sizes.first)
        print("record after the attack: \(size) bytes")
        #expect(sizes.count == 1)
        #expect(size <= Int64(SessionRecord.maximumStoredBytes))
    }
}
