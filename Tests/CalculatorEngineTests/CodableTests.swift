import CalculatorEngine
import Foundation
import Testing

@Suite struct CodableTests {
    static func roundTrip(_ state: CalculatorState) throws -> CalculatorState {
        try JSONDecoder().decode(CalculatorState.self, from: JSONEncoder().encode(state))
    }

    static func json(_ state: CalculatorState) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as? [String: Any])
    }

    @Test(arguments: [
        "", "1 . 5 0", "neg", "1 + 2 *", "( 1 + ( 2 *", "1 / 3 =", "pi", "2 sqrt", "5 m+ 2nd", "1 / 0 =", "rad 1 EE 3 neg",
        "2 + 3 = =", "( 2 + 3 ) ", "7 + 9 sqrt", "1 EE 9 9 9 9 neg", "rand",
    ])
    func roundTripIsExact(keys: String) throws {
        let state = try run(keys)
        let decoded = try Self.roundTrip(state)
        #expect(decoded == state)
        // Further keys behave identically.
        var a = state, b = decoded
        var r1 = SplitMix64(seed: 9), r2 = SplitMix64(seed: 9)
        for name in ["*", "3", "=", "sin", "+", "pi", "="] {
            a.apply(Key(name: name)!, random: &r1)
            b.apply(Key(name: name)!, random: &r2)
            #expect(a == b)
        }
    }

    @Test func storedFormIsVersionedWithNumbersAsStrings() throws {
        let object = try Self.json(try run("1 / 3 = m+ 2 +"))
        #expect(object["format"] as? Int == 1)
        #expect(object["memory"] as? String == "1/3")
        let pending = try #require(object["pending"] as? [[String: Any]])
        #expect(pending.first?["left"] as? String == "2")
        #expect(pending.first?["op"] as? String == "+")
        let pi = try Self.json(try run("pi"))
        let text = try #require(pi["value"] as? String)
        // π = 3.243F6A8885A308D3… in hexadecimal.
        #expect(text.hasPrefix("0x0.3243f6a8885a308d313198a2e0370734"))
    }

    @Test func unknownFormatIsRejected() throws {
        var object = try Self.json(CalculatorState())
        object["format"] = 2
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CalculatorState.self, from: data) }
        object.removeValue(forKey: "format")
        let missing = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CalculatorState.self, from: missing) }
    }

    @Test(arguments: [("value", "abc"), ("value", "1/0"), ("entry", "1.2.3"), ("memory", "0x1q"), ("entry", "--1"), ("phase", "typing")])
    func malformedFieldsAreRejected(field: String, text: String) throws {
        var object = try Self.json(try run("1 + 2 * 3"))
        object[field] = text
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CalculatorState.self, from: data) }
    }
}
