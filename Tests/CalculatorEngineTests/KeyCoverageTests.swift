@testable import CalculatorEngine
import Testing

/// Every key of the catalog is pressed by at least one behaviour table: the shared conformance cases and RPN's
/// (jsonl), and the tables of keys and expected displays in BehaviourTests, CertifiedDisplayTests, StatisticsTests,
/// UnitConversionTests and ProgrammerTests. A key added to the catalog without a row that presses it fails here.
@Suite struct KeyCoverageTests {
    /// Keys whose result no table can give: `rand` draws a new number each time (BehaviourTests.randReplacesATypedNumber
    /// checks it as an operand).
    static let untabled: Set<String> = ["rand"]

    static func tabledKeySequences() throws -> [[String]] {
        let decimal = (BehaviourTests.allCases + CertifiedDisplayTests.issueTable + CertifiedDisplayTests.moreCases
            + StatisticsTests.dataEntryCases + StatisticsTests.resultCases + StatisticsTests.memoryListCases
            + UnitConversionTests.convertCases).map(\.keys)
        let programmer = (ProgrammerTests.sequences + ProgrammerTests.bitSequences).map(\.keys)
        let tables = try ["public", "programmer-public", "rpn"].flatMap { try ConformanceCase.load($0) }.map(\.keys)
        return (decimal + programmer).map { $0.split(separator: " ").map(String.init) } + tables
    }

    @Test func everyKeyIsInATable() throws {
        var pressed = Set<String>()
        for sequence in try Self.tabledKeySequences() {
            for name in sequence {
                // Tables may press a key by an alias (× for *); the catalog's name is what counts.
                pressed.insert(try #require(Key(name: name), "\(name) is no key").name)
            }
        }
        let missing = KeyCatalog.all.map(\.name).filter { !pressed.contains($0) && !Self.untabled.contains($0) }
        #expect(missing.isEmpty, "keys no table presses: \(missing.joined(separator: " "))")
        #expect(Self.untabled.allSatisfy { Key(name: $0) != nil })
    }
}
