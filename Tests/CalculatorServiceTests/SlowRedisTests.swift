import Dispatch
import Foundation
import Threading
import TestSupport
import Testing

/// A slow Redis (stopped for seconds, as a slow command would hold it) behind a server with one event-loop thread: no
/// reply says a write was not made when it may have been, no press is applied twice, and nothing but the requests that
/// need Redis waits.
@Suite(.enabled(if: RedisServer.isAvailable, "needs redis-server"))
struct SlowRedisTests {
    private static let press = #"{"keys":["1","m+"]}"#
    private static let outcomeUnknown = "https://calculator.invalid/problems/outcome-unknown"

    private static func memory(_ client: HTTPClient, _ id: String) throws -> Int? {
        (try client.send("GET", "/sessions/\(id)").json?["memory"] as? String).flatMap { Int($0) }
    }

    /// A server on its own Redis, with a session pressed once (scripts loaded, the connection open).
    private static func start() throws -> (RedisServer, ServerProcess, HTTPClient, String) {
        let redis = try RedisServer()
        let server = try ServerProcess(["--store", redis.url, "--threads", "1"])
        let client = try server.client()
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        #expect(try client.send("POST", "/sessions/\(id)/press", json: Self.press).status == 200)
        return (redis, server, client, id)
    }

    /// Holds Redis for `seconds`: it has stopped when this returns, so whatever is sent to it from then on waits, and
    /// goes on from another thread; the returned semaphore is signalled once it runs again.
    private static func stall(_ redis: RedisServer, seconds: UInt32) throws -> DispatchSemaphore {
        try redis.pause()
        let done = DispatchSemaphore(value: 0)
        Thread {
            sleep(seconds)
            redis.resume()
            done.signal()
        }.start()
        return done
    }

    /// Redis stalls for 5 s during a press: the reply is lost after the 2 s timeout, and so is the second sending's
    /// (the reconnect's SCRIPT LOAD times out too). Redis runs the first write when it wakes, so the reply must not
    /// say nothing was changed: it says the outcome is unknown, and the retry with the same Idempotency-Key replays
    /// the press instead of pressing again.
    @Test func pressDuringALongStallIsOutcomeUnknownAndItsRetryPressesNoMore() throws {
        let (redis, server, client, id) = try Self.start()
        defer { withExtendedLifetime(server) {} }
        let done = try Self.stall(redis, seconds: 5)
        let response = try client.send("POST", "/sessions/\(id)/press", json: Self.press, headers: [("Idempotency-Key", "stalled-1")])
        done.wait()
        let memory = try Self.memory(client, id)
        #expect(memory == 2, "Redis ran the press when it woke")
        if response.status != 200 {
            #expect(response.status == 503)
            #expect(response.json?["type"] as? String == Self.outcomeUnknown, "\(response.text)")
            #expect(Int(response.header("Retry-After") ?? "") ?? 0 > 0)
        }
        let retried = try client.send("POST", "/sessions/\(id)/press", json: Self.press, headers: [("Idempotency-Key", "stalled-1")])
        #expect(retried.status == 200)
        #expect(retried.header("Idempotent-Replayed") == "true")
        #expect(try Self.memory(client, id) == 2, "the retry pressed again")
    }

    /// Redis stalls until the first reply is lost (the server has connected again to send the press a second time),
    /// then wakes: the second sending gets through and finds the first one's write, so the press is answered and
    /// applied once.
    @Test func pressDuringAShortStallIsAppliedOnce() throws {
        let (redis, server, client, id) = try Self.start()
        defer { withExtendedLifetime(server) {} }
        let connected = redis.clientPorts
        try redis.pause()
        let done = DispatchSemaphore(value: 0)
        Thread {
            _ = eventually { !redis.clientPorts.subtracting(connected).isEmpty }
            redis.resume()
            done.signal()
        }.start()
        let response = try client.send("POST", "/sessions/\(id)/press", json: Self.press)
        done.wait()
        #expect(response.status == 200, "\(response.text)")
        #expect(try Self.memory(client, id) == 2)
    }

    /// /readyz and /metrics ask Redis (a health check, the live-session gauge): while it stalls, they wait for it
    /// without holding the one event loop, so /healthz and every other request are answered at once.
    @Test func readinessAndMetricsDuringAStallHoldUpNoOtherRequest() throws {
        let (redis, server, client, id) = try Self.start()
        let done = try Self.stall(redis, seconds: 4)
        let probes = DispatchGroup()
        let statuses = Lock<[Int]>([])
        for path in ["/readyz", "/readyz", "/readyz", "/readyz", "/metrics", "/metrics"] {
            DispatchQueue.global().async(group: probes) {
                guard let probe = try? server.client(), let response = try? probe.send("GET", path) else { return }
                statuses.withLock { $0.append(response.status) }
            }
        }
        usleep(200_000)
        let health = try server.client().send("GET", "/healthz")
        let keys = try server.client().send("GET", "/keys")
        // Answered while every probe that waits for Redis is still waiting: nothing held them behind Redis.
        let answeredMeanwhile = statuses.withLock { $0.count }
        #expect(health.status == 200 && keys.status == 200)
        #expect(answeredMeanwhile == 0, "/healthz and /keys were answered only after \(answeredMeanwhile) probes that waited for Redis")
        probes.wait()
        done.wait()
        #expect(statuses.withLock { $0.count } == 6, "every probe is answered")
        #expect(try client.send("GET", "/readyz").status == 200)
        let metrics = try client.send("GET", "/metrics")
        #expect(metrics.status == 200 && metrics.text.contains("calculator_sessions_live 1"), "\(metrics.text.prefix(2_000))")
        #expect(try Self.memory(client, id) == 1)
    }
}
