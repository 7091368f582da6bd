import Foundation
import TestSupport
import Testing

/// What browsers get from the live server: CORS for each of several allowed origins, and the web assets' tags,
/// 304s and gzip.
@Suite struct BrowserHeadersTests {
    @Test func eachAllowedOriginIsNamedAndOthersGetNoCORS() throws {
        let server = try ServerProcess([
            "--store", "memory", "--cors-origin", "https://a.example", "--cors-origin", "https://b.example,http://localhost:5173",
        ])
        let client = try server.client()
        for origin in ["https://a.example", "https://b.example", "http://localhost:5173"] {
            let preflight = try client.send(
                "OPTIONS", "/sessions", headers: [("Origin", origin), ("Access-Control-Request-Method", "POST")])
            #expect(preflight.status == 204)
            #expect(preflight.header("Access-Control-Allow-Origin") == origin)
            let created = try client.send("POST", "/sessions", headers: [("Origin", origin)])
            #expect(created.status == 201)
            #expect(created.header("Access-Control-Allow-Origin") == origin)
            #expect(created.header("Access-Control-Expose-Headers")?.contains("ETag") == true)
            #expect(created.header("Vary") == "Origin")
        }
        let other = try client.send("POST", "/sessions", headers: [("Origin", "https://evil.example")])
        #expect(other.status == 201)  // the browser, not the server, keeps the reply from the page
        #expect(other.header("Access-Control-Allow-Origin") == nil)
        #expect(other.header("Access-Control-Expose-Headers") == nil)
        #expect(other.header("Vary") == "Origin")
    }

    @Test func webAssetsRevalidateAndComeGzipped() throws {
        let server = try ServerProcess()
        let client = try server.client()
        let page = try client.send("GET", "/")
        #expect(page.status == 200)
        let tag = try #require(page.header("ETag"))
        #expect(page.header("Cache-Control") == "no-cache")
        let again = try client.send("GET", "/", headers: [("If-None-Match", tag)])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        let script = try client.send("GET", "/web/app.js", headers: [("Accept-Encoding", "gzip, deflate")])
        #expect(script.status == 200)
        #expect(script.header("Content-Encoding") == "gzip")
        #expect(script.header("Vary")?.contains("Accept-Encoding") == true)
        #expect(script.body.starts(with: [0x1F, 0x8B]))
        let plain = try client.send("GET", "/web/app.js")
        #expect(plain.header("Content-Encoding") == nil)
        #expect(plain.body.count > script.body.count * 2)
        #expect(try client.send("GET", "/web/missing.js").status == 404)
    }
}
