import Foundation
import TestSupport
import Testing

/// Statistics mode through the API: the mode set by PATCH, Σ+ pressed, the data set in the state and at
/// `/sessions/{id}/data` (GET, PUT, DELETE, problems for bad input), and the memory list in the state (issue 48).
@Suite final class StatisticsEndpointTests {
    private let client: InProcessClient

    init() throws {
        client = try InProcessClient(store: .memory)
    }

    private func session(mode: String = "statistics") throws -> String {
        try #require(try client.send("POST", "/sessions", json: #"{"mode": "\#(mode)"}"#).json?["id"] as? String)
    }

    @Test func pressedPointsAreInTheStateWithTheirResults() throws {
        let id = try session()
        let pressed = try #require(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "1 , 2 Σ+ 2 , 4 Σ+ 3 , 7 Σ+ 4 ,"}"#).json)
        // , keeps 4 as x and starts y's entry.
        #expect(pressed["display"] as? String == "0")
        #expect(pressed["mode"] as? String == "statistics")
        let statistics = try #require(pressed["statistics"] as? [String: Any])
        let points = try #require(statistics["points"] as? [[String: String]])
        #expect(points == [["x": "1", "y": "2"], ["x": "2", "y": "4"], ["x": "3", "y": "7"]])
        #expect(statistics["pendingX"] as? String == "4")
        let results = try #require(statistics["results"] as? [String: Any])
        #expect(results["n"] as? String == "3" && results["slope"] as? String == "2.5" && results["meany"] as? String == "4.333333333333333")
        let exact = try #require(statistics["exact"] as? [String: String])
        #expect(exact["meany"] == "13/3" && exact["intercept"] == "-2/3" && exact["r"] == nil)
        let r = try #require(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "AC r"}"#).json)
        #expect(r["display"] as? String == "0.9933992677987829")
        // Another mode keeps the data (and shows them), but refuses Σ+.
        _ = try client.send("PATCH", "/sessions/\(id)", json: #"{"mode": "scientific"}"#)
        let refused = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "5 sigma+"}"#)
        #expect(refused.status == 422 && refused.json?["reason"] as? String == "not_in_mode")
        #expect((try client.send("GET", "/sessions/\(id)").json?["statistics"] as? [String: Any])?["points"] as? [Any] != nil)
    }

