import SessionStore
import Testing

/// What a Redis URL may hold, and that what the store says about a URL it refuses never holds its password.
@Suite struct RedisURLTests {
    @Test(arguments: [
        "redis://:pw@127.0.0.1:6379", "redis://user:pw@127.0.0.1", "redis://:p%40ss%3Aw%2Fd@host:1/2", "redis://:p@ss@host",
    ])
    func acceptsCredentials(_ url: String) throws {
        let store = try RedisSessionStore(url: url, codec: Tally.codec)
        store.close()
    }

    @Test(arguments: [
        "redis://user@host", "redis://:@host", "redis://:%zzsecret@host", "redis://:secret@", "redis://:secret@host:notaport",
        "rediss://:secret@host",
    ])
    func refusedURLsAreNamedWithoutTheirPassword(_ url: String) {
        #expect {
            _ = try RedisSessionStore(url: url, codec: Tally.codec)
        } throws: { error in
            guard case .unavailable(let message) = error as? SessionStoreError else { return false }
            return !message.contains("secret") && !message.contains("user")
        }
    }

    @Test func redissSaysWhatToDoInstead() {
        #expect {
            _ = try RedisSessionStore(url: "rediss://host:6380", codec: Tally.codec)
        } throws: { error in
            guard case .unavailable(let message) = error as? SessionStoreError else { return false }
            return message.contains("TLS") && message.contains("stunnel")
        }
    }
}
