import Foundation
import Synchronization
import Threading
import TestSupport
import Testing

/// Sessions that survive a crash (SQLite), are shared by several instances (Redis), and outlive a Redis outage.
@Suite struct DurabilityTests {
    static let press = #"{"keys":["AC","1","m+"]}"#

    /// Per session: presses answered 200, and presses whose answer never came (in flight when the server died).
    struct Tally {
        var acknowledged: [String: Int] = [:]
        var inFlight: [String: Int] = [:]
    }

    private static func memory(_ client: HTTPClient, _ id: String) throws -> Int {
        let state = try client.send("GET", "/sessions/\(id)")
        try #require(state.status == 200, "\(state.text)")
        return Int(state.json?["memory"] as? String ?? "0") ?? -1
    }

    private static func createSessions(_ count: Int, on ports: [Int]) throws -> [String] {
        try (0..<count).map { index in
            let client = try HTTPClient(port: ports[index % ports.count])
            let response = try client.send("POST", "/sessions")
            try #require(response.status == 201)
            return try #require(response.json?["id"] as? String)
        }
    }

    /// SIGKILL in the middle of a run, or SIGTERM, which drains: replies to SQLite writes are sent after their commit,
    /// from the store's committer, so both must keep every acknowledged press, and a drain must end with exit 0.
    @Test(arguments: ["SIGKILL", "SIGTERM"])
    func sqliteKeepsEveryAcknowledgedPressThroughAStop(signal: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ["--store", "sqlite:\(directory.path)/sessions.sqlite"]
        let server = try ServerProcess(store)
        let sessions = try Self.createSessions(50, on: [server.port])

        let tally = Lock(Tally())
        let answered = Atomic<Int>(0)
        let killed = Atomic<Bool>(false)
        let clients = DispatchGroup()
        for client in 0..<8 {
            DispatchQueue.global().async(group: clients) {
                guard let connection = try? HTTPClient(port: server.port) else { return }
                var round = 0
                while !killed.load(ordering: .acquiring) {
                    let id = sessions[(client * 7 + round) % sessions.count]
                    round += 1
                    do {
                        let response = try connection.send("POST", "/sessions/\(id)/press", json: Self.press)
                        if response.status == 503, (response.json?["detail"] as? String)?.contains("may still have taken effect") == true {
                            // The stop came before the reply was ready, and the reply says so: the press may or may
                            // not have been committed.
                            tally.withLock { $0.inFlight[id, default: 0] += 1 }
                            return
                        }
                        guard response.status == 200 else { continue }
                        tally.withLock { $0.acknowledged[id, default: 0] += 1 }
                        answered.add(1, ordering: .relaxed)
                    } catch {
                        // No answer: the press may or may not have been committed before the stop.
                        tally.withLock { $0.inFlight[id, default: 0] += 1 }
                        return
                    }
                }
            }
        }
        // Stop in the middle of the run: once a good number of presses have been acknowledged.
        while answered.load(ordering: .relaxed) < 400 { usleep(2_000) }
        if signal == "SIGKILL" {
            server.killHard()
        } else {
            #expect(server.stop() == 0, "a drained stop exits 0")
        }
        killed.store(true, ordering: .releasing)
        clients.wait()

        let restarted = try ServerProcess(store)
        let client = try restarted.client()
        let result = tally.withLock { $0 }
        #expect(result.acknowledged.values.reduce(0, +) >= 400)
        for id in sessions {
            let memory = try Self.memory(client, id)
            let acknowledged = result.acknowledged[id, default: 0]
            let inFlight = result.inFlight[id, default: 0]
            #expect(memory >= acknowledged, "session lost acknowledged presses")
            #expect(memory <= acknowledged + inFlight, "session has presses nobody sent")
        }
    }

