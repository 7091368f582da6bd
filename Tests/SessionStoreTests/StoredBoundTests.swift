import SessionStore
import TestSupport
import Testing

/// A codec's `maximumBytes`: the persisting stores refuse a create or a write whose stored form would pass it with
/// `tooLarge`, and keep what they had.
@Suite struct StoredBoundTests {
    /// Tally's codec, bounded at 8 bytes of count and 24 of note.
    static let bounded = SessionCodec<Tally>(encode: Tally.codec.encode, decode: Tally.codec.decode, maximumBytes: 32)

    private static func makeStore(_ backend: Backend) throws -> (store: any SessionStore<Tally>, cleanUp: () -> Void) {
        switch backend {
        case .sqlite:
            let path = TemporaryPath.make(suffix: ".sqlite")
            let store = try SQLiteSessionStore(path: path, codec: bounded)
            return (store, { store.close(); TemporaryPath.remove(sqlite: path) })
        case .redis:
            let url = try #require(RedisServer.sharedURL, "CALC_TEST_REDIS_URL is not set")
            let store = try RedisSessionStore(url: url, codec: bounded, keyPrefix: "test:\(SessionID.random().rawValue):")
            return (store, { store.close() })
        case .memory, .redisCluster:
            throw SessionStoreError.unavailable("the memory store keeps values, not bytes; the cluster writes as a single Redis does")
        }
    }

    @Test func theCodecMeasuresWhatItEncodes() throws {
        #expect(try Self.bounded.bytes(of: Tally(count: 1, note: String(repeating: "n", count: 24))).count == 32)
        #expect(throws: SessionStoreError.tooLarge(bytes: 33, limit: 32)) {
            try Self.bounded.bytes(of: Tally(count: 1, note: String(repeating: "n", count: 25)))
        }
    }

    @Test(arguments: StoreKind.available([.sqlite, .redis]))
    func aWritePastTheBoundIsRefusedAndChangesNothing(_ backend: Backend) throws {
        let (store, cleanUp) = try Self.makeStore(backend)
        defer { cleanUp() }
        let id = SessionID.random()
        #expect(throws: SessionStoreError.tooLarge(bytes: 8 + 40, limit: 32)) {
            try store.create(id, Tally(count: 0, note: String(repeating: "n", count: 40)))
        }
        #expect(try store.get(id) == nil)
        #expect(try store.create(id, Tally(count: 0, note: "small")) == 1)
        #expect(throws: SessionStoreError.tooLarge(bytes: 8 + 100, limit: 32)) {
            try store.update(id) { tally, _ in tally.note = String(repeating: "n", count: 100) }
        }
        let kept = try #require(try store.get(id))
        #expect(kept.value == Tally(count: 0, note: "small") && kept.version == 1)
        #expect(try store.increment(id).version == 2)
    }
}
