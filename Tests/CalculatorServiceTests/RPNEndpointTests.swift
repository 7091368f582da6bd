import Foundation
import TestSupport
import Testing

/// RPN mode through the API (issue 48): the stack in the replies, the refusal of `=` and the brackets, switching
/// modes, and the RPN table (rpn.jsonl) end to end.
@Suite final class RPNEndpointTests {
    private var client: InProcessClient!

    private func start(_ store: TestStore) throws {
        client = try InProcessClient(store: store)
    }

    private func createSession(_ settings: String) throws -> String { try client.createSession(settings) }

    private func press(_ id: String, _ keys: [String]) throws -> HTTPResponse { try client.pressTraced(id, keys) }

    @Test(arguments: TestStore.allCases) func theStackIsInTheReplies(_ store: TestStore) throws {
        try start(store)
        let created = try client.send("POST", "/sessions", json: #"{"mode":"rpn"}"#)
        #expect(created.status == 201)
        #expect(created.json?["mode"] as? String == "rpn")
        #expect(created.json?["stack"] as? [String: String] == ["x": "0", "y": "0", "z": "0", "t": "0"])
        let id = try #require(created.json?["id"] as? String)
        let pressed = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys":"3 enter 4 + 5 ×"}"#)
        #expect(pressed.json?["display"] as? String == "35")
        #expect(pressed.json?["stack"] as? [String: String] == ["x": "35", "y": "0", "z": "0", "t": "0"])
        // A history entry per operation.
        let history = try client.send("GET", "/sessions/\(id)/history").json?["history"] as? [[String: String]]
        #expect(history == [["expression": "3 + 4", "result": "7"], ["expression": "7 × 5", "result": "35"]])
        _ = try press(id, ["1", "enter", "2", "enter", "3", "enter", "4", "rolldown"])
        let read = try client.send("GET", "/sessions/\(id)")
        #expect(read.json?["stack"] as? [String: String] == ["x": "3", "y": "2", "z": "1", "t": "4"])
        #expect(try client.send("GET", "/sessions/\(id)/display").json?["stack"] as? [String: String] == ["x": "3", "y": "2", "z": "1", "t": "4"])
        // Out of RPN mode X stays shown and the stack is gone; back in, X is the shown value.
        let scientific = try client.send("PATCH", "/sessions/\(id)", json: #"{"mode":"scientific"}"#)
        #expect(scientific.json?["display"] as? String == "3" && scientific.json?["stack"] == nil)
        #expect(try press(id, ["+", "2", "="]).json?["display"] as? String == "5")
        let back = try client.send("PATCH", "/sessions/\(id)", json: #"{"mode":"rpn"}"#)
        #expect(back.json?["stack"] as? [String: String] == ["x": "5", "y": "0", "z": "0", "t": "0"])
        #expect(try press(id, ["2", "*"]).json?["display"] as? String == "10")
    }

    @Test func equalsAndBracketsAreRefusedSayingWhatToPress() throws {
        try start(.memory)
        let id = try createSession(#"{"mode":"rpn"}"#)
        for (keys, refused) in [(["1", "enter", "2", "="], "="), (["("], "("), (["4", ")"], ")")] {
            let answer = try press(id, keys)
            #expect(answer.status == 422)
            #expect(answer.json?["reason"] as? String == "not_in_rpn" && answer.json?["key"] as? String == refused)
            #expect(answer.json?["mode"] as? String == "rpn" && answer.json?["index"] as? Int == keys.count - 1)
            #expect((answer.json?["detail"] as? String)?.contains("enter") == true, "\(answer.text)")
        }
        // Nothing of a refused batch was pressed.
        #expect(try client.send("GET", "/sessions/\(id)").json?["version"] as? Int == 1)
        // An expression is infix: RPN mode takes keys.
        let evaluated = try client.send("POST", "/evaluate", json: #"{"expression":"1 + 2","mode":"rpn"}"#)
        #expect(evaluated.status == 400)
        let keys = try client.send("POST", "/evaluate", json: #"{"keys":"3 enter 4 +","mode":"rpn"}"#)
        #expect(keys.status == 200 && keys.json?["display"] as? String == "7", "\(keys.text)")
    }

    /// The RPN table, pressed through the API with a trace: the steps, the display and the stack.
    @Test func rpnTableThroughTheAPI() throws {
        try start(.memory)
        try client.replayKeyTable("rpn", count: 43) { test, state in
            #expect(state?["display"] as? String == test["expect"] as? String, "\(test["id"] ?? "")")
            #expect(state?["stack"] as? [String: String] == test["stack"] as? [String: String], "\(test["id"] ?? "")")
        }
    }
}
