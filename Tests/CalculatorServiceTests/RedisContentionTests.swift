import Dispatch
import Foundation
import Synchronization
import Threading
import TestSupport
import Testing

/// Many clients pressing one session on one instance: the instance orders its own updates of a session, so they do
/// not conflict with each other in Redis (optimistic retries are for writes from other instances only).
@Suite(.enabled(if: RedisServer.isAvailable, "needs redis-server"))
struct RedisContentionTests {
    private static let press = #"{"keys":["1","m+"]}"#

    /// Calls of `command` Redis has run, from `INFO commandstats`.
    private static func calls(_ redis: RedisServer, _ command: String) throws -> Int {
        let stats = try redis.run("INFO", "commandstats")
        guard let line = stats.split(whereSeparator: \.isNewline).first(where: { $0.hasPrefix("cmdstat_\(command):") }),
            let field = line.split(separator: ",").first(where: { $0.contains("calls=") })
        else { return 0 }
        return Int(field.split(separator: "=").last ?? "") ?? 0
    }

    /// 64 clients press one session, 20 times each, spread over `instances` servers on one Redis; the EVALSHA calls
    /// Redis ran meanwhile.
    private static func pressTogether(instances: Int) throws -> (evaluations: Int, presses: Int) {
        let redis = try RedisServer()
        let servers = try (0..<instances).map { _ in try ServerProcess(["--store", redis.url]) }
        let id = try #require(try servers[0].client().send("POST", "/sessions").json?["id"] as? String)
        let before = try Self.calls(redis, "evalsha")

        let clients = 64
        let pressesEach = 20
        let failures = Lock<[String]>([])
        let acknowledged = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: clients) { index in
            guard let client = try? servers[index % instances].client() else {
                failures.withLock { $0.append("no connection") }
                return
            }
            for _ in 0..<pressesEach {
                do {
                    let response = try client.send("POST", "/sessions/\(id)/press", json: Self.press)
                    if response.status == 200 {
                        acknowledged.add(1, ordering: .relaxed)
                    } else {
                        failures.withLock { $0.append("\(response.status) \(response.text)") }
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        let evaluations = try Self.calls(redis, "evalsha") - before
        let presses = clients * pressesEach
        #expect(failures.withLock { $0 } == [])
        #expect(acknowledged.load(ordering: .relaxed) == presses)
        #expect(try servers[0].client().send("GET", "/sessions/\(id)").json?["memory"] as? String == String(presses))
        return (evaluations, presses)
    }

    @Test func sixtyFourClientsOnOneSessionGetNoSpurious503AndOneEvaluationPerPress() throws {
        let (evaluations, presses) = try Self.pressTogether(instances: 1)
        // One compare-and-set per press; a handful more for the first read of the session.
        #expect(evaluations <= presses + presses / 20, "\(evaluations) EVALSHA for \(presses) presses")
    }

    /// Between instances the compare-and-set is what orders writes: a conflict answers with the session as it is
    /// now, so each round trip one of the two instances' writes wins, and nobody gives up.
    @Test func sixtyFourClientsOnOneSessionOverTwoInstancesGetNoSpurious503() throws {
        let (evaluations, presses) = try Self.pressTogether(instances: 2)
        #expect(evaluations <= presses * 3, "\(evaluations) EVALSHA for \(presses) presses")
    }
}
