import Foundation
import TestSupport
import Testing

/// `/evaluate`: one answer without a session, as a fresh session would give it, stored nowhere.
@Suite final class EvaluateTests {
    private let client: InProcessClient

    init() throws {
        client = try InProcessClient(store: .memory)
    }

    private func evaluate(_ body: String) throws -> HTTPResponse {
        try client.send("POST", "/evaluate", json: body)
    }

    @Test func anExpressionAnswersAsItsKeysWould() throws {
        let response = try evaluate(#"{"expression": "2 + 3 × 4"}"#)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        let body = try #require(response.json)
        #expect(body["display"] as? String == "14")
        #expect(body["expression"] as? String == "2 + 3 × 4")
        #expect(body["error"] is NSNull)
        #expect(body["pending"] as? Bool == false)
        // The same keys pressed on a session answer the same.
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let pressed = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "2 + 3 * 4 ="}"#)
        #expect(pressed.json?["display"] as? String == "14")
        #expect(pressed.json?["expression"] as? String == "2 + 3 × 4")
    }

    @Test func keysInEveryFormOfAPress() throws {
        #expect(try evaluate(#"{"keys": "2 + 3 ="}"#).json?["display"] as? String == "5")
        #expect(try evaluate(#"{"keys": ["2", "+", "3", "="]}"#).json?["display"] as? String == "5")
        #expect(try evaluate(#"{"keys": "7"}"#).json?["display"] as? String == "7")
        // Keys go on past an Error as a session's do.
        #expect(try evaluate(#"{"keys": "1 / 0 = 5"}"#).json?["display"] as? String == "5")
        // A key the fresh calculator refuses is 422, as in a press.
        let refused = try evaluate(#"{"keys": "A", "mode": "scientific"}"#)
        #expect(refused.status == 422)
        #expect(refused.json?["type"] as? String == "https://calculator.invalid/problems/key-refused")
        #expect(try evaluate(#"{"keys": "A + 1 =", "mode": "programmer", "radix": "hex"}"#).json?["display"] as? String == "B")
    }

    /// Undo and redo among the keys answer as in a fresh session: the one-shot calculator keeps its steps then.
    @Test func undoAndRedoAnswerAsInASession() throws {
        for keys in ["1 + 2 = undo", "1 + 2 = undo undo undo redo", "1 m+ 2 = undo undo", "rad undo", "4 undo redo 5", "undo redo 7"] {
            let answer = try #require(try evaluate(#"{"keys": "\#(keys)"}"#).json)
            let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
            let pressed = try #require(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "\#(keys)"}"#).json)
            for member in ["display", "expression", "memory", "angle", "pending"] {
                #expect("\(answer[member] ?? "–")" == "\(pressed[member] ?? "–")", "\(keys): \(member)")
            }
        }
        #expect(try evaluate(#"{"keys": "1 + 2 = undo"}"#).json?["display"] as? String == "2")
    }

    @Test func settingsApply() throws {
        #expect(try evaluate(#"{"expression": "sin(pi/2)", "angle": "rad"}"#).json?["display"] as? String == "1")
        #expect(try evaluate(#"{"expression": "1/3", "digits": 8}"#).json?["display"] as? String == "0.33333333")
        #expect(try evaluate(#"{"expression": "2 + 3 × 4", "mode": "immediate"}"#).json?["display"] as? String == "14")
        #expect(try evaluate(#"{"keys": "2 + 3 * 4 =", "mode": "immediate"}"#).json?["display"] as? String == "20")
        #expect(try evaluate(#"{"expression": "1", "digits": 40}"#).status == 422)
    }

    /// Long evaluations (`EvaluateRequest.isLong`) are worked out on the long-press worker: they answer, refuse and
    /// fail as short ones do.
    @Test func longEvaluationsAnswerAsShortOnesDo() throws {
        let keys = Array(repeating: "1 +", count: 20).joined(separator: " ") + " 1 ="
        #expect(try evaluate(#"{"keys": "\#(keys)"}"#).json?["display"] as? String == "21")
        let refused = try evaluate(#"{"keys": "\#(keys) A", "mode": "scientific"}"#)
        #expect(refused.status == 422)
        #expect(refused.json?["index"] as? Int == 42)
        let sum = Array(repeating: "1", count: 40).joined(separator: " + ")
        #expect(try evaluate(#"{"expression": "\#(sum)"}"#).json?["display"] as? String == "40")
        #expect(try evaluate(#"{"expression": "\#(sum) + 1/0"}"#).json?["display"] as? String == "Error")
        let tooPrecise = try evaluate(#"{"expression": "\#(sum) + 1.2345678901234567890123"}"#)
        #expect(tooPrecise.status == 400)
        #expect(tooPrecise.json?["type"] as? String == "https://calculator.invalid/problems/invalid-expression")
        let query = sum.replacingOccurrences(of: " + ", with: "%2B")
        let plain = try client.send("GET", "/evaluate?expr=\(query)", headers: [("Accept", "text/plain")])
        #expect(plain.status == 200)
        #expect(String(decoding: plain.body, as: UTF8.self) == "40\n")
    }

    /// A chain of thousands of postfix operators once took the server down (the walks over the tree recurse):
    /// it is a 400 now, and the server goes on answering.
    @Test func aTallExpressionIsRefusedNotFatal() throws {
        let tall = try evaluate(#"{"expression": "2\#(String(repeating: "²", count: 5_000))"}"#)
        #expect(tall.status == 400)
        #expect(tall.json?["type"] as? String == "https://calculator.invalid/problems/invalid-expression")
        #expect(try evaluate(#"{"expression": "2 + 3"}"#).json?["display"] as? String == "5")
    }

    @Test func arithmeticErrorsAreAnswers() throws {
        let response = try evaluate(#"{"expression": "1/0 + 5"}"#)
        #expect(response.status == 200)
        let body = try #require(response.json)
        #expect(body["display"] as? String == "Error")
        #expect((body["error"] as? [String: Any])?["code"] as? String == "division_by_zero")
    }

    @Test func syntaxErrorsSayWhereAndWhat() throws {
        let response = try evaluate(#"{"expression": "2 × (3 + "}"#)
        #expect(response.status == 400)
        #expect(response.header("Content-Type") == "application/problem+json")
        let body = try #require(response.json)
        #expect(body["type"] as? String == "https://calculator.invalid/problems/invalid-expression")
        #expect(body["offset"] as? Int == 9)
        #expect(body["expected"] as? String == "a number, a name, ( or −")
        #expect(body["found"] as? String == "the end")
        #expect(body["detail"] as? String == "expected a number, a name, ( or − at offset 9, found the end")
        let unknown = try evaluate(#"{"expression": "2 + foo(3)"}"#).json
        #expect(unknown?["offset"] as? Int == 4)
        #expect(unknown?["found"] as? String == "foo")
        #expect(try evaluate(#"{"expression": "7", "mode": "programmer"}"#).status == 400)
    }

    @Test func malformedRequestsAreRefused() throws {
        let malformed = [
            #"{}"#, #"{"expression": "1", "keys": "1"}"#, #"{"expression": 1}"#, #"{"expression": "1", "trace": true}"#,
            #"{"key": "7"}"#, #"{"expression": "1", "radix": "hex"}"#,
        ]
        for body in malformed {
            let response = try evaluate(body)
            #expect(response.status == 400, "\(body)")
            #expect(response.json?["type"] as? String == "https://calculator.invalid/problems/invalid-request", "\(body)")
        }
        #expect(try client.send("POST", "/evaluate", headers: [("Content-Type", "text/plain")], body: Array("1".utf8)).status == 415)
        let long = String(repeating: "1+", count: 600) + "1"
        let tooMany = try evaluate(#"{"expression": "\#(long)"}"#)
        #expect(tooMany.status == 413)
        #expect(tooMany.json?["limit"] as? Int == 1000)
    }

    @Test func getAnswersCurl() throws {
        let response = try client.send("GET", "/evaluate?expr=2*(7-3)")
        #expect(response.status == 200)
        #expect(response.json?["display"] as? String == "8")
        // + is a space in a query, %2B the plus sign.
        #expect(try client.send("GET", "/evaluate?expr=2+%2B+3+%C3%97+4").json?["display"] as? String == "14")
        #expect(try client.send("GET", "/evaluate?expr=sin(90)&angle=rad&digits=8").json?["display"] as? String == "0.89399666")
        let text = try client.send("GET", "/evaluate?expr=1%2F3", headers: [("Accept", "text/plain")])
        #expect(text.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(text.text == "0.3333333333333333\n")
        #expect(try client.send("GET", "/evaluate?expr=(").json?["offset"] as? Int == 1)
        for query in ["", "?expr=1&expr=2", "?expr=1&limit=3", "?expr=%ZZ", "?expr=1%2", "?expr=%FF", "?expr=%C3", "?expr=1&digits=x", "?expr=1&mode=fast", "?expr=1&radix=hex"] {
            let refused = try client.send("GET", "/evaluate\(query)")
            #expect(refused.status == 400 || refused.status == 422, "\(query)")
        }
        #expect(try client.send("HEAD", "/evaluate?expr=1").status == 200)
    }

    /// Numbers in the locale's style, GNOME's functions, units inside arithmetic, and `ans` from the request.
    @Test func expressionsAsPeopleTypeThem() throws {
        #expect(try evaluate(#"{"expression": "1,000 + 1"}"#).json?["display"] as? String == "1001")
        let german = try #require(try evaluate(#"{"expression": "1.000,5 + 1", "locale": "de"}"#).json)
        #expect(german["display"] as? String == "1001,5")
        #expect(german["exact"] as? String == "2003/2")
        #expect(try client.send("GET", "/evaluate?expr=1,5%2B1&locale=de").json?["display"] as? String == "2,5")
        let ambiguous = try evaluate(#"{"expression": "1.5 + 1", "locale": "de"}"#)
        #expect(ambiguous.status == 400)
        #expect((ambiguous.json?["expected"] as? String)?.contains("1,5 for a decimal") == true)
        #expect(try evaluate(#"{"expression": "gcd(12; 18) + 10 mod 3 + nCr(5; 2)"}"#).json?["display"] as? String == "17")
        #expect(try evaluate(#"{"expression": "sin(30°)", "angle": "rad"}"#).json?["exact"] as? String == "1/2")
        let inCentimetres = try #require(try evaluate(#"{"expression": "5 ft + 3 in to cm"}"#).json)
        #expect(inCentimetres["display"] as? String == "160.02" && inCentimetres["unit"] as? String == "cm")
        // The answer's unit: the first quantity's, none where the units cancel or no number has one, none at Error.
        for (expression, unit) in [("2 km + 300 m", "km"), ("12 inches", "in"), ("100 degF to degC", "degC"), ("3 × 2 mi", "mi")] {
            #expect(try evaluate(#"{"expression": "\#(expression)"}"#).json?["unit"] as? String == unit, "\(expression)")
        }
        for expression in ["1 km ÷ 1 m", "2 + 3", "1 m ÷ 0"] {
            let answer = try #require(try evaluate(#"{"expression": "\#(expression)"}"#).json, "\(expression)")
            #expect(answer["display"] != nil && answer["unit"] == nil, "\(expression)")
        }
        let dimensions = try #require(try evaluate(#"{"expression": "1 kg + 1 m"}"#).json)
        #expect(dimensions["type"] as? String == "https://calculator.invalid/problems/invalid-expression")
        #expect((dimensions["expected"] as? String)?.contains("a length and a mass do not add") == true)
        let integers = try #require(try evaluate(#"{"expression": "gcd(1.5; 2)"}"#).json?["error"] as? [String: Any])
        #expect(integers["message"] as? String == "gcd takes integers: round one that is not, as in gcd(round(1.5); 2)")

        #expect(try evaluate(#"{"expression": "ans × 2", "ans": "1/3"}"#).json?["exact"] as? String == "2/3")
        #expect(try client.send("GET", "/evaluate?expr=ans%2B1&ans=41").json?["display"] as? String == "42")
        let noAnswer = try evaluate(#"{"expression": "ans × 2"}"#)
        #expect(noAnswer.status == 400)
        #expect((noAnswer.json?["expected"] as? String)?.contains(#"send it as "ans""#) == true)
        for body in [#"{"expression": "1", "ans": "x"}"#, #"{"expression": "1", "ans": 2}"#, #"{"expression": "ans", "ans": "1/0"}"#, #"{"keys": "1 +", "ans": "2"}"#] {
            let refused = try evaluate(body)
            #expect(refused.status == 400, "\(body)")
            #expect(refused.json?["type"] as? String == "https://calculator.invalid/problems/invalid-request", "\(body)")
        }
    }

    @Test func nothingIsStored() throws {
        _ = try evaluate(#"{"expression": "2 + 2"}"#)
        _ = try client.send("GET", "/evaluate?expr=3")
        let metrics = try client.send("GET", "/metrics").text
        #expect(metrics.split(separator: "\n").contains("calculator_sessions_live 0"))
    }
}
