import CalculatorService
import SessionStore
import TestSupport
import Testing

/// A retried press and a full store, in process (`InProcessClient`), over each store.
@Suite struct RetryAndCapTests {
    @Test(arguments: TestStore.allCases) func aRetriedPressWithOneIdempotencyKeyPressesOnce(_ store: TestStore) throws {
        let client = try InProcessClient(store: store)
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let headers = [("Idempotency-Key", "3f1c6a2e-press-7")]
        let replies = try (0..<3).map { _ in try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"7"}"#, headers: headers) }
        #expect(replies.allSatisfy { $0.status == 200 })
        #expect(replies[0].json?["display"] as? String == "7")
        #expect(replies[1].body == replies[0].body)
        #expect(replies[2].body == replies[0].body)
        #expect(replies[2].header("ETag") == replies[0].header("ETag"))
        #expect(replies[0].header("Idempotent-Replayed") == nil)
        #expect(replies[1].header("Idempotent-Replayed") == "true")
        let state = try client.send("GET", "/sessions/\(id)")
        #expect(state.json?["display"] as? String == "7")
        #expect(state.json?["version"] as? Int == 2)
        // The same press spelled differently is the same request; other keys under the same Idempotency-Key are refused.
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys":["7"]}"#, headers: headers).status == 200)
        let reused = try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"8"}"#, headers: headers)
        #expect(reused.status == 422)
        #expect(reused.header("Content-Type") == "application/problem+json")
        #expect(try client.send("GET", "/sessions/\(id)").json?["display"] as? String == "7")
    }

    @Test(arguments: TestStore.allCases) func sessionCapRefusesNewSessionsWithRetryAfter(_ store: TestStore) throws {
        let client = try InProcessClient(store: store) { $0.sessions.maxSessions = 2 }
        #expect(try client.send("POST", "/sessions").status == 201)
        let second = try client.send("POST", "/sessions")
        #expect(second.status == 201)
        let refused = try client.send("POST", "/sessions")
        #expect(refused.status == 503)
        #expect(refused.header("Content-Type") == "application/problem+json")
        #expect(Int(refused.header("Retry-After") ?? "") ?? 0 > 0)
        // Live sessions keep working.
        let id = try #require(second.json?["id"] as? String)
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"1"}"#).status == 200)
    }
}
