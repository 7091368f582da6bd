@testable import CalculatorEngine
import Testing

/// `ExpressionAnswer`: the expressions it answers without their keys, and those it leaves to them.
@Suite struct ExpressionAnswerTests {
    static func direct(_ text: String, _ settings: Settings = Settings()) throws -> (value: Number, text: String)? {
        var answer = ExpressionAnswer(expression: try Expression(text), settings: settings)
        return answer.answer()
    }

    @Test(arguments: [
        "12+34*5-6", "2^3^2", "-2^2", "(1+2)(3+4)", "sin(30)^2 + 2π", "root(8, 3) * 50 + 10%", "50 + (10%)", "--2",
        "neg(1e5)", "3!²", "√4!", "1/3", "-1.5e-3 * 2", "logy(8, 2) - pow(2, 10)", "√-4 * 0 + 1 - 1",
        // Numbers typed as written and normalised.
        "007 + .5 + 5. + 0.250", "1e+00003 - 1e0", "0.00000000000000000001 * 3", "12345678901234560000 + 100000000000000000000",
        "-0 + -1e-5", "0e99999999 + 9.5e99 / 1e99", "1200.0e-2",
    ])
    func answeredWithoutKeys(_ text: String) throws {
        for settings in [Settings(), Settings(mode: .immediate), Settings(angle: .rad, digits: 20)] {
            let found = try Self.direct(text, settings)
            if text.hasPrefix("√-4") {
                #expect(found == nil, "\(text): an Error is the keys' to describe")
                continue
            }
            let answer = try #require(found, "\(text)")
            var random = SplitMix64(seed: 1)
            let pressed = CalculatorState(pressing: try Expression(text).keys(for: settings), settings: settings, stoppingAtError: true, random: &random)
            let direct = CalculatorState(answer: answer, settings: settings)
            #expect(direct.display == pressed.display && direct.expression == pressed.expression && pressed.error == nil, "\(text)")
        }
    }

    /// Errors, rand, numbers the budget could round, texts the keypad would clip, nesting it would not keep.
    @Test(arguments: [
        "1/0", "rand", "2^99999", "fact(3000) + fact(2999)", String(repeating: "1 + ", count: 80) + "1",
        String(repeating: "2^", count: 30) + "1",
    ])
    func leftToTheKeys(_ text: String) throws {
        #expect(try Self.direct(text) == nil, "\(text)")
    }
}
