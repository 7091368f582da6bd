import CalculatorEngine
import Testing

/// Gradians (400 to the turn): exact wherever the same angle in degrees is.
@Suite struct GradianTests {
    static let gradians = Settings(angle: .grad)

    /// Every multiple of 15° from −360° to 720°, typed in gradians as d × 10 ÷ 9, shows what d shows in degrees,
    /// at 16 and 32 digits.
    @Test(arguments: ["sin", "cos", "tan"])
    func specialAnglesMatchDegrees(function: String) throws {
        for digits in [16, 32] {
            for degrees in stride(from: -360, through: 720, by: 15) {
                let typed = String(degrees.magnitude).map(String.init) + (degrees < 0 ? ["neg"] : [])
                let inGradians = try run(typed + ["*", "1", "0", "/", "9", "=", function], settings: Settings(angle: .grad, digits: digits)).0
                let inDegrees = try run(typed + [function], settings: Settings(digits: digits)).0
                #expect(inGradians.display == inDegrees.display, "\(function) \(degrees)°")
            }
        }
    }

    @Test(arguments: [
        ("5 0 sin", "0.7071067811865475"), ("1 0 0 sin", "1"), ("1 0 0 tan", "Error"), ("2 0 0 cos", "-1"), ("3 0 0 sin", "-1"),
        ("5 0 tan", "1"), ("4 0 0 cos", "1"), ("1 5 0 tan", "-1"), ("5 0 neg sin", "-0.7071067811865475"), ("0 sin", "0"),
        ("1 asin", "100"), ("1 acos", "0"), ("0 acos", "100"), ("1 neg acos", "200"), ("1 atan", "50"), ("1 neg atan", "-50"),
        (". 5 asin", "33.33333333333333"), (". 5 acos", "66.66666666666667"), ("2 asin", "Error"), ("1 2nd sin", "100"),
        ("2 0 0 / 6 = sin", "0.5"), ("4 0 0 0 0 0 0 0 0 0 0 0 5 0 sin", "0.7071067811865475"), ("1 sin", "0.01570731731182068"),
    ])
    func values(keys: String, expected: String) throws {
        #expect(try run(keys, settings: Self.gradians).display == expected)
    }

    @Test func gradKeyAndSetting() throws {
        #expect(try run("grad").settings.angle == .grad)
        #expect(try run("grad 1 0 0 sin + deg 9 0 sin =").display == "2")
        #expect(try run("grad rad AC").settings.angle == .rad)
        #expect(try run("1 asin deg", settings: Self.gradians).display == "100")
        #expect(try run("1 / 0 = grad").settings.angle == .deg)
        let programmer = CalculatorState(settings: Settings(mode: .programmer))
        #expect(programmer.refusal(of: Key(name: "grad")!)?.reason == .notInMode)
    }
}
