import Foundation
import TestSupport
import Testing

/// Programmer mode, gradians and named variables through the API (issue 28): settings, the radix lines, refused keys
/// (422, nothing of the batch pressed), variables across requests, and the shared programmer cases end to end.
@Suite final class ProgrammerEndpointTests {
    private var client: InProcessClient!

    private func start(_ store: TestStore) throws {
        client = try InProcessClient(store: store)
    }

    private func createSession(_ settings: String) throws -> String {
        let response = try client.send("POST", "/sessions", json: settings)
        try #require(response.status == 201, "\(response.text)")
        return try #require(response.json?["id"] as? String)
    }

    private func press(_ id: String, _ keys: [String]) throws -> HTTPResponse {
        let body = try JSONSerialization.data(withJSONObject: ["keys": keys, "trace": true])
        return try client.send("POST", "/sessions/\(id)/press", json: String(decoding: body, as: UTF8.self))
    }

    @Test(arguments: TestStore.allCases) func settingsAndTheRadixLines(_ store: TestStore) throws {
        try start(store)
        let created = try client.send("POST", "/sessions", json: #"{"mode":"programmer","radix":"hex","word":16}"#)
        #expect(created.status == 201)
        #expect(created.json?["mode"] as? String == "programmer")
        #expect(created.json?["radix"] as? String == "hex")
        #expect(created.json?["word"] as? Int == 16)
        let id = try #require(created.json?["id"] as? String)
        let pressed = try press(id, ["F", "F", "F", "F"])
        #expect(pressed.json?["display"] as? String == "FFFF")
        #expect(pressed.json?["radixes"] as? [String: String] == ["hex": "FFFF", "dec": "-1", "oct": "177777", "bin": "1111111111111111"])
        let display = try client.send("GET", "/sessions/\(id)/display")
        #expect(display.json?["radixes"] as? [String: String] == pressed.json?["radixes"] as? [String: String])
        #expect(try client.send("PATCH", "/sessions/\(id)", json: #"{"radix":"dec"}"#).json?["display"] as? String == "-1")
        let byte = try client.send("PATCH", "/sessions/\(id)", json: #"{"word":8,"radix":"bin"}"#)
        #expect(byte.json?["display"] as? String == "11111111")
        #expect(byte.json?["word"] as? Int == 8)
        let scientific = try client.send("PATCH", "/sessions/\(id)", json: #"{"mode":"scientific","angle":"grad"}"#)
        #expect(scientific.json?["display"] as? String == "-1")
        #expect(scientific.json?["angle"] as? String == "grad")
        #expect(scientific.json?["radixes"] == nil && scientific.json?["radix"] == nil)
        #expect(try press(id, ["AC", "1", "0", "0", "sin"]).json?["display"] as? String == "1")
        // Back in programmer mode the value is truncated toward zero to the word.
        _ = try press(id, ["AC", "2", "0", "0", ".", "7"])
        #expect(try client.send("PATCH", "/sessions/\(id)", json: #"{"mode":"programmer","radix":"dec"}"#).json?["display"] as? String == "-56")
    }

    @Test(arguments: TestStore.allCases) func refusedKeysAnswer422AndPressNothing(_ store: TestStore) throws {
        try start(store)
        let programmer = try createSession(#"{"mode":"programmer"}"#)
        let scientific = try createSession(#"{"mode":"scientific"}"#)
        let cases: [(String, [String], String, String, Int)] = [
            (programmer, ["1", "2", "sin"], "sin", "not_in_mode", 2), (programmer, ["1", "A"], "A", "not_in_radix", 1),
            (programmer, ["hex", "A", "dec", "B"], "B", "not_in_radix", 3), (scientific, ["A"], "A", "not_in_mode", 0),
            (scientific, ["7", "sto", "5"], "5", "awaiting_variable", 2), (scientific, ["x"], "x", "no_command_awaiting", 0),
            (programmer, ["1", "."], ".", "not_in_mode", 1), (scientific, ["qword"], "qword", "not_in_mode", 0),
        ]
        for (id, keys, key, reason, index) in cases {
            let before = try client.send("GET", "/sessions/\(id)")
            let response = try press(id, keys)
            #expect(response.status == 422, "\(keys)")
            #expect(response.header("Content-Type") == "application/problem+json")
            let problem = try #require(response.json)
            #expect((problem["type"] as? String)?.hasSuffix("/problems/key-refused") == true)
            #expect(problem["key"] as? String == key && problem["reason"] as? String == reason && problem["index"] as? Int == index, "\(problem)")
            #expect(problem["mode"] as? String == (id == programmer ? "programmer" : "scientific"))
            #expect((problem["detail"] as? String)?.contains(key) == true)
            let after = try client.send("GET", "/sessions/\(id)")
            #expect(after.body == before.body && after.header("ETag") == before.header("ETag"), "\(keys) changed the session")
        }
        // A single refused key takes the same path as a batch.
        let single = try client.send("POST", "/sessions/\(programmer)/press", json: #"{"key":"pi"}"#)
        #expect(single.status == 422 && single.json?["key"] as? String == "pi")
    }

    @Test(arguments: TestStore.allCases) func variablesWaitAcrossRequestsAndSurviveAllClear(_ store: TestStore) throws {
        try start(store)
        let id = try createSession(#"{"angle":"deg"}"#)
        let waiting = try press(id, ["7", "sto"])
        #expect(waiting.json?["awaiting"] as? String == "sto")
        #expect(waiting.json?["variables"] as? [String: String] == [:])
        let stored = try press(id, ["x"])
        #expect(stored.json?["awaiting"] is NSNull)
        #expect(stored.json?["variables"] as? [String: String] == ["x": "7"])
        #expect(try press(id, ["AC", "rcl"]).json?["awaiting"] as? String == "rcl")
        #expect(try press(id, ["x", "+", "1", "="]).json?["display"] as? String == "8")
        #expect(try client.send("GET", "/sessions/\(id)").json?["variables"] as? [String: String] == ["x": "7"])
        let cleared = try client.send("PATCH", "/sessions/\(id)", json: #"{"variables":{}}"#)
        #expect(cleared.status == 200)
        #expect(cleared.json?["variables"] as? [String: String] == [:])
        #expect(cleared.json?["display"] as? String == "8")
        #expect(try press(id, ["rcl", "x"]).json?["display"] as? String == "0")
    }

    @Test func keyCatalogSaysWhereEachKeyWorks() throws {
        try start(.memory)
        let keys = try #require(try client.send("GET", "/keys").json?["keys"] as? [[String: Any]])
        func modes(_ name: String) -> [String: String]? { keys.first { $0["name"] as? String == name }?["modes"] as? [String: String] }
        #expect(modes("C") == ["scientific": "clear", "immediate": "clear", "programmer": "digit", "statistics": "clear"])
        #expect(modes("A") == ["programmer": "digit"])
        #expect(modes("sin") == ["scientific": "unary", "immediate": "unary", "statistics": "unary"])
        #expect(modes("sto") == ["scientific": "variable", "immediate": "variable", "programmer": "variable", "statistics": "variable"])
        #expect(modes("grad") == ["scientific": "mode", "immediate": "mode", "statistics": "mode"])
        #expect(modes("sigma+") == ["statistics": "statistics"])
    }

    /// The shared programmer-mode, gradian and variable cases, pressed through the API with a trace.
    @Test func sharedCasesThroughTheAPI() throws {
        try start(.memory)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CalculatorEngineTests/Resources/programmer-public.jsonl")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 91)
        for line in lines {
            let test = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let settings = try JSONSerialization.data(withJSONObject: test["settings"] as Any)
            let id = try createSession(String(decoding: settings, as: UTF8.self))
            var keys = try #require(test["keys"] as? [String])
            let refused = test["expect_status"] as? Int == 422 ? keys.popLast() : nil
            if !keys.isEmpty {
                let response = try press(id, keys)
                #expect(response.status == 200, "\(test["id"] ?? "")")
                let steps = (response.json?["steps"] as? [[String: String]] ?? []).map { $0["display"] ?? "" }
                if let expected = test["steps"] as? [String] { #expect(steps == expected, "\(test["id"] ?? "")") }
            }
            if let refused {
                let answer = try press(id, [refused])
                #expect(answer.status == 422 && answer.json?["key"] as? String == refused, "\(test["id"] ?? "")")
            }
            let display = try client.send("GET", "/sessions/\(id)/display").json?["display"] as? String
            #expect(display == test["expect"] as? String, "\(test["id"] ?? "")")
        }
    }
}
