import CalculatorEngine
import Foundation
import Testing

/// The shared conformance cases (../shared/conformance/public.jsonl), unchanged.
struct ConformanceCase: Decodable, Sendable, CustomTestStringConvertible {
    struct CaseSettings: Decodable, Sendable {
        var mode: String
        var angle: String
        var digits: Int?
    }
    var id: String
    var settings: CaseSettings
    var keys: [String]
    var expect: String
    var steps: [String]?

    var testDescription: String { "\(id): \(keys.joined(separator: " ")) → \(expect)" }

    static func load() throws -> [ConformanceCase] {
        let url = try #require(Bundle.module.url(forResource: "public", withExtension: "jsonl", subdirectory: "Resources"))
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").filter { !$0.isEmpty }.map {
            try JSONDecoder().decode(ConformanceCase.self, from: Data($0.utf8))
        }
    }
}

@Suite struct ConformanceTests {
    static let cases: [ConformanceCase] = (try? ConformanceCase.load()) ?? []

    @Test func allCasesLoaded() {
        #expect(Self.cases.count == 123)
    }

    @Test(arguments: cases)
    func conformance(_ test: ConformanceCase) throws {
        let settings = Settings(
            mode: try #require(CalculationMode(rawValue: test.settings.mode)),
            angle: try #require(AngleUnit(rawValue: test.settings.angle)), digits: test.settings.digits ?? 16)
        let (state, steps) = try run(test.keys, settings: settings)
        #expect(displayMatches(state.display, test.expect, digits: settings.digits), "shown \(state.display)")
        if let expected = test.steps {
            #expect(expected.count == steps.count)
            for (index, (shown, wanted)) in zip(steps, expected).enumerated() {
                #expect(displayMatches(shown, wanted, digits: settings.digits), "step \(index + 1) (\(test.keys[index])): shown \(shown), expected \(wanted)")
            }
        }
    }
}
