import Foundation
import TestSupport
import Testing

/// Reads a client already holds: `If-None-Match` on a session, its display and the key catalog answers 304 with the
/// ETag and no body, over each store.
@Suite struct ConditionalReadTests {
    @Test(arguments: TestStore.allCases) func sessionAndDisplayReadsAnswer304WhileTheVersionHolds(_ store: TestStore) throws {
        let client = try InProcessClient(store: store)
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"7"}"#).status == 200)
        for path in ["/sessions/\(id)", "/sessions/\(id)/display"] {
            let full = try client.send("GET", path)
            #expect(full.status == 200)
            #expect(full.header("ETag") == "\"2\"")
            for tags in ["\"2\"", "W/\"2\"", "\"1\", \"2\"", "*"] {
                let unchanged = try client.send("GET", path, headers: [("If-None-Match", tags)])
                #expect(unchanged.status == 304, "\(path) If-None-Match: \(tags)")
                #expect(unchanged.body.isEmpty)
                #expect(unchanged.header("ETag") == "\"2\"")
                #expect(unchanged.header("Cache-Control") == "no-store")
                #expect(unchanged.header("Content-Type") == nil)
            }
            let stale = try client.send("GET", path, headers: [("If-None-Match", "\"1\"")])
            #expect(stale.status == 200, "a tag of an earlier version gets the session")
            #expect(stale.text == full.text)
        }
        let plain = try client.send("GET", "/sessions/\(id)/display", headers: [("Accept", "text/plain"), ("If-None-Match", "\"2\"")])
        #expect(plain.status == 304)
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"1"}"#).status == 200)
        let moved = try client.send("GET", "/sessions/\(id)/display", headers: [("If-None-Match", "\"2\"")])
        #expect(moved.status == 200)
        #expect(moved.header("ETag") == "\"3\"")
        #expect(moved.json?["display"] as? String == "71")
    }

    @Test func aMissingSessionIsStillNotFound() throws {
        let client = try InProcessClient(store: .memory)
        #expect(try client.send("GET", "/sessions/nobody", headers: [("If-None-Match", "*")]).status == 404)
    }

    @Test func theKeyCatalogIsTaggedAndRevalidated() throws {
        let client = try InProcessClient(store: .memory)
        let keys = try client.send("GET", "/keys")
        #expect(keys.status == 200)
        let tag = try #require(keys.header("ETag"))
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count > 2)
        #expect(keys.header("Cache-Control") == "no-cache")
        #expect(keys.header("Vary") == "Origin", "a response caches keep says what it varies with")
        let again = try client.send("GET", "/keys", headers: [("If-None-Match", tag)])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.header("ETag") == tag)
        #expect(again.header("Cache-Control") == "no-cache")
        #expect(try client.send("GET", "/keys", headers: [("If-None-Match", "\"other\"")]).status == 200)
        let second = try InProcessClient(store: .memory)
        #expect(try second.send("GET", "/keys").header("ETag") == tag, "the tag is the catalog's, the same in every process of a build")
    }
}
