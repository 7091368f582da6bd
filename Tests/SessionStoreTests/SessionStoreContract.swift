import Dispatch
import SessionStore
import Threading
import TestSupport
import Testing

/// The behaviour every backend promises. Each case runs unchanged against memory, SQLite, Redis and Redis Cluster
/// (see the four suites at the bottom), through the store's calls, waited for (`Support.swift`) or not.
enum ContractCase: String, CaseIterable, Sendable, CustomStringConvertible {
    case createReadUpdateDelete
    case createTwiceFailsWithAlreadyExists
    case absentSessionIsNotFound
    case versionMismatchLeavesValueUntouched
    case refusingCheckWritesNothing
    case keepDoesNotBumpVersion
    case checkRunsBeforeChangeOnTheSameVersion
    case everyCallReportsOnceAndAClosedStoreRefusesThem
    case idleSessionExpiresAfterTTL
    case readsAndUpdatesSlideTheExpiry
    case capacityRefusesNewSessionsOnly
    case concurrentUpdatesLoseNothing
    case codecRoundTrip
    case countAndSweepSeeOnlyLiveSessions
    case closeMakesEveryCallUnavailable
    case concurrentCallsWithoutWaitingReportOnceAndLoseNothing
    case idsOfEveryFormAreDistinctSessions
    case versionsGoOnWhenAnIDIsUsedAgain
    case aClaimedCreateIsMadeOncePerKey

    var description: String { rawValue }

    static var ttl: Double { 100 }

    func run(on backend: Backend) throws {
        let clock = TestClock()
        var options = SessionStoreOptions(ttl: .seconds(Self.ttl), now: clock.now)
        if self == .capacityRefusesNewSessionsOnly { options.maxSessions = 3 }
        let (store, cleanUp) = try backend.makeStore(options)
        defer { cleanUp() }
        try run(store, clock: clock, backend: backend)
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private func run(_ store: any SessionStore<Tally>, clock: TestClock, backend: Backend) throws {
        let id = SessionID.random()
        switch self {
        case .createReadUpdateDelete:
            try store.create(id, Tally(count: 1, note: "one"))
            let read = try #require(try store.get(id))
            #expect(read.version == 1)
            #expect(read.value == Tally(count: 1, note: "one"))

            let (version, output) = try store.update(id) { tally, _ in
                tally.count += 41
                tally.note = "forty-two"
                return tally
            }
            #expect(version == 2)
            #expect(output == Tally(count: 42, note: "forty-two"))
            #expect(try store.get(id)?.value == Tally(count: 42, note: "forty-two"))
            #expect(try store.get(id)?.version == 2)

            // The change sees the version it is changing, so a caller can record what the write will become.
            let (second, seen) = try store.update(id, expectedVersion: 2) { tally, currentVersion in
                tally.count += 1
                return currentVersion
            }
            #expect(seen == 2)
            #expect(second == 3)

            try store.delete(id, expectedVersion: 3)
            #expect(try store.get(id) == nil)

        case .createTwiceFailsWithAlreadyExists:
            try store.create(id, Tally(count: 1, note: "first"))
            #expect(throws: SessionStoreError.alreadyExists) { try store.create(id, Tally(count: 2, note: "second")) }
            #expect(try store.get(id)?.value == Tally(count: 1, note: "first"))
            #expect(try store.get(id)?.version == 1)

        case .absentSessionIsNotFound:
            #expect(try store.get(id) == nil)
            #expect(throws: SessionStoreError.notFound) { try store.update(id) { _, _ in } }
            #expect(throws: SessionStoreError.notFound) { try store.delete(id) }
            try store.create(id, Tally(count: 0, note: ""))
            try store.delete(id)
            #expect(throws: SessionStoreError.notFound) { try store.delete(id) }
            #expect(try store.get(id) == nil)

        case .versionMismatchLeavesValueUntouched:
            try store.create(id, Tally(count: 5, note: "five"))
            let ran = Lock(false)
            #expect(throws: SessionStoreError.versionMismatch(current: 1)) {
                try store.update(id, expectedVersion: 7) { tally, _ in
                    ran.withLock { $0 = true }
                    tally.count = 0
                }
            }
            #expect(ran.withLock { $0 } == false)
            #expect(throws: SessionStoreError.versionMismatch(current: 1)) { try store.delete(id, expectedVersion: 2) }
            let read = try #require(try store.get(id))
            #expect(read.value == Tally(count: 5, note: "five"))
            #expect(read.version == 1)

        case .refusingCheckWritesNothing:
            try store.create(id, Tally(count: 5, note: "five"))
            let changed = Lock(false)
            #expect(throws: BodyFailure()) {
                try store.update(id, check: { _, _ -> Check<Void> in throw BodyFailure() }, change: { tally, _ in
                    changed.withLock { $0 = true }
                    tally.count = 99
                })
            }
            #expect(changed.withLock { $0 } == false)
            // The next update starts from the stored value.
            let (version, seen) = try store.increment(id, expectedVersion: 1)
            #expect(seen == Tally(count: 5, note: "five"))
            #expect(version == 2)
            let read = try #require(try store.get(id))
            #expect(read.value == Tally(count: 6, note: "five"))
            #expect(read.version == 2)

        case .keepDoesNotBumpVersion:
            try store.create(id, Tally(count: 5, note: "five"))
            let (kept, output) = try store.update(
                id, expectedVersion: 1, check: { tally, _ in .keep("looked at \(tally.count)") },
                change: { tally, _ in
                    tally.count = 6
                    return "changed"
                })
            #expect(output == "looked at 5")
            #expect(kept == 1)
            #expect(try store.get(id)?.version == 1)
            #expect(try store.get(id)?.value == Tally(count: 5, note: "five"))
            // A later update's check sees the stored value.
            let (_, seen) = try store.update(id, check: { tally, version in .keep((tally, version)) }, change: { tally, version in (tally, version) })
            #expect(seen.0 == Tally(count: 5, note: "five") && seen.1 == 1)

        case .checkRunsBeforeChangeOnTheSameVersion:
            try store.create(id, Tally(count: 1, note: "one"))
            let changed = try store.update(
                id, expectedVersion: 1,
                check: { tally, version -> Check<String> in tally.count == 1 && version == 1 ? .change : .keep("unexpected") },
                change: { tally, version in
                    tally.count += 10
                    return "changed at \(version)"
                })
            #expect(changed.version == 2 && changed.output == "changed at 1")
            let kept = try store.update(id, check: { tally, _ -> Check<Int> in .keep(tally.count) }, change: { tally, _ in
                tally.count = -1
                return -1
            })
            #expect(kept.version == 2 && kept.output == 11)
            #expect(throws: SessionStoreError.notFound) {
                try store.update(SessionID.random(), check: { _, _ -> Check<Void> in .change }, change: { _, _ in })
            }
            #expect(try store.get(id)?.value == Tally(count: 11, note: "one"))
            #expect(try store.get(id)?.version == 2)

