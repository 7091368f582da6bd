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
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"1"}"#).status == 200)
        let moved = try client.send("GET", "/sessions/\(id)/display", headers: [("If-None-Match", "\"2\"")])
        #expect(moved.status == 200)
        #expect(moved.header("ETag") == "\"3\"")
        #expect(moved.json?["display"] as? String == "71")
    }

    /// The display's JSON and its plain text are two representations: each has its own tag, both say they vary with
    /// Accept, and If-None-Match is compared with the tag of the one the request selects (a tag of the other gets the
    /// whole body), so a browser that revalidates one with the other's tag is never sent 304 for the wrong form.
    @Test(arguments: TestStore.allCases) func theDisplaysTwoRepresentationsHaveATagEach(_ store: TestStore) throws {
        let client = try InProcessClient(store: store)
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"7"}"#).status == 200)
        let path = "/sessions/\(id)/display"
        let text = [("Accept", "text/plain")]
        let plain = try client.send("GET", path, headers: text)
        #expect(plain.text == "7\n")
        #expect(plain.header("ETag") == "\"2-text\"")
        #expect(plain.header("Vary") == "Accept")
        let json = try client.send("GET", path)
        #expect(json.header("ETag") == "\"2\"")
        #expect(json.header("Vary") == "Accept")
        let jsonWithTextTag = try client.send("GET", path, headers: [("If-None-Match", "\"2-text\"")])
        #expect(jsonWithTextTag.status == 200)
        #expect(jsonWithTextTag.json?["display"] as? String == "7")
        let textWithJSONTag = try client.send("GET", path, headers: text + [("If-None-Match", "\"2\"")])
        #expect(textWithJSONTag.status == 200)
        #expect(textWithJSONTag.text == "7\n")
        for (headers, tag) in [(text, "\"2-text\""), ([], "\"2\"")] {
            let unchanged = try client.send("GET", path, headers: headers + [("If-None-Match", tag)])
            #expect(unchanged.status == 304, "\(headers) If-None-Match: \(tag)")
            #expect(unchanged.header("ETag") == tag)
            #expect(unchanged.header("Vary") == "Accept")
        }
        #expect(try client.send("GET", "/sessions/\(id)").header("Vary") == nil, "a session's state has one representation")
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
