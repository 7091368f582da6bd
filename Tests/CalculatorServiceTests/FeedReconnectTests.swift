import Foundation
import TestSupport
import Testing

/// What an instance's watchers learn after its change feed (the Redis subscriber) was cut off: once it is back, each
/// watched session is read again, so a change or a deletion made meanwhile on another instance is not missed.
@Suite struct FeedReconnectTests {
    /// A read that waits less than the 15 s between heartbeats (which the client skips, and which would otherwise keep
    /// a stream that never gets its event waiting for ever) and far longer than a reconnect takes.
    static func waitForNoHeartbeat(_ watcher: EventStreamClient) {
        watcher.connection.setReceiveTimeout(milliseconds: 10_000)
    }

    /// The second instance logs in as a user of its own, so it alone can be cut off: the user is disabled and its
    /// connections killed, while the first instance deletes one watched session and presses another.
    @Test(.enabled(if: RedisServer.isAvailable, "needs redis-server"))
    func aDeletionMadeWhileAnInstanceIsCutOffReachesItsWatchers() throws {
        let redis = try RedisServer(["--user", "second", "on", ">second-pw", "~*", "&*", "+@all"])
        let first = try ServerProcess(["--store", redis.url])
        let second = try ServerProcess(["--store", "redis://second:second-pw@127.0.0.1:\(redis.port)"])
        let client = try first.client()
        let deleted = try EventStreamTests.createSession(client)
        let pressed = try EventStreamTests.createSession(client)
        let gone = try EventStreamClient(port: second.port, path: "/sessions/\(deleted)/events")
        let changed = try EventStreamClient(port: second.port, path: "/sessions/\(pressed)/events")
        for watcher in [gone, changed] {
            #expect(try watcher.next()?.version == 1)
            Self.waitForNoHeartbeat(watcher)
        }

        try redis.run("ACL", "SETUSER", "second", "off")
        try redis.run("CLIENT", "KILL", "USER", "second")
        #expect(try client.send("DELETE", "/sessions/\(deleted)").status == 204)
        try EventStreamTests.press(client, pressed, "7")
        // Long enough for the second instance to fail a few reconnects.
        Thread.sleep(forTimeInterval: 1)
        try redis.run("ACL", "SETUSER", "second", "on")

        let last = try #require(try gone.next())
        #expect(last.name == "deleted")
        #expect(last.json?["id"] as? String == deleted)
        #expect(try gone.next() == nil)
        let caughtUp = try #require(try changed.next())
        #expect(caughtUp.version == 2)
        #expect(caughtUp.json?["display"] as? String == "7")
    }

    /// A Redis that restarts without its data has lost every session: the watchers on both instances are told.
    @Test(.enabled(if: RedisServer.isAvailable, "needs redis-server"))
    func watchersLearnTheirSessionIsGoneWhenRedisRestartsEmpty() throws {
        let redis = try RedisServer(keepsWrites: false)
        let first = try ServerProcess(["--store", redis.url])
        let second = try ServerProcess(["--store", redis.url])
        let id = try EventStreamTests.createSession(try first.client())
        let watchers = try [first, second].map { try EventStreamClient(port: $0.port, path: "/sessions/\(id)/events") }
        for watcher in watchers {
            #expect(try watcher.next()?.version == 1)
            Self.waitForNoHeartbeat(watcher)
        }

        redis.stop()
        try redis.start()

        for watcher in watchers {
            let last = try #require(try watcher.next())
            #expect(last.name == "deleted")
            #expect(try watcher.next() == nil)
        }
    }
}
