import Foundation
import TestSupport
import Testing

/// The typed form of `keys` (issue 46 item 4): numbers as people type them stand for their keys, names and numbers
/// run together part where the longest name fits, and a malformed number is refused as `/evaluate` refuses it.
@Suite struct TypedKeyStringTests {
    @Test func numbersAsTypedAndKeysRunTogether() throws {
        let server = try ServerProcess()
        let client = try server.client()
        let cases: [(String, String)] = [
            ("12+30=", "42"), ("-5", "-5"), ("2 × -5 =", "-10"), ("1e5", "1e5"), ("1e5 =", "100000"),
            ("2.5e-3 =", "0.0025"), ("-1.5e2 =", "-150"), ("12.5 + .5 =", "13"), ("3 x² =", "9"), ("6×7=", "42"),
        ]
        for (keys, display) in cases {
            let id = try EventStreamTests.createSession(client)
            let response = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "\#(keys)"}"#)
            #expect(response.status == 200, "\(keys): \(response.text)")
            #expect(response.json?["display"] as? String == display, "\(keys): \(response.text)")
            let evaluated = try client.send("POST", "/evaluate", json: #"{"keys": "\#(keys)"}"#)
            #expect(evaluated.json?["display"] as? String == display, "\(keys) on /evaluate")
        }
    }

    @Test func aMalformedNumberIsRefusedAndNothingIsPressed() throws {
        let server = try ServerProcess()
        let client = try server.client()
        let id = try EventStreamTests.createSession(client)
        for keys in ["1.2.3", "1 + 1.2.3 =", "1e", "2e+ =", "1.5.", "12+1.2.3="] {
            let response = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "\#(keys)"}"#)
            #expect(response.status == 400, "\(keys): \(response.text)")
            #expect(response.json?["type"] as? String == "https://calculator.invalid/problems/invalid-request")
            #expect((response.json?["detail"] as? String)?.contains("is no number as typed") == true, "\(keys)")
        }
        #expect(try client.send("GET", "/sessions/\(id)").json?["version"] as? Int == 1)
        // A word that is neither a key nor a number is an unknown key, named whole.
        let unknown = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "1 + banana"}"#)
        #expect(unknown.json?["key"] as? String == "banana")
    }
}
