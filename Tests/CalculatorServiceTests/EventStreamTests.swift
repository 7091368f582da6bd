import Foundation
import TestSupport
import Testing

/// Two instances on one private redis-server (or the shared cluster), a session made on the first, and a watcher of
/// it on the second that has its first event.
final class TwoInstances {
    /// The private redis-server; nil on the cluster.
    let redis: RedisServer?
    let first: ServerProcess
    let second: ServerProcess
    let client: HTTPClient
    let id: String
    let watcher: EventStreamClient

    init(_ shared: SharedRedis = .server) throws {
        let flags: [String]
        (flags, redis) = try shared.start()
        first = try ServerProcess(flags)
        second = try ServerProcess(flags)
        client = try first.client()
        id = try EventStreamTests.createSession(client)
        watcher = try EventStreamClient(port: second.port, path: "/sessions/\(id)/events")
        #expect(try watcher.next()?.version == 1)
    }
}

/// GET /sessions/{id}/events against the live binary: what watchers see, across instances, and the limits.
@Suite struct EventStreamTests {
    static func createSession(_ client: HTTPClient, headers: [(String, String)] = []) throws -> String {
        try #require(try client.send("POST", "/sessions", headers: headers).json?["id"] as? String)
    }

    @discardableResult
    static func press(_ client: HTTPClient, _ id: String, _ key: String) throws -> HTTPResponse {
        let response = try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"\#(key)"}"#)
        #expect(response.status == 200)
        return response
    }

    @Test(arguments: TestStore.allCases) func twoWatchersSeeEveryVersionInOrder(_ store: TestStore) throws {
        let server = try ServerProcess(store: store)
        let client = try server.client()
        let id = try Self.createSession(client)
        let watchers = try (0..<2).map { _ in try EventStreamClient(port: server.port, path: "/sessions/\(id)/events") }
        for watcher in watchers {
            #expect(watcher.head.status == 200)
            #expect(watcher.head.header("Content-Type") == "text/event-stream")
            #expect(watcher.head.header("Cache-Control") == "no-store")
            let first = try #require(try watcher.next())
            #expect(first.id == "1")
            #expect(first.version == 1)
            #expect(first.json?["display"] as? String == "0")
        }
        let keys = ["1", "2", "+", "3", "="]
        var displays: [String] = []
        for key in keys {
            displays.append(try Self.press(client, id, key).json?["display"] as? String ?? "")
        }
        #expect(try client.send("PATCH", "/sessions/\(id)", json: #"{"angle":"rad"}"#).status == 200)
        for watcher in watchers {
            let events = try watcher.events(through: 7)
            #expect(events.map(\.id) == (2...7).map { String($0) })
            #expect(events.map(\.version) == Array(2...7))
            #expect(events.prefix(5).map { $0.json?["display"] as? String } == displays)
            #expect(events.last?.json?["angle"] as? String == "rad")
            // The session read's very bytes: its display, settings and version.
            let read = String(decoding: try client.send("GET", "/sessions/\(id)").body, as: UTF8.self)
            #expect(events.last?.data == read)
        }
    }

    /// Programmer mode's display has members of its own (radix, word, the value in every radix): an event has them
    /// too, with the same values as the session read, and a mode changed by PATCH shows in the next event.
    @Test func aProgrammerModeEventIsTheSessionRead() throws {
        let server = try ServerProcess()
        let client = try server.client()
        let created = try client.send("POST", "/sessions", json: #"{"mode":"programmer","radix":"hex","word":8}"#)
        let id = try #require(created.json?["id"] as? String)
        let watcher = try EventStreamClient(port: server.port, path: "/sessions/\(id)/events")
        #expect(try watcher.next()?.json?["radix"] as? String == "hex")
        for key in ["F", "F", "sto", "x"] { try Self.press(client, id, key) }
        let event = try #require(try watcher.events(through: 5).last)
        #expect((event.json?["radixes"] as? [String: Any])?["dec"] as? String == "-1")
        let read = String(decoding: try client.send("GET", "/sessions/\(id)").body, as: UTF8.self)
        #expect(event.data == read)
        #expect(try client.send("PATCH", "/sessions/\(id)", json: #"{"mode":"scientific"}"#).status == 200)
        let scientific = try #require(try watcher.events(through: 6).last?.json)
        #expect(scientific["radix"] == nil && scientific["radixes"] == nil)
        #expect(scientific["mode"] as? String == "scientific")
    }

    /// A mirror follows the owner's settings: a change of mode, digits, format and locale is an event that carries
    /// them, as the session read does.
    @Test func settingsChangesAreEventsThatCarryTheSettings() throws {
        let server = try ServerProcess()
        let client = try server.client()
        let id = try Self.createSession(client)
        let watcher = try EventStreamClient(port: server.port, path: "/sessions/\(id)/events")
        let first = try #require(try watcher.next()?.json)
        #expect(first["mode"] as? String == "scientific" && first["digits"] as? Int == 16 && first["id"] as? String == id)
        let patch = #"{"mode":"immediate","digits":32,"notation":"fixed","decimals":3,"locale":"de-DE","angle":"rad"}"#
        #expect(try client.send("PATCH", "/sessions/\(id)", json: patch).status == 200)
        let event = try #require(try watcher.events(through: 2).last)
        let settings = try #require(event.json)
        #expect(settings["mode"] as? String == "immediate")
        #expect(settings["digits"] as? Int == 32)
        #expect(settings["notation"] as? String == "fixed")
        #expect(settings["decimals"] as? Int == 3)
        #expect(settings["locale"] as? String == "de-DE")
        #expect(settings["angle"] as? String == "rad")
        #expect(event.data == String(decoding: try client.send("GET", "/sessions/\(id)").body, as: UTF8.self))
    }

    /// Undo, redo and emptying the history are changes like a press: each is an event with its new version.
    @Test(arguments: TestStore.allCases) func undoRedoAndHistoryClearingAreEvents(_ store: TestStore) throws {
        let server = try ServerProcess(store: store)
        let client = try server.client()
        let id = try Self.createSession(client)
        let watcher = try EventStreamClient(port: server.port, path: "/sessions/\(id)/events")
        #expect(try watcher.next()?.version == 1)
        for key in ["4", "+", "2", "=", "undo", "redo"] { try Self.press(client, id, key) }
        let cleared = try client.send("DELETE", "/sessions/\(id)/history")
        #expect(cleared.status == 200)
        let events = try watcher.events(through: 8)
        #expect(events.map(\.version) == Array(2...8))
        #expect(events.map { $0.json?["display"] as? String } == ["4", "4", "2", "6", "2", "6", "6"])
        let history = try #require(try client.send("GET", "/sessions/\(id)/history").json?["history"] as? [Any])
        #expect(history.isEmpty)
    }

    /// A long press is applied off the event loops (`PressRequest.isLong`); its version reaches watchers all the same.
    @Test(arguments: TestStore.allCases) func aLongPressIsOneEvent(_ store: TestStore) throws {
        let server = try ServerProcess(store: store)
        let client = try server.client()
        let id = try Self.createSession(client)
        let watcher = try EventStreamClient(port: server.port, path: "/sessions/\(id)/events")
        #expect(try watcher.next()?.version == 1)
        let keys = Array(repeating: #""1","+""#, count: 12).joined(separator: ",") + #","1","=""#
        let pressed = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys":[\#(keys)]}"#)
        #expect(pressed.status == 200)
        let event = try #require(try watcher.next())
        #expect(event.version == 2)
        #expect(event.json?["display"] as? String == "13")
    }

    @Test(arguments: SharedRedis.available)
    func aWatcherOnOneInstanceSeesPressesMadeOnAnother(_ shared: SharedRedis) throws {
        let instances = try TwoInstances(shared)
        let (first, client, id, watcher) = (instances.first, instances.client, instances.id, instances.watcher)
        for key in ["4", "2", "×", "2", "="] { try Self.press(client, id, key) }
        let events = try watcher.events(through: 6)
        #expect(events.map(\.version) == Array(2...6))
        #expect(events.last?.json?["display"] as? String == "84")
        // A watcher on the instance that pressed sees the same versions, each once.
        let local = try EventStreamClient(port: first.port, path: "/sessions/\(id)/events")
        #expect(try local.next()?.version == 6)
        try Self.press(client, id, "+")
        #expect(try local.next()?.version == 7)
        #expect(try watcher.next()?.version == 7)
        // A deletion on one instance ends the stream on the other.
        #expect(try client.send("DELETE", "/sessions/\(id)").status == 204)
        #expect(try watcher.next()?.name == "deleted")
        #expect(try watcher.next() == nil)
    }

    @Test(.enabled(if: RedisServer.isAvailable, "needs redis-server"))
    func aWatcherOnAnotherInstanceCatchesUpAfterRedisRestarts() throws {
        let instances = try TwoInstances()
        let (redis, client, id, watcher) = (try #require(instances.redis), instances.client, instances.id, instances.watcher)
        try Self.press(client, id, "5")
        #expect(try watcher.next()?.version == 2)
        redis.stop()
        try redis.start()
        // The store reconnects on its next call; the subscriber reconnects by itself, subscribes again and reads the
        // session, so a press made meanwhile is not missed.
        #expect(try eventually(every: .milliseconds(100)) {
            try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"5"}"#).status == 200
        })
        let caughtUp = try #require(try watcher.next())
        #expect(caughtUp.version == 3)
        #expect(caughtUp.json?["display"] as? String == "55")
    }

    @Test func aReconnectingClientGetsTheCurrentStateOnlyWhenItMissedVersions() throws {
        let server = try ServerProcess()
        let client = try server.client()
        let id = try Self.createSession(client)
        for key in ["7", "7"] { try Self.press(client, id, key) }
        // Current: nothing is sent until the next version.
        let current = try EventStreamClient(port: server.port, path: "/sessions/\(id)/events", headers: [("Last-Event-ID", "3")])
        // Behind: the current state at once.
        let behind = try EventStreamClient(port: server.port, path: "/sessions/\(id)/events", headers: [("Last-Event-ID", "1")])
        let caughtUp = try #require(try behind.next())
        #expect(caughtUp.version == 3)
        #expect(caughtUp.json?["display"] as? String == "77")
        try Self.press(client, id, "7")
        #expect(try current.next()?.version == 4)
        #expect(try behind.next()?.version == 4)
    }

    @Test func deletionEndsTheStreamWithAnEventSayingSo() throws {
        let server = try ServerProcess()
        let client = try server.client()
        let id = try Self.createSession(client)
        let watcher = try EventStreamClient(port: server.port, path: "/sessions/\(id)/events")
        #expect(try watcher.next()?.version == 1)
        #expect(try client.send("DELETE", "/sessions/\(id)").status == 204)
        let last = try #require(try watcher.next())
        #expect(last.name == "deleted")
        #expect(last.json?["id"] as? String == id)
        #expect(try watcher.next() == nil)
        // The session is gone: a new stream is refused.
        let again = try EventStreamClient(port: server.port, path: "/sessions/\(id)/events")
        #expect(again.head.status == 404)
    }

    @Test func expiryEndsTheStreamWithAnEventSayingSo() throws {
        let server = try ServerProcess(["--store", "memory", "--session-ttl", "2s"])
        let client = try server.client()
        let id = try Self.createSession(client)
        let watcher = try EventStreamClient(port: server.port, path: "/sessions/\(id)/events")
        #expect(try watcher.next()?.version == 1)
        // Watching does not keep the session alive.
        let last = try #require(try watcher.next())
        #expect(last.name == "expired")
        #expect(try watcher.next() == nil)
        #expect(try client.send("GET", "/sessions/\(id)").status == 404)
    }

    @Test func theLimitsAnswer503ForASessionAnd429ForAClient() throws {
        let server = try ServerProcess(["--store", "memory", "--max-watchers-per-session", "2", "--max-watchers-per-client", "3"])
        let client = try server.client()
        let first = try Self.createSession(client)
        let second = try Self.createSession(client)
        var open = try (0..<2).map { _ in try EventStreamClient(port: server.port, path: "/sessions/\(first)/events") }
        #expect(open.allSatisfy { $0.head.status == 200 })
        let sessionFull = try EventStreamClient(port: server.port, path: "/sessions/\(first)/events")
        #expect(sessionFull.head.status == 503)
        #expect(sessionFull.head.header("Content-Type") == "application/problem+json")
        #expect(sessionFull.head.header("Retry-After") != nil)
        open.append(try EventStreamClient(port: server.port, path: "/sessions/\(second)/events"))
        #expect(open.last?.head.status == 200)
        let clientFull = try EventStreamClient(port: server.port, path: "/sessions/\(second)/events")
        #expect(clientFull.head.status == 429)
        #expect(clientFull.head.header("Content-Type") == "application/problem+json")
        // A watcher that leaves makes room.
        open.removeFirst()
        var readmitted: EventStreamClient?
        _ = try eventually(every: .milliseconds(100)) {
            let attempt = try EventStreamClient(port: server.port, path: "/sessions/\(first)/events")
            if attempt.head.status == 200 { readmitted = attempt }
            return readmitted != nil
        }
        #expect(readmitted != nil)
    }

    @Test func watchersCountAgainstTheConnectionLimit() throws {
        let server = try ServerProcess(["--store", "memory", "--threads", "1", "--max-connections", "3"])
        let id = try Self.createSession(try server.client())
        let watchers = try (0..<3).map { _ in try EventStreamClient(port: server.port, path: "/sessions/\(id)/events") }
        for watcher in watchers { #expect(try watcher.next()?.version == 1) }
        // At the limit the server accepts no more: a fourth connection waits in the kernel's backlog, unanswered.
        let waiting = try HTTPClient(port: server.port)
        waiting.setReceiveTimeout(milliseconds: 500)
        #expect(throws: (any Error).self) { try waiting.send("GET", "/healthz") }
    }

    @Test func aSlowWatcherIsDroppedWhileOthersKeepUp() throws {
        let server = try ServerProcess()
        let client = try server.client()
        let id = try Self.createSession(client)
        // A small receive window, and never read while the presses go on.
        let slow = try EventStreamClient(port: server.port, path: "/sessions/\(id)/events", receiveBuffer: 2_048)
        let fast = try EventStreamClient(port: server.port, path: "/sessions/\(id)/events")
        #expect(try fast.next()?.version == 1)
        let presses = 1_500
        for index in 0..<presses {
            try Self.press(client, id, index % 2 == 0 ? "1" : "AC")
            #expect(try fast.next()?.version == index + 2)
        }
        // The slow one gets what was sent before it was dropped, then the connection closes without the body's end.
        var received = 0
        var wasCut = false
        do {
            while try slow.next() != nil { received += 1 }
        } catch {
            wasCut = true
        }
        #expect(wasCut)
        #expect(received < presses)
        let metrics = try client.send("GET", "/metrics").text
        #expect(metrics.contains("calculator_session_watchers_dropped_total 1"))
    }

    @Test func theAPIKeyProtectsTheStreamAndHEADStartsNone() throws {
        let server = try ServerProcess(["--store", "memory"], environment: ["CALC_API_KEY": "secret"])
        let client = try server.client()
        let bearer = [("Authorization", "Bearer secret")]
        let id = try Self.createSession(client, headers: bearer)
        let refused = try EventStreamClient(port: server.port, path: "/sessions/\(id)/events")
        #expect(refused.head.status == 401)
        let head = try client.send("HEAD", "/sessions/\(id)/events", headers: bearer)
        #expect(head.status == 200)
        #expect(head.header("Content-Type") == "text/event-stream")
        let watcher = try EventStreamClient(port: server.port, path: "/sessions/\(id)/events", headers: bearer)
        #expect(try watcher.next()?.version == 1)
    }
}
