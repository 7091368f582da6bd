import SessionStore
import TestSupport
import Testing

/// A claimed create is made once per key across the processes that share a store (SQLite on one file, Redis on one
/// server or one cluster): the claim is kept by the store, not by the process that made it.
@Suite struct CreationClaimTests {
    static var sharedBackends: [Backend] {
        StoreKind.available([.sqlite, .redis, .redisCluster])
    }

    @Test(arguments: sharedBackends) func aRetryThroughAnotherInstanceFindsTheFirstCreate(_ backend: Backend) throws {
        let (first, second, cleanUp) = try #require(try backend.makeTwinStores())
        defer { cleanUp() }
        let claim = CreationClaim(key: "203.0.113.9 retry-me", fingerprint: "defaults", retention: 3_600)
        let id = SessionID.random()
        #expect(try first.create(id, Tally(count: 1, note: "first"), claiming: claim) == .created(version: 1))
        let retry = SessionID.random()
        #expect(try second.create(retry, Tally(count: 1, note: "first"), claiming: claim) == .claimed(id: id, version: 1, fingerprint: "defaults"))
        #expect(try second.get(retry) == nil)
        #expect(try second.get(id)?.value == Tally(count: 1, note: "first"))
    }
}
