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

/// Issue 43's sequence against the real binary: a value that is a tie at 256 bits, then the session's format PATCHed
/// to each notation, grouping and locale at 8 digits. Each shows the true value's rounding, 1.0000001 (mpmath:
/// 1.00000005 + π·10^-90 rounded half to even at 8 digits), in its own form, and never an Error without a reason.
@Suite struct CertifiedFormatLiveTests {
    @Test func everyFormatShowsTheCertainDigitsAfterAPatch() throws {
        let server = try ServerProcess(store: .memory)
        let client = try server.client()
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let pressed = try #require(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "1.00000005 + pi / 1 EE 90 ="}"#).json)
        #expect(pressed["display"] as? String == "1.00000005")
        let patches: [(String, String)] = [
            (#"{"digits": 8}"#, "1.0000001"),
            (#"{"grouping": true}"#, "1.0000001"),
            (#"{"locale": "de-DE"}"#, "1,0000001"),
            (#"{"notation": "scientific"}"#, "1,0000001e+0"),
            (#"{"notation": "engineering"}"#, "1,0000001e+0"),
            (#"{"notation": "fixed", "decimals": 7}"#, "1,0000001"),
            (#"{"locale": null, "grouping": false}"#, "1.0000001"),
            (#"{"notation": "auto", "fraction": "mixed"}"#, "1.0000001"),
        ]
        for (patch, display) in patches {
            let reply = try client.send("PATCH", "/sessions/\(id)", json: patch)
            #expect(reply.status == 200, "\(patch)")
            #expect(reply.json?["display"] as? String == display, "\(patch)")
            #expect(reply.json?["error"] is NSNull, "\(patch)")
        }
    }

    /// A true tie (acos of cos of 0.50000000000000005 is that value) cannot be rounded to 16 digits at any
    /// precision: Error, with the reason in `error`, in the standard format and with grouping alike.
    @Test func anUndecidableDigitIsAnErrorWithItsReason() throws {
        let server = try ServerProcess(store: .memory)
        let client = try server.client()
        for format in [#"{}"#, #"{"grouping": true}"#] {
            let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
            _ = try client.send("PATCH", "/sessions/\(id)", json: format)
            let reply = try #require(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "5 EE neg 17 + .5 = cos acos"}"#).json)
            #expect(reply["display"] as? String == "Error", "\(format)")
            #expect((reply["error"] as? [String: Any])?["code"] as? String == "precision", "\(format)")
        }
    }
}
