import Foundation
import Synchronization
import TestSupport
import Testing

/// Heavy numbers never stall anyone (issue 43): work goes to long work by what it costs, not by its keys' names; long
/// work takes its clients in turn; and its budget ends the worst request with a clear Error. Each test shows an order
/// of events that a stall would reverse (requests answered while the heavy one is still being worked out), never how
/// long anything took.
@Suite struct HeavyWorkTests {
    /// Two equal values reached two ways that no rule of form recognises, e^(e^(1/e) + 1) and e^(e^(1/e)) × e: x − y
    /// climbs to 65,536 bits (seconds of work) and is Error (precision), though every key after the set-up is cheap
    /// by its name.
    static let equalValues = "e pow ( e pow ( 1 / e ) + 1 ) = sto x AC e pow ( e pow ( 1 / e ) ) × e = sto y"
    static let heavyExpression = "(e^(e^(1/e)+1)-e^e^(1/e)*e)"
    static let difference = #"{"keys": "rcl x - rcl y ="}"#

    /// Reads `calculator_long_work_total{work=…}`.
    static func longWork(_ client: HTTPClient, _ work: String) throws -> Int {
        let prefix = "calculator_long_work_total{work=\"\(work)\"} "
        let metrics = try client.send("GET", "/metrics")
        let line = try #require(String(decoding: metrics.body, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix(prefix) })
        return try #require(Int(line.dropFirst(prefix.count)))
    }

    /// A request sent on a connection of its own, on a thread of its own: whether it has been answered, and how.
    /// The tests' servers end each request within their work budget of 120 s, and at most two requests wait for a
    /// worker before theirs, so `waitSeconds` covers what the server promises rather than how fast this machine is.
    final class Pending: @unchecked Sendable {
        static let waitSeconds = 3 * 120 + 60
        private let answer = Mutex<HTTPResponse?>(nil)
        private let done = DispatchSemaphore(value: 0)

        init(_ server: ServerProcess, _ method: String, _ path: String, json: String, headers: [(String, String)] = []) {
            let port = server.port
            Thread.detachNewThread { [self] in
                let client = try? HTTPClient(port: port)
                client?.setReceiveTimeout(milliseconds: Self.waitSeconds * 1000)
                let response = (try? client?.send(method, path, json: json, headers: headers))
                    ?? HTTPResponse(status: 0, headers: [], body: [])
                answer.withLock { $0 = response }
                done.signal()
            }
        }

        var isAnswered: Bool { answer.withLock { $0 != nil } }

        func wait() -> HTTPResponse? {
            _ = done.wait(timeout: .now() + .seconds(Self.waitSeconds))
            return answer.withLock { $0 }
        }
    }

    /// `rcl x − rcl y =` is worked out in place until its climb passes the in-place budget, then on long work: other
    /// sessions' presses are answered meanwhile, on the server's one event loop and its store's one writer.
    @Test(arguments: TestStore.allCases) func cheapKeysOverCostlyNumbersHoldNoSharedThread(_ store: TestStore) throws {
        let server = try ServerProcess(store: store, ["--session-access", "open", "--threads", "1", "--work-budget", "120s"])
        let client = try server.client()
        #expect(try client.send("PUT", "/sessions/heavy").status == 201)
        #expect(try client.send("PUT", "/sessions/light").status == 201)
        #expect(try client.send("POST", "/sessions/heavy/press", json: #"{"keys": "\#(Self.equalValues)"}"#).status == 200)
        let before = try Self.longWork(client, "press")

        let heavy = Pending(server, "POST", "/sessions/heavy/press", json: Self.difference)
        #expect(try eventually { try Self.longWork(client, "press") == before + 1 }, "the press moved to long work")
        for round in 0..<20 {
            let light = try client.send("POST", "/sessions/light/press", json: #"{"keys": "AC \#(round) + 1 ="}"#)
            #expect(light.status == 200)
            #expect(light.json?["display"] as? String == String(round + 1))
        }
        #expect(!heavy.isAnswered, "twenty presses of another session were answered while the heavy one was worked out")
        let answered = try #require(heavy.wait())
        #expect(answered.status == 200)
        #expect(answered.json?["display"] as? String == "Error")
        #expect((answered.json?["error"] as? [String: Any])?["code"] as? String == "precision")
    }

    /// A batch is pressed once, in order, each key checked against the state the keys before it made: a refusal is
    /// found where it falls, and nothing of the batch is kept.
    @Test func aBatchIsCheckedAsItIsPressed() throws {
        let server = try ServerProcess(store: .memory, ["--session-access", "open"])
        let client = try server.client()
        #expect(try client.send("PUT", "/sessions/s").status == 201)
        let pressed = try client.send("POST", "/sessions/s/press", json: #"{"keys": "rand sto x rcl x - rcl x ="}"#)
        #expect(pressed.json?["display"] as? String == "0")
        let refused = try client.send("POST", "/sessions/s/press", json: #"{"keys": "5 sto 7"}"#)
        #expect(refused.status == 422)
        #expect(refused.json?["index"] as? Int == 2)
        #expect(try client.send("GET", "/sessions/s").json?["display"] as? String == "0", "a refused batch changes nothing")
    }

    /// Long work takes its clients in turn: with both workers on one client's evaluations and two more of them queued,
    /// another client's evaluation is answered before that client's last.
    @Test func longWorkTakesItsClientsInTurn() throws {
        let server = try ServerProcess(["--store", "memory", "--trust-proxy", "--work-budget", "120s"])
        let client = try server.client()
        let heavy = #"{"expression": "\#(Self.heavyExpression)"}"#
        var first: [Pending] = []
        for _ in 0..<4 {
            first.append(Pending(server, "POST", "/evaluate", json: heavy, headers: [("X-Forwarded-For", "198.51.100.1")]))
        }
        #expect(try eventually { try Self.longWork(client, "evaluate") == 4 })
        let other = Pending(server, "POST", "/evaluate", json: #"{"expression": "sin(30)"}"#, headers: [("X-Forwarded-For", "198.51.100.2")])
        let answered = try #require(other.wait())
        #expect(answered.json?["display"] as? String == "0.5")
        #expect(first.contains { !$0.isAnswered }, "answered before the first client's last evaluation")
        for pending in first {
            #expect(pending.wait()?.json?["display"] as? String == "Error")
        }
    }

    /// On long work a request has the service's work budget: past it, the answer is Error (precision), and the next
    /// request is worked out as usual.
    @Test func theWorkBudgetEndsTheWorstEvaluationWithAClearError() throws {
        let server = try ServerProcess(["--store", "memory", "--work-budget", "1s"])
        let client = try server.client()
        let worst = Array(repeating: Self.heavyExpression, count: 14).joined(separator: "+")
        let answered = try client.send("POST", "/evaluate", json: #"{"expression": "\#(worst)"}"#)
        #expect(answered.status == 200)
        #expect(answered.json?["display"] as? String == "Error")
        #expect((answered.json?["error"] as? [String: Any])?["code"] as? String == "precision")
        #expect(try client.send("POST", "/evaluate", json: #"{"expression": "sin(30)"}"#).json?["display"] as? String == "0.5")
    }
}
