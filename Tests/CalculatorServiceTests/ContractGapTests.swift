import Foundation
import TestSupport
import Testing

/// The small contract gaps of issue 46 item 7, each against the real binary: what the document promises is what
/// the server does.
@Suite struct ContractGapTests {
    /// A query on a route that reads none is refused as an unknown one is on `/evaluate`, history and dates: 400
    /// problem+json naming it, and nothing changes (the display read used to ignore it).
    @Test func anUnknownQueryParameterIsRefusedOnEveryRoute() throws {
        let server = try ServerProcess()
        let client = try server.client()
        let id = try EventStreamTests.createSession(client)
        _ = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "1 + 2 ="}"#)
        let before = try client.send("GET", "/sessions/\(id)").body
        let requests: [(String, String, String?)] = [
            ("GET", "/sessions/\(id)/display?verbose=1", nil),
            ("GET", "/sessions/\(id)?verbose=1", nil),
            ("POST", "/sessions/\(id)/press?verbose=1", #"{"key": "7"}"#),
            ("PATCH", "/sessions/\(id)?verbose=1", #"{"digits": 8}"#),
            ("DELETE", "/sessions/\(id)?verbose=1", nil),
            ("GET", "/sessions/\(id)/events?verbose=1", nil),
            ("GET", "/sessions/\(id)/history?verbose=1", nil),
            ("GET", "/evaluate?expr=1&verbose=1", nil),
            ("POST", "/sessions?verbose=1", nil),
        ]
        for (method, path, body) in requests {
            let response = try body.map { try client.send(method, path, json: $0) } ?? client.send(method, path)
            #expect(response.status == 400, "\(method) \(path): \(response.text)")
            #expect(response.header("Content-Type") == "application/problem+json", "\(method) \(path)")
            let problem = try #require(response.json, "\(method) \(path)")
            #expect(problem["type"] as? String == "https://calculator.invalid/problems/invalid-request")
            #expect((problem["detail"] as? String)?.contains("unknown query parameter \"verbose\"") == true, "\(problem)")
        }
        #expect(try client.send("GET", "/sessions/\(id)").body == before)
        // A route that reads no query still takes a bare `?`, and the display read its usual reply.
        #expect(try client.send("GET", "/sessions/\(id)/display?").json?["display"] as? String == "3")
    }

    /// An expression in programmer mode is refused for what it is, with what to send instead (not a parse error at
    /// offset 0); the keys it suggests answer.
    @Test func anExpressionInProgrammerModeIsToldToSendKeys() throws {
        let server = try ServerProcess()
        let client = try server.client()
        for response in [
            try client.send("POST", "/evaluate", json: #"{"expression": "12 xor 10", "mode": "programmer"}"#),
            try client.send("GET", "/evaluate?expr=1%2B2&mode=programmer"),
        ] {
            #expect(response.status == 400, "\(response.text)")
            let problem = try #require(response.json)
            #expect(problem["type"] as? String == "https://calculator.invalid/problems/invalid-request")
            let detail = try #require(problem["detail"] as? String)
            #expect(detail.hasPrefix("programmer mode takes keys"), "\(detail)")
            #expect(problem["offset"] == nil)
        }
        let keys = try client.send("POST", "/evaluate", json: #"{"keys": "12 xor 10 =", "mode": "programmer"}"#)
        #expect(keys.json?["display"] as? String == "6")
    }

    /// Every symbol `GET /units` lists converts, those with spaces included, and so do the spellings people type for
    /// the litre and the micro sign, and the units Windows' converter has that NIST's tables lack.
    @Test func everySymbolTheUnitListShowsConverts() throws {
        let server = try ServerProcess()
        let client = try server.client()
        let listed = try #require(try client.send("GET", "/units").json?["categories"] as? [[String: Any]])
        var symbols: [String] = []
        for category in listed {
            for unit in try #require(category["units"] as? [[String: Any]]) { symbols.append(try #require(unit["symbol"] as? String)) }
        }
        #expect(symbols.contains("fl oz (UK)"))
        for symbol in symbols {
            let body = try JSONSerialization.data(withJSONObject: ["value": 1, "from": symbol, "to": symbol])
            let response = try client.send("POST", "/convert", json: String(decoding: body, as: UTF8.self))
            #expect(response.status == 200, "\(symbol): \(response.text)")
            #expect(response.json?["display"] as? String == "1", "\(symbol)")
        }
        let conversions: [(String, String, String, String)] = [
            ("1", "fl oz", "mL", "29.5735295625"), ("1", "gal (UK)", "L", "4.54609"), ("1", "ton (US)", "lb", "2000"),
            ("1", "ton (UK)", "lb", "2240"), ("2", "pt (UK)", "qt (UK)", "1"), ("160", "fl oz (UK)", "gal (UK)", "1"),
            ("1", "μm", "nm", "1000"), ("1", "µm", "nm", "1000"), ("1", "μs", "ms", "0.001"), ("2", "l", "mL", "2000"), ("1", "kWh", "kJ", "3600"),
            ("1", "Mach", "m/s", "340.3"), ("1", "tbsp (UK)", "mL", "17.7581640625"), ("3", "tsp (UK)", "tbsp (UK)", "1"),
            ("1", "tbsp (UK)", "fl oz (UK)", "0.625"),
        ]
        for (value, from, to, display) in conversions {
            let body = try JSONSerialization.data(withJSONObject: ["value": value, "from": from, "to": to])
            let response = try client.send("POST", "/convert", json: String(decoding: body, as: UTF8.self))
            #expect(response.json?["display"] as? String == display, "\(value) \(from) → \(to): \(response.text)")
            #expect(response.json?["isExact"] as? Bool == true)
        }
    }

    /// 1e-9999 °C is 273.15 K and 10^-9999 more, exactly: the conversion keeps every bit a decimal up to the
    /// request's limits needs.
    @Test func aTinyTemperatureConvertsExactly() throws {
        let server = try ServerProcess()
        let client = try server.client()
        let response = try client.send("GET", "/convert?value=1e-9999&from=degC&to=K")
        #expect(response.status == 200, "\(response.text)")
        let body = try #require(response.json)
        #expect(body["isExact"] as? Bool == true)
        #expect(body["display"] as? String == "273.15")
        let numerator = "27315" + String(repeating: "0", count: 9996) + "1"
        #expect(body["exact"] as? String == numerator + "/1" + String(repeating: "0", count: 9999))
    }

    /// A result past the range names its side and what to do, and shows nothing of the server's insides.
    @Test func anOutOfRangeConversionSaysWhichSide() throws {
        let server = try ServerProcess()
        let client = try server.client()
        for (query, side) in [("value=1e-9999&from=m&to=km", "underflow"), ("value=1e9999&from=km&to=mm", "overflow")] {
            let response = try client.send("GET", "/convert?\(query)")
            #expect(response.status == 422)
            let problem = try #require(response.json)
            #expect(problem["type"] as? String == "https://calculator.invalid/problems/invalid-conversion")
            let detail = try #require(problem["detail"] as? String)
            #expect(detail.contains("(\(side))"), "\(detail)")
            #expect(detail.contains("convert to a"), "\(detail)")
            #expect(!detail.contains("CalculatorError") && !detail.contains("code:"), "\(detail)")
        }
    }

    /// A locale's marks are CLDR's for its language and region, or the tag is refused with the list: es-US groups as
    /// es-MX does, not as Spain; an unlisted region and a malformed tag are 422; Swedish minus is U+2212; a negative
    /// value rounded to zero keeps its sign. The history tape keeps a calculation as it was shown, as the README says.
    @Test func localesFollowCLDROrAreRefused() throws {
        let server = try ServerProcess()
        let client = try server.client()
        let created = try client.send("PUT", "/sessions/loc", json: #"{"locale": "es-US", "grouping": true}"#)
        #expect(created.json?["locale"] as? String == "es-US")
        let pressed = try client.send("POST", "/sessions/loc/press", json: #"{"keys": "1234567.5 ="}"#)
        #expect(pressed.json?["display"] as? String == "1,234,567.5")
        for tag in ["-de", "de-", "es-NA", "tlh"] {
            let refused = try client.send("PATCH", "/sessions/loc", json: #"{"locale": "\#(tag)"}"#)
            #expect(refused.status == 422, "\(tag): \(refused.text)")
            #expect(refused.json?["type"] as? String == "https://calculator.invalid/problems/invalid-settings")
            #expect((refused.json?["detail"] as? String)?.contains("es-US") == true, "the refusal lists the known tags")
        }
        let swedish = try client.send("PATCH", "/sessions/loc", json: #"{"locale": "sv-SE", "notation": "fixed", "decimals": 2}"#)
        #expect(swedish.json?["display"] as? String == "1\u{00A0}234\u{00A0}567,50")
        let negative = try client.send("POST", "/sessions/loc/press", json: #"{"keys": "AC 0.001 neg ="}"#)
        #expect(negative.json?["display"] as? String == "\u{2212}0,00")
        let history = try #require(try client.send("GET", "/sessions/loc/history").json?["history"] as? [[String: Any]])
        #expect(history.first?["result"] as? String == "1,234,567.5")
    }
}
