import Dispatch
import Foundation
import SessionStore
import Synchronization
import Threading
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Polls `condition` every millisecond; gives up with an issue after about two minutes instead of hanging the run.
private func waitUntil(_ condition: () -> Bool) {
    for _ in 0..<120_000 {
        if condition() { return }
        usleep(1_000)
    }
    Issue.record("the condition never came true")
}

@Suite struct RedisSessionStoreTests {
    @Test(arguments: ["redis://", "http://localhost:6379", "redis://host:notaport", "redis://host:70000", "redis://host:6379/x", "redis://:6379"])
    func rejectsInvalidURLs(_ url: String) {
        #expect(throws: SessionStoreError.self) { _ = try RedisSessionStore(url: url, codec: Tally.codec) }
    }

    @Test func unreachableServerIsUnavailable() throws {
        let closed = try ClosedPort()
        let store = try RedisSessionStore(url: "redis://127.0.0.1:\(closed.port)/3", codec: Tally.codec)
        defer { store.close(); withExtendedLifetime(closed) {} }
        #expect { try store.checkHealth() } throws: { isUnavailable($0) }
        #expect { try store.create(SessionID.random(), Tally(count: 0, note: "")) } throws: { isUnavailable($0) }
        #expect { _ = try store.get(SessionID.random()) } throws: { isUnavailable($0) }
    }

