@testable import SessionStore
import TestSupport
import Testing

/// A record an earlier build stored in a form the codec no longer reads: it reads as its value, and the session's
/// next write stores the current form.
@Suite struct RedisMigrationTests {
    @Test(.enabled(if: RedisServer.isAvailable, "redis-server is not installed (apt-get install redis-server)"))
    func recordsInAnEarlierFormAreReadAndStoredAnewOnTheNextWrite() throws {
        let server = try RedisServer(keepsWrites: false)
        defer { server.stop() }
        let store = try RedisSessionStore(url: server.url, codec: Tally.codec)
        defer { store.close() }
        let connection = try RedisConnection(host: "127.0.0.1", port: server.port, connectTimeoutMilliseconds: 500, commandTimeoutMilliseconds: 2_000)
        let id = SessionID.random()
        let old = Tally(count: 7, note: "from before")
        let expires = Int64((SessionStoreOptions.wallClock() + 3_600) * 1_000)
        let record = RedisRecord.bytes(version: 4, expires: expires, token: Array("0123456789abcdef".utf8), payload: old.earlierForm)
        #expect(try connection.command([Array("SET".utf8), store.key(id), record]) == .status("OK"))

        let read = try #require(try store.get(id))
        #expect(read.value == old && read.version == 4)
        #expect(try store.increment(id).version == 5)

        guard case .string(let stored) = try connection.command([Array("GET".utf8), store.key(id)]) else {
            Issue.record("the session is gone")
            return
        }
        let write = try RedisRecord.parse(stored)
        #expect(write.version == 5)
        #expect(write.bytes == (try Tally.codec.encode(Tally(count: 8, note: "from before"))))
    }
}
