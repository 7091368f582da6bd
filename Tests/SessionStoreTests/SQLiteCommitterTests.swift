import Foundation
import Threading
import Testing

@testable import SessionStore

/// The SQLite store's writes: queued to its committer thread, reported after their batch commits.
@Suite struct SQLiteCommitterTests {
    @Test func concurrentWritesToOneAndManySessionsLoseNothing() throws {
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        let store = try SQLiteSessionStore(path: path, codec: Tally.codec)
        defer { store.close() }
        let threads = 8
        let rounds = 40
        let shared = SessionID.random()
        let own = (0..<threads).map { _ in SessionID.random() }
        for id in [shared] + own { try store.create(id, Tally(count: 0, note: "")) }

        let reports = Reports(count: threads * rounds * 2)
        // What each thread's own session reported, in the order the completions came.
        let ownResults = Lock<[[Int]]>(Array(repeating: [], count: threads))
        let failures = Lock<[String]>([])
        onThreads(threads) { thread in
            for round in 0..<rounds {
                let slot = (thread * rounds + round) * 2
                store.startIncrement(shared, report: reports.completion(slot) { result in
                    if case .failure(let error) = result { failures.withLock { $0.append("\(error)") } }
                })
                // Every fifth write to a thread's own session is refused by its check and must leave no trace.
                store.update(
                    TallyUpdate(
                        id: own[thread],
                        decide: { _, _ -> Check<Int> in
                            if round % 5 == 4 { throw BodyFailure() }
                            return .change
                        },
                        apply: { tally, _ in
                            tally.count += 1
                            return tally.count
                        },
                        report: reports.completion(slot + 1) { result in
                            switch result {
                            case .success(let written): ownResults.withLock { $0[thread].append(written.output) }
                            case .failure(let error as BodyFailure) where round % 5 == 4 && error == BodyFailure(): break
                            case .failure(let error): failures.withLock { $0.append("\(error)") }
                            }
                        }))
            }
        }
        reports.waitForAll()
        #expect(failures.withLock { $0 } == [])

        let ownWrites = rounds - rounds / 5
        let final = try #require(try store.get(shared))
        #expect(final.value.count == threads * rounds)
        #expect(final.version == UInt64(threads * rounds + 1))
        for (thread, id) in own.enumerated() {
            let read = try #require(try store.get(id))
            #expect(read.value.count == ownWrites)
            #expect(read.version == UInt64(ownWrites + 1))
            // One thread's writes to one session commit in the order it queued them.
            #expect(ownResults.withLock { $0[thread] } == Array(1...ownWrites))
        }
        store.close()  // nothing is in flight any more: a second report would have come by now
        #expect(reports.eachOnce)
    }

