import Foundation
import Synchronization
import Threading
import TestSupport
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

    @Test(arguments: TestStore.allCases) func concurrentRetriesOfOnePressApplyItOnce(_ store: TestStore) throws {
        let server = try ServerProcess(store: store)
        let client = try server.client()
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let bodies = Lock<[[UInt8]]>([])
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

    @Test(arguments: TestStore.allCases) func sigtermStopsGracefullyWithExitZero(_ store: TestStore) throws {
        let server = try ServerProcess(store: store)
        let client = try server.client()
        #expect(try client.send("GET", "/healthz").status == 200)
        #expect(server.stop() == 0)
        #expect(throws: (any Error).self) { try HTTPClient(port: server.port) }
    }
}
