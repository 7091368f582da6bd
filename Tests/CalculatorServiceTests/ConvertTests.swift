import Foundation
import TestSupport
import Testing

/// `GET /units`, `/convert` in both forms, `/evaluate`'s `12 in to cm`, and a session's `convert` key with the units
/// a PATCH sets.
@Suite final class ConvertTests {
    private let client: InProcessClient

    init() throws {
        client = try InProcessClient(store: .memory)
    }

    @Test func unitsListEveryCategoryWithExactFactors() throws {
        let response = try client.send("GET", "/units")
        #expect(response.status == 200)
        #expect(response.header("ETag") != nil)
        let categories = try #require(response.json?["categories"] as? [[String: Any]])
        #expect(categories.map { $0["name"] as? String } == [
            "length", "area", "volume", "mass", "temperature", "energy", "speed", "time", "power", "data", "pressure", "angle",
        ])
        let length = try #require(categories.first?["units"] as? [[String: Any]])
        let mile = try #require(length.first { $0["id"] as? String == "mi" })
        #expect(mile["factor"] as? String == "201168/125")
        #expect(mile["exact"] as? Bool == true)
        #expect(mile["symbol"] as? String == "mi")
        let angles = try #require(categories.last?["units"] as? [[String: Any]])
        #expect(angles.first { $0["id"] as? String == "deg" }?["exact"] as? Bool == false)
        let tag = try #require(response.header("ETag"))
        #expect(try client.send("GET", "/units", headers: [("If-None-Match", tag)]).status == 304)
    }

    @Test func convertIsExactWhereTheDefinitionsAre() throws {
        let posted = try #require(try client.send("POST", "/convert", json: #"{"value": 100, "from": "degF", "to": "degC"}"#).json)
        #expect(posted["display"] as? String == "37.77777777777778")
        #expect(posted["exact"] as? String == "340/9")
        #expect(posted["isExact"] as? Bool == true)
        let mile = try #require(try client.send("GET", "/convert?value=1&from=mi&to=km").json)
        #expect(mile["display"] as? String == "1.609344")
        #expect(mile["exact"] as? String == "201168/125000".reducedFraction)
        let radians = try #require(try client.send("GET", "/convert?value=180&from=deg&to=rad&digits=20").json)
        #expect(radians["display"] as? String == "3.1415926535897932385")
        #expect(radians["exact"] is NSNull)
        // A value as a string keeps every digit, as a JSON number does.
        let string = try #require(try client.send("POST", "/convert", json: #"{"value": "0.1", "from": "ft", "to": "in"}"#).json)
        #expect(string["exact"] as? String == "6/5")
    }

    @Test(arguments: [
        // Well-formed, but no conversion: 422
        ("/convert?value=1&from=mi&to=kg", 422), ("/convert?value=1&from=parsec&to=m", 422), ("/convert?value=1,5&from=m&to=km", 422),
        ("/convert?value=1e9999&from=km&to=nm", 422), ("/convert?value=1&from=&to=m", 422),
        // Malformed: 400
        ("/convert?from=m&to=km", 400), ("/convert?value=1&from=m&to=km&digits=99", 400), ("/convert?value=1&from=m&to=km&colour=red", 400),
    ])
    func badConversionsAreProblems(path: String, status: Int) throws {
        let response = try client.send("GET", path)
        #expect(response.status == status, "\(path)")
        #expect(response.header("Content-Type") == "application/problem+json")
        if status == 422 { #expect(response.json?["type"] as? String == "https://calculator.invalid/problems/invalid-conversion") }
    }

    @Test func anExpressionConverts() throws {
        let answer = try client.send("POST", "/evaluate", json: #"{"expression": "12 in to cm"}"#)
        #expect(answer.json?["display"] as? String == "30.48")
        let query = try client.send("GET", "/evaluate?expr=100+%C2%B0F+to+%C2%B0C")
        #expect(query.json?["display"] as? String == "37.77777777777778")
        let wrong = try client.send("GET", "/evaluate?expr=12+in+to+kg")
        #expect(wrong.status == 400)
        #expect(wrong.json?["found"] as? String == "kg")
    }

    @Test func aSessionConvertsItsDisplayAndGoesOn() throws {
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        // Without units the key is refused, and nothing is pressed.
        let refused = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "1 2 convert"}"#)
        #expect(refused.status == 422)
        #expect(refused.json?["reason"] as? String == "no_conversion")
        let patched = try client.send("PATCH", "/sessions/\(id)", json: #"{"convert": {"from": "mi", "to": "km"}}"#)
        #expect(patched.status == 200)
        #expect((patched.json?["convert"] as? [String: Any])?["to"] as? String == "km")
        let pressed = try #require(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys": "2 6 . 2 convert * 2 ="}"#).json)
        #expect(pressed["display"] as? String == "84.3296256")
        // The units stay with the session until a PATCH forgets them.
        #expect((try client.send("GET", "/sessions/\(id)").json?["convert"] as? [String: Any])?["from"] as? String == "mi")
        let cleared = try client.send("PATCH", "/sessions/\(id)", json: #"{"convert": null}"#)
        #expect(cleared.json?["convert"] == nil)
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"key": "convert"}"#).status == 422)
    }

    @Test(arguments: [
        #"{"convert": {"from": "mi", "to": "kg"}}"#, #"{"convert": {"from": "mi"}}"#, #"{"convert": "mi"}"#,
        #"{"convert": {"from": "mi", "to": "km", "by": 2}}"#,
    ])
    func badUnitsAreRefused(body: String) throws {
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let response = try client.send("PATCH", "/sessions/\(id)", json: body)
        #expect(response.status == 422, "\(body)")
        #expect(try client.send("GET", "/sessions/\(id)").json?["convert"] == nil)
    }
}

extension String {
    /// A fraction's text in lowest terms, worked out with integers.
    fileprivate var reducedFraction: String {
        let parts = split(separator: "/").map { Int($0)! }
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? abs(a) : gcd(b, a % b) }
        let divisor = gcd(parts[0], parts[1])
        return "\(parts[0] / divisor)/\(parts[1] / divisor)"
    }
}
