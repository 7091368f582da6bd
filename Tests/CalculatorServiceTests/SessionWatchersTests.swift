import CalculatorEngine
@testable import CalculatorService
import Foundation
import HTTPServer
import Logging
import SessionStore
import TestSupport
import Threading
import Testing

/// The watchers' hub and its streams over a real HTTP server in this process: orders the tests cannot make happen
/// through the API, and the heartbeat, whose interval the command line does not set.
@Suite(.serialized) struct SessionWatchersTests {
    /// A hub on a memory store holding one session at version 1, served at /events by an HTTP server, on a clock the
    /// test may move ahead. A client that sends `Token-Expires-At` watches as one whose token expires then.
    final class Fixture {
        let store = MemorySessionStore<SessionRecord>()
        let watchers: SessionWatchers
        let server: Server
        let id = SessionID("watched")!
        let clock = Clock()

        /// The wall clock, moved ahead by what the test says (the heartbeat goes by the clock too).
        final class Clock: Sendable {
            private let ahead = Lock<Double>(0)

            func now() -> Double { SessionStoreOptions.wallClock() + ahead.withLock { $0 } }
            func advance(by seconds: Double) { ahead.withLock { $0 += seconds } }
        }

        init(heartbeat: Duration = .seconds(15)) throws {
            let store = store
            let id = id
            store.create(id, SessionRecord(state: CalculatorState())) { _ in }
            let watchers = try SessionWatchers(
                limits: .init(perSession: 0, perClient: 0), heartbeat: heartbeat, sessions: SessionStoreOptions(now: clock.now),
                metrics: ServiceMetrics(store: "memory"), lookups: SessionLookups(store), feed: nil)
            self.watchers = watchers
            var configuration = ServerConfiguration()
            configuration.port = 0
            configuration.threads = 1
            server = Server(configuration: configuration) { request in
                let lastEventID = request.headers[HeaderName("Last-Event-ID")].flatMap { UInt64($0) }
                let expiresAt = request.headers[HeaderName("Token-Expires-At")].flatMap { Double($0) } ?? 0
                return Response.awaiting { deliver in
                    store.read(id) { result in
                        guard let stored = try? result.get(),
                            let stream = try? watchers.watch(
                                id, stored, lastEventID: lastEventID, client: "test", holderExpiresAt: expiresAt)
                        else { return deliver(Response(status: 500)) }
                        deliver(.stream(stream))
                    }
                }
            }
            try server.start()
        }

        deinit {
            watchers.close()
            server.shutdown(drainTimeout: .zero)
        }

        /// A session whose display is `digit`.
        func record(showing digit: String) -> SessionRecord {
            var state = CalculatorState()
            var random = SystemRandom()
            state.apply(Key(name: digit)!, random: &random)
            return SessionRecord(state: state)
        }
    }

    @Test func anEventOlderThanTheLastOneSentIsDropped() throws {
        let fixture = try Fixture()
        let watcher = try EventStreamClient(port: fixture.server.port, path: "/events")
        #expect(try watcher.next()?.version == 1)
        let three = fixture.record(showing: "3")
        fixture.watchers.changed(fixture.id, version: 3, record: three)
        fixture.watchers.changed(fixture.id, version: 2, record: fixture.record(showing: "2"))
        fixture.watchers.changed(fixture.id, version: 3, record: three)
        fixture.watchers.changed(fixture.id, version: 4, record: fixture.record(showing: "4"))
        #expect(try watcher.next()?.json?["display"] as? String == "3")
        let fourth = try watcher.next()
        #expect(fourth?.version == 4)
        #expect(fourth?.json?["display"] as? String == "4")
        // A watcher joining now starts at the last version sent, newer than the store's.
        let late = try EventStreamClient(port: fixture.server.port, path: "/events")
        #expect(try late.next()?.version == 4)
    }

    @Test func anIdleStreamGetsAHeartbeatComment() throws {
        let fixture = try Fixture(heartbeat: .seconds(1))
        let watcher = try EventStreamClient(port: fixture.server.port, path: "/events")
        #expect(try watcher.next(comments: true)?.version == 1)
        #expect(try watcher.next(comments: true)?.name == ":")
        #expect(try watcher.next(comments: true)?.name == ":")
    }

    /// A stream opened with a token that expires ends when it does, with the event a revocation sends, at the
    /// upkeep's first turn from then; until then it gets every version, and a stream opened otherwise goes on.
    @Test func aTokensExpiryEndsTheStreamsItOpened() throws {
        let fixture = try Fixture()
        let expiring = try EventStreamClient(
            port: fixture.server.port, path: "/events", headers: [("Token-Expires-At", String(fixture.clock.now() + 60))])
        #expect(try expiring.next()?.version == 1)
        let lasting = try EventStreamClient(port: fixture.server.port, path: "/events")
        #expect(try lasting.next()?.version == 1)

        fixture.clock.advance(by: 50)
        fixture.watchers.runUpkeep()
        fixture.watchers.changed(fixture.id, version: 2, record: fixture.record(showing: "2"))
        #expect(try expiring.next()?.version == 2)
        fixture.clock.advance(by: 10)
        fixture.watchers.runUpkeep()
        #expect(try expiring.next()?.name == "revoked")
        #expect(try expiring.next() == nil)

        fixture.watchers.changed(fixture.id, version: 3, record: fixture.record(showing: "3"))
        #expect(try lasting.next()?.version == 2)
        #expect(try lasting.next()?.version == 3)
    }

    @Test func closingEndsEveryStream() throws {
        let fixture = try Fixture()
        let watcher = try EventStreamClient(port: fixture.server.port, path: "/events")
        #expect(try watcher.next()?.version == 1)
        fixture.watchers.close()
        #expect(try watcher.next() == nil)
        #expect(!fixture.watchers.isWatched(fixture.id))
    }
}
