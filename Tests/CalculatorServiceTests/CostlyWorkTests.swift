import Foundation
import TestSupport
import Testing

/// Work that grows with the size of its numbers, not with the request's length, goes to the long-work thread
/// whatever its length (`Key.mayTakeLong`, `Expression.mayTakeLong`): issue 33's 62-character expression took tens of
/// milliseconds on an event loop. `calculator_long_work_total` shows which way each request went.
@Suite struct CostlyWorkTests {
    /// Issue 33's expression: three powers whose bases MPFR works at the exponents' twenty thousand bits.
    static let powers = "(1+9e-6000)^(9e5999)+(1+8e-6000)^(8e5999)+(1+7e-6000)^(7e5999)"
    /// Its keys.
    static let powerKeys = (7...9).reversed().map { "( 1 + \($0) EE neg 6000 ) pow ( \($0) EE 5999 )" }.joined(separator: " + ") + " ="

    /// `calculator_long_work_total` for `work` as /metrics serves it now.
    private static func longWork(_ client: InProcessClient, _ work: String) throws -> Int {
        let prefix = "calculator_long_work_total{work=\"\(work)\"} "
        let metrics = try client.send("GET", "/metrics")
        let line = try #require(metrics.text.split(separator: "\n").first { $0.hasPrefix(prefix) })
        return try #require(Int(line.dropFirst(prefix.count)))
    }

    @Test func theExpressionOfPowersIsWorkedOutOffTheEventLoops() throws {
        let client = try InProcessClient(store: .memory)
        #expect(Self.powers.unicodeScalars.count < 64, "shorter than an expression long by its length")
        let cheap = try client.send("POST", "/evaluate", json: #"{"expression": "12+34*5-6"}"#)
        #expect(cheap.json?["display"] as? String == "176")
        #expect(try Self.longWork(client, "evaluate") == 0)
        let posted = try client.send("POST", "/evaluate", json: #"{"expression": "\#(Self.powers)"}"#)
        #expect(posted.status == 200)
        #expect(try Self.longWork(client, "evaluate") == 1)
        let query = Self.powers.replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: "^", with: "%5E")
        let got = try client.send("GET", "/evaluate?expr=\(query)")
        #expect(got.json?["display"] as? String == posted.json?["display"] as? String)
        #expect(try Self.longWork(client, "evaluate") == 2)
        // A number with an exponent, or a function whose cost grows with its argument, is enough.
        for expression in ["1e-3 + 1", "sin(10)", "3!"] {
            let before = try Self.longWork(client, "evaluate")
            #expect(try client.send("POST", "/evaluate", json: #"{"expression": "\#(expression)"}"#).status == 200)
            #expect(try Self.longWork(client, "evaluate") == before + 1, "\(expression)")
        }
        // Squares, roots and reciprocals stay exact and small, and are worked out in place.
        let before = try Self.longWork(client, "evaluate")
        #expect(try client.send("POST", "/evaluate", json: #"{"expression": "√2 + 3² + 1/7"}"#).status == 200)
        #expect(try Self.longWork(client, "evaluate") == before)
    }

    /// A press of the expression's keys, and each of its short parts: the part that completes the power has 7 keys,
    /// far under the 16 a press needs to be long by its count.
    @Test(arguments: TestStore.allCases) func pressesOfItsKeysAreAppliedOffTheEventLoops(_ store: TestStore) throws {
        let client = try InProcessClient(store: store)
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "1 + 2 ="}"#).status == 200)
        #expect(try Self.longWork(client, "press") == 0)
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "AC ( 1 + 9 EE neg 6000 ) pow"}"#).status == 200)
        #expect(try Self.longWork(client, "press") == 1)
        let pressed = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "9 EE 5999 ="}"#)
        #expect(pressed.status == 200)
        #expect(try Self.longWork(client, "press") == 2)
        let evaluated = try client.send("POST", "/evaluate", json: #"{"keys": "( 1 + 9 EE neg 6000 ) pow 9 EE 5999 ="}"#)
        #expect(pressed.json?["display"] as? String == evaluated.json?["display"] as? String)
        let keys = try #require(try client.send("POST", "/evaluate", json: #"{"keys": "\#(Self.powerKeys)"}"#).json)
        let all = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "AC \#(Self.powerKeys)"}"#)
        #expect(all.status == 200)
        #expect(all.json?["display"] as? String == keys["display"] as? String)
        #expect(try Self.longWork(client, "press") == 3)
        #expect(try Self.longWork(client, "evaluate") == 2)
        // One key is enough when its work grows with its operand, and the same press without it stays in place.
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"key": "fact"}"#).status == 200)
        #expect(try Self.longWork(client, "press") == 4)
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "AC 2 sq sqrt recip ="}"#).status == 200)
        #expect(try Self.longWork(client, "press") == 4)
    }
}
