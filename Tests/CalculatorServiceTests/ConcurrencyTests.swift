import Foundation
import Synchronization
import Testing

/// Many clients at once, retries and the server's lifecycle.
@Suite struct ConcurrencyTests {
    /// Presses `["AC","1","m+"]` from `clients` connections, `rounds` times each; returns how many got 200.
    static func pressConcurrently(port: Int, sessions: [String], clients: Int, rounds: Int) -> Int {
        let ok = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: clients) { index in
            guard let client = try? HTTPClient(port: port) else { return }
            for round in 0..<rounds {
                let id = sessions[(index + round) % sessions.count]
                if let response = try? client.send("POST", "/sessions/\(id)/press", json: #"{"keys":["AC","1","m+"]}"#),
                    response.status == 200
                {
                    ok.add(1, ordering: .relaxed)
                }
            }
        }
        return ok.load(ordering: .relaxed)
    }

    @Test(arguments: TestStore.allCases) func sixteenClientsOnOneSessionLoseNoKey(_ store: TestStore) throws {
        let server = try ServerProcess(store: store)
        let client = try server.client()
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let ok = Self.pressConcurrently(port: server.port, sessions: [id], clients: 16, rounds: 25)
        #expect(ok > 0)
        let state = try client.send("GET", "/sessions/\(id)")
        #expect(state.json?["memory"] as? String == String(ok))
        #expect(state.json?["version"] as? Int == ok + 1)
    }

    @Test(arguments: TestStore.allCases) func aRetriedPressWithOneIdempotencyKeyPressesOnce(_ store: TestStore) throws {
        let server = try ServerProcess(store: store)
        let client = try server.client()
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

    @Test(arguments: TestStore.allCases) func concurrentRetriesOfOnePressApplyItOnce(_ store: TestStore) throws {
        let server = try ServerProcess(store: store)
        let client = try server.client()
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let bodies = Mutex<[[UInt8]]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            guard let client = try? HTTPClient(port: server.port),
                let response = try? client.send("POST", "/sessions/\(id)/press", json: #"{"keys":["1","m+"]}"#, headers: [("Idempotency-Key", "once")])
            else { return }
            bodies.withLock { $0.append(response.status == 200 ? response.body : []) }
        }
        let replies = bodies.withLock { $0 }
        #expect(replies.count == 8)
        #expect(Set(replies).count == 1)
        #expect(try client.send("GET", "/sessions/\(id)").json?["memory"] as? String == "1")
    }

    @Test(arguments: TestStore.allCases) func sessionCapRefusesNewSessionsWithRetryAfter(_ store: TestStore) throws {
        let server = try ServerProcess(store: store, ["--max-sessions", "2"])
        let client = try server.client()
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

    @Test(arguments: TestStore.allCases) func sigtermStopsGracefullyWithExitZero(_ store: TestStore) throws {
        let server = try ServerProcess(store: store)
        let client = try server.client()
        #expect(try client.send("GET", "/healthz").status == 200)
        #expect(server.stop() == 0)
        #expect(throws: (any Error).self) { try HTTPClient(port: server.port) }
    }
}
