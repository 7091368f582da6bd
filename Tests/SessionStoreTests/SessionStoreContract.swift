import Dispatch
import SessionStore
import Synchronization
import Testing

/// The behaviour every backend promises. Each case runs unchanged against memory, SQLite and Redis
/// (see the three suites at the bottom).
enum ContractCase: String, CaseIterable, Sendable, CustomStringConvertible {
    case createGetUpdateDelete
    case createTwiceThrowsAlreadyExists
    case absentSessionIsNotFound
    case versionMismatchLeavesValueUntouched
    case throwingBodyWritesNothing
    case keepDoesNotBumpVersion
    case inPlaceUpdateAndReadMatchUpdateAndGet
    case checkedUpdateChangesOnlyWhenItsCheckSaysSo
    case completionFormsMatchPlainForms
    case anUpdateValueActsAsItsBodyAndCompletion
    case idleSessionExpiresAfterTTL
    case getAndUpdateSlideTheExpiry
    case capacityRefusesNewSessionsOnly
    case concurrentUpdatesLoseNothing
    case codecRoundTrip
    case countAndSweepSeeOnlyLiveSessions
    case closeMakesEveryCallUnavailable
    case readCompletionFormMatchesRead
    case concurrentCompletionCallsReportOnceAndLoseNothing
    case idsOfEveryFormAreDistinctSessions

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
        case .createGetUpdateDelete:
            let created = try store.create(id, Tally(count: 1, note: "one"))
            #expect(created.version == 1)
            #expect(created.value == Tally(count: 1, note: "one"))
            let read = try #require(try store.get(id))
            #expect(read.version == 1)
            #expect(read.value == Tally(count: 1, note: "one"))

            let (updated, result) = try store.update(id, expectedVersion: nil) { tally, _ -> Mutation<Int> in
                tally.count += 41
                tally.note = "forty-two"
                return .write(tally.count)
            }
            #expect(result == 42)
            #expect(updated.version == 2)
            #expect(updated.value == Tally(count: 42, note: "forty-two"))
            #expect(try store.get(id)?.value == Tally(count: 42, note: "forty-two"))
            #expect(try store.get(id)?.version == 2)

            // The body sees the version it is changing, so a caller can record what the write will become.
            let (second, seen) = try store.update(id, expectedVersion: 2) { tally, currentVersion -> Mutation<UInt64> in
                tally.count += 1
                return .write(currentVersion)
            }
            #expect(seen == 2)
            #expect(second.version == 3)

            try store.delete(id, expectedVersion: 3)
            #expect(try store.get(id) == nil)

        case .createTwiceThrowsAlreadyExists:
            _ = try store.create(id, Tally(count: 1, note: "first"))
            #expect(throws: SessionStoreError.alreadyExists) { try store.create(id, Tally(count: 2, note: "second")) }
            #expect(try store.get(id)?.value == Tally(count: 1, note: "first"))
            #expect(try store.get(id)?.version == 1)

