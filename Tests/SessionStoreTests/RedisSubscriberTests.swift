import Foundation
import SessionStore
import Threading
import TestSupport
import Testing

/// The changes a subscriber reports, in order.
final class ReportedChanges: Sendable {
    private let changes = Lock<[String]>([])

    func record(_ change: RedisSubscriber<Tally>.Change) {
        let text = switch change {
        case let .changed(id, stored, _): "changed \(id.description) \(stored.version) \(stored.value.count)"
        case let .deleted(id): "deleted \(id.description)"
        case let .following(id): "following \(id.description)"
        }
        changes.withLock { $0.append(text) }
    }

    /// The changes reported once there are `count` of them (or after about ten seconds, those there are).
    func first(_ count: Int) -> [String] {
        for _ in 0..<10_000 where changes.withLock({ $0.count }) < count { usleep(1_000) }
        return changes.withLock { Array($0.prefix(count)) }
    }
}

@Suite struct RedisSubscriberTests {
    @Test(.enabled(if: RedisServer.isAvailable, "redis-server is not installed (apt-get install redis-server)"))
    func reportsTheWritesAndTheDeletionOfAFollowedSessionMadeThroughAnotherStoreAndNoOthers() throws {
        let server = try RedisServer(keepsWrites: false)
        defer { server.stop() }
        let writer = try RedisSessionStore(url: server.url, codec: Tally.codec)
        defer { writer.close() }
        let reader = try RedisSessionStore(url: server.url, codec: Tally.codec)
        defer { reader.close() }
        let subscriber = try RedisSubscriber(following: reader)
        let reported = ReportedChanges()
        try subscriber.start { reported.record($0) }
        defer { subscriber.close() }

        let followed = SessionID("followed")!
        let other = SessionID("other")!
        try writer.create(followed, Tally(count: 0, note: ""))
        try writer.create(other, Tally(count: 0, note: ""))
        subscriber.follow(followed)
        #expect(reported.first(1) == ["following followed"])
        _ = try writer.increment(other)
        _ = try writer.increment(followed)
        _ = try writer.increment(followed)
        try writer.delete(followed)
        #expect(reported.first(4) == ["following followed", "changed followed 2 1", "changed followed 3 2", "deleted followed"])

        // A session made again under the id is followed still, its versions going on above the deleted one's; its
        // creation is not a change others are told of.
        #expect(try writer.create(followed, Tally(count: 7, note: "")) == 4)
        _ = try writer.increment(followed)
        #expect(reported.first(5).last == "changed followed 5 8")
    }
}