    /// Variables, a waiting rcl and a programmer session's engine are in the stored form: a restart keeps them.
    @Test func variablesAndProgrammerModeSurviveARestartOnSQLite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("variables-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ["--store", "sqlite:\(directory.path)/sessions.sqlite"]
        var server: ServerProcess? = try ServerProcess(store)
        var client = try server!.client()
        let scientific = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        #expect(try client.send("POST", "/sessions/\(scientific)/press", json: #"{"keys":"7 sto y AC 2 rcl"}"#).status == 200)
        let programmer = try #require(
            try client.send("POST", "/sessions", json: #"{"mode":"programmer","radix":"hex","word":16}"#).json?["id"] as? String)
        #expect(try client.send("POST", "/sessions/\(programmer)/press", json: #"{"keys":"F F sto x 1 0 +"}"#).status == 200)
        #expect(server!.stop() == 0)
        server = nil

        let restarted = try ServerProcess(store)
        client = try restarted.client()
        let waiting = try client.send("GET", "/sessions/\(scientific)")
        #expect(waiting.json?["awaiting"] as? String == "rcl")
        #expect(waiting.json?["variables"] as? [String: String] == ["y": "7"])
        #expect(try client.send("POST", "/sessions/\(scientific)/press", json: #"{"keys":"y ="}"#).json?["display"] as? String == "7")
        let word = try client.send("GET", "/sessions/\(programmer)")
        #expect(word.json?["variables"] as? [String: String] == ["x": "FF"])
        #expect(word.json?["expression"] as? String == "10 +")
        #expect(try client.send("POST", "/sessions/\(programmer)/press", json: #"{"keys":"rcl x ="}"#).json?["display"] as? String == "10F")
    }

    /// A variable stored through one instance is recalled through the other, and a sto waits across them.
    @Test(.enabled(if: RedisServer.isAvailable, "needs redis-server"))
    func variablesAreSharedByTwoInstancesOnOneRedis() throws {
        let redis = try RedisServer()
        let servers = [try ServerProcess(["--store", redis.url]), try ServerProcess(["--store", redis.url])]
        let first = try servers[0].client(), second = try servers[1].client()
        let id = try #require(try first.send("POST", "/sessions", json: #"{"mode":"programmer","word":8}"#).json?["id"] as? String)
        #expect(try first.send("POST", "/sessions/\(id)/press", json: #"{"keys":"1 2 7 sto"}"#).json?["awaiting"] as? String == "sto")
        #expect(try second.send("POST", "/sessions/\(id)/press", json: #"{"key":"5"}"#).status == 422)
        #expect(try second.send("POST", "/sessions/\(id)/press", json: #"{"key":"t"}"#).json?["variables"] as? [String: String] == ["t": "127"])
        let recalled = try first.send("POST", "/sessions/\(id)/press", json: #"{"keys":"AC rcl t + 1 ="}"#)
        #expect(recalled.json?["display"] as? String == "-128")
        #expect(try second.send("PATCH", "/sessions/\(id)", json: #"{"variables":{}}"#).status == 200)
        #expect(try first.send("GET", "/sessions/\(id)").json?["variables"] as? [String: String] == [:])
    }

    @Test(arguments: SharedRedis.available)
    func twoInstancesOnOneRedisShareSessionsAndLoseNoUpdate(_ shared: SharedRedis) throws {
        let (flags, redis) = try shared.start()
        defer { withExtendedLifetime(redis) {} }
        let first = try ServerProcess(flags)
        let second = try ServerProcess(flags)
        let ports = [first.port, second.port]
        let sessions = try Self.createSessions(20, on: ports)

        // Made on one instance, seen on the other.
        for (index, id) in sessions.enumerated() {
            let other = try HTTPClient(port: ports[(index + 1) % 2])
            #expect(try other.send("GET", "/sessions/\(id)").status == 200)
        }

        let acknowledged = Lock<[String: Int]>([:])
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { client in
            let connections = ports.compactMap { try? HTTPClient(port: $0) }
            guard connections.count == 2 else {
                failures.add(1, ordering: .relaxed)
                return
            }
            for round in 0..<40 {
                let id = sessions[(client * 3 + round) % sessions.count]
                let connection = connections[(client + round) % 2]
                if let response = try? connection.send("POST", "/sessions/\(id)/press", json: Self.press), response.status == 200 {
                    acknowledged.withLock { $0[id, default: 0] += 1 }
                } else {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        let counts = acknowledged.withLock { $0 }
        #expect(counts.values.reduce(0, +) == 8 * 40)
        let client = try first.client()
        for id in sessions {
            #expect(try Self.memory(client, id) == counts[id, default: 0])
        }
    }

    @Test(.enabled(if: RedisServer.isAvailable, "needs redis-server"))
    func redisOutageAnswers503AndTheServiceRecoversByItself() throws {
        let redis = try RedisServer()
        let server = try ServerProcess(["--store", redis.url])
        let client = try server.client()
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        #expect(try client.send("POST", "/sessions/\(id)/press", json: Self.press).status == 200)
        let before = try client.send("GET", "/sessions/\(id)")

        redis.stop()
        for request in [("POST", "/sessions/\(id)/press"), ("GET", "/sessions/\(id)"), ("POST", "/sessions")] {
            let response =
                request.0 == "POST" && request.1.hasSuffix("press")
                ? try client.send(request.0, request.1, json: Self.press) : try client.send(request.0, request.1)
            #expect(response.status == 503, "\(request.1): \(response.text)")
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(Int(response.header("Retry-After") ?? "") ?? 0 > 0)
        }
        let notReady = try client.send("GET", "/readyz")
        #expect(notReady.status == 503)
        #expect(try client.send("GET", "/healthz").status == 200)

        try redis.start()
        // The first calls after the restart may still meet a stale connection; the service must recover on its own.
        #expect(eventually(every: .milliseconds(50)) { (try? client.send("GET", "/readyz").status) == 200 })
        let after = try client.send("GET", "/sessions/\(id)")
        #expect(after.body == before.body, "the press refused during the outage must not have been half-applied")
        #expect(try client.send("POST", "/sessions/\(id)/press", json: Self.press).json?["memory"] as? String == "2")
    }
}
