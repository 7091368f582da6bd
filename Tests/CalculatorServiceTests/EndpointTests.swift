import Foundation
import TestSupport
import Testing

/// The API as a client sees it, over each store where the test writes: the service built as calculator-server builds
/// it, called in this process (`InProcessClient`).
@Suite final class EndpointTests {
    private var client: InProcessClient!

    private func start(_ store: TestStore) throws {
        client = try InProcessClient(store: store)
    }

    private func createSession(_ settings: String? = nil) throws -> String {
        let response = try settings.map { try client.send("POST", "/sessions", json: $0) } ?? client.send("POST", "/sessions")
        try #require(response.status == 201, "\(response.text)")
        return try #require(response.json?["id"] as? String)
    }

    private func press(_ id: String, _ body: String, headers: [(String, String)] = []) throws -> HTTPResponse {
        try client.send("POST", "/sessions/\(id)/press", json: body, headers: headers)
    }

    @Test(arguments: TestStore.allCases) func createReturnsTheNewSessionWithLocationAndETag(_ store: TestStore) throws {
        try start(store)
        let response = try client.send("POST", "/sessions")
        #expect(response.status == 201)
        #expect(response.header("Content-Type") == "application/json")
        let body = try #require(response.json)
        let id = try #require(body["id"] as? String)
        #expect(id.count == 22)
        #expect(id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(response.header("Location") == "/sessions/\(id)")
        #expect(response.header("ETag") == "\"1\"")
        #expect(body["display"] as? String == "0")
        #expect(body["expression"] as? String == "")
        #expect(body["pending"] as? Bool == false)
        #expect(body["error"] is NSNull)
        #expect(body["memory"] is NSNull)
        #expect(body["angle"] as? String == "deg")
        #expect(body["mode"] as? String == "scientific")
        #expect(body["digits"] as? Int == 16)
        #expect(body["second"] as? Bool == false)
        #expect(body["version"] as? Int == 1)
    }

