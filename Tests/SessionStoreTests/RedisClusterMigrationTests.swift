import Foundation
@testable import SessionStore
import TestSupport
import Testing
import Threading

/// A session whose slot moves to another master while it is used, on the shared loopback cluster: the store follows
/// the source's `ASK` while the slot migrates and its `MOVED` once it has, and the change feed follows the session to
/// the new master. The slot is moved back at the end, so the cluster is left as it was.
@Suite(.enabled(if: StoreKind.redisCluster.isAvailable, "CALC_TEST_REDIS_CLUSTER_URL is not set (scripts/test starts a cluster)"))
struct RedisClusterMigrationTests {
    /// A master as `CLUSTER SLOTS` names it.
    struct Master {
        let slots: ClosedRange<Int>
        let port: Int
        let id: String
    }

    @Test func aSessionWhoseSlotMovesIsServedAndFollowed() throws {
        let url = try #require(RedisServer.sharedClusterURL)
        let store = try RedisSessionStore(url: url, codec: Tally.codec, keyPrefix: "test:\(SessionID.random().rawValue):")
        defer { store.close() }
        let id = SessionID.random()
        try store.create(id, Tally(count: 0, note: ""))
        let key = store.keys.session(id)
        let slot = RedisHashSlot.of(key)
        let masters = try Self.masters(url)
        let source = try #require(masters.first { $0.slots.contains(slot) })
        let target = try #require(masters.first { $0.id != source.id })

        let changes = Lock<[SessionChange<Tally>]>([])
        let feed = try #require(try store.makeChangeFeed())
        defer { feed.close() }
        try feed.start { change in changes.withLock { $0.append(change) } }
        feed.follow(id)
        try Self.waitUntil { changes.withLock { $0.count } >= 1 }

        // The store's prefix is its own, so its count is this one session; counting and sweeping go on while the
        // slot migrates, the session counted once (by the target, which reads its importing slot after ASKING).
        #expect(try store.count() == 1)
        var duringMigration: UInt64?
        var countedDuringMigration: Int?
        try Self.move(slot, from: source, to: target) {
            // The keys are on the target, the slot not yet: the source answers ASK.
            duringMigration = try store.increment(id).version
            countedDuringMigration = try store.count()
            #expect(try store.sweepExpired() == 0)
        }
        #expect(duringMigration == 2)
        #expect(countedDuringMigration == 1)
        // The slot is the target's now: the source answers MOVED.
        #expect(try store.increment(id).version == 3)
        #expect(try store.get(id)?.value.count == 2)
        // The ASK for certain (no slot map shows a migration); a MOVED only when the store had not yet read the map
        // again since the slot moved, which it does within 100 ms of the ASK.
        let redirects = store.nodeStatistics().map(\.redirects).reduce(0, +)
        #expect(redirects >= 1, "the ASK")

        // The feed follows the session to the new master (a second confirmation, after which the follower would
        // read the session), and reports the writes made there.
        let followings = { changes.withLock { $0.filter { if case .following(id) = $0 { true } else { false } }.count } }
        try Self.waitUntil { followings() >= 2 }
        #expect(try store.increment(id).version == 4)
        try Self.waitUntil {
            changes.withLock { changes in
                changes.contains { if case .changed(id, let versioned, _) = $0 { versioned.version == 4 } else { false } }
            }
        }
        try Self.move(slot, from: target, to: source) {}
        #expect(try store.increment(id).version == 5)
    }

    /// Moves `slot` as `redis-cli --cluster reshard` does, with every key in it (other suites' stores share the
    /// cluster, and a master refuses to hand over a slot it still holds keys of), running `whileMigrating` after the
    /// keys moved and before the slot is handed over.
    static func move(_ slot: Int, from source: Master, to target: Master, whileMigrating: () throws -> Void) throws {
        let from = try connection(source.port), to = try connection(target.port)
        #expect(try to.command("CLUSTER", "SETSLOT", String(slot), "IMPORTING", source.id) == .status("OK"))
        #expect(try from.command("CLUSTER", "SETSLOT", String(slot), "MIGRATING", target.id) == .status("OK"))
        while case .array(let names) = try from.command("CLUSTER", "GETKEYSINSLOT", String(slot), "100"), !names.isEmpty {
            let keys = names.compactMap { if case .string(let key) = $0 { key } else { nil } }
            let migrate = [Array("MIGRATE".utf8), Array("127.0.0.1".utf8), Array(String(target.port).utf8), [], Array("0".utf8),
                Array("5000".utf8), Array("KEYS".utf8)] + keys
            try #require(try from.command(migrate) == .status("OK"))
        }
        try whileMigrating()
        for node in [to, from] {
            #expect(try node.command("CLUSTER", "SETSLOT", String(slot), "NODE", target.id) == .status("OK"))
        }
    }

    static func connection(_ port: Int) throws -> RedisConnection {
        try RedisConnection(host: "127.0.0.1", port: port, connectTimeoutMilliseconds: 1_000, commandTimeoutMilliseconds: 5_000)
    }

    static func masters(_ url: String) throws -> [Master] {
        let seed = try #require(try RedisEndpoint.clusterSeeds(url: url).first)
        guard case .array(let ranges) = try connection(seed.port).command("CLUSTER", "SLOTS") else { throw ClusterReplyError() }
        return try ranges.map { range in
            guard case .array(let parts) = range, case .integer(let first) = parts[0], case .integer(let last) = parts[1],
                case .array(let master) = parts[2], case .integer(let port) = master[1], case .string(let id) = master[2]
            else { throw ClusterReplyError() }
            return Master(slots: Int(first)...Int(last), port: Int(port), id: String(decoding: id, as: UTF8.self))
        }
    }

    struct ClusterReplyError: Error {}
    struct NeverHappened: Error {}

    /// Polls `condition` until it holds (up to 30 s, then fails: an event that never comes).
    static func waitUntil(_ condition: () -> Bool) throws {
        guard eventually(every: .milliseconds(10), condition) else { throw NeverHappened() }
    }
}
