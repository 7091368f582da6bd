import Foundation
import TestSupport
import Testing

/// A press applies every key of its batch or is refused whole (issue 33): a batch whose undo or redo brings back a
/// waiting sto answers 422 for the key after it, and the session keeps its state and version.
@Suite struct PressBatchTests {
    @Test(arguments: [(#"{"keys": "undo 7 + 1 ="}"#, 1), (#"{"keys": ["undo", "redo", "undo", "7"]}"#, 3)])
    func aBatchThatUndoesIntoAWaitingStoIsRefusedWhole(_ body: String, _ index: Int) throws {
        let client = try InProcessClient(store: .memory)
        let created = try client.send("POST", "/sessions", json: "{}")
        let id = try #require(created.json?["id"] as? String)
        let stored = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "5 sto x"}"#)
        #expect(stored.status == 200)
        let refused = try client.send("POST", "/sessions/\(id)/press", json: body)
        #expect(refused.status == 422, "\(refused.text)")
        #expect(refused.header("Content-Type")?.hasPrefix("application/problem+json") == true)
        #expect(refused.json?["reason"] as? String == "awaiting_variable")
        #expect(refused.json?["index"] as? Int == index)
        let after = try client.send("GET", "/sessions/\(id)")
        #expect(after.json?["version"] as? Int == stored.json?["version"] as? Int)
        #expect(after.json?["awaiting"] is NSNull)
        #expect(after.json?["variables"] as? [String: String] == ["x": "5"])
        let evaluated = try client.send("POST", "/evaluate", json: #"{"keys": "5 sto x undo 7 + 1 ="}"#)
        #expect(evaluated.status == 422)
    }
}
