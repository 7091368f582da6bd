import Foundation
import SessionStore
import Synchronization
import Threading
import Testing

/// What a Redis store says when a write's reply is lost: never `.unavailable` (which promises nothing was changed)
/// unless the write cannot have run, and never a second run of the change. A scripted fake server decides, call by
/// call, which reply is lost.
@Suite struct RedisOutcomeTests {
    /// How the fake answers the n-th EVALSHA (1-based): a reply, or nothing (the connection is closed unanswered).
    private static func server(_ evaluation: @escaping @Sendable (Int) -> String?) throws -> FakeRedis {
        let evaluations = Atomic<Int>(0)
        return try FakeRedis { command, send in
            switch command.first?.uppercased() {
            case "SCRIPT": return send(Array("$40\r\n\(String(repeating: "a", count: 40))\r\n".utf8))
            case "EVALSHA":
                guard let reply = evaluation(evaluations.add(1, ordering: .relaxed).newValue) else { return false }
                return send(Array(reply.utf8))
            default: return send(Array("+OK\r\n".utf8))
            }
        }
    }

    private static func isOutcomeUnknown(_ error: any Error) -> Bool {
        guard case .outcomeUnknown = error as? SessionStoreError else { return false }
        return true
    }

    /// The write's reply is lost, and so is the reply to its second sending: the write may have run.
    @Test func writeLostTwiceIsOutcomeUnknown() throws {
        // 1: the create; 2 and 3: the update's compare-and-set, sent twice.
        let server = try Self.server { $0 == 1 ? ":1\r\n" : nil }
        defer { server.stop() }
        let store = try RedisSessionStore(url: server.url, codec: Tally.codec)
        defer { store.close() }
        let id = SessionID.random()
        try store.create(id, Tally(count: 0, note: ""))
        #expect { _ = try store.increment(id) } throws: { Self.isOutcomeUnknown($0) }
        #expect(server.commands.withLock { $0.filter { $0.first == "EVALSHA" }.count } == 3)
    }

    /// The second sending finds another write in the place of the one it expected. That write may have come before
    /// the first sending ran or after it: running the change again could apply it twice, so the outcome is unknown.
    @Test func resentWriteThatMeetsAnotherWriteIsNotRunAgain() throws {
        let other = RedisRecordBytes.record(version: 5, token: "ffffffffffffffff", count: 41)
        let server = try Self.server { call in
            switch call {
            case 1: ":1\r\n"
            case 2: nil
            default: "$\(other.utf8.count)\r\n\(other)\r\n"
            }
        }
        defer { server.stop() }
        let store = try RedisSessionStore(url: server.url, codec: Tally.codec)
        defer { store.close() }
        let id = SessionID.random()
        try store.create(id, Tally(count: 0, note: ""))
        let changes = Atomic<Int>(0)
        #expect {
            try store.update(id) { tally, _ in
                changes.add(1, ordering: .relaxed)
                tally.count += 1
            }
        } throws: { Self.isOutcomeUnknown($0) }
        #expect(changes.load(ordering: .relaxed) == 1, "the change ran again after its write was sent twice")
        #expect(server.commands.withLock { $0.filter { $0.first == "EVALSHA" }.count } == 3)
    }

    /// A read whose reply is lost twice changed nothing the caller asked for: `.unavailable`.
    @Test func readLostTwiceIsUnavailable() throws {
        let server = try Self.server { _ in nil }
        defer { server.stop() }
        let store = try RedisSessionStore(url: server.url, codec: Tally.codec)
        defer { store.close() }
        expectUnavailable { _ = try store.get(SessionID.random()) }
    }
}

/// Records as the Redis store lays them out (`RedisRecord`): the 52-byte header, then `Tally.codec`'s bytes.
enum RedisRecordBytes {
    static func record(version: Int, token: String, count: Int) -> String {
        let header = String(repeating: "0", count: 20 - String(version).count) + String(version) + "9999999999999999" + token
        let payload = (0..<8).map { Character(Unicode.Scalar(UInt8(truncatingIfNeeded: count >> ($0 * 8)))) }
        return header + String(payload)
    }
}