    @Test(arguments: TestStore.allCases) func createTakesSettings(_ store: TestStore) throws {
        try start(store)
        let response = try client.send("POST", "/sessions", json: #"{"mode":"immediate","angle":"rad","digits":10.0}"#)
        #expect(response.status == 201)
        #expect(response.json?["mode"] as? String == "immediate")
        #expect(response.json?["angle"] as? String == "rad")
        #expect(response.json?["digits"] as? Int == 10)
    }

    @Test(arguments: TestStore.allCases) func idsAreDistinct(_ store: TestStore) throws {
        try start(store)
        var ids = Set<String>()
        for _ in 0..<50 { ids.insert(try createSession()) }
        #expect(ids.count == 50)
    }

    @Test(arguments: TestStore.allCases) func pressOneKeyABatchAndASpacedString(_ store: TestStore) throws {
        try start(store)
        let id = try createSession()
        #expect(try press(id, #"{"key":"7"}"#).json?["display"] as? String == "7")
        #expect(try press(id, #"{"keys":["+","3"]}"#).json?["display"] as? String == "3")
        let response = try press(id, #"{"keys":"× 2 ="}"#)
        #expect(response.status == 200)
        #expect(response.json?["display"] as? String == "13")
        #expect(response.json?["version"] as? Int == 4)
        #expect(response.header("ETag") == "\"4\"")
    }

    @Test(arguments: TestStore.allCases) func numbersInTheSpacedStringAreTypedDigitByDigit(_ store: TestStore) throws {
        try start(store)
        let id = try createSession()
        let response = try press(id, #"{"keys":"0.1 + 0.2 = * 12 =","trace":true}"#)
        #expect(response.json?["display"] as? String == "3.6")
        let steps = try #require(response.json?["steps"] as? [[String: Any]])
        #expect(steps.map { $0["key"] as? String } == ["0", ".", "1", "+", "0", ".", "2", "=", "*", "1", "2", "="])
    }

    @Test(arguments: TestStore.allCases) func hugeWorkIsRefusedByTheEngineBudgetAsAnError(_ store: TestStore) throws {
        try start(store)
        let id = try createSession()
        // 10^9 factorial and 2^(10^9) would take seconds or gigabytes; the budget answers Error (overflow) instead.
        for keys in ["1 EE 9 fact", "AC 2 pow 1 EE 9 =", "AC 9 9 9 9 9 9 9 9 9 pow 9 9 9 9 9 9 9 9 9 ="] {
            let response = try press(id, #"{"keys":"\#(keys)"}"#)
            #expect(response.status == 200)
            #expect(response.json?["display"] as? String == "Error")
            #expect((response.json?["error"] as? [String: Any])?["code"] as? String == "overflow")
        }
        #expect(try press(id, #"{"keys":"AC 2 + 2 ="}"#).json?["display"] as? String == "4")
    }

    @Test(arguments: TestStore.allCases) func immediateModeWorksLeftToRight(_ store: TestStore) throws {
        try start(store)
        let id = try createSession(#"{"mode":"immediate"}"#)
        #expect(try press(id, #"{"keys":"1 + 2 * 3 ="}"#).json?["display"] as? String == "9")
    }

    @Test(arguments: TestStore.allCases) func traceGivesTheDisplayAfterEachKey(_ store: TestStore) throws {
        try start(store)
        let id = try createSession()
        let response = try press(id, #"{"keys":["1","+","2","*","3","-"],"trace":true}"#)
        let steps = try #require(response.json?["steps"] as? [[String: Any]])
        #expect(steps.map { $0["key"] as? String } == ["1", "+", "2", "*", "3", "-"])
        #expect(steps.map { $0["display"] as? String } == ["1", "1", "2", "2", "3", "7"])
    }

    @Test(arguments: TestStore.allCases) func displayAsJSONAndAsPlainText(_ store: TestStore) throws {
        try start(store)
        let id = try createSession()
        _ = try press(id, #"{"keys":"7 + 9 sqrt"}"#)
        let json = try client.send("GET", "/sessions/\(id)/display")
        #expect(json.status == 200)
        #expect(json.json?["display"] as? String == "3")
        #expect(json.json?["expression"] as? String == "7 + √(9)")
        #expect(json.json?["pending"] as? Bool == true)
        // √9 is worked out, exactly 3: `exact` says so beside the display.
        #expect(json.json?["exact"] as? String == "3")
        #expect(json.json?.keys.sorted() == ["angle", "awaiting", "display", "error", "exact", "expression", "memory", "pending", "second", "variables"])
        let text = try client.send("GET", "/sessions/\(id)/display", headers: [("Accept", "text/plain")])
        #expect(text.status == 200)
        #expect(text.header("Content-Type")?.hasPrefix("text/plain") == true)
        #expect(text.text == "3\n")
    }

    @Test(arguments: TestStore.allCases) func historyListsCompletedCalculationsNewestLast(_ store: TestStore) throws {
        try start(store)
        let id = try createSession()
        _ = try press(id, #"{"keys":"2 + 3 = * 4 ="}"#)
        let response = try client.send("GET", "/sessions/\(id)/history")
        #expect(response.status == 200)
        let history = try #require(response.json?["history"] as? [[String: String]])
        #expect(history.map { $0["result"] } == ["5", "20"])
        #expect(history.first?["expression"] == "2 + 3")
    }

    @Test(arguments: TestStore.allCases) func getReturnsTheFullState(_ store: TestStore) throws {
        try start(store)
        let id = try createSession()
        _ = try press(id, #"{"keys":"5 m+"}"#)
        let response = try client.send("GET", "/sessions/\(id)")
        #expect(response.status == 200)
        #expect(response.json?["memory"] as? String == "5")
        #expect(response.json?["id"] as? String == id)
        #expect(response.header("ETag") == "\"2\"")
    }

    @Test(arguments: TestStore.allCases) func putCreatesWithAClientIdThenLeavesItUnchanged(_ store: TestStore) throws {
        try start(store)
        let first = try client.send("PUT", "/sessions/my-tab_1", json: #"{"digits":12}"#)
        #expect(first.status == 201)
        #expect(first.header("Location") == "/sessions/my-tab_1")
        #expect(first.json?["digits"] as? Int == 12)
        _ = try press("my-tab_1", #"{"key":"4"}"#)
        let second = try client.send("PUT", "/sessions/my-tab_1", json: #"{"digits":20}"#)
        #expect(second.status == 200)
        #expect(second.json?["digits"] as? Int == 12)
        #expect(second.json?["display"] as? String == "4")
    }

    @Test(arguments: TestStore.allCases) func patchChangesSettings(_ store: TestStore) throws {
        try start(store)
        let id = try createSession()
        _ = try press(id, #"{"keys":"2 / 3 ="}"#)
        let response = try client.send("PATCH", "/sessions/\(id)", json: #"{"digits":8,"angle":"rad"}"#)
        #expect(response.status == 200)
        #expect(response.json?["digits"] as? Int == 8)
        #expect(response.json?["angle"] as? String == "rad")
        #expect(response.json?["display"] as? String == "0.66666667")
    }

    @Test(arguments: TestStore.allCases) func deleteRemovesTheSession(_ store: TestStore) throws {
        try start(store)
        let id = try createSession()
        let response = try client.send("DELETE", "/sessions/\(id)")
        #expect(response.status == 204)
        #expect(response.body.isEmpty)
        #expect(try client.send("GET", "/sessions/\(id)").status == 404)
        #expect(try client.send("DELETE", "/sessions/\(id)").status == 404)
    }

    @Test(arguments: [TestStore.memory]) func keyCatalogListsEveryKeyWithAliases(_ store: TestStore) throws {
        try start(store)
        let response = try client.send("GET", "/keys")
        #expect(response.status == 200)
        let keys = try #require(response.json?["keys"] as? [[String: Any]])
        let names = Set(keys.compactMap { $0["name"] as? String })
        for name in ["0", "9", ".", "+", "-", "*", "/", "pow", "root", "sqrt", "sin", "asin", "fact", "pi", "(", ")", "=", "AC", "C", "back", "mc", "m+", "m-", "mr", "deg", "rad", "2nd", "rand", "EE"] {
            #expect(names.contains(name), "missing \(name)")
        }
        let sqrt = try #require(keys.first { $0["name"] as? String == "sqrt" })
        #expect((sqrt["aliases"] as? [String])?.contains("√") == true)
        #expect(sqrt["kind"] as? String == "unary")
    }

    @Test(arguments: TestStore.allCases) func unicodeLabelsArePressable(_ store: TestStore) throws {
        try start(store)
        let id = try createSession()
        #expect(try press(id, #"{"keys":["9","×","2","−","1","÷","2","="]}"#).json?["display"] as? String == "17.5")
    }

    @Test(arguments: [TestStore.memory]) func openAPIDocumentIsServed(_ store: TestStore) throws {
        try start(store)
        let response = try client.send("GET", "/openapi.yaml")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/yaml")
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let onDisk = try Data(contentsOf: root.appendingPathComponent("openapi.yaml"))
        #expect(response.body == Array(onDisk))
    }

    @Test(arguments: [TestStore.memory]) func healthAndReadiness(_ store: TestStore) throws {
        try start(store)
        let health = try client.send("GET", "/healthz")
        #expect(health.status == 200)
        #expect(health.json?["status"] as? String == "ok")
        let ready = try client.send("GET", "/readyz")
        #expect(ready.status == 200)
        #expect(ready.json?["status"] as? String == "ready")
    }

    /// HEAD is answered as GET is, body included, so that the server can send GET's length; the server leaves the
    /// body off the wire (HeadRequestTests checks that against the real binary).
    @Test(arguments: TestStore.allCases) func headIsAnsweredAsGet(_ store: TestStore) throws {
        try start(store)
        let id = try createSession()
        let head = try client.send("HEAD", "/sessions/\(id)/display")
        let get = try client.send("GET", "/sessions/\(id)/display")
        #expect(head.status == 200)
        #expect(head.header("ETag") == "\"1\"")
        #expect(head.header("Content-Type") == get.header("Content-Type"))
        #expect(head.body == get.body)
    }

    @Test(arguments: [TestStore.memory]) func corsPreflightAndExposedHeaders(_ store: TestStore) throws {
        try start(store)
        let preflight = try client.send(
            "OPTIONS", "/sessions/abc/press",
            headers: [("Origin", "http://example.test"), ("Access-Control-Request-Method", "POST"), ("Access-Control-Request-Headers", "content-type, idempotency-key")])
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Origin") == "*")
        #expect(preflight.header("Access-Control-Allow-Methods")?.contains("POST") == true)
        #expect(preflight.header("Access-Control-Allow-Headers")?.lowercased().contains("idempotency-key") == true)
        let response = try client.send("POST", "/sessions", headers: [("Origin", "http://example.test")])
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        let exposed = response.header("Access-Control-Expose-Headers") ?? ""
        for name in ["ETag", "Location", "Retry-After"] { #expect(exposed.contains(name)) }
    }

    @Test(arguments: [TestStore.memory]) func corsHeadersGoOnlyToRequestsWithAnOrigin(_ store: TestStore) throws {
        try start(store)
        let created = try client.send("POST", "/sessions")
        #expect(created.status == 201)
        #expect(created.header("Access-Control-Allow-Origin") == nil)
        #expect(created.header("Access-Control-Expose-Headers") == nil)
        // no-store: no cache keeps it, so it need not say what it varies with.
        #expect(created.header("Cache-Control") == "no-store")
        #expect(created.header("Vary") == nil)
        // A cache may keep this one: a copy kept from a request without Origin must not answer a cross-origin one.
        let document = try client.send("GET", "/openapi.yaml")
        #expect(document.status == 200)
        #expect(document.header("Access-Control-Allow-Origin") == nil)
        #expect(document.header("Vary") == "Origin")
        let fromAPage = try client.send("GET", "/openapi.yaml", headers: [("Origin", "http://example.test")])
        #expect(fromAPage.header("Access-Control-Allow-Origin") == "*")
        #expect(fromAPage.header("Vary") == nil)
    }

    @Test(arguments: [TestStore.memory]) func requestIDIsEchoedOrMade(_ store: TestStore) throws {
        try start(store)
        let echoed = try client.send("GET", "/healthz", headers: [("X-Request-Id", "trace-42")])
        #expect(echoed.header("X-Request-Id") == "trace-42")
        let made = try client.send("GET", "/healthz")
        #expect(made.header("X-Request-Id")?.isEmpty == false)
    }
}

/// What the HTTP server adds around the endpoints, over the real binary: keep-alive across answers given at once and
/// later, and no body left behind on the connection by HEAD or by a body over the limit.
@Suite final class LiveEndpointTests {
    private var server: ServerProcess!
    private var client: HTTPClient!

    private func start(_ store: TestStore, _ arguments: [String] = []) throws {
        server = try ServerProcess(store: store, arguments)
        client = try server.client()
    }

    @Test(arguments: TestStore.allCases) func keepAliveServesSeveralRequestsOnOneConnection(_ store: TestStore) throws {
        try start(store)
        let first = try client.send("GET", "/healthz")
        let second = try client.send("POST", "/sessions")
        let third = try client.send("GET", "/keys")
        #expect(first.status == 200)
        #expect(second.status == 201)
        #expect(third.status == 200)
        for response in [first, second, third] {
            #expect(response.header("Connection")?.lowercased() != "close")
        }
    }

    @Test(arguments: TestStore.allCases) func headLeavesNoBodyOnTheConnection(_ store: TestStore) throws {
        try start(store)
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let response = try client.send("HEAD", "/sessions/\(id)/display")
        #expect(response.status == 200)
        #expect(response.header("ETag") == "\"1\"")
        // The connection is still usable: nothing of a body was left behind.
        #expect(try client.send("GET", "/healthz").status == 200)
    }

    @Test func aBodyOverTheLimitIsRefusedAndTheConnectionStaysUsable() throws {
        try start(.memory, ["--max-body", "2048"])
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let keys = Array(repeating: "\"1\"", count: 1_000).joined(separator: ",")
        let response = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys":[\#(keys)]}"#)
        #expect(response.status == 413)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(try client.send("GET", "/healthz").status == 200)
    }
}
