import Dispatch
import SessionStore
import Synchronization
import Threading
import TestSupport
import Testing

/// Updates whose check and change run on a `LongWork` thread, as long presses do: one at a time per session with the
/// others of the session in this process, done again when another process's write came first, and answered from the
/// worker. The work is held on a gate where the test needs it to be in progress, so nothing here depends on timing.
@Suite struct LongWorkTests {
    static var backends: [Backend] {
        StoreKind.available()
    }

    /// Opens a store of `backend` and passes its concrete type on, as the service does.
    static func withStore(_ backend: Backend, _ body: (any SessionBackend<Tally>) throws -> Void) throws {
        let (store, cleanUp) = try backend.makeStore(SessionStoreOptions())
        defer { cleanUp() }
        try body(store)
    }

    @Test(arguments: backends) func anUpdateOfTheSameSessionWaitsForTheLongOne(_ backend: Backend) throws {
        try Self.withStore(backend) { store in try Self.shortAfterLong(store) }
    }

    static func shortAfterLong<Store: SessionBackend<Tally>>(_ store: Store) throws {
        let worker = try LongWork()
        defer { worker.close() }
        let id = SessionID.random()
        try store.create(id, Tally(count: 0, note: ""))
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let onWorker = Atomic<Bool>(false)
        let long = FirstReport<(version: UInt64, output: Int)>()
        store.update(
            TallyUpdate(
                id: id,
                apply: { tally, _ in
                    onWorker.store(worker.isCurrent, ordering: .relaxed)
                    started.signal()
                    release.wait()
                    tally.count += 10
                    return tally.count
                },
                report: { long.deliver($0.mapError { $0 as any Error }) }),
            on: worker)
        started.wait()
        // The long update is in its work: a short one of the same session is queued behind it, not applied beside it.
        let short = FirstReport<UInt64>()
        store.startIncrement(id) { short.deliver($0) }
        #expect(try store.get(id)?.value.count == 0)
        release.signal()
        let (version, output) = try long.wait()
        let ranOnWorker = onWorker.load(ordering: .relaxed)
        #expect(ranOnWorker)
        #expect(version == 2)
        #expect(output == 10)
        #expect(try short.wait() == 3)
        #expect(try store.get(id)?.value.count == 11)
    }

    @Test(arguments: backends) func anotherProcesssWriteDuringTheWorkIsKeptAndTheWorkDoneAgain(_ backend: Backend) throws {
        guard let (first, second, cleanUp) = try backend.makeTwinStores() else { return }
        defer { cleanUp() }
        try Self.writeElsewhereDuringTheWork(first, second)
    }

    static func writeElsewhereDuringTheWork<Store: SessionBackend<Tally>, Other: SessionBackend<Tally>>(_ store: Store, _ other: Other) throws {
        let worker = try LongWork()
        defer { worker.close() }
        let id = SessionID.random()
        try store.create(id, Tally(count: 0, note: ""))
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let runs = Atomic<Int>(0)
        let report = FirstReport<(version: UInt64, output: Int)>()
        store.update(
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
                report: { report.deliver($0.mapError { $0 as any Error }) }),
            on: worker)
        started.wait()
        // Another process writes the session meanwhile: the long update's write finds it and works again.
        let (otherVersion, seen) = try other.increment(id)
        #expect(otherVersion == 2)
        #expect(seen.count == 0)
        release.signal()
        let (version, output) = try report.wait()
        #expect(version == 3)
        #expect(output == 11)
        #expect(runs.load(ordering: .relaxed) == 2)
        #expect(try store.get(id)?.value.count == 11)
    }

    @Test(arguments: backends) func refusalsKeepsAndAbsentSessionsAnswerAsTheStoreDoes(_ backend: Backend) throws {
        try Self.withStore(backend) { store in try Self.answersWithoutWriting(store) }
    }

    static func answersWithoutWriting<Store: SessionBackend<Tally>>(_ store: Store) throws {
        let worker = try LongWork()
        let id = SessionID.random()
        try store.create(id, Tally(count: 7, note: "kept"))
        let refused = FirstReport<(version: UInt64, output: Int)>()
        store.update(TallyUpdate(id: id, expectedVersion: 9, apply: { _, _ in 0 }, report: { refused.deliver($0.mapError { $0 }) }), on: worker)
        #expect(throws: SessionStoreError.versionMismatch(current: 1)) { try refused.wait() }
        let kept = try waitFor { report in
            store.update(TallyUpdate(id: id, decide: { tally, _ in .keep(tally.count) }, apply: { _, _ in -1 }, report: report), on: worker)
        }
        #expect(kept.version == 1)
        #expect(kept.output == 7)
        let absent = FirstReport<(version: UInt64, output: Int)>()
        store.update(TallyUpdate(id: SessionID.random(), apply: { _, _ in 0 }, report: { absent.deliver($0.mapError { $0 }) }), on: worker)
        #expect(throws: SessionStoreError.notFound) { try absent.wait() }
        #expect(try store.get(id)?.version == 1)
        worker.close()
        let closed = FirstReport<(version: UInt64, output: Int)>()
        store.update(TallyUpdate(id: id, apply: { _, _ in 0 }, report: { closed.deliver($0.mapError { $0 }) }), on: worker)
        expectUnavailable { _ = try closed.wait() }
    }
}
