import Foundation
import Testing

@testable import CalculatorEngine

/// The expressions issue 46 lists with what GNOME Calculator answers (Resources/gnome-expressions.jsonl): each row
/// either answers as GNOME does (`expect`, and the echo when given) or is refused with what to type instead
/// (`refusal`, a part of the error's `expected`).
struct GnomeExpression: Codable, Sendable, CustomTestStringConvertible {
    let id: String
    let expression: String
    let gnome: String
    var expect: String?
    var echo: String?
    var refusal: String?
    var note: String?

    var testDescription: String { "\(id): \(expression)" }

    static func load() throws -> [GnomeExpression] {
        let url = try #require(Bundle.module.url(forResource: "gnome-expressions", withExtension: "jsonl", subdirectory: "Resources"))
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.isEmpty }.map {
            try JSONDecoder().decode(GnomeExpression.self, from: Data($0.utf8))
        }
    }
}

@Suite struct GnomeExpressionTests {
    static let rows: [GnomeExpression] = (try? GnomeExpression.load()) ?? []

    @Test func everyRowIsLoadedAndSaysOneThing() {
        #expect(Self.rows.count == 19)
        for row in Self.rows { #expect((row.expect == nil) != (row.refusal == nil), "\(row.id)") }
    }

    @Test(arguments: rows)
    func answersAsGnomeOrSaysWhatToType(_ row: GnomeExpression) throws {
        var random = SplitMix64(seed: 46)
        if let expected = row.expect {
            let state = try CalculatorState(evaluating: Expression(row.expression), settings: Settings(), random: &random)
            #expect(state.display == expected)
            #expect(state.display == row.gnome)
            if let echo = row.echo { #expect(state.expression == echo) }
            return
        }
        let refusal = try #require(row.refusal)
        #expect {
            _ = try CalculatorState(evaluating: Expression(row.expression), settings: Settings(), random: &random)
        } throws: { error in
            guard let error = error as? ExpressionError else { return false }
            return error.expected.contains(refusal)
        }
    }
}
