import Dispatch
import SessionStore
import Synchronization
import Testing

/// `OptimisticUpdater`: work on a copy, written only over that copy, done again when another write came first. The
/// work is held on a gate where the test needs it to be in progress, so nothing here depends on timing.
@Suite struct OptimisticUpdaterTests {
    static var backends: [Backend] { Backend.redisURL == nil ? [.memory, .sqlite] : [.memory, .sqlite, .redis] }

    /// Opens a store of `backend` and passes its concrete type on, as the service does.
    static func withStore(_ backend: Backend, _ body: (any SessionStore<Tally>) throws -> Void) throws {
        let (store, cleanUp) = try backend.makeStore(SessionStoreOptions())
        defer { cleanUp() }
        try body(store)
    }

    @Test(arguments: backends) func aWriteDuringTheWorkIsKeptAndTheWorkDoneAgain(_ backend: Backend) throws {
        try Self.withStore(backend) { store in try Self.writeDuringTheWork(store) }
    }

    static func writeDuringTheWork<Store: SessionStore<Tally>>(_ store: Store) throws {
        let updater = try OptimisticUpdater(store: store)
        defer { updater.close() }
        let id = SessionID.random()
        try store.create(id, Tally(count: 0, note: ""))
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let runs = Atomic<Int>(0)
        let report = FirstReport<(version: UInt64, output: Int)>()
        updater.update(
            TallyUpdate(
                id: id,
                apply: { tally, _ in
                    if runs.add(1, ordering: .relaxed).newValue == 1 {
                        started.signal()
                        release.wait()
                    }
                    tally.count += 10
                    return tally.count
                },
                report: { report.deliver($0.mapError { $0 as any Error }) }))
        started.wait()
        // The long update is in its work: a short one on the same session is applied meanwhile, not behind it.
        let (shortVersion, seen) = try store.increment(id)
        #expect(shortVersion == 2)
        #expect(seen.count == 0)
        release.signal()
        let (version, output) = try report.wait()
        // As if the short update came first: nothing lost, each applied once.
        #expect(version == 3)
        #expect(output == 11)
        #expect(runs.load(ordering: .relaxed) == 2)
        #expect(try store.get(id)?.value.count == 11)
        #expect(try store.get(id)?.version == 3)
    }

    @Test(arguments: backends) func afterItsAttemptsTheUpdateRunsInPlace(_ backend: Backend) throws {
        try Self.withStore(backend) { store in try Self.inPlaceAfterAttempts(store) }
    }

    static func inPlaceAfterAttempts<Store: SessionStore<Tally>>(_ store: Store) throws {
        let updater = try OptimisticUpdater(store: store, attempts: 3)
        defer { updater.close() }
        let id = SessionID.random()
        try store.create(id, Tally(count: 0, note: ""))
        let runs = Atomic<Int>(0)
        let version = try waitFor { report in
            updater.update(
                TallyUpdate(
                    id: id,
                    apply: { tally, _ in
                        // Each of the three rounds on a copy sees another write come first; the fourth run, in place,
                        // does not write beside itself (it may hold the store's lock).
                        if runs.add(1, ordering: .relaxed).newValue <= 3 { _ = try? store.increment(id) }
                        tally.count += 100
                    },
                    report: { report($0.map(\.version)) }))
        }
        #expect(runs.load(ordering: .relaxed) == 4)
        #expect(version == 5)
        #expect(try store.get(id)?.value.count == 103)
    }

    @Test(arguments: backends) func refusalsKeepsAndAbsentSessionsAnswerAsTheStoreDoes(_ backend: Backend) throws {
        try Self.withStore(backend) { store in try Self.answersWithoutWriting(store) }
    }

    static func answersWithoutWriting<Store: SessionStore<Tally>>(_ store: Store) throws {
        let updater = try OptimisticUpdater(store: store)
        let id = SessionID.random()
        try store.create(id, Tally(count: 7, note: "kept"))
        let refused = FirstReport<(version: UInt64, output: Int)>()
        updater.update(TallyUpdate(id: id, expectedVersion: 9, apply: { _, _ in 0 }, report: { refused.deliver($0.mapError { $0 }) }))
        #expect(throws: SessionStoreError.versionMismatch(current: 1)) { try refused.wait() }
        let kept = try waitFor { report in
            updater.update(TallyUpdate(id: id, decide: { tally, _ in .keep(tally.count) }, apply: { _, _ in -1 }, report: report))
        }
        #expect(kept.version == 1)
        #expect(kept.output == 7)
        let absent = FirstReport<(version: UInt64, output: Int)>()
        updater.update(TallyUpdate(id: SessionID.random(), apply: { _, _ in 0 }, report: { absent.deliver($0.mapError { $0 }) }))
        #expect(throws: SessionStoreError.notFound) { try absent.wait() }
        #expect(try store.get(id)?.version == 1)
        updater.close()
        let closed = FirstReport<(version: UInt64, output: Int)>()
        updater.update(TallyUpdate(id: id, apply: { _, _ in 0 }, report: { closed.deliver($0.mapError { $0 }) }))
        expectUnavailable { _ = try closed.wait() }
    }
}
