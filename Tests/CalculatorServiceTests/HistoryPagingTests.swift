import Foundation
import TestSupport
import Testing

/// `GET /sessions/{id}/history?limit=&before=` and `DELETE /sessions/{id}/history`, over each store.
@Suite final class HistoryPagingTests {
    private var client: InProcessClient!

    /// A session whose tape holds the results 1 … `count` (each `n =`).
    private func session(_ store: TestStore, evaluations count: Int) throws -> String {
        client = try InProcessClient(store: store)
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        if count > 0 {
            let keys = (1...count).map { "\($0) =" }.joined(separator: " ")
            #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "\#(keys)"}"#).status == 200)
        }
        return id
    }

    private func page(_ id: String, _ query: String = "") throws -> (results: [String], count: Int?, start: Int?) {
        let response = try client.send("GET", "/sessions/\(id)/history\(query)")
        try #require(response.status == 200, "\(query): \(response.text)")
        let body = try #require(response.json)
        let history = try #require(body["history"] as? [[String: String]])
        return (history.compactMap { $0["result"] }, body["count"] as? Int, body["start"] as? Int)
    }

    @Test(arguments: TestStore.allCases) func pagesGoBackFromTheNewest(_ store: TestStore) throws {
        let id = try session(store, evaluations: 7)
        let all = try page(id)
        #expect(all.results == ["1", "2", "3", "4", "5", "6", "7"] && all.count == 7 && all.start == 0)
        let newest = try page(id, "?limit=3")
        #expect(newest.results == ["5", "6", "7"] && newest.count == 7 && newest.start == 4)
        let before = try page(id, "?limit=3&before=4")
        #expect(before.results == ["2", "3", "4"] && before.start == 1)
        let oldest = try page(id, "?limit=3&before=1")
        #expect(oldest.results == ["1"] && oldest.start == 0)
        #expect(try page(id, "?before=0").results.isEmpty)
        #expect(try page(id, "?before=7&limit=100").results.count == 7)
        // A position past the end is the end.
        let past = try page(id, "?before=99&limit=2")
        #expect(past.results == ["6", "7"] && past.start == 5)
    }

    @Test(arguments: ["?limit=0", "?limit=101", "?limit=x", "?limit=", "?before=-1", "?before=101", "?before=1.5", "?limit=1&limit=2", "?page=2"])
    func badPagesAreRefused(_ query: String) throws {
        let id = try session(.memory, evaluations: 7)
        let response = try client.send("GET", "/sessions/\(id)/history\(query)")
        #expect(response.status == 400)
        #expect(response.json?["type"] as? String == "https://calculator.invalid/problems/invalid-request")
        #expect(response.json?["instance"] as? String == "/sessions/\(id)/history")
    }

    @Test(arguments: TestStore.allCases) func deletingTheHistoryClearsItAndMovesTheVersion(_ store: TestStore) throws {
        let id = try session(store, evaluations: 3)
        let before = try client.send("GET", "/sessions/\(id)")
        let version = try #require(before.json?["version"] as? Int)
        #expect(try client.send("DELETE", "/sessions/\(id)/history", headers: [("If-Match", "\"\(version + 5)\"")]).status == 412)
        let cleared = try client.send("DELETE", "/sessions/\(id)/history", headers: [("If-Match", "\"\(version)\"")])
        #expect(cleared.status == 200)
        #expect(cleared.header("ETag") == "\"\(version + 1)\"")
        #expect((cleared.json?["history"] as? [Any])?.isEmpty == true)
        #expect(try page(id).results.isEmpty)
        // Nothing else changed: the display is the last result, and the session carries on.
        let after = try client.send("GET", "/sessions/\(id)")
        #expect(after.json?["display"] as? String == "3" && after.json?["version"] as? Int == version + 1)
        // An empty tape stays as it is.
        let again = try client.send("DELETE", "/sessions/\(id)/history")
        #expect(again.status == 200 && again.header("ETag") == "\"\(version + 1)\"")
        #expect(try client.send("DELETE", "/sessions/nosuchsession/history").status == 404)
    }

    @Test func theHistoryIsConditionallyRead() throws {
        let id = try session(.memory, evaluations: 2)
        let first = try client.send("GET", "/sessions/\(id)/history")
        let tag = try #require(first.header("ETag"))
        #expect(try client.send("GET", "/sessions/\(id)/history", headers: [("If-None-Match", tag)]).status == 304)
    }
}
