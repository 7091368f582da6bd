@testable import SessionStore
import Synchronization
import Testing

/// On the memory store an update races the others of its session (fetch, change, compare-and-set, again on a
/// conflict). One that loses race after race must still land, not give up: with sixteen threads on two cores, one
/// update lost 500 in a row under AddressSanitizer and the contract's concurrent-update case failed in CI.
@Suite struct ContendedUpdateTests {
    /// A rival update of the same session starts inside each change, so it comes first every time this update is about
    /// to write: the worst luck a race can have, without threads.
    @Test func anUpdateThatLosesEveryRaceLandsAndSoDoItsRivals() throws {
        let store = MemorySessionStore<Tally>(options: SessionStoreOptions(ttl: .seconds(60)))
        defer { store.close() }
        let id = SessionID.random()
        try store.create(id, Tally(count: 0, note: ""))
        let rivals = Mutex<[Result<UInt64, any Error>]>([])
        let maxRivals = 1_000

        try store.update(id) { tally, _ in
            tally.note += "x"
            if rivals.withLock({ $0.count }) < maxRivals {
                // Reports to the list at once when it races and wins, or later when it waits in a line.
                store.startIncrement(id) { result in rivals.withLock { $0.append(result) } }
            }
        }

        let results = rivals.withLock { $0 }
        #expect(results.count < maxRivals, "the update went on racing: it lost \(results.count) times")
        for result in results { #expect((try? result.get()) != nil) }
        let final = try #require(try store.get(id))
        #expect(final.value.count == results.count)
        #expect(final.value.note == "x")
        #expect(final.version == UInt64(results.count) + 2)
    }
}