    @Test func theDataRouteReadsReplacesAndClears() throws {
        let id = try session()
        let empty = try #require(try client.send("GET", "/sessions/\(id)/data").json)
        #expect((empty["points"] as? [Any])?.isEmpty == true && (empty["results"] as? [String: Any])?.isEmpty == true)
        let put = try client.send(
            "PUT", "/sessions/\(id)/data",
            json: #"{"points": [{"x": 10, "y": "8.04"}, {"x": "8", "y": 6.95}, {"x": 13, "y": 7.58}, {"x": "9", "y": "8.81"}]}"#)
        #expect(put.status == 200)
        let body = try #require(put.json)
        #expect((body["points"] as? [Any])?.count == 4)
        #expect((body["exact"] as? [String: String])?["meanx"] == "10")
        let version = try #require(body["version"] as? Int)
        #expect(put.header("ETag") == "\"\(version)\"")
        // The keys see the data PUT gave.
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "sumx"}"#).json?["display"] as? String == "40")
        let tag = try #require(try client.send("GET", "/sessions/\(id)/data").header("ETag"))
        #expect(try client.send("GET", "/sessions/\(id)/data", headers: [("If-None-Match", tag)]).status == 304)
        // ?point=N takes out one point; a point the set does not have is a problem.
        let removed = try #require(try client.send("DELETE", "/sessions/\(id)/data?point=1").json)
        #expect((removed["points"] as? [[String: String]])?.map { $0["x"] } == ["10", "13", "9"])
        #expect(try client.send("DELETE", "/sessions/\(id)/data?point=3").status == 422)
        #expect(try client.send("DELETE", "/sessions/\(id)/data?point=one").status == 400)
        #expect(try client.send("DELETE", "/sessions/\(id)/data?colour=red").status == 400)
        // If-Match applies; DELETE empties, and an empty set emptied again keeps its version.
        #expect(try client.send("DELETE", "/sessions/\(id)/data", headers: [("If-Match", "\"1\"")]).status == 412)
        let cleared = try #require(try client.send("DELETE", "/sessions/\(id)/data").json)
        #expect((cleared["points"] as? [Any])?.isEmpty == true)
        let again = try #require(try client.send("DELETE", "/sessions/\(id)/data").json)
        #expect(again["version"] as? Int == cleared["version"] as? Int)
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "n"}"#).json?["display"] as? String == "0")
    }

    @Test(arguments: [
        // Well-formed points the set cannot take: 422.
        (#"{"points": [{"x": "1"}, {"x": "2", "y": "3"}]}"#, 422), (#"{"points": [{"x": "one"}]}"#, 422),
        (#"{"points": [{"x": "1e99999"}]}"#, 422),
        // Malformed: 400.
        (#"{"points": [{"y": "1"}]}"#, 400), (#"{"points": [{"x": "1", "z": "2"}]}"#, 400), (#"{"points": {"x": "1"}}"#, 400),
        (#"{"values": []}"#, 400), (#"{"points": [{"x": true}]}"#, 400), (#"{"points": [1, 2]}"#, 400),
    ])
    func badDataIsAProblemAndChangesNothing(body: String, status: Int) throws {
        let id = try session()
        _ = try client.send("PUT", "/sessions/\(id)/data", json: #"{"points": [{"x": "5"}]}"#)
        let before = try #require(try client.send("GET", "/sessions/\(id)/data").json)
        let response = try client.send("PUT", "/sessions/\(id)/data", json: body)
        #expect(response.status == status, "\(body)")
        #expect(response.header("Content-Type") == "application/problem+json")
        let after = try #require(try client.send("GET", "/sessions/\(id)/data").json)
        #expect(after["version"] as? Int == before["version"] as? Int)
        #expect((after["points"] as? [[String: String]]) == [["x": "5"]])
    }

    @Test func theDataSetIsBounded() throws {
        let id = try session()
        let points = (0...40).map { #"{"x": \#($0)}"# }.joined(separator: ",")
        let response = try client.send("PUT", "/sessions/\(id)/data", json: #"{"points": [\#(points)]}"#)
        #expect(response.status == 400)
        #expect((response.json?["detail"] as? String)?.contains("at most 40 points") == true)
        let forty = (1...40).map { #"{"x": \#($0)}"# }.joined(separator: ",")
        #expect(try client.send("PUT", "/sessions/\(id)/data", json: #"{"points": [\#(forty)]}"#).status == 200)
        let full = try #require(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "1 sigma+"}"#).json)
        #expect((full["error"] as? [String: Any])?["code"] as? String == "data_full")
    }

    @Test func theMemoryListIsInTheState() throws {
        let id = try session(mode: "scientific")
        let plain = try #require(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "1"}"#).json)
        #expect(plain["memories"] == nil && plain["statistics"] == nil)
        let single = try #require(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "m+"}"#).json)
        #expect(single["memory"] as? String == "1" && single["memories"] == nil)
        let listed = try #require(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "AC mc 5 ms 7 ms 2 m+:2"}"#).json)
        #expect(listed["memory"] as? String == "7")
        #expect(listed["memories"] as? [String] == ["7", "7"])
        let refused = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "mr:3"}"#)
        #expect(refused.status == 422)
        #expect(refused.json?["reason"] as? String == "no_memory_entry" && refused.json?["entries"] as? Int == 2)
        let keys = try #require(try client.send("GET", "/keys").json?["keys"] as? [[String: Any]])
        let sigma = try #require(keys.first { $0["name"] as? String == "sigma+" })
        #expect((sigma["modes"] as? [String: String]) == ["statistics": "statistics"])
        #expect(sigma["label"] as? String == "Σ+")
    }
}