        case .everyCallReportsOnceAndAClosedStoreRefusesThem:
            // `waitFor` records an issue for a second report of any call.
            try store.create(id, Tally(count: 1, note: "one"))
            #expect(throws: SessionStoreError.alreadyExists) { try store.create(id, Tally(count: 2, note: "two")) }
            #expect(try store.increment(id).version == 2)
            #expect(throws: SessionStoreError.versionMismatch(current: 2)) { try store.increment(id, expectedVersion: 7) }
            #expect(throws: SessionStoreError.notFound) { try store.delete(SessionID.random()) }
            #expect(throws: SessionStoreError.versionMismatch(current: 2)) { try store.delete(id, expectedVersion: 1) }
            try store.delete(id, expectedVersion: 2)
            store.close()
            expectUnavailable { try store.create(SessionID.random(), Tally(count: 0, note: "")) }
            expectUnavailable { _ = try store.get(id) }
            expectUnavailable { _ = try store.increment(id) }
            expectUnavailable { try store.delete(id) }

        case .idleSessionExpiresAfterTTL:
            try store.create(id, Tally(count: 1, note: ""))
            clock.advance(by: Self.ttl * 0.9)
            #expect(try store.count() == 1)
            clock.advance(by: Self.ttl * 0.2)
            #expect(try store.get(id) == nil)
            #expect(throws: SessionStoreError.notFound) { try store.increment(id) }
            #expect(try store.count() == 0)
            // An expired id is free again, for a session whose versions go on above the expired one's.
            try store.create(id, Tally(count: 2, note: "again"))
            #expect(try store.get(id)?.value == Tally(count: 2, note: "again"))
            #expect(try store.get(id)?.version == 2)

        case .readsAndUpdatesSlideTheExpiry:
            try store.create(id, Tally(count: 1, note: ""))
            clock.advance(by: Self.ttl * 0.6)
            #expect(try store.get(id) != nil)
            clock.advance(by: Self.ttl * 0.6)  // 1.2 TTL after create, 0.6 after the read
            #expect(try store.get(id) != nil)
            clock.advance(by: Self.ttl * 0.6)
            _ = try store.update(id, check: { _, _ in .keep(()) }, change: { _, _ in })
            clock.advance(by: Self.ttl * 0.6)  // 0.6 TTL after a kept update
            _ = try store.increment(id)
            clock.advance(by: Self.ttl * 0.6)
            #expect(try store.get(id)?.value.count == 2)
            clock.advance(by: Self.ttl * 1.01)
            #expect(try store.get(id) == nil)

