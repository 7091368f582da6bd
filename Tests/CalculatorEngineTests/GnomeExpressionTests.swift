import Foundation
import Testing

@testable import CalculatorEngine

/// The expressions issue 46 lists with what GNOME Calculator answers (Resources/gnome-expressions.jsonl), and more of
/// each kind: each row answers as GNOME does (`expect`, and the echo when given), or is refused with what to type
/// instead (`refusal`, a part of the error's `expected`), or shows Error with a message that says it (`error`, a part
/// of the message). `angle`, `locale` and `ans` are the request's. `gnome` is what GNOME Calculator answers; a row
/// that goes beyond it says how in `beyond`, and its answer is the one the issue asks for.
struct GnomeExpression: Codable, Sendable, CustomTestStringConvertible {
    let id: String
    let expression: String
    let gnome: String
    var expect: String?
    var echo: String?
    var refusal: String?
    var error: String?
    var angle: String?
    var locale: String?
    var ans: String?
    var beyond: String?
    var note: String?

    var settings: Settings {
        var settings = Settings()
        if let angle { settings.angle = AngleUnit(rawValue: angle)! }
        settings.format.setLocale(locale)
        return settings
    }

    func evaluate() throws -> CalculatorState {
        var random = SplitMix64(seed: 46)
        let expression = try Expression(self.expression, symbols: settings.format.symbols, answer: ans.flatMap(Expression.Answer.init))
        return try CalculatorState(evaluating: expression, settings: settings, random: &random)
    }

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
        #expect(Self.rows.count == 57)
        for row in Self.rows { #expect([row.expect, row.refusal, row.error].compactMap { $0 }.count == 1, "\(row.id)") }
    }

    @Test(arguments: rows)
    func answersAsGnomeOrSaysWhatToType(_ row: GnomeExpression) throws {
        if let expected = row.expect {
            let state = try row.evaluate()
            #expect(state.error == nil)
            #expect(state.display == expected)
            if row.beyond == nil { #expect(state.display == row.gnome) }
            if let echo = row.echo { #expect(state.expression == echo) }
            return
        }
        if let message = row.error {
            let state = try row.evaluate()
            #expect(state.display == row.gnome)
            #expect(state.error?.message.contains(message) == true, "\(String(describing: state.error))")
            return
        }
        let refusal = try #require(row.refusal)
        #expect {
            _ = try row.evaluate()
        } throws: { error in
            guard let error = error as? ExpressionError else { return false }
            return error.expected.contains(refusal)
        }
    }
}
