import Foundation
import TestSupport
import Testing

/// Session tokens on the real server: a revoked token's open streams end (on this instance and, through Redis, on
/// another), a browser's stream ticket opens a stream and nothing else, and no token reaches the log.
@Suite struct AccessStreamTests {
    typealias Session = AccessTests.Session

    static let tokens = ["--session-access", "tokens"]

    static func bearer(_ token: String) -> [(String, String)] { AccessTests.bearer(token) }

    static func makeSession(_ client: HTTPClient) throws -> Session {
        let created = try client.send("POST", "/sessions")
        #expect(created.status == 201)
        let id = try #require(created.json?["id"] as? String)
        let owner = try #require(created.json?["token"] as? String)
        let minted = try client.send("POST", "/sessions/\(id)/tokens", json: #"{"scope":"viewer"}"#, headers: bearer(owner))
        #expect(minted.status == 201)
        return Session(
            id: id, owner: owner, viewer: try #require(minted.json?["token"] as? String), viewerID: try #require(minted.json?["id"] as? String))
    }

    static func revoke(_ client: HTTPClient, _ session: Session) throws {
        #expect(try client.send("DELETE", "/sessions/\(session.id)/tokens/\(session.viewerID)", headers: bearer(session.owner)).status == 204)
    }

    /// Reads past the events of versions until the stream's last event, which it returns.
    static func lastEvent(_ stream: EventStreamClient, waitingUpTo milliseconds: Int = 10_000) throws -> ServerSentEvent? {
        stream.connection.setReceiveTimeout(milliseconds: milliseconds)
        while let event = try stream.next() {
            if event.name != "message" { return event }
        }
        return nil
    }

    @Test(arguments: TestStore.allCases) func revokingATokenEndsTheStreamsItOpened(_ store: TestStore) throws {
        let server = try ServerProcess(store: store, Self.tokens)
        let client = try server.client()
        let session = try Self.makeSession(client)
        let stream = try EventStreamClient(port: server.port, path: "/sessions/\(session.id)/events", headers: Self.bearer(session.viewer))
        #expect(stream.head.status == 200)
        #expect(try stream.next()?.version != nil)
        let owners = try EventStreamClient(port: server.port, path: "/sessions/\(session.id)/events", headers: Self.bearer(session.owner))
        #expect(try owners.next()?.version != nil)

        try Self.revoke(client, session)
        let last = try #require(try Self.lastEvent(stream))
        #expect(last.name == "revoked")
        #expect(try stream.next() == nil)
        #expect(try client.send("GET", "/sessions/\(session.id)/display", headers: Self.bearer(session.viewer)).status == 401)
        // The owner's stream goes on: it gets the next press.
        #expect(try client.send("POST", "/sessions/\(session.id)/press", json: #"{"key":"7"}"#, headers: Self.bearer(session.owner)).status == 200)
        owners.connection.setReceiveTimeout(milliseconds: 10_000)
        var event = try owners.next()
        while let current = event, current.json?["display"] as? String != "7" { event = try owners.next() }
        #expect(event?.name == "message")
    }

    /// Two instances on one Redis: a token revoked on the first fails on the second at once, and the second's stream
    /// opened with it ends (through the change feed).
    @Test(.enabled(if: RedisServer.isAvailable, "needs redis-server"))
    func aRevocationReachesAnotherInstance() throws {
        let redis = try RedisServer()
        let first = try ServerProcess(["--store", redis.url] + Self.tokens)
        let second = try ServerProcess(["--store", redis.url] + Self.tokens)
        let session = try Self.makeSession(try first.client())
        let elsewhere = try second.client()
        #expect(try elsewhere.send("GET", "/sessions/\(session.id)/display", headers: Self.bearer(session.viewer)).status == 200)
        let stream = try EventStreamClient(port: second.port, path: "/sessions/\(session.id)/events", headers: Self.bearer(session.viewer))
        #expect(try stream.next()?.version != nil)

        try Self.revoke(try first.client(), session)
        #expect(try elsewhere.send("GET", "/sessions/\(session.id)/display", headers: Self.bearer(session.viewer)).status == 401)
        #expect(try elsewhere.send("POST", "/sessions/\(session.id)/stream-tickets", headers: Self.bearer(session.viewer)).status == 401)
        #expect(try Self.lastEvent(stream)?.name == "revoked")
    }

    /// A stream ticket (what a browser's EventSource can carry, as `?ticket=`) opens the stream, and nothing else;
    /// revoking the token that minted it ends the stream.
    @Test(arguments: TestStore.allCases) func aStreamTicketOpensOnlyTheStream(_ store: TestStore) throws {
        let server = try ServerProcess(store: store, Self.tokens)
        let client = try server.client()
        let session = try Self.makeSession(client)
        let issued = try client.send("POST", "/sessions/\(session.id)/stream-tickets", headers: Self.bearer(session.viewer))
        #expect(issued.status == 201)
        let ticket = try #require(issued.json?["ticket"] as? String)
        #expect(try client.send("GET", "/sessions/\(session.id)/display", headers: Self.bearer(ticket)).status == 401)
        #expect(try client.send("GET", "/sessions/\(session.id)/events", headers: Self.bearer(ticket)).status == 401)
        #expect(try client.send("GET", "/sessions/\(session.id)/events?ticket=wrong").status == 401)
        let stream = try EventStreamClient(port: server.port, path: "/sessions/\(session.id)/events?ticket=\(ticket)")
        #expect(stream.head.status == 200)
        #expect(try stream.next()?.version != nil)
        try Self.revoke(client, session)
        #expect(try Self.lastEvent(stream)?.name == "revoked")
    }

    /// Viewers opening and reopening streams with tickets change nothing: the owner's stream gets no event for them
    /// (its next event is the owner's press), and the If-Match the owner read before holds after. On every store.
    @Test(arguments: TestStore.allCases) func viewersOpeningStreamsLeaveTheOwnersIfMatch(_ store: TestStore) throws {
        let server = try ServerProcess(store: store, Self.tokens)
        let client = try server.client()
        let session = try Self.makeSession(client)
        let etag = try #require(try client.send("GET", "/sessions/\(session.id)", headers: Self.bearer(session.owner)).header("ETag"))
        let owners = try EventStreamClient(port: server.port, path: "/sessions/\(session.id)/events", headers: Self.bearer(session.owner))
        let version = try #require(try owners.next()?.version)
        for _ in 0..<20 {
            let issued = try client.send("POST", "/sessions/\(session.id)/stream-tickets", headers: Self.bearer(session.viewer))
            #expect(issued.status == 201)
            let ticket = try #require(issued.json?["ticket"] as? String)
            let stream = try EventStreamClient(port: server.port, path: "/sessions/\(session.id)/events?ticket=\(ticket)")
            #expect(stream.head.status == 200)
            #expect(try stream.next()?.version == version)
        }
        let pressed = try client.send(
            "POST", "/sessions/\(session.id)/press", json: #"{"key":"7"}"#, headers: Self.bearer(session.owner) + [("If-Match", etag)])
        #expect(pressed.status == 200, "the owner's If-Match: \(pressed.text)")
        owners.connection.setReceiveTimeout(milliseconds: 10_000)
        let next = try owners.next()
        #expect(next?.version == version + 1)
        #expect(next?.json?["display"] as? String == "7")
    }

    /// A token minted with an expiry ends the streams it opened when it expires, as a revocation does: its own, and
    /// one opened with a stream ticket it minted. (The wait is the expiry's; the read's limit only keeps a broken
    /// server from hanging the test.)
    @Test func anExpiringTokenEndsItsStreamsAtItsExpiry() throws {
        let server = try ServerProcess(["--store", "memory"] + Self.tokens)
        let client = try server.client()
        let session = try Self.makeSession(client)
        let minted = try client.send(
            "POST", "/sessions/\(session.id)/tokens", json: #"{"scope":"viewer","expiresIn":5}"#, headers: Self.bearer(session.owner))
        let token = try #require(minted.json?["token"] as? String)
        let issued = try client.send("POST", "/sessions/\(session.id)/stream-tickets", headers: Self.bearer(token))
        let ticket = try #require(issued.json?["ticket"] as? String)
        let stream = try EventStreamClient(port: server.port, path: "/sessions/\(session.id)/events", headers: Self.bearer(token))
        #expect(try stream.next()?.version != nil)
        let ticketStream = try EventStreamClient(port: server.port, path: "/sessions/\(session.id)/events?ticket=\(ticket)")
        #expect(try ticketStream.next()?.version != nil)

        #expect(try Self.lastEvent(stream, waitingUpTo: 60_000)?.name == "revoked")
        #expect(try Self.lastEvent(ticketStream, waitingUpTo: 60_000)?.name == "revoked")
        #expect(try client.send("GET", "/sessions/\(session.id)/display", headers: Self.bearer(token)).status == 401)
    }

    /// The JSON log of a server that minted, used, refused and revoked tokens and tickets holds none of them.
    @Test func noTokenReachesTheLog() throws {
        let server = try ServerProcess(["--store", "memory", "--log-level", "debug", "--log-format", "json"] + Self.tokens)
        let client = try server.client()
        var secrets: [String] = []
        for _ in 0..<2 {
            let session = try Self.makeSession(client)
            secrets += [session.owner, session.viewer]
            let ticket = try #require(
                try client.send("POST", "/sessions/\(session.id)/stream-tickets", headers: Self.bearer(session.viewer)).json?["ticket"] as? String)
            secrets.append(ticket)
            let stream = try EventStreamClient(port: server.port, path: "/sessions/\(session.id)/events?ticket=\(ticket)")
            #expect(try stream.next()?.version != nil)
            _ = try client.send("POST", "/sessions/\(session.id)/press", json: #"{"key":"7"}"#, headers: Self.bearer(session.viewer))
            _ = try client.send("GET", "/sessions/\(session.id)/tokens", headers: Self.bearer(session.owner))
            _ = try client.send("GET", "/sessions/\(session.id)/events?ticket=\(session.viewer)x")
            try Self.revoke(client, session)
            _ = try client.send("GET", "/sessions/\(session.id)/display", headers: Self.bearer(session.viewer))
            #expect(try Self.lastEvent(stream)?.name == "revoked")
        }
        #expect(server.stop() == 0)
        let log = server.errorOutput
        #expect(log.contains("\"request\"") || log.contains("request"))
        #expect(log.split(separator: "\n").count >= 20)
        for secret in secrets { #expect(!log.contains(secret), "a token in the log") }
    }
}
