import Foundation
import TestSupport
import Testing

/// `exact` beside the display (issue 46 item 3): a worked-out rational value's `p/q`, as `/convert` gives it, in a
/// session's state, its display read, its events and `/evaluate`; absent for a real, while typing and at Error.
@Suite struct ExactValueTests {
    @Test func aSessionShowsTheExactValueBesideTheRoundedDisplay() throws {
        let server = try ServerProcess()
        let client = try server.client()
        let id = try EventStreamTests.createSession(client)
        let watcher = try EventStreamClient(port: server.port, path: "/sessions/\(id)/events")
        #expect(try watcher.next()?.version == 1)

        let third = try #require(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "1 ÷ 3 ="}"#).json)
        #expect(third["display"] as? String == "0.3333333333333333")
        #expect(third["exact"] as? String == "1/3")
        let read = try #require(try client.send("GET", "/sessions/\(id)/display").json)
        #expect(read["exact"] as? String == "1/3")
        let event = try #require(try watcher.next())
        #expect(event.json?["exact"] as? String == "1/3")

        // A number being typed is shown as typed, and has no exact member; a negative result keeps its sign.
        let typing = try #require(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "AC 0.25"}"#).json)
        #expect(typing["display"] as? String == "0.25")
        #expect(typing["exact"] == nil)
        let negative = try #require(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "− 7 ÷ 2 ="}"#).json)
        #expect(negative["exact"] as? String == "-13/4")
        // An irrational result has none.
        let root = try #require(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "AC 2 √"}"#).json)
        #expect(root["display"] as? String == "1.414213562373095")
        #expect(root["exact"] == nil)
        // Nor has Error.
        let error = try #require(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "AC 1 ÷ 0 ="}"#).json)
        #expect(error["display"] as? String == "Error")
        #expect(error["exact"] == nil)
    }

    @Test func evaluateCarriesTheExactValueAsConvertDoes() throws {
        let server = try ServerProcess()
        let client = try server.client()
        let answer = try #require(try client.send("POST", "/evaluate", json: #"{"expression": "(100 − 32) × 5 ÷ 9"}"#).json)
        let converted = try #require(try client.send("GET", "/convert?value=100&from=degF&to=degC").json)
        #expect(converted["exact"] as? String == "340/9")
        #expect(answer["exact"] as? String == converted["exact"] as? String)
        #expect(answer["display"] as? String == converted["display"] as? String)
        #expect(try client.send("GET", "/evaluate?expr=sin(30)").json?["exact"] as? String == "1/2")
        #expect(try client.send("GET", "/evaluate?expr=2%2F4%2B0.25").json?["exact"] as? String == "3/4")
        #expect(try client.send("GET", "/evaluate?expr=pi").json?["exact"] == nil)
        // A programmer-mode display is an integer already: no exact member.
        let programmer = try #require(try client.send("POST", "/evaluate", json: #"{"keys": "7 + 1 =", "mode": "programmer"}"#).json)
        #expect(programmer["display"] as? String == "8")
        #expect(programmer["exact"] == nil)
    }

    /// A rational past `exactBitsLimit` is shown rounded only, so that a reply does not grow with the fraction.
    @Test func aHugeFractionIsLeftOut() throws {
        let server = try ServerProcess()
        let client = try server.client()
        let small = try #require(try client.send("GET", "/evaluate?expr=2%5E100%2F3").json)
        #expect(small["exact"] as? String == "1267650600228229401496703205376/3")
        let huge = try #require(try client.send("GET", "/evaluate?expr=2%5E600%2F3").json)
        #expect(huge["display"] as? String != nil)
        #expect(huge["exact"] == nil)
    }
}
