import CalculatorService
import Foundation
import TestSupport
import Testing

/// Every malformed request gets a precise problem+json reply and changes nothing. Failures the store reports are
/// checked over each store (SQLite's are answered later, from the store's completion). In process (`InProcessClient`).
@Suite final class ErrorTests {
    private var client: InProcessClient!
    private var id = ""
    private var before: HTTPResponse!

    private func start(_ store: TestStore) throws {
        client = try InProcessClient(store: store, maxBodySize: 2_048) { $0.maxKeysPerRequest = 10 }
        let created = try client.send("POST", "/sessions")
        id = try #require(created.json?["id"] as? String)
        _ = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys":"1 2 + 3 m+"}"#)
        before = try client.send("GET", "/sessions/\(id)")
    }

    /// Checks the reply is problem+json with this status (and, when given, this `instance`: the request's path), and
    /// that the session is exactly as it was.
    private func expectProblem(
        _ response: HTTPResponse, _ status: Int, type: String, instance: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any] {
        #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
        #expect(response.header("Content-Type") == "application/problem+json", sourceLocation: sourceLocation)
        let problem = try #require(response.json, sourceLocation: sourceLocation)
        #expect(problem["status"] as? Int == status, sourceLocation: sourceLocation)
        #expect((problem["type"] as? String)?.hasSuffix("/problems/\(type)") == true, "\(problem)", sourceLocation: sourceLocation)
        #expect((problem["title"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
        #expect((problem["detail"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
        if let instance { #expect(problem["instance"] as? String == instance, sourceLocation: sourceLocation) }
        let after = try client.send("GET", "/sessions/\(id)")
        #expect(after.body == before.body, "the session changed", sourceLocation: sourceLocation)
        #expect(after.header("ETag") == before.header("ETag"), sourceLocation: sourceLocation)
        return problem
    }

    private func press(_ body: String, headers: [(String, String)] = []) throws -> HTTPResponse {
        try client.send("POST", "/sessions/\(id)/press", json: body, headers: headers)
    }

    @Test(arguments: [TestStore.memory]) func malformedJSON(_ store: TestStore) throws {
        try start(store)
        let problem = try expectProblem(try press(#"{"keys": ["1", }"#), 400, type: "malformed-json")
        #expect(problem["offset"] as? Int == 15)
    }

    @Test(arguments: [TestStore.memory]) func invalidUTF8InAString(_ store: TestStore) throws {
        try start(store)
        let body: [UInt8] = Array(#"{"key":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        let response = try client.send("POST", "/sessions/\(id)/press", headers: [("Content-Type", "application/json")], body: body)
        _ = try expectProblem(response, 400, type: "malformed-json")
    }

    @Test(arguments: [TestStore.memory]) func deeplyNestedJSON(_ store: TestStore) throws {
        try start(store)
        let body = String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000)
        _ = try expectProblem(try press(body), 400, type: "malformed-json")
    }

    @Test(arguments: [TestStore.memory]) func wrongTypes(_ store: TestStore) throws {
        try start(store)
        for body in [#"{"key": 7}"#, #"{"keys": [1, 2]}"#, #"{"keys": {"a": 1}}"#, #"["7"]"#, #"{"key": "7", "trace": "yes"}"#] {
            _ = try expectProblem(try press(body), 400, type: "invalid-request")
        }
    }

    @Test(arguments: [TestStore.memory]) func missingOrBothKeyMembersOrUnknownMember(_ store: TestStore) throws {
        try start(store)
        for body in [#"{}"#, #"{"key": "1", "keys": ["2"]}"#, #"{"kyes": ["1"]}"#, #"{"keys": []}"#, #"{"keys": "  "}"#] {
            _ = try expectProblem(try press(body), 400, type: "invalid-request")
        }
    }

    @Test(arguments: TestStore.allCases) func unknownKeyIsNamedWithItsIndexAndNothingIsApplied(_ store: TestStore) throws {
        try start(store)
        let problem = try expectProblem(try press(#"{"keys": ["1", "+", "banana", "="]}"#), 400, type: "unknown-key")
        #expect(problem["key"] as? String == "banana")
        #expect(problem["index"] as? Int == 2)
        #expect((problem["detail"] as? String)?.contains("banana") == true)
        let spaced = try expectProblem(try press(#"{"keys": "1 + 2 sine ="}"#), 400, type: "unknown-key")
        #expect(spaced["index"] as? Int == 3)
    }

    @Test(arguments: TestStore.allCases) func unknownSession(_ store: TestStore) throws {
        try start(store)
        for (method, path) in [("GET", "/sessions/nope"), ("GET", "/sessions/nope/display"), ("GET", "/sessions/nope/history"), ("DELETE", "/sessions/nope")] {
            _ = try expectProblem(try client.send(method, path), 404, type: "session-not-found", instance: path)
        }
        _ = try expectProblem(
            try client.send("POST", "/sessions/nope/press", json: #"{"key":"1"}"#), 404, type: "session-not-found", instance: "/sessions/nope/press")
        _ = try expectProblem(
            try client.send("PATCH", "/sessions/nope", json: #"{"digits":10}"#), 404, type: "session-not-found", instance: "/sessions/nope")
    }

    @Test(arguments: [TestStore.memory]) func invalidSessionID(_ store: TestStore) throws {
        try start(store)
        _ = try expectProblem(try client.send("GET", "/sessions/bad%20id"), 400, type: "invalid-session-id")
        _ = try expectProblem(try client.send("PUT", "/sessions/" + String(repeating: "a", count: 65)), 400, type: "invalid-session-id")
    }

    @Test(arguments: [TestStore.memory]) func unknownRoute(_ store: TestStore) throws {
        try start(store)
        _ = try expectProblem(try client.send("GET", "/calculators"), 404, type: "not-found")
        _ = try expectProblem(try client.send("GET", "/sessions/\(id)/memory"), 404, type: "not-found")
    }

    @Test(arguments: [TestStore.memory]) func wrongMethodListsTheAllowedOnes(_ store: TestStore) throws {
        try start(store)
        let response = try client.send("DELETE", "/sessions/\(id)/press")
        _ = try expectProblem(response, 405, type: "method-not-allowed")
        #expect(response.header("Allow")?.contains("POST") == true)
        let onCollection = try client.send("GET", "/sessions")
        _ = try expectProblem(onCollection, 405, type: "method-not-allowed")
        #expect(onCollection.header("Allow")?.contains("POST") == true)
    }

    @Test(arguments: [TestStore.memory]) func bodyWithoutOrWithTheWrongContentType(_ store: TestStore) throws {
        try start(store)
        let missing = try client.send("POST", "/sessions/\(id)/press", body: Array(#"{"key":"1"}"#.utf8))
        _ = try expectProblem(missing, 415, type: "unsupported-media-type")
        let wrong = try client.send("POST", "/sessions/\(id)/press", headers: [("Content-Type", "text/plain")], body: Array(#"{"key":"1"}"#.utf8))
        _ = try expectProblem(wrong, 415, type: "unsupported-media-type")
        let withCharset = try client.send(
            "POST", "/sessions/\(id)/press", headers: [("Content-Type", "application/json; charset=utf-8")], body: Array(#"{"key":"0"}"#.utf8))
        #expect(withCharset.status == 200)
    }

    @Test(arguments: [TestStore.memory]) func bodyTooLarge(_ store: TestStore) throws {
        try start(store)
        let keys = Array(repeating: "\"1\"", count: 1_000).joined(separator: ",")
        _ = try expectProblem(try press(#"{"keys":[\#(keys)]}"#), 413, type: "body-too-large")
    }

    @Test(arguments: [TestStore.memory]) func tooManyKeys(_ store: TestStore) throws {
        try start(store)
        let problem = try expectProblem(try press(#"{"keys":"1 1 1 1 1 1 1 1 1 1 1"}"#), 413, type: "too-many-keys")
        #expect(problem["limit"] as? Int == 10)
    }

    @Test(arguments: [TestStore.memory]) func invalidSettings(_ store: TestStore) throws {
        try start(store)
        for body in [
            #"{"digits": 7}"#, #"{"digits": 33}"#, #"{"digits": 12.5}"#, #"{"digits": 1e300}"#, #"{"mode": "postfix"}"#, #"{"angle": "gon"}"#,
            #"{"angle": 1}"#, #"{"radix": "b"}"#, #"{"radix": 16}"#, #"{"word": 12}"#, #"{"word": "64"}"#, #"{"word": 64.5}"#,
            #"{"variables": {"x": "1"}}"#, #"{"variables": []}"#, #"{"mode": "Programmer"}"#,
        ] {
            _ = try expectProblem(try client.send("PATCH", "/sessions/\(id)", json: body), 422, type: "invalid-settings")
        }
        _ = try expectProblem(try client.send("PATCH", "/sessions/\(id)", json: #"{"colour": "red"}"#), 400, type: "invalid-request")
        let created = try client.send("POST", "/sessions", json: #"{"digits": 99}"#)
        #expect(created.status == 422)
    }

    @Test(arguments: TestStore.allCases) func ifMatchMismatchRefusesAndChangesNothing(_ store: TestStore) throws {
        try start(store)
        let stale = try expectProblem(
            try press(#"{"key":"5"}"#, headers: [("If-Match", "\"1\"")]), 412, type: "precondition-failed", instance: "/sessions/\(id)/press")
        #expect(stale["currentVersion"] as? Int == before.json?["version"] as? Int)
        _ = try expectProblem(
            try client.send("PATCH", "/sessions/\(id)", json: #"{"digits":9}"#, headers: [("If-Match", "\"99\"")]), 412, type: "precondition-failed",
            instance: "/sessions/\(id)")
        _ = try expectProblem(try client.send("DELETE", "/sessions/\(id)", headers: [("If-Match", "\"99\"")]), 412, type: "precondition-failed")
        // Weak tags never match (RFC 9110 §13.1.1), nor do tags this service never issued.
        for unmatched in ["W/\"2\"", "\"7\", \"8\"", "\"\"", "\"abc\"", "\"a,b\"", "\"7\",, \"8\""] {
            _ = try expectProblem(try press(#"{"key":"5"}"#, headers: [("If-Match", unmatched)]), 412, type: "precondition-failed")
        }
        let current = try #require(before.header("ETag"))
        let fresh = try press(#"{"key":"5"}"#, headers: [("If-Match", "\"99\", \(current)")])
        #expect(fresh.status == 200)
        let deleted = try client.send("DELETE", "/sessions/\(id)", headers: [("If-Match", try #require(fresh.header("ETag")))])
        #expect(deleted.status == 204)
        // Gone now: a conditional delete or a history read finds nothing.
        let again = try client.send("DELETE", "/sessions/\(id)", headers: [("If-Match", try #require(fresh.header("ETag")))])
        let history = try client.send("GET", "/sessions/\(id)/history")
        for gone in [again, history] {
            #expect(gone.status == 404)
            #expect(gone.header("Content-Type") == "application/problem+json")
            #expect((gone.json?["type"] as? String)?.hasSuffix("/problems/session-not-found") == true)
        }
    }

    /// A value that is not `*` or a list of entity tags is a bad request, not a stale ETag: a 412 would send the
    /// client to re-read a version it already has. The percent-encoded form is what a URI-style encoder sends.
    @Test(arguments: [TestStore.memory]) func unreadableIfMatchIsABadRequest(_ store: TestStore) throws {
        try start(store)
        let current = try #require(before.header("ETag"))
        for unreadable in ["%22\(current.dropFirst().dropLast())%22", "2", "\(current) 2", "\"2", "*, \(current)", "W/2"] {
            _ = try expectProblem(
                try press(#"{"key":"5"}"#, headers: [("If-Match", unreadable)]), 400, type: "invalid-request", instance: "/sessions/\(id)/press")
        }
        _ = try expectProblem(try client.send("PATCH", "/sessions/\(id)", json: #"{"digits":9}"#, headers: [("If-Match", "2")]), 400, type: "invalid-request")
        _ = try expectProblem(try client.send("DELETE", "/sessions/\(id)", headers: [("If-Match", "%22\(current.dropFirst().dropLast())%22")]), 400, type: "invalid-request")
        #expect(try press(#"{"key":"5"}"#, headers: [("If-Match", " \(current) ")]).status == 200)
    }

    @Test(arguments: [TestStore.memory]) func invalidIdempotencyKey(_ store: TestStore) throws {
        try start(store)
        _ = try expectProblem(try press(#"{"key":"5"}"#, headers: [("Idempotency-Key", String(repeating: "k", count: 256))]), 400, type: "invalid-idempotency-key")
    }
}