    @Test(.enabled(if: RedisServer.isAvailable, "redis-server is not installed (apt-get install redis-server)"))
    func recoversAfterRedisRestartsWithTheSameStore() throws {
        let server = try RedisServer(keepsWrites: false)
        defer { server.stop() }
        let store = try RedisSessionStore(url: server.url, codec: Tally.codec)
        defer { store.close() }

        let id = SessionID.random()
        try store.create(id, Tally(count: 1, note: ""))
        for _ in 0..<8 { #expect(try store.get(id)?.value.count == 1) }
        try store.checkHealth()
        try store.sweepExpired()  // both connections (the pipeline's and the sweep's) are open now

        // A restart while the store is idle: each connection is stale, and the first call on it must reconnect
        // transparently. The server keeps nothing (--save ""), so the session is gone.
        server.stop()
        try server.start()
        for _ in 0..<8 { #expect(try store.get(id) == nil) }
        #expect(try store.count() == 0)
        try store.create(id, Tally(count: 10, note: "after restart"))

        // An outage: every call fails with .unavailable and nothing is half-written.
        server.stop()
        #expect { try store.checkHealth() } throws: { isUnavailable($0) }
        #expect { _ = try store.get(id) } throws: { isUnavailable($0) }
        #expect { try store.create(SessionID.random(), Tally(count: 0, note: "")) } throws: { isUnavailable($0) }
        #expect {
            try store.update(id) { tally, _ in
                tally.count += 1
            }
        } throws: { isUnavailable($0) }
        #expect { try store.delete(id, expectedVersion: nil) } throws: { isUnavailable($0) }
        #expect { _ = try store.count() } throws: { isUnavailable($0) }

        // Redis is back: after the store's 250 ms reconnect pause, the same store object serves again.
        try server.start()
        usleep(300_000)
        try store.checkHealth()
        let again = SessionID.random()
        try store.create(again, Tally(count: 1, note: ""))
        let (version, _) = try store.update(again, expectedVersion: 1) { tally, _ in
            tally.count += 1
        }
        #expect(version == 2)
        #expect(try store.get(again)?.value.count == 2)
        #expect(try store.count() == 1)
    }

    /// Each call reports once (`waitFor` records an issue for a second report).
    @Test func unreachableServerFailsEveryCallOnce() throws {
        let closed = try ClosedPort()
        let store = try RedisSessionStore(url: "redis://127.0.0.1:\(closed.port)", codec: Tally.codec)
        defer { store.close(); withExtendedLifetime(closed) {} }
        let id = SessionID.random()
        // The first call waits for a failed connect, the others fail within the 250 ms pause without trying.
        for _ in 0..<3 {
            expectUnavailable { try store.create(id, Tally(count: 0, note: "")) }
            expectUnavailable { _ = try store.get(id) }
            expectUnavailable { _ = try store.increment(id) }
            expectUnavailable { try store.delete(id) }
        }
    }

    /// Redis restarts (a crash: SIGKILL, and it keeps nothing) while threads keep pressing: every call reports
    /// exactly once, a press either lands or fails with `.unavailable` (or `.notFound` once the restarted server has
    /// forgotten the session, or `.outcomeUnknown` when it was in flight as Redis died), and the same store serves
    /// again afterwards.
    @Test(.enabled(if: RedisServer.isAvailable, "redis-server is not installed (apt-get install redis-server)"))
    func pressesRecoverWhenRedisRestartsMidRun() throws {
        let server = try RedisServer(keepsWrites: false)
        defer { server.stop() }
        let store = try RedisSessionStore(url: server.url, codec: Tally.codec)
        defer { store.close() }
        let sessions = (0..<4).map { _ in SessionID.random() }
        for session in sessions { try store.create(session, Tally(count: 0, note: "")) }

        let running = Atomic<Bool>(true)
        struct Outcomes {
            var written = 0, unavailable = 0, notFound = 0, unknown = 0
            var other: [String] = []
        }
        let outcomes = Lock(Outcomes())
        let restarted = DispatchSemaphore(value: 0)
        let pressers = Thread {
            onThreads(4) { thread in
                while running.load(ordering: .relaxed) {
                    do {
                        let session = sessions[thread]
                        _ = try store.increment(session)
                        outcomes.withLock { $0.written += 1 }
                    } catch SessionStoreError.unavailable {
                        outcomes.withLock { $0.unavailable += 1 }
                    } catch SessionStoreError.notFound {
                        outcomes.withLock { $0.notFound += 1 }
                    } catch SessionStoreError.outcomeUnknown {
                        outcomes.withLock { $0.unknown += 1 }
                    } catch {
                        outcomes.withLock { $0.other.append("\(error)") }
                    }
                }
            }
            restarted.signal()
        }
        pressers.start()
        waitUntil { outcomes.withLock { $0.written } >= 200 }
        server.stop()
        waitUntil { outcomes.withLock { $0.unavailable } >= 4 }
        try server.start()
        usleep(300_000)  // past the store's reconnect pause
        let writtenBefore = outcomes.withLock { $0.written + $0.notFound }
        waitUntil { outcomes.withLock { $0.written + $0.notFound } >= writtenBefore + 40 }
        running.store(false, ordering: .relaxed)
        restarted.wait()

        let final = outcomes.withLock { $0 }
        #expect(final.other == [])
        #expect(final.unknown <= 4, "only the presses in flight when Redis died may have an unknown outcome")
        #expect(final.unavailable >= 4)
        #expect(final.notFound > 0)  // the restarted server kept nothing
        // The same store serves again: a session created now takes presses.
        let again = SessionID.random()
        try store.create(again, Tally(count: 0, note: "after"))
        let pressed = try store.update(again, expectedVersion: 1) { tally, version in
            tally.count += 1
            return version
        }
        #expect(pressed.version == 2 && pressed.output == 1)
        let read = try #require(try store.get(again))
        #expect(read.value == Tally(count: 1, note: "after") && read.version == 2)
    }

    /// Closing while calls are queued: each still reports exactly once, the queued ones with their
    /// result (closing lets the pipeline answer what it took) and later ones with `.unavailable`.
    @Test(.enabled(if: RedisServer.isAvailable, "redis-server is not installed (apt-get install redis-server)"))
    func closingWithCallsInFlightReportsEachOnce() throws {
        let server = try RedisServer(keepsWrites: false)
        defer { server.stop() }
        let store = try RedisSessionStore(url: server.url, codec: Tally.codec)
        let id = SessionID.random()
        try store.create(id, Tally(count: 0, note: ""))
        struct Reports {
            var calls: [Int] = []
            var written = 0, unavailable = 0
            var other: [String] = []
        }
        let reports = Lock(Reports())
        let started = 2_000
        let arrived = DispatchSemaphore(value: 0)
        for call in 0..<started {
            reports.withLock { $0.calls.append(0) }
            store.startIncrement(id) { result in
                reports.withLock { reports in
                    reports.calls[call] += 1
                    switch result {
                    case .success: reports.written += 1
                    case .failure(SessionStoreError.unavailable): reports.unavailable += 1
                    case .failure(let error): reports.other.append("\(error)")
                    }
                }
                arrived.signal()
            }
            if call == started / 2 { DispatchQueue.global().async { store.close() } }
        }
        for _ in 0..<started { arrived.wait() }
        store.close()
        let final = reports.withLock { $0 }
        #expect(final.calls.allSatisfy { $0 == 1 })
        #expect(final.other == [])
        #expect(final.written + final.unavailable == started)
        // What was acknowledged is what is stored.
        let reader = try RedisSessionStore(url: server.url, codec: Tally.codec)
        defer { reader.close() }
        #expect(try reader.get(id)?.value.count == final.written)
    }

    /// Closing while thousands of updates of one session wait behind the one in flight: each is refused at once, and
    /// each reports once. The next update starts when the last ends; started from inside the last one's report, as
    /// it was, the refusals nested one inside the other until the pipeline thread's stack overflowed.
    @Test(.enabled(if: RedisServer.isAvailable, "redis-server is not installed (apt-get install redis-server)"))
    func closingWithThousandsWaitingOnOneSessionReportsEachOnce() throws {
        let server = try RedisServer(keepsWrites: false)
        defer { server.stop() }
        let store = try RedisSessionStore(url: server.url, codec: Tally.codec)
        let id = SessionID.random()
        try store.create(id, Tally(count: 0, note: ""))
        let started = 20_000
        let reported = Atomic<Int>(0)
        let allReported = DispatchSemaphore(value: 0)
        for _ in 0..<started {
            store.startIncrement(id) { _ in
                if reported.add(1, ordering: .relaxed).newValue == started { allReported.signal() }
            }
        }
        store.close()
        allReported.wait()
        #expect(reported.load(ordering: .relaxed) == started)
    }

    /// Redis forgets its scripts (SCRIPT FLUSH, or a restart the connection did not notice): the pipeline's next call
    /// is answered NOSCRIPT, did nothing, and goes out again after the script is loaded again.
    @Test(.enabled(if: RedisServer.cli != nil, "redis-server or redis-cli is not installed"))
    func pipelineLoadsScriptsAgainAfterRedisForgetsThem() throws {
        let server = try RedisServer(keepsWrites: false)
        defer { server.stop() }
        let store = try RedisSessionStore(url: server.url, codec: Tally.codec)
        defer { store.close() }
        let id = SessionID.random()
        try store.create(id, Tally(count: 0, note: ""))
        for round in 1...3 {
            try server.run("SCRIPT", "FLUSH")
            let written = try store.update(id) { tally, _ in
                tally.count += 1
                return tally.count
            }
            #expect(written.version == UInt64(round + 1) && written.output == round)
            try server.run("SCRIPT", "FLUSH")
            #expect(try store.get(id)?.value.count == round)
        }
        #expect(try store.get(id)?.value.count == 3)
    }

    @Test(.enabled(if: RedisServer.isAvailable, "redis-server is not installed (apt-get install redis-server)"))
    func twoStoresOnOneServerShareSessionsAndLoseNoUpdate() throws {
        // Two store objects stand in for two service instances: each has its own connections and token prefix.
        let server = try RedisServer(keepsWrites: false)
        defer { server.stop() }
        let first = try RedisSessionStore(url: server.url + "/2", codec: Tally.codec)
        let second = try RedisSessionStore(url: server.url + "/2", codec: Tally.codec)
        defer { first.close(); second.close() }
        let id = SessionID.random()
        try first.create(id, Tally(count: 0, note: "shared"))
        #expect(try second.get(id)?.value == Tally(count: 0, note: "shared"))
        #expect(throws: SessionStoreError.alreadyExists) { try second.create(id, Tally(count: 0, note: "")) }

        let stores = [first, second]
        onThreads(8) { thread in
            for _ in 0..<100 {
                _ = try? stores[thread % 2].update(id) { tally, _ in
                    tally.count += 1
                }
            }
        }
        #expect(try first.get(id)?.value.count == 800)
        #expect(try second.get(id)?.version == 801)
        #expect(try first.count() == 1)
    }

    /// The one-round-trip update writes only over the very record this instance knows: not over another instance's
    /// write, nor over a session deleted and created again (same id, another write token and a later version).
    @Test(.enabled(if: RedisServer.isAvailable, "redis-server is not installed (apt-get install redis-server)"))
    func knownRecordIsWrittenOverOnlyWhileItIsStillStored() throws {
        let server = try RedisServer(keepsWrites: false)
        defer { server.stop() }
        let first = try RedisSessionStore(url: server.url + "/3", codec: Tally.codec)
        let second = try RedisSessionStore(url: server.url + "/3", codec: Tally.codec)
        defer { first.close(); second.close() }
        func increment(_ store: RedisSessionStore<Tally>, _ id: SessionID) throws -> Versioned<Tally> {
            let (version, value) = try store.update(id) { tally, _ in
                tally.count += 1
                return tally
            }
            return Versioned(value: value, version: version)
        }
        let id = SessionID.random()
        try first.create(id, Tally(count: 0, note: "first"))
        #expect(try increment(first, id).value == Tally(count: 1, note: "first"))

        // Another instance writes: the first one's known record is stale.
        #expect(try increment(second, id).value == Tally(count: 2, note: "first"))
        let afterOther = try increment(first, id)
        #expect(afterOther.value == Tally(count: 3, note: "first"))
        #expect(afterOther.version == 4)

        // Deleted and created again by the other instance, at version 2, above the record the first one knows.
        let reborn = SessionID.random()
        try first.create(reborn, Tally(count: 0, note: "first"))
        try second.delete(reborn, expectedVersion: nil)
        try second.create(reborn, Tally(count: 100, note: "again"))
        let recreated = try increment(first, reborn)
        #expect(recreated.value == Tally(count: 101, note: "again"))
        #expect(recreated.version == 3)

        // Deleted by the other instance: not found, not written back.
        try second.delete(id, expectedVersion: nil)
        #expect(throws: SessionStoreError.notFound) { try increment(first, id) }
        #expect(try second.get(id) == nil)

        // An expected version checks against the stored record, known or not.
        let fresh = SessionID.random()
        try first.create(fresh, Tally(count: 0, note: ""))
        _ = try increment(second, fresh)
        #expect(throws: SessionStoreError.versionMismatch(current: 2)) {
            try first.update(fresh, expectedVersion: 1) { _, _ in }
        }
    }
}
