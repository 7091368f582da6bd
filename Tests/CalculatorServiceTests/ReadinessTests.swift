import Foundation
import TestSupport
import Testing

/// /readyz tells a load balancer whether the instance can serve, and an operator what it sees of the store: on a
/// Redis Cluster each master, the slots it serves and whether it answered; on a single server nothing more than the
/// status. (scripts/cluster-failover shows a killed master reported unanswered, and its replica reported serving.)
@Suite struct ReadinessTests {
    @Test(arguments: SharedRedis.available)
    func readinessListsTheMastersOfACluster(_ shared: SharedRedis) throws {
        let (flags, redis) = try shared.start()
        defer { withExtendedLifetime(redis) {} }
        let server = try ServerProcess(flags)
        let ready = try server.client().send("GET", "/readyz")
        #expect(ready.status == 200)
        let body = try #require(ready.json)
        #expect(body["status"] as? String == "ready")
        switch shared {
        case .server:
            #expect(body["masters"] == nil)
        case .cluster:
            let masters = try #require(body["masters"] as? [[String: Any]])
            let seeds = try #require(RedisServer.sharedClusterURL).dropFirst("redis-cluster://".count).split(separator: ",").map(String.init)
            #expect(masters.count == 3, "scripts/cluster starts 3 masters")
            for master in masters {
                #expect(seeds.contains(master["node"] as? String ?? ""), "\(master)")
                #expect(master["answered"] as? Bool == true)
            }
            #expect(masters.compactMap { $0["slots"] as? Int }.reduce(0, +) == 16_384)
            #expect(body["unservedSlots"] as? Int == 0)
        }
    }
}