        case .capacityRefusesNewSessionsOnly:
            let first = [SessionID.random(), SessionID.random(), SessionID.random()]
            for (index, session) in first.enumerated() { try store.create(session, Tally(count: index, note: "")) }
            #expect(throws: SessionStoreError.capacityReached) { try store.create(id, Tally(count: 9, note: "")) }
            #expect(try store.get(id) == nil)
            for session in first { #expect(try store.get(session) != nil) }  // live sessions are never dropped
            try store.delete(first[0])
            try store.create(id, Tally(count: 9, note: ""))
            #expect(throws: SessionStoreError.capacityReached) { try store.create(SessionID.random(), Tally(count: 0, note: "")) }
            // Expired sessions make room.
            clock.advance(by: Self.ttl * 2)
            try store.create(SessionID.random(), Tally(count: 0, note: ""))
            #expect(try store.count() == 1)

        case .concurrentUpdatesLoseNothing:
            try store.create(id, Tally(count: 0, note: ""))
            let threads = 16
            let perThread = backend.updatesPerThread
            let failures = Lock<[String]>([])
            onThreads(threads) { _ in
                for _ in 0..<perThread {
                    do {
                        _ = try store.increment(id)
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }
            #expect(failures.withLock { $0 } == [])
            let final = try #require(try store.get(id))
            #expect(final.value.count == threads * perThread)
            #expect(final.version == UInt64(threads * perThread + 1))

        case .codecRoundTrip:
            let values = [
                Tally(count: 0, note: ""),
                Tally(count: -1, note: "négatif ✓ 🧮"),
                Tally(count: Int(Int32.max) * 4, note: String(repeating: "0123456789", count: 500)),
                Tally(count: 7, note: "nul\u{0}inside\nnewline\"quote"),
            ]
            for value in values {
                let session = SessionID.random()
                try store.create(session, value)
                #expect(try store.get(session)?.value == value)
            }
            try store.create(id, values[0])
            for value in values {
                try store.update(id) { tally, _ in tally = value }
                #expect(try store.get(id)?.value == value)
            }

        case .countAndSweepSeeOnlyLiveSessions:
            #expect(try store.count() == 0)
            #expect(try store.sweepExpired() == 0)
            for _ in 0..<5 { try store.create(SessionID.random(), Tally(count: 0, note: "")) }
            clock.advance(by: Self.ttl * 0.5)
            let kept = [SessionID.random(), SessionID.random()]
            for session in kept { try store.create(session, Tally(count: 1, note: "")) }
            #expect(try store.count() == 7)
            clock.advance(by: Self.ttl * 0.6)  // the first five are now past their TTL
            #expect(try store.count() == 2)
            #expect(try store.sweepExpired() == 5)
            #expect(try store.sweepExpired() == 0)
            #expect(try store.count() == 2)
            for session in kept { #expect(try store.get(session)?.value.count == 1) }

        case .closeMakesEveryCallUnavailable:
            try store.create(id, Tally(count: 1, note: ""))
            try store.checkHealth()
            store.close()
            store.close()  // closing twice is harmless
            expectUnavailable { try store.checkHealth() }
            expectUnavailable { _ = try store.get(id) }
            expectUnavailable { try store.create(SessionID.random(), Tally(count: 0, note: "")) }
            expectUnavailable { try store.update(id) { _, _ in } }
            expectUnavailable { try store.delete(id) }
            expectUnavailable { _ = try store.count() }
            expectUnavailable { try store.sweepExpired() }

        case .concurrentCallsWithoutWaitingReportOnceAndLoseNothing:
            // Several threads start calls without waiting for them: increments spread over a few sessions, reads of
            // them, and creates and deletes of sessions of their own.
            let sessions = (0..<4).map { _ in SessionID.random() }
            for session in sessions { try store.create(session, Tally(count: 0, note: "")) }
            let threads = 8
            let perThread = backend.completionCallsPerThread
            let ledger = CompletionLedger()
            onThreads(threads) { thread in
                for call in 0..<perThread {
                    let session = sessions[(thread + call) % sessions.count]
                    switch call % 4 {
                    case 0, 1:
                        let report = ledger.expect(.update(session))
                        store.update(TallyUpdate(id: session, apply: { tally, version -> UInt64 in
                            tally.count += 1
                            return version + 1
                        }, report: { result in report(result.map { .updated($0.version, $0.output) }) }))
                    case 2:
                        let report = ledger.expect(.read(session))
                        store.read(session) { result in report(result.map { .read($0.value.count, $0.version) }.mapError { $0 as any Error }) }
                    default:
                        let own = SessionID.random()
                        let report = ledger.expect(.createThenDelete(own))
                        store.create(own, Tally(count: thread, note: "own")) { result in
                            guard case .success = result else { return report(result.map { _ in .created }.mapError { $0 as any Error }) }
                            store.delete(own, expectedVersion: 1) { result in report(result.map { .deleted }.mapError { $0 as any Error }) }
                        }
                    }
                }
            }
            let reports = ledger.waitForAll()
            #expect(ledger.reportedOnce)
            #expect(reports.compactMap(\.failure) == [])
            for session in sessions {
                let updates = reports.compactMap { report -> (UInt64, UInt64)? in
                    guard case .update(session) = report.call, case .updated(let version, let seen)? = report.outcome else { return nil }
                    return (version, seen)
                }
                // Each increment reports the version it wrote, and no two report the same one.
                #expect(updates.allSatisfy { $0.0 == $0.1 })
                #expect(Set(updates.map(\.0)) == Set((0..<updates.count).map { UInt64($0) + 2 }))
                let stored = try #require(try store.get(session))
                #expect(stored.value.count == updates.count)
                #expect(stored.version == UInt64(updates.count + 1))
                // A read sees a version some increment wrote (or the first), with the count that goes with it.
                for report in reports {
                    guard case .read(session) = report.call, case .read(let count?, let version?)? = report.outcome else { continue }
                    #expect(version >= 1 && version <= stored.version && UInt64(count) == version - 1)
                }
            }
            #expect(!reports.contains { $0.outcome == .read(nil, nil) })
            #expect(reports.filter { $0.outcome == .deleted }.count == threads * perThread / 4)
            #expect(try store.count() == sessions.count)

        case .idsOfEveryFormAreDistinctSessions:
            // Short ids are kept in words, long ones as text (see `SessionID`): ids on both sides of that boundary,
            // and ids that are prefixes of one another, name different sessions.
            let lengths = [1, 2, 15, 16, 22, 23, 24, 25, 26, 63, 64]
            let ids = try lengths.map { try #require(SessionID(String(repeating: "q", count: $0))) }
            for (index, id) in ids.enumerated() {
                try store.create(id, Tally(count: lengths[index], note: id.rawValue))
            }
            try store.update(ids[6], expectedVersion: 1) { tally, _ in tally.count = -1 }
            try store.delete(ids[7])
            for (index, id) in ids.enumerated() {
                let read = try store.get(id)
                switch index {
                case 6: #expect(read?.value == Tally(count: -1, note: id.rawValue) && read?.version == 2)
                case 7: #expect(read == nil)
                default: #expect(read?.value == Tally(count: lengths[index], note: id.rawValue) && read?.version == 1)
                }
            }
            #expect(try store.count() == ids.count - 1)

        case .versionsGoOnWhenAnIDIsUsedAgain:
            // Deleted: the new session starts above the old one's last version, so the old ETag names nothing.
            #expect(try store.create(id, Tally(count: 1, note: "old")) == 1)
            try store.update(id) { tally, _ in tally.count += 1 }
            try store.update(id) { tally, _ in tally.count += 1 }
            try store.delete(id)
            #expect(try store.create(id, Tally(count: 0, note: "new")) == 4)
            #expect(try store.get(id)?.version == 4)
            #expect(throws: SessionStoreError.versionMismatch(current: 4)) {
                try store.update(id, expectedVersion: 3) { tally, _ in tally.count = -1 }
            }
            #expect(try store.update(id) { _, _ in }.version == 5)
            // Expired and found so (a read), expired and swept, or expired and made again at once: the same.
            let read = SessionID.random()
            let swept = SessionID.random()
            try store.create(read, Tally(count: 0, note: ""))
            try store.create(swept, Tally(count: 0, note: ""))
            try store.update(swept) { _, _ in }
            clock.advance(by: Self.ttl * 1.5)
            #expect(try store.get(read) == nil)
            try store.sweepExpired()
            #expect(try store.create(id, Tally(count: 0, note: "again")) == 6)
            #expect(try store.create(read, Tally(count: 0, note: "again")) == 2)
            #expect(try store.create(swept, Tally(count: 0, note: "again")) == 3)
            #expect(try store.create(SessionID.random(), Tally(count: 0, note: "")) == 1, "a new id starts at 1")

        case .aClaimedCreateIsMadeOncePerKey:
            let claim = CreationClaim(key: "client key", fingerprint: "settings one", retention: Self.ttl / 2)
            #expect(try store.create(id, Tally(count: 1, note: "first"), claiming: claim) == .created(version: 1))
            let retry = SessionID.random()
            let first = ClaimedCreation.claimed(id: id, version: 1, fingerprint: "settings one")
            #expect(try store.create(retry, Tally(count: 2, note: "retry"), claiming: claim) == first)
            var other = claim
            other.fingerprint = "settings two"
            #expect(try store.create(retry, Tally(count: 2, note: "retry"), claiming: other) == first, "the first create's fingerprint")
            #expect(try store.get(retry) == nil, "a create whose key was claimed makes nothing")
            #expect(try store.count() == 1)
            try store.update(id) { _, _ in }
            try store.delete(id)
            #expect(try store.create(retry, Tally(count: 2, note: "retry"), claiming: claim) == first, "the claim outlives the session")
            var another = claim
            another.key = "client other key"
            #expect(try store.create(retry, Tally(count: 3, note: "another"), claiming: another) == .created(version: 1))
            clock.advance(by: Self.ttl * 0.6)
            try store.sweepExpired()
            let later = SessionID.random()
            #expect(try store.create(later, Tally(count: 4, note: "later"), claiming: claim) == .created(version: 1), "after the retention")
            #expect(try store.get(later)?.value == Tally(count: 4, note: "later"))
        }
    }
}

extension Backend {
    /// Calls each thread starts in `concurrentCallsWithoutWaitingReportOnceAndLoseNothing`.
    var completionCallsPerThread: Int {
        switch self {
        case .memory: 400
        case .sqlite: 40
        case .redis, .redisCluster: 200
        }
    }
}

/// The calls a test started and what each reported, to check that every call reports exactly once.
final class CompletionLedger: Sendable {
    enum Call: Equatable, Sendable {
        case update(SessionID)
        case read(SessionID)
        case createThenDelete(SessionID)
    }

    enum Outcome: Equatable, Sendable {
        case updated(UInt64, UInt64)
        case read(Int?, UInt64?)
        case created
        case deleted
    }

    struct Report: Sendable {
        let call: Call
        var outcome: Outcome?
        var failure: String?
        var reports = 0
    }

    private let state = Lock<[Report]>([])
    private let arrived = DispatchSemaphore(value: 0)

    /// Registers a call; the returned function is its completion's report.
    func expect(_ call: Call) -> @Sendable (Result<Outcome, any Error>) -> Void {
        let index = state.withLock { reports -> Int in
            reports.append(Report(call: call))
            return reports.count - 1
        }
        return { [self] result in
            state.withLock { reports in
                reports[index].reports += 1
                switch result {
                case .success(let outcome): reports[index].outcome = outcome
                case .failure(let error): reports[index].failure = "\(error)"
                }
            }
            arrived.signal()
        }
    }

    /// Waits until every registered call has reported (a call that never reports fails the test instead of hanging it).
    func waitForAll() -> [Report] {
        let count = state.withLock { $0.count }
        for _ in 0..<count {
            guard arrived.wait(timeout: .now() + 300) == .success else {
                Issue.record("a completion never reported")
                break
            }
        }
        return state.withLock { $0 }
    }

    var reportedOnce: Bool { state.withLock { $0.allSatisfy { $0.reports == 1 } } }
}

@Suite struct MemorySessionStoreContractTests {
    @Test(arguments: ContractCase.allCases)
    func contract(_ contractCase: ContractCase) throws {
        try contractCase.run(on: .memory)
    }
}

@Suite struct SQLiteSessionStoreContractTests {
    @Test(arguments: ContractCase.allCases)
    func contract(_ contractCase: ContractCase) throws {
        try contractCase.run(on: .sqlite)
    }
}

@Suite(.enabled(if: StoreKind.redis.isAvailable, "CALC_TEST_REDIS_URL is not set (scripts/test starts a redis-server and sets it)"))
struct RedisSessionStoreContractTests {
    @Test(arguments: ContractCase.allCases)
    func contract(_ contractCase: ContractCase) throws {
        try contractCase.run(on: .redis)
    }
}

@Suite(.enabled(if: StoreKind.redisCluster.isAvailable, "CALC_TEST_REDIS_CLUSTER_URL is not set (scripts/test starts a cluster with scripts/cluster)"))
struct RedisClusterSessionStoreContractTests {
    @Test(arguments: ContractCase.allCases)
    func contract(_ contractCase: ContractCase) throws {
        try contractCase.run(on: .redisCluster)
    }
}
