import Foundation
import TestSupport
import Testing

/// Sessions made and pressed the way the mode tests and the key tables need them.
extension InProcessClient {
    /// A new session with `settings` (a JSON object); its id.
    func createSession(_ settings: String) throws -> String {
        let response = try send("POST", "/sessions", json: settings)
        try #require(response.status == 201, "\(response.text)")
        return try #require(response.json?["id"] as? String)
    }

    /// `keys` pressed as one batch, with a trace.
    func pressTraced(_ id: String, _ keys: [String]) throws -> HTTPResponse {
        let body = try JSONSerialization.data(withJSONObject: ["keys": keys, "trace": true])
        return try send("POST", "/sessions/\(id)/press", json: String(decoding: body, as: UTF8.self))
    }

    /// The cases of a key table (`CalculatorEngineTests/Resources/<name>.jsonl`, one case a line: settings, keys,
    /// expect, steps, and `expect_status` 422 for a last key refused), each pressed on a new session with a trace:
    /// the steps and the refusal are checked here, and `check` is given the case and the session read after it.
    func replayKeyTable(_ name: String, count: Int, check: ([String: Any], [String: Any]?) -> Void) throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CalculatorEngineTests/Resources/\(name).jsonl")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == count)
        for line in lines {
            let test = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let settings = try JSONSerialization.data(withJSONObject: test["settings"] as Any)
            let id = try createSession(String(decoding: settings, as: UTF8.self))
            var keys = try #require(test["keys"] as? [String])
            let refused = test["expect_status"] as? Int == 422 ? keys.popLast() : nil
            if !keys.isEmpty {
                let response = try pressTraced(id, keys)
                #expect(response.status == 200, "\(test["id"] ?? "")")
                let steps = (response.json?["steps"] as? [[String: String]] ?? []).map { $0["display"] ?? "" }
                if let expected = test["steps"] as? [String] { #expect(steps == expected, "\(test["id"] ?? "")") }
            }
            if let refused {
                let answer = try pressTraced(id, [refused])
                #expect(answer.status == 422 && answer.json?["key"] as? String == refused, "\(test["id"] ?? "")")
            }
            check(test, try send("GET", "/sessions/\(id)").json)
        }
    }
}
