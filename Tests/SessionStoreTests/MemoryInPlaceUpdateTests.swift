import SessionStore
import Testing

/// `MemorySessionStore.updateInPlace` keeps `update`'s promises (atomic, versioned, untouched on a throw, expiry)
/// while returning only the version, and `read` lends the value like `get` returns it; each case is checked against
/// what `get` then reads.
@Suite struct MemoryInPlaceUpdateTests {
    private static func store(_ clock: TestClock) throws -> (MemorySessionStore<Tally>, SessionID) {
        let store = MemorySessionStore<Tally>(options: SessionStoreOptions(ttl: .seconds(10), now: clock.now))
        let id = try #require(SessionID("in-place"))
        _ = try store.create(id, Tally(count: 0, note: "new"))
        return (store, id)
    }

    @Test func writeBumpsTheVersionAndKeepLeavesIt() throws {
        let (store, id) = try Self.store(TestClock())
        let written = try store.updateInPlace(id, expectedVersion: 1) { tally, version -> Mutation<UInt64> in
            tally.count += 5
            return .write(version)
        }
        #expect(written.version == 2 && written.result == 1)
        let kept = try store.updateInPlace(id, expectedVersion: nil) { tally, _ -> Mutation<Int> in .keep(tally.count) }
        #expect(kept.version == 2 && kept.result == 5)
        let stored = try #require(try store.get(id))
        #expect(stored.value == Tally(count: 5, note: "new") && stored.version == 2)
    }

    @Test func aThrowingBodyOrAStaleVersionChangesNothing() throws {
        let (store, id) = try Self.store(TestClock())
        #expect(throws: BodyFailure.self) {
            try store.updateInPlace(id, expectedVersion: nil) { tally, _ -> Mutation<Void> in
                tally.count = 99
                tally.note = "half-done"
                throw BodyFailure()
            }
        }
        #expect(throws: SessionStoreError.versionMismatch(current: 1)) {
            try store.updateInPlace(id, expectedVersion: 7) { _, _ -> Mutation<Void> in .write(()) }
        }
        let stored = try #require(try store.get(id))
        #expect(stored.value == Tally(count: 0, note: "new") && stored.version == 1)
    }

    @Test func readLendsTheValueAndKeepsTheSessionAlive() throws {
        let clock = TestClock()
        let (store, id) = try Self.store(clock)
        _ = try store.updateInPlace(id, expectedVersion: nil) { tally, _ -> Mutation<Void> in
            tally.count = 3
            return .write(())
        }
        clock.advance(by: 6)
        #expect(try store.read(id) { tally, version in "\(tally.count) \(tally.note) v\(version)" } == "3 new v2")
        clock.advance(by: 6)  // 12 s after the write, 6 s after the read: the read renewed the 10 s lease
        #expect(try store.read(id) { tally, _ in tally.count } == 3)
        #expect(try store.read(try #require(SessionID("other"))) { tally, _ in tally.count } == nil)
        clock.advance(by: 11)
        #expect(try store.read(id) { tally, _ in tally.count } == nil)
        #expect(try store.get(id) == nil)
    }

    @Test func expiredAndMissingSessionsAreNotFound() throws {
        let clock = TestClock()
        let (store, id) = try Self.store(clock)
        #expect(throws: SessionStoreError.notFound) {
            try store.updateInPlace(try #require(SessionID("other")), expectedVersion: nil) { _, _ -> Mutation<Void> in .write(()) }
        }
        clock.advance(by: 11)
        #expect(throws: SessionStoreError.notFound) {
            try store.updateInPlace(id, expectedVersion: nil) { _, _ -> Mutation<Void> in .write(()) }
        }
        #expect(try store.count() == 0)
    }
}
