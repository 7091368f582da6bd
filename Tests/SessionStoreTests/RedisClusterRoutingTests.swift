@testable import SessionStore
import Testing

/// What the cluster store computes without a cluster: hash slots as Redis computes them, the key names that keep a
/// session's keys in one slot, redirects, and the cluster URL.
@Suite struct RedisClusterRoutingTests {
    /// Slots `CLUSTER KEYSLOT` gives on Redis 7.0 for these keys.
    @Test(arguments: [("a", 15_495), ("b", 3_300), ("x", 16_287), ("123456789", 12_739), ("{user1000}.following", 3_443)])
    func slotsAreRedissOwn(_ key: String, _ slot: Int) {
        #expect(RedisHashSlot.of(Array(key.utf8)) == slot)
    }

    @Test func aHashTagDecidesTheSlotUnlessItIsEmpty() {
        #expect(RedisHashSlot.of(Array("{user1000}.following".utf8)) == RedisHashSlot.of(Array("user1000".utf8)))
        #expect(RedisHashSlot.of(Array("foo{}{bar}".utf8)) != RedisHashSlot.of(Array("bar".utf8)), "an empty tag hashes the whole key")
    }

    @Test func everySlotHasATagOfItsOwn() {
        #expect(RedisHashSlot.tags.count == RedisHashSlot.count)
        for (slot, tag) in RedisHashSlot.tags.enumerated() where RedisHashSlot.of(tag) != slot {
            Issue.record("the tag of slot \(slot) hashes to \(RedisHashSlot.of(tag))")
        }
    }

    @Test func aSessionsKeysShareItsSlotOnAClusterAndKeepTheirNamesOnOneServer() throws {
        let id = try #require(SessionID("someSessionId_12345678"))
        let cluster = RedisKeys(prefix: "calc:session:", isCluster: true)
        let key = cluster.session(id)
        #expect(String(decoding: key, as: UTF8.self) == "calc:session:{someSessionId_12345678}")
        #expect(RedisHashSlot.of(cluster.index(ofSessionKey: key)) == RedisHashSlot.of(key))
        #expect(cluster.session(ofChannel: key) == id)
        let server = RedisKeys(prefix: "calc:session:", isCluster: false)
        #expect(String(decoding: server.session(id), as: UTF8.self) == "calc:session:someSessionId_12345678")
        #expect(String(decoding: server.index(ofSessionKey: server.session(id)), as: UTF8.self) == "calc:session:#live")
        #expect(String(decoding: server.claim("k"), as: UTF8.self) == "calc:session:#claim:k")
        #expect(server.session(ofChannel: server.session(id)) == id)
    }

    @Test func redirectsAreReadFromTheirErrors() throws {
        let moved = try #require(RedisRedirect("MOVED 3999 127.0.0.1:6381"))
        #expect((moved.isMoved, moved.slot, moved.host, moved.port) == (true, 3999, "127.0.0.1", 6381))
        let ask = try #require(RedisRedirect("ASK 12 ::1:7000"))
        #expect((ask.isMoved, ask.slot, ask.host, ask.port) == (false, 12, "::1", 7000))
        #expect(RedisRedirect("ERR unknown command") == nil)
        #expect(RedisRedirect("MOVED x 127.0.0.1:6381") == nil)
    }

    @Test func clusterURLsNameTheirSeedsAndKeepTheirCredentialsOut() throws {
        let seeds = try RedisEndpoint.clusterSeeds(url: "redis-cluster://user:s3cret@10.0.0.1:7000,10.0.0.2:7001")
        #expect(seeds.map { "\($0.host):\($0.port)" } == ["10.0.0.1:7000", "10.0.0.2:7001"])
        for url in ["redis-cluster://", "redis-cluster://:s3cret@h:1,,h:2", "redis-cluster://:s3cret@h:1/2", "redis-cluster://:s3cret@h:x"] {
            #expect {
                _ = try RedisEndpoint.clusterSeeds(url: url)
            } throws: { error in
                !"\(error)".contains("s3cret")
            }
        }
    }
}
