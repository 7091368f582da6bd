import CalculatorEngine
import Foundation
import Testing

/// The shared conformance cases (../shared/conformance/public.jsonl and programmer-public.jsonl), unchanged, and RPN
/// mode's table (rpn.jsonl), whose cases may also give the stack after the keys.
struct ConformanceCase: Decodable, Sendable, CustomTestStringConvertible {
    struct CaseSettings: Decodable, Sendable {
        var mode: String
        var angle: String?
        var digits: Int?
        var radix: String?
        var word: Int?
    }
    var id: String
    var settings: CaseSettings
    var keys: [String]
    var expect: String
    var steps: [String]?
    /// Compare the display as a string, not as a number.
    var exact: Bool?
    /// 422: the last key is refused and changes nothing.
    var expectStatus: Int?
    /// RPN mode's stack after the keys (`CalculatorState.rpnStack`): x, y, z and t, as shown.
    var stack: [String: String]?

    enum CodingKeys: String, CodingKey {
        case id, settings, keys, expect, steps, exact, stack
        case expectStatus = "expect_status"
    }

    var testDescription: String { "\(id): \(keys.joined(separator: " ")) → \(expect)" }

    func engineSettings() throws -> Settings {
        Settings(
            mode: try #require(CalculationMode(rawValue: settings.mode)),
            angle: try #require(AngleUnit(rawValue: settings.angle ?? "deg")), digits: settings.digits ?? 16,
            radix: try #require(Radix(rawValue: settings.radix ?? "dec")), word: try #require(WordSize(rawValue: settings.word ?? 64)))
    }

    static func load(_ name: String) throws -> [ConformanceCase] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "jsonl", subdirectory: "Resources"))
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").filter { !$0.isEmpty }.map {
            try JSONDecoder().decode(ConformanceCase.self, from: Data($0.utf8))
        }
    }
}

@Suite struct ConformanceTests {
    static let cases: [ConformanceCase] = (try? ConformanceCase.load("public")) ?? []
    static let programmerCases: [ConformanceCase] = (try? ConformanceCase.load("programmer-public")) ?? []
    static let rpnCases: [ConformanceCase] = (try? ConformanceCase.load("rpn")) ?? []

    @Test func allCasesLoaded() {
        #expect(Self.cases.count == 123)
        #expect(Self.programmerCases.count == 91)
        #expect(Self.rpnCases.count == 43)
    }

    @Test(arguments: cases + programmerCases + rpnCases)
    func conformance(_ test: ConformanceCase) throws {
        let settings = try test.engineSettings()
        func matches(_ shown: String, _ wanted: String) -> Bool {
            test.exact == true ? shown == wanted : displayMatches(shown, wanted, digits: settings.digits)
        }
        var keys = test.keys
        let refused = test.expectStatus == 422 ? keys.popLast() : nil
        let (state, steps) = try run(keys, settings: settings)
        for (index, name) in keys.enumerated() {
            // Every key before a refused one is accepted where it is pressed.
            let (before, _) = try run(Array(keys[..<index]), settings: settings)
            #expect(before.refusal(of: try #require(Key(name: name))) == nil, "\(name) refused at \(index + 1)")
        }
        if let refused {
            let key = try #require(Key(name: refused))
            #expect(state.refusal(of: key) != nil, "\(refused) is not refused")
            var after = state
            var random = SplitMix64(seed: 1)
            after.apply(key, random: &random)
            #expect(after == state, "\(refused) changes the state")
        }
        #expect(matches(state.display, test.expect), "shown \(state.display)")
        if let stack = test.stack {
            let shown = state.rpnStack
            #expect([shown?.x, shown?.y, shown?.z, shown?.t] == ["x", "y", "z", "t"].map { stack[$0] }, "stack \(String(describing: shown))")
        }
        if let expected = test.steps {
            #expect(expected.count == steps.count)
            for (index, (shown, wanted)) in zip(steps, expected).enumerated() {
                #expect(matches(shown, wanted), "step \(index + 1) (\(test.keys[index])): shown \(shown), expected \(wanted)")
            }
        }
    }
}
