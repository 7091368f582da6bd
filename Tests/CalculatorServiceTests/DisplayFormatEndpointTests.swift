import Foundation
import TestSupport
import Testing

/// A session's display format by PATCH (`notation`, `decimals`, `grouping`, `fraction`, `locale`): the display, the
/// memory, the history and the event stream's data follow it; keys and JSON inputs stay locale-neutral.
@Suite final class DisplayFormatEndpointTests {
    private let client: InProcessClient

    init() throws {
        client = try InProcessClient(store: .memory)
    }

    private func session(_ settings: String) throws -> String {
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let patched = try client.send("PATCH", "/sessions/\(id)", json: settings)
        #expect(patched.status == 200, "\(settings): \(patched.json ?? [:])")
        return id
    }

    private func press(_ id: String, _ keys: String) throws -> [String: Any] {
        try #require(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "\#(keys)"}"#).json)
    }

    @Test(arguments: [
        (#"{"locale": "de-DE", "grouping": true}"#, "1234567.5 =", "1.234.567,5"),
        (#"{"locale": "fr-FR", "grouping": true}"#, "1234567.5 =", "1\u{202F}234\u{202F}567,5"),
        (#"{"locale": "en-IN", "grouping": true}"#, "1234567.5 =", "12,34,567.5"),
        (#"{"locale": "en-US", "grouping": true}"#, "1234567.5 =", "1,234,567.5"),
        (#"{"notation": "fixed", "decimals": 3}"#, "2 / 3 =", "0.667"),
        (#"{"notation": "scientific"}"#, "12345 =", "1.2345e+4"),
        (#"{"notation": "engineering"}"#, "12345 =", "12.345e+3"),
        (#"{"fraction": "mixed"}"#, "10 / 4 =", "2 1/2"),
        (#"{"fraction": "improper"}"#, "100 degF convert", "340/9"),
    ])
    func theDisplayFollowsTheFormat(settings: String, keys: String, display: String) throws {
        let id = try session(settings)
        if keys.contains("convert") {
            _ = try client.send("PATCH", "/sessions/\(id)", json: #"{"convert": {"from": "degF", "to": "degC"}}"#)
        }
        let reply = try press(id, keys.replacingOccurrences(of: " degF", with: ""))
        #expect(reply["display"] as? String == display)
        #expect(try client.send("GET", "/sessions/\(id)/display").json?["display"] as? String == display)
    }

    @Test func theStateSaysTheFormatAndTheHistoryFollowsIt() throws {
        let id = try session(#"{"notation": "fixed", "decimals": 2, "grouping": true, "locale": "de"}"#)
        let state = try press(id, "1234.5 m+ =")
        #expect(state["notation"] as? String == "fixed")
        #expect(state["locale"] as? String == "de-DE")
        #expect(state["memory"] as? String == "1.234,50")
        let history = try #require(try client.send("GET", "/sessions/\(id)/history").json?["history"] as? [[String: Any]])
        #expect(history.last?["result"] as? String == "1.234,50")
        // Back to the standard format: the same value, its plain text, and no format members.
        let plain = try #require(try client.send(
            "PATCH", "/sessions/\(id)", json: #"{"notation": "auto", "grouping": false, "locale": null}"#).json)
        #expect(plain["display"] as? String == "1234.5")
        #expect(plain["notation"] == nil)
    }

    @Test(arguments: [
        #"{"notation": "roman"}"#, #"{"decimals": 21}"#, #"{"decimals": 1.5}"#, #"{"grouping": "yes"}"#,
        #"{"fraction": true}"#, #"{"locale": "tlh-QO"}"#, #"{"locale": 49}"#,
    ])
    func badFormatsAreRefused(body: String) throws {
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let response = try client.send("PATCH", "/sessions/\(id)", json: body)
        #expect(response.status == 422, "\(body)")
        #expect(try client.send("GET", "/sessions/\(id)").json?["notation"] == nil)
    }
}