        case .absentSessionIsNotFound:
            #expect(try store.get(id) == nil)
            #expect(throws: SessionStoreError.notFound) {
                try store.update(id, expectedVersion: nil) { _, _ -> Mutation<Void> in .write(()) }
            }
            #expect(throws: SessionStoreError.notFound) { try store.delete(id, expectedVersion: nil) }
            _ = try store.create(id, Tally(count: 0, note: ""))
            try store.delete(id, expectedVersion: nil)
            #expect(throws: SessionStoreError.notFound) { try store.delete(id, expectedVersion: nil) }
            #expect(try store.get(id) == nil)

        case .versionMismatchLeavesValueUntouched:
            _ = try store.create(id, Tally(count: 5, note: "five"))
            let ran = Mutex(false)
            #expect(throws: SessionStoreError.versionMismatch(current: 1)) {
                try store.update(id, expectedVersion: 7) { tally, _ -> Mutation<Void> in
                    ran.withLock { $0 = true }
                    tally.count = 0
                    return .write(())
                }
            }
            #expect(ran.withLock { $0 } == false)
            #expect(throws: SessionStoreError.versionMismatch(current: 1)) { try store.delete(id, expectedVersion: 2) }
            let read = try #require(try store.get(id))
            #expect(read.value == Tally(count: 5, note: "five"))
            #expect(read.version == 1)

        case .throwingBodyWritesNothing:
            _ = try store.create(id, Tally(count: 5, note: "five"))
            #expect(throws: BodyFailure()) {
                try store.update(id, expectedVersion: nil) { tally, _ -> Mutation<Void> in
                    tally.count = 99
                    tally.note = "half-done"
                    throw BodyFailure()
                }
            }
            // The next update starts from the stored value too, not from what the failed body left.
            let (updated, seen) = try store.increment(id, expectedVersion: 1)
            #expect(seen == Tally(count: 5, note: "five"))
            #expect(updated.value == Tally(count: 6, note: "five"))
            let read = try #require(try store.get(id))
            #expect(read.value == Tally(count: 6, note: "five"))
            #expect(read.version == 2)

        case .keepDoesNotBumpVersion:
            _ = try store.create(id, Tally(count: 5, note: "five"))
            let (kept, result) = try store.update(id, expectedVersion: 1) { tally, _ -> Mutation<String> in
                tally.count = 6  // discarded: .keep writes nothing
                return .keep("looked")
            }
            #expect(result == "looked")
            #expect(kept.version == 1)
            #expect(kept.value == Tally(count: 5, note: "five"))
            // The next update starts from the stored value, not from what the kept body changed.
            let (_, seen) = try store.update(id, expectedVersion: 1) { tally, _ -> Mutation<Tally> in
                .keep(tally)
            }
            #expect(seen == Tally(count: 5, note: "five"))
            #expect(try store.get(id)?.version == 1)
            #expect(try store.get(id)?.value == Tally(count: 5, note: "five"))

        case .inPlaceUpdateAndReadMatchUpdateAndGet:
            _ = try store.create(id, Tally(count: 0, note: "new"))
            let written = try store.updateInPlace(id, expectedVersion: 1) { tally, version -> Mutation<UInt64> in
                tally.count += 5
                return .write(version)
            }
            #expect(written.version == 2 && written.result == 1)
            let kept = try store.updateInPlace(id, expectedVersion: nil) { tally, _ -> Mutation<Int> in
                tally.count = 99  // discarded: .keep writes nothing
                return .keep(5)
            }
            #expect(kept.version == 2 && kept.result == 5)
            #expect(throws: BodyFailure.self) {
                try store.updateInPlace(id, expectedVersion: nil) { tally, _ -> Mutation<Void> in
                    tally.note = "half-done"
                    throw BodyFailure()
                }
            }
            #expect(throws: SessionStoreError.versionMismatch(current: 2)) {
                try store.updateInPlace(id, expectedVersion: 7) { _, _ -> Mutation<Void> in .write(()) }
            }
            #expect(try store.read(id) { tally, version in "\(tally.count) \(tally.note) v\(version)" } == "5 new v2")
            #expect(try store.get(id)?.value == Tally(count: 5, note: "new"))
            #expect(try store.read(SessionID.random()) { tally, _ in tally.count } == nil)
            #expect(throws: SessionStoreError.notFound) {
                try store.updateInPlace(SessionID.random(), expectedVersion: nil) { _, _ -> Mutation<Void> in .write(()) }
            }

        case .checkedUpdateChangesOnlyWhenItsCheckSaysSo:
            _ = try store.create(id, Tally(count: 1, note: "one"))
            let changed = try store.updateChecked(
                id, expectedVersion: 1,
                check: { tally, version -> Check<String> in tally.count == 1 && version == 1 ? .change : .keep("unexpected") },
                change: { tally, version in
                    tally.count += 10
                    return "changed at \(version)"
                })
            #expect(changed.version == 2 && changed.result == "changed at 1")
            let kept = try store.updateChecked(
                id, expectedVersion: nil, check: { tally, _ -> Check<Int> in .keep(tally.count) },
                change: { tally, _ in
                    tally.count = -1
                    return -1
                })
            #expect(kept.version == 2 && kept.result == 11)
            #expect(throws: BodyFailure.self) {
                try store.updateChecked(id, expectedVersion: nil, check: { _, _ -> Check<Void> in throw BodyFailure() }, change: { tally, _ in tally.note = "changed" })
            }
            #expect(throws: SessionStoreError.versionMismatch(current: 2)) {
                try store.updateChecked(id, expectedVersion: 1, check: { _, _ -> Check<Void> in .change }, change: { tally, _ in tally.note = "changed" })
            }
            #expect(throws: SessionStoreError.notFound) {
                try store.updateChecked(SessionID.random(), expectedVersion: nil, check: { _, _ -> Check<Void> in .change }, change: { _, _ in })
            }
            #expect(try store.get(id)?.value == Tally(count: 11, note: "one"))
            #expect(try store.get(id)?.version == 2)

        case .completionFormsMatchPlainForms:
            let completions = Completions()
            let created = try completions.wait { store.create(id, Tally(count: 1, note: "one"), completion: $0) }
            #expect(created.version == 1 && created.value == Tally(count: 1, note: "one"))
            #expect(throws: SessionStoreError.alreadyExists) {
                try completions.wait { store.create(id, Tally(count: 2, note: "two"), completion: $0) }
            }
            let written = try completions.wait {
                store.updateInPlace(id, expectedVersion: nil, { tally, version -> Mutation<UInt64> in
                    tally.count += 41
                    return .write(version)
                }, completion: $0)
            }
            #expect(written.version == 2 && written.result == 1)
            let checked = try completions.wait {
                store.updateInPlace(id, expectedVersion: 2, { tally, _ -> Mutation<Int> in
                    tally.count += 1
                    return .write(tally.count)
                }, completion: $0)
            }
            #expect(checked.version == 3 && checked.result == 43)
            let kept = try completions.wait {
                store.updateInPlace(id, expectedVersion: 3, { tally, _ -> Mutation<String> in
                    tally.count = 0  // discarded: .keep writes nothing
                    return .keep("looked")
                }, completion: $0)
            }
            #expect(kept.version == 3 && kept.result == "looked")
            #expect(throws: SessionStoreError.versionMismatch(current: 3)) {
                try completions.wait {
                    store.updateInPlace(id, expectedVersion: 7, { _, _ -> Mutation<Void> in .write(()) }, completion: $0)
                }
            }
            #expect(throws: BodyFailure.self) {
                try completions.wait {
                    store.updateInPlace(id, expectedVersion: nil, { tally, _ -> Mutation<Void> in
                        tally.note = "half-done"
                        throw BodyFailure()
                    }, completion: $0)
                }
            }
            #expect(try store.get(id)?.value == Tally(count: 43, note: "one"))
            #expect(try store.get(id)?.version == 3)
            #expect(throws: SessionStoreError.notFound) {
                try completions.wait {
                    store.updateInPlace(SessionID.random(), expectedVersion: nil, { _, _ -> Mutation<Void> in .write(()) }, completion: $0)
                }
            }
            #expect(throws: SessionStoreError.notFound) {
                try completions.wait { store.delete(SessionID.random(), expectedVersion: nil, completion: $0) }
            }
            #expect(throws: SessionStoreError.versionMismatch(current: 3)) {
                try completions.wait { store.delete(id, expectedVersion: 1, completion: $0) }
            }
            try completions.wait { store.delete(id, expectedVersion: 3, completion: $0) }
            #expect(try store.get(id) == nil)
            #expect(throws: SessionStoreError.notFound) {
                try completions.wait { store.delete(id, expectedVersion: nil, completion: $0) }
            }
            store.close()
            func expectUnavailable<T>(_ start: (@escaping @Sendable (Result<T, any Error>) -> Void) -> Void) {
                #expect {
                    try completions.wait(start)
                } throws: { error in
                    guard case .unavailable = error as? SessionStoreError else { return false }
                    return true
                }
            }
            expectUnavailable { store.create(SessionID.random(), Tally(count: 0, note: ""), completion: $0) }
            expectUnavailable { store.updateInPlace(id, expectedVersion: nil, { _, _ -> Mutation<Void> in .write(()) }, completion: $0) }
            expectUnavailable { store.delete(id, expectedVersion: nil, completion: $0) }
            #expect(completions.calls == 15)
            #expect(completions.reportedOnce)

        case .anUpdateValueActsAsItsBodyAndCompletion:
            let completions = Completions()
            _ = try store.create(id, Tally(count: 1, note: "one"))
            let added = try completions.wait { store.updateInPlace(AddToTally(id: id, expectedVersion: 1, amount: 41, report: $0)) }
            #expect(added.version == 2 && added.result == 42)
            let kept = try completions.wait { store.updateInPlace(AddToTally(id: id, expectedVersion: nil, amount: 0, report: $0)) }
            #expect(kept.version == 2 && kept.result == 42)
            #expect(throws: SessionStoreError.versionMismatch(current: 2)) {
                try completions.wait { store.updateInPlace(AddToTally(id: id, expectedVersion: 1, amount: 1, report: $0)) }
            }
            #expect(throws: BodyFailure.self) {
                try completions.wait { store.updateInPlace(AddToTally(id: id, expectedVersion: nil, amount: -1, report: $0)) }
            }
            #expect(throws: SessionStoreError.notFound) {
                try completions.wait { store.updateInPlace(AddToTally(id: SessionID.random(), expectedVersion: nil, amount: 1, report: $0)) }
            }
            let read = try #require(try store.get(id))
            #expect(read.value == Tally(count: 42, note: "one") && read.version == 2)
            store.close()
            #expect {
                try completions.wait { store.updateInPlace(AddToTally(id: id, expectedVersion: nil, amount: 1, report: $0)) }
            } throws: { error in
                guard case .unavailable = error as? SessionStoreError else { return false }
                return true
            }
            #expect(completions.calls == 6)
            #expect(completions.reportedOnce)

        case .idleSessionExpiresAfterTTL:
            _ = try store.create(id, Tally(count: 1, note: ""))
            clock.advance(by: Self.ttl * 0.9)
            #expect(try store.count() == 1)
            clock.advance(by: Self.ttl * 0.2)
            #expect(try store.get(id) == nil)
            #expect(throws: SessionStoreError.notFound) {
                try store.update(id, expectedVersion: nil) { _, _ -> Mutation<Void> in .write(()) }
            }
            #expect(try store.count() == 0)
            // An expired id is free again.
            let again = try store.create(id, Tally(count: 2, note: "again"))
            #expect(again.version == 1)
            #expect(try store.get(id)?.value == Tally(count: 2, note: "again"))

        case .getAndUpdateSlideTheExpiry:
            _ = try store.create(id, Tally(count: 1, note: ""))
            clock.advance(by: Self.ttl * 0.6)
            #expect(try store.get(id) != nil)
            clock.advance(by: Self.ttl * 0.6)  // 1.2 TTL after create, 0.6 after the read
            #expect(try store.get(id) != nil)
            clock.advance(by: Self.ttl * 0.6)
            #expect(try store.read(id) { tally, _ in tally.count } == 1)
            clock.advance(by: Self.ttl * 0.6)  // 0.6 TTL after that read
            _ = try store.update(id, expectedVersion: nil) { _, _ -> Mutation<Void> in .keep(()) }
            clock.advance(by: Self.ttl * 0.6)
            _ = try store.updateInPlace(id, expectedVersion: nil) { _, _ -> Mutation<Void> in .keep(()) }
            clock.advance(by: Self.ttl * 0.6)
            _ = try store.update(id, expectedVersion: nil) { tally, _ -> Mutation<Void> in
                tally.count += 1
                return .write(())
            }
            clock.advance(by: Self.ttl * 0.6)
            #expect(try store.get(id)?.value.count == 2)
            clock.advance(by: Self.ttl * 1.01)
            #expect(try store.get(id) == nil)

        case .capacityRefusesNewSessionsOnly:
            let first = [SessionID.random(), SessionID.random(), SessionID.random()]
            for (index, session) in first.enumerated() { _ = try store.create(session, Tally(count: index, note: "")) }
            #expect(throws: SessionStoreError.capacityReached) { try store.create(id, Tally(count: 9, note: "")) }
            #expect(try store.get(id) == nil)
            for session in first { #expect(try store.get(session) != nil) }  // live sessions are never dropped
            try store.delete(first[0], expectedVersion: nil)
            _ = try store.create(id, Tally(count: 9, note: ""))
            #expect(throws: SessionStoreError.capacityReached) { try store.create(SessionID.random(), Tally(count: 0, note: "")) }
            // Expired sessions make room.
            clock.advance(by: Self.ttl * 2)
            _ = try store.create(SessionID.random(), Tally(count: 0, note: ""))
            #expect(try store.count() == 1)

        case .concurrentUpdatesLoseNothing:
            _ = try store.create(id, Tally(count: 0, note: ""))
            let threads = 16
            let perThread = backend.updatesPerThread
            let failures = Mutex<[String]>([])
            onThreads(threads) { _ in
                for _ in 0..<perThread {
                    do {
                        _ = try store.update(id, expectedVersion: nil) { tally, _ -> Mutation<Void> in
                            tally.count += 1
                            return .write(())
                        }
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
                _ = try store.create(session, value)
                #expect(try store.get(session)?.value == value)
            }
            _ = try store.create(id, values[0])
            for value in values {
                _ = try store.update(id, expectedVersion: nil) { tally, _ -> Mutation<Void> in
                    tally = value
                    return .write(())
                }
                #expect(try store.get(id)?.value == value)
            }

        case .countAndSweepSeeOnlyLiveSessions:
            #expect(try store.count() == 0)
            #expect(try store.sweepExpired() == 0)
            for _ in 0..<5 { _ = try store.create(SessionID.random(), Tally(count: 0, note: "")) }
            clock.advance(by: Self.ttl * 0.5)
            let kept = [SessionID.random(), SessionID.random()]
            for session in kept { _ = try store.create(session, Tally(count: 1, note: "")) }
            #expect(try store.count() == 7)
            clock.advance(by: Self.ttl * 0.6)  // the first five are now past their TTL
            #expect(try store.count() == 2)
            #expect(try store.sweepExpired() == 5)
            #expect(try store.sweepExpired() == 0)
            #expect(try store.count() == 2)
            for session in kept { #expect(try store.get(session)?.value.count == 1) }

        case .closeMakesEveryCallUnavailable:
            _ = try store.create(id, Tally(count: 1, note: ""))
            try store.checkHealth()
            store.close()
            store.close()  // closing twice is harmless
            func expectUnavailable(_ call: () throws -> Void) {
                #expect {
                    try call()
                } throws: { error in
                    guard case .unavailable = error as? SessionStoreError else { return false }
                    return true
                }
            }
            expectUnavailable { try store.checkHealth() }
            expectUnavailable { _ = try store.get(id) }
            expectUnavailable { _ = try store.create(SessionID.random(), Tally(count: 0, note: "")) }
            expectUnavailable { _ = try store.update(id, expectedVersion: nil) { _, _ -> Mutation<Void> in .write(()) } }
            expectUnavailable { try store.delete(id, expectedVersion: nil) }
            expectUnavailable { _ = try store.count() }
            expectUnavailable { try store.sweepExpired() }

        case .readCompletionFormMatchesRead:
            let completions = Completions()
            _ = try store.create(id, Tally(count: 3, note: "three"))
            _ = try store.update(id, expectedVersion: 1) { tally, _ -> Mutation<Void> in
                tally.count += 1
                return .write(())
            }
            let describe: @Sendable (borrowing Tally, UInt64) -> String = { tally, version in "\(tally.count) \(tally.note) v\(version)" }
            let read = try completions.wait { store.read(id, describe, completion: $0) }
            #expect(read == "4 three v2")
            #expect(read == (try store.read(id, describe)))
            #expect(try completions.wait { store.read(SessionID.random(), describe, completion: $0) } == nil)
            #expect(throws: BodyFailure.self) {
                try completions.wait { store.read(id, { _, _ -> Int in throw BodyFailure() }, completion: $0) }
            }
            // It slides the expiry like `read`.
            clock.advance(by: Self.ttl * 0.6)
            #expect(try completions.wait { store.read(id, { tally, _ in tally.count }, completion: $0) } == 4)
            clock.advance(by: Self.ttl * 0.6)
            #expect(try store.get(id)?.version == 2)
            clock.advance(by: Self.ttl * 1.01)
            #expect(try completions.wait { store.read(id, describe, completion: $0) } == nil)
            store.close()
            #expect {
                try completions.wait { store.read(id, describe, completion: $0) }
            } throws: { error in
                guard case .unavailable = error as? SessionStoreError else { return false }
                return true
            }
            #expect(completions.calls == 6)
            #expect(completions.reportedOnce)

        case .concurrentCompletionCallsReportOnceAndLoseNothing:
            // Several threads start completion-form calls without waiting for them: increments spread over a few
            // sessions, reads of them, and creates and deletes of sessions of their own.
            let sessions = (0..<4).map { _ in SessionID.random() }
            for session in sessions { _ = try store.create(session, Tally(count: 0, note: "")) }
            let threads = 8
            let perThread = backend.completionCallsPerThread
            let ledger = CompletionLedger()
            onThreads(threads) { thread in
                for call in 0..<perThread {
                    let session = sessions[(thread + call) % sessions.count]
                    switch call % 4 {
                    case 0, 1:
                        let report = ledger.expect(.update(session))
                        store.updateInPlace(session, expectedVersion: nil, { tally, version -> Mutation<UInt64> in
                            tally.count += 1
                            return .write(version + 1)
                        }, completion: { result in report(result.map { .updated($0.version, $0.result) }) })
                    case 2:
                        let report = ledger.expect(.read(session))
                        store.read(session, { tally, version in (tally.count, version) }, completion: { result in
                            report(result.map { .read($0?.0, $0?.1) })
                        })
                    default:
                        let own = SessionID.random()
                        let report = ledger.expect(.createThenDelete(own))
                        store.create(own, Tally(count: thread, note: "own"), completion: { result in
                            guard case .success(let created) = result, created.version == 1, created.value.count == thread else {
                                return report(result.map { _ in .created })
                            }
                            store.delete(own, expectedVersion: 1, completion: { result in report(result.map { .deleted }) })
                        })
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
                _ = try store.create(id, Tally(count: lengths[index], note: id.rawValue))
            }
            _ = try store.update(ids[6], expectedVersion: 1) { tally, _ -> Mutation<Void> in
                tally.count = -1
                return .write(())
            }
            try store.delete(ids[7], expectedVersion: nil)
            for (index, id) in ids.enumerated() {
                let read = try store.get(id)
                switch index {
                case 6: #expect(read?.value == Tally(count: -1, note: id.rawValue) && read?.version == 2)
                case 7: #expect(read == nil)
                default: #expect(read?.value == Tally(count: lengths[index], note: id.rawValue) && read?.version == 1)
                }
            }
            #expect(try store.count() == ids.count - 1)
        }
    }
}

extension Backend {
    /// Completion-form calls each thread starts in `concurrentCompletionCallsReportOnceAndLoseNothing`.
    var completionCallsPerThread: Int {
        switch self {
        case .memory: 400
        case .sqlite: 40
        case .redis: 200
        }
    }
}

/// The completion-form calls a test started and what each reported, to check that every call reports exactly once.
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

    private let state = Mutex<[Report]>([])
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

@Suite(.enabled(if: Backend.redisURL != nil, "CALC_TEST_REDIS_URL is not set (scripts/test starts a redis-server and sets it)"))
struct RedisSessionStoreContractTests {
    @Test(arguments: ContractCase.allCases)
    func contract(_ contractCase: ContractCase) throws {
        try contractCase.run(on: .redis)
    }
}
