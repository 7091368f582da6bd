import Foundation
import TestSupport
import Testing

/// A session deleted and made again under its id: its versions go on above the old one's, so an ETag (If-Match) or
/// event id of the old session never names a version of the new one; and a PUT that may only create
/// (`If-None-Match: *`) does not answer with a session that exists. On every store.
@Suite struct SessionReCreationTests {
    @Test(arguments: TestStore.allCases) func versionsNeverRepeatUnderOneID(_ store: TestStore) throws {
        let client = try InProcessClient(store: store)
        let path = "/sessions/reused"
        #expect(try client.send("PUT", path).header("ETag") == "\"1\"")
        let pressed = try client.send("POST", path + "/press", json: #"{"key":"7"}"#)
        #expect(pressed.header("ETag") == "\"2\"")
        #expect(try client.send("DELETE", path).status == 204)

        let again = try client.send("PUT", path)
        #expect(again.status == 201)
        #expect(again.header("ETag") == "\"3\"")
        #expect(again.json?["version"] as? Int == 3)
        let stale = try client.send("POST", path + "/press", json: #"{"key":"1"}"#, headers: [("If-Match", "\"2\"")])
        #expect(stale.status == 412, "the old session's ETag names nothing in the new one")
        #expect(try client.send("GET", path).json?["display"] as? String == "0")
        let next = try client.send("POST", path + "/press", json: #"{"key":"1"}"#)
        #expect(next.header("ETag") == "\"4\"")
        #expect(try client.send("GET", path, headers: [("If-None-Match", "\"2\"")]).status == 200)

        let created = try #require(try client.send("POST", "/sessions").json)
        #expect(created["version"] as? Int == 1, "a new id starts at 1")
    }

    @Test(arguments: TestStore.allCases) func putWithIfNoneMatchOnlyCreates(_ store: TestStore) throws {
        let client = try InProcessClient(store: store)
        let path = "/sessions/mine"
        let created = try client.send("PUT", path, headers: [("If-None-Match", "*")])
        #expect(created.status == 201)
        let refused = try client.send("PUT", path, headers: [("If-None-Match", "*")])
        #expect(refused.status == 412)
        #expect(refused.header("Content-Type") == "application/problem+json")
        #expect(refused.json?["currentVersion"] as? Int == 1)
        #expect(try client.send("PUT", path, headers: [("If-None-Match", "\"1\"")]).status == 412, "a tag of the current version")
        let other = try client.send("PUT", path, headers: [("If-None-Match", "\"9\"")])
        #expect(other.status == 200, "a tag of another version: the session as it is")
        #expect(other.header("ETag") == "\"1\"")
        #expect(try client.send("PUT", path).status == 200)
    }
}
