import SessionStore
import Synchronization
import Threading
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Delegates to a memory store and counts the sweeps it is asked for.
private final class SweepCountingStore: SessionStore {
    typealias Value = Tally
    let inner: MemorySessionStore<Tally>
    let sweeps = Atomic<Int>(0)
    let removed = Atomic<Int>(0)

    init(_ inner: MemorySessionStore<Tally>) { self.inner = inner }

    func create(
        _ id: SessionID, _ value: Tally, claiming claim: CreationClaim?,
        completion: @escaping @Sendable (Result<ClaimedCreation, SessionStoreError>) -> Void
    ) {
        inner.create(id, value, claiming: claim, completion: completion)
    }
    func read(_ id: SessionID, completion: @escaping @Sendable (Result<Versioned<Tally>, SessionStoreError>) -> Void) {
        inner.read(id, completion: completion)
    }
    func update<Update: SessionUpdate<Tally>>(_ id: SessionID, _ update: Update, completion: @escaping UpdateCompletion<Update.Output>) {
        inner.update(id, update, completion: completion)
    }
    func delete(_ id: SessionID, expectedVersion: UInt64?, completion: @escaping @Sendable (Result<Void, SessionStoreError>) -> Void) {
        inner.delete(id, expectedVersion: expectedVersion, completion: completion)
    }
    func count(completion: @escaping @Sendable (Result<Int, SessionStoreError>) -> Void) { inner.count(completion: completion) }
    func sweepExpired() throws -> Int {
        let count = try inner.sweepExpired()
        removed.add(count, ordering: .relaxed)
        sweeps.add(1, ordering: .relaxed)
        return count
    }
    func checkHealth(completion: @escaping @Sendable (Result<Void, SessionStoreError>) -> Void) { inner.checkHealth(completion: completion) }
    func close() { inner.close() }
}

@Suite struct ExpirySweeperTests {
    @Test func sweepsInTheBackgroundUntilStopped() throws {
        let clock = TestClock()
        let store = SweepCountingStore(MemorySessionStore(options: SessionStoreOptions(ttl: .seconds(10), now: clock.now)))
        for _ in 0..<5 { try store.create(SessionID.random(), Tally(count: 0, note: "")) }
        clock.advance(by: 11)
        let sweeper = try ExpirySweeper(store: store, every: .milliseconds(5))
        // Wait (bounded) for a few sweeps; nothing here asserts on how long they took.
        _ = eventually { store.sweeps.load(ordering: .relaxed) >= 3 }
        sweeper.stop()
        #expect(store.sweeps.load(ordering: .relaxed) >= 3)
        #expect(store.removed.load(ordering: .relaxed) == 5)
        let afterStop = store.sweeps.load(ordering: .relaxed)
        usleep(30_000)
        #expect(store.sweeps.load(ordering: .relaxed) == afterStop)
    }

    @Test func reportsSweepErrorsAndKeepsGoing() throws {
        let store = SweepCountingStore(MemorySessionStore())
        store.close()  // every sweep now throws .unavailable
        let errors = Lock<[SessionStoreError]>([])
        let sweeper = try ExpirySweeper(store: store, every: .milliseconds(5)) { error in
            errors.withLock { $0.append(error as! SessionStoreError) }
        }
        _ = eventually { errors.withLock { $0.count } >= 2 }
        sweeper.stop()
        #expect(errors.withLock { $0.count } >= 2)
        #expect(errors.withLock { $0.first } == .unavailable("session store is closed"))
    }
}
