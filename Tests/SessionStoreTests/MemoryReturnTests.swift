@testable import SessionStore
import Synchronization
import Testing

/// After a sweep that drops a crowd of expired sessions, the memory store hands the freed memory back to the system
/// (glibc keeps it otherwise); a small sweep does not pay for the walk over the heap.
@Suite struct MemoryReturnTests {
    @Test func aSweepOfManySessionsReturnsTheirMemoryAndASmallOneDoesNot() throws {
        let clock = TestClock()
        let store = MemorySessionStore<Tally>(options: SessionStoreOptions(ttl: .seconds(10), now: clock.now))
        defer { store.close() }
        let note = String(repeating: "n", count: 200)
        for index in 0..<5_000 { try store.create(SessionID.random(), Tally(count: index, note: note)) }
        clock.advance(by: 11)
        #expect(try store.sweepExpired() == 5_000)
        #expect(store.memoryReturns.load(ordering: .relaxed) == 1)

        for index in 0..<10 { try store.create(SessionID.random(), Tally(count: index, note: note)) }
        clock.advance(by: 11)
        #expect(try store.sweepExpired() == 10)
        #expect(store.memoryReturns.load(ordering: .relaxed) == 1)
    }
}
