import CalculatorEngine
@testable import CalculatorService
import Foundation
import HTTPServer
import Logging
import SessionStore
import TestSupport
import Testing

/// The watchers' hub and its streams over a real HTTP server in this process: orders the tests cannot make happen
/// through the API, and the heartbeat, whose interval the command line does not set.
@Suite(.serialized) struct SessionWatchersTests {
    /// A hub on a memory store holding one session at version 1, served at /events by an HTTP server.
    final class Fixture {
        let store = MemorySessionStore<SessionRecord>()
        let watchers: SessionWatchers
        let server: Server
        let id = SessionID("watched")!

        init(heartbeat: Duration = .seconds(15)) throws {
            let store = store
            let id = id
            store.create(id, SessionRecord(state: CalculatorState())) { _ in }
            let watchers = try SessionWatchers(
                limits: .init(perSession: 0, perClient: 0), heartbeat: heartbeat, sessions: SessionStoreOptions(),
                metrics: ServiceMetrics(store: "memory"), lookups: SessionLookups(store), feed: nil)
            self.watchers = watchers
            var configuration = ServerConfiguration()
            configuration.port = 0
            configuration.threads = 1
            server = Server(configuration: configuration) { request in
                let lastEventID = request.headers[HeaderName("Last-Event-ID")].flatMap { UInt64($0) }
                return Response.awaiting { deliver in
                    store.read(id) { result in
                        guard let stored = try? result.get(), let stream = try? watchers.watch(id, stored, lastEventID: lastEventID, client: "test")
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

    @Test func closingEndsEveryStream() throws {
        let fixture = try Fixture()
        let watcher = try EventStreamClient(port: fixture.server.port, path: "/events")
        #expect(try watcher.next()?.version == 1)
        fixture.watchers.close()
        #expect(try watcher.next() == nil)
        #expect(!fixture.watchers.isWatched(fixture.id))
    }
}
