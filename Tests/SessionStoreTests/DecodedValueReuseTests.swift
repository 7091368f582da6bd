import SessionStore
import Synchronization
import TestSupport
import Testing

/// The persisting stores skip decoding what they wrote or read last, yet must see what another writer stored.
@Suite struct DecodedValueReuseTests {
    private final class DecodeCount: Sendable {
        let value = Atomic<Int>(0)
    }

    /// Two stores on the same data, as two processes would have, the first one counting its decodes.
    private static func makeStores(
        _ backend: Backend,
        decodes: DecodeCount
    ) throws -> (first: any SessionStore<Tally>, second: any SessionStore<Tally>, cleanUp: () -> Void) {
        let counting = SessionCodec<Tally>(
            encode: Tally.codec.encode,
            decode: { bytes in
                decodes.value.add(1, ordering: .relaxed)
                return try Tally.codec.decode(bytes)
            }
        )
        switch backend {
        case .sqlite:
            let path = TemporaryPath.make(suffix: ".sqlite")
            let first = try SQLiteSessionStore(path: path, codec: counting)
            let second = try SQLiteSessionStore(path: path, codec: Tally.codec)
            return (first, second, { first.close(); second.close(); TemporaryPath.remove(sqlite: path) })
        case .redis:
            let url = try #require(RedisServer.sharedURL, "CALC_TEST_REDIS_URL is not set")
            let prefix = "test:\(SessionID.random().rawValue):"
            let first = try RedisSessionStore(url: url, codec: counting, keyPrefix: prefix)
            let second = try RedisSessionStore(url: url, codec: Tally.codec, keyPrefix: prefix)
            return (first, second, { first.close(); second.close() })
        case .memory, .redisCluster:
            throw SessionStoreError.unavailable("the memory store does not decode, and the cluster decodes as a single Redis does")
        }
    }

    @Test(arguments: StoreKind.available([.sqlite, .redis]))
    func valuesThisStoreWroteAreNotDecodedAgainButOtherWritersAreSeen(_ backend: Backend) throws {
        let decodes = DecodeCount()
        let (first, second, cleanUp) = try Self.makeStores(backend, decodes: decodes)
        defer { cleanUp() }
        let id = SessionID.random()
        try first.create(id, Tally(count: 1, note: "first"))
        try first.update(id, expectedVersion: 1) { tally, _ in
            tally.count = 2
        }
        #expect(try first.get(id)?.value == Tally(count: 2, note: "first"))
        #expect(decodes.value.load(ordering: .relaxed) == 0)

        try second.update(id, expectedVersion: 2) { tally, _ in
            tally.note = "second"
        }
        let (version, seen) = try first.increment(id, expectedVersion: 3)
        #expect(seen == Tally(count: 2, note: "second"))
        #expect(version == 4)
        #expect(try first.get(id)?.value == Tally(count: 3, note: "second"))
        #expect(decodes.value.load(ordering: .relaxed) == 1)

        // Deleted and created again under the same id by the other store: read afresh, not the remembered value.
        try second.delete(id, expectedVersion: 4)
        try second.create(id, Tally(count: 9, note: "again"))
        #expect(try first.get(id)?.value == Tally(count: 9, note: "again"))
    }

    /// The SQLite committer updates the value it remembers in place, after the check: a refused update leaves it
    /// as it was, and the updates after it need no decode.
    @Test func aRefusedUpdateLeavesTheStoredValueAndCostsNoDecode() throws {
        let decodes = DecodeCount()
        let (store, _, cleanUp) = try Self.makeStores(.sqlite, decodes: decodes)
        defer { cleanUp() }
        let id = SessionID.random()
        try store.create(id, Tally(count: 1, note: "kept"))
        #expect(throws: BodyFailure()) {
            try store.update(id, check: { _, _ -> Check<Void> in throw BodyFailure() }) { tally, _ in
                tally.count = 99
            }
        }
        for expected in 2...3 {
            let (version, seen) = try store.increment(id)
            #expect(seen == Tally(count: expected - 1, note: "kept"))
            #expect(version == UInt64(expected))
        }
        #expect(try store.get(id)?.value == Tally(count: 3, note: "kept"))
        #expect(decodes.value.load(ordering: .relaxed) == 0)
    }
}