    /// Writes queued while the committer is busy share its batch (no savepoint each): a write failing in that batch
    /// (a create of an existing id) leaves no trace, and the writes before and after it in the batch commit (a second
    /// store, which sees only committed rows, finds them); updates refused by their check (a body's refusal, a stale
    /// expected version) never reach it.
    @Test func failingWritesInOneBatchUndoOnlyThemselves() throws {
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        let store = try SQLiteSessionStore(path: path, codec: Tally.codec)
        defer { store.close() }
        let gate = SessionID.random(), written = SessionID.random(), failing = SessionID.random()
        for id in [gate, written, failing] { try store.create(id, Tally(count: 0, note: "first")) }

        // The gate holds the committer inside a batch until everything below is queued behind it.
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let reports = Reports(count: 7)
        let outcomes = Lock<[Int: String]>([:])
        @Sendable func record<T, Failure: Error>(_ slot: Int) -> @Sendable (Result<T, Failure>) -> Void {
            reports.completion(slot) { result in
                let outcome: String
                switch result {
                case .success: outcome = "ok"
                case .failure(let error as SessionStoreError): outcome = "\(error)"
                case .failure(let error): outcome = "\(type(of: error))"
                }
                outcomes.withLock { $0[slot] = outcome }
            }
        }
        func increment(_ id: SessionID, expectedVersion: UInt64? = nil, slot: Int) {
            store.update(TallyUpdate(id: id, expectedVersion: expectedVersion, apply: { tally, _ in tally.count += 1 }, report: record(slot)))
        }
        store.committer.enqueue(
            { _ in
                entered.signal()
                release.wait()
            }, report: record(0))
        entered.wait()
        increment(written, slot: 1)
        store.update(
            TallyUpdate(
                id: failing, decide: { _, _ in throw BodyFailure() }, apply: { tally, _ in tally.count += 100 }, report: record(2)))
        store.create(failing, Tally(count: 50, note: "again"), completion: record(3))
        increment(failing, expectedVersion: 7, slot: 4)
        increment(written, slot: 5)
        increment(failing, slot: 6)
        release.signal()
        reports.waitForAll()

        #expect(outcomes.withLock { $0 } == [
            0: "ok", 1: "ok", 2: "BodyFailure", 3: "\(SessionStoreError.alreadyExists)",
            4: "\(SessionStoreError.versionMismatch(current: 1))", 5: "ok", 6: "ok",
        ])
        let observer = try SQLiteSessionStore(path: path, codec: Tally.codec)
        defer { observer.close() }
        for reader in [store, observer] {
            #expect(try reader.get(gate)?.value.count == 0)
            #expect(try reader.get(written)?.value.count == 2)
            #expect(try reader.get(written)?.version == 3)
            #expect(try reader.get(failing)?.value == Tally(count: 1, note: "first"))
            #expect(try reader.get(failing)?.version == 2)
        }
    }

    @Test func closeCommitsWhatIsQueuedAndRefusesLaterWrites() throws {
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        let store = try SQLiteSessionStore(path: path, codec: Tally.codec)
        let id = SessionID.random()
        try store.create(id, Tally(count: 0, note: ""))
        let queued = 200
        let reports = Reports(count: queued + 3)
        let failures = Lock<[String]>([])
        for slot in 0..<queued {
            store.startIncrement(id, report: reports.completion(slot) { result in
                if case .failure(let error) = result { failures.withLock { $0.append("\(error)") } }
            })
        }
        store.close()
        // close() returns only after the committer ended, so every queued write has reported.
        #expect(reports.arrived == queued)
        #expect(failures.withLock { $0 } == [])

        let unavailable = Lock(0)
        @Sendable func countUnavailable<T>(_ result: Result<T, any Error>) {
            if case .failure(SessionStoreError.unavailable) = result { unavailable.withLock { $0 += 1 } }
        }
        store.create(SessionID.random(), Tally(count: 0, note: ""), completion: reports.completion(queued, countUnavailable))
        store.startIncrement(id, report: reports.completion(queued + 1, countUnavailable))
        store.delete(id, expectedVersion: nil, completion: reports.completion(queued + 2, countUnavailable))
        reports.waitForAll()
        #expect(unavailable.withLock { $0 } == 3)
        #expect(reports.eachOnce)

        let reopened = try SQLiteSessionStore(path: path, codec: Tally.codec)
        defer { reopened.close() }
        #expect(try reopened.get(id)?.value.count == queued)
        #expect(try reopened.get(id)?.version == UInt64(queued + 1))
    }

    /// A store dropped without `close()` closes itself: its committer checkpoints the WAL into the main file and
    /// ends (a committer left running would keep the write in the WAL).
    @Test func droppingTheStoreEndsItsCommitter() throws {
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        let id = SessionID.random()
        do {
            let store = try SQLiteSessionStore(path: path, codec: Tally.codec)
            try store.create(id, Tally(count: 7, note: "kept"))
        }
        // The write reports from inside its batch, so the committer may still hold the store's last reference for a
        // moment after `create` returns: the store goes away, and the WAL is emptied, when the committer lets go.
        func walBytes() -> Int { (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0 }
        let deadline = ContinuousClock.now + .seconds(30)
        while walBytes() != 0, ContinuousClock.now < deadline { usleep(1_000) }
        #expect(walBytes() == 0)
        let reopened = try SQLiteSessionStore(path: path, codec: Tally.codec)
        defer { reopened.close() }
        #expect(try reopened.get(id)?.value == Tally(count: 7, note: "kept"))
    }

    /// When a queued write holds the last reference to its store, the store goes away on the committer thread itself,
    /// which must not wait for itself to end.
    @Test func aStoreLastHeldByAQueuedWriteGoesAwayOnItsCommitter() throws {
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        let id = SessionID.random()
        let reported = DispatchSemaphore(value: 0)
        do {
            let store = try SQLiteSessionStore(path: path, codec: Tally.codec)
            try store.create(id, Tally(count: 0, note: ""))
            for _ in 0..<50 {
                store.startIncrement(id) { _ in reported.signal() }
            }
        }
        for _ in 0..<50 { reported.wait() }
        let reopened = try SQLiteSessionStore(path: path, codec: Tally.codec)
        defer { reopened.close() }
        #expect(try reopened.get(id)?.value.count == 50)
    }
}

/// Counts the reports of many writes, each in its own slot, so a write reported twice or never shows.
private final class Reports: Sendable {
    private let counts: Lock<[Int]>
    private let signal = DispatchSemaphore(value: 0)
    private let expected: Int

    init(count: Int) {
        counts = Lock(Array(repeating: 0, count: count))
        expected = count
    }

    /// The completion for the write in `slot`; `then` sees the result first.
    func completion<T, Failure: Error>(
        _ slot: Int,
        _ then: @escaping @Sendable (Result<T, any Error>) -> Void = { _ in }
    ) -> @Sendable (Result<T, Failure>) -> Void {
        { [self] result in
            then(result.mapError { $0 as any Error })
            counts.withLock { $0[slot] += 1 }
            signal.signal()
        }
    }

    /// Sleeps until as many reports as slots have arrived (call it once: each report lets it past once).
    func waitForAll() {
        for _ in 0..<expected { signal.wait() }
    }

    /// Reports so far, counting repeats.
    var arrived: Int { counts.withLock { $0.reduce(0, +) } }
    var eachOnce: Bool { counts.withLock { $0.allSatisfy { $0 == 1 } } }
}
