import CalculatorEngine
import Testing

/// Named variables: `sto` and `rcl` wait for x, y, z or t; other keys are refused meanwhile and AC cancels them.
@Suite struct VariableTests {
    @Test(arguments: [
        ("7 sto x AC rcl x + 1 =", "8"), ("5 sto z AC 9 sto z AC rcl z", "9"), ("4 sto x AC rcl x sqrt", "2"), ("rcl y", "0"),
        ("7 sto x 5", "5"), ("7 sto x + rcl x =", "14"), ("2 sto t 3 rcl t", "2"), ("2 sto t 3 rcl t =", "2"),
        ("1 / 3 = sto x AC rcl x * 3 =", "1"), ("2 + 3 sto y = rcl y", "3"), ("( 2 rcl x", "0"), ("9 sto x 1 / 0 = rcl", "Error"),
        ("6 sto x sto y rcl x", "6"), ("8 sto x AC 1 + rcl x =", "9"), ("5 neg sto x AC rcl x neg", "5"),
    ])
    func values(keys: String, expected: String) throws {
        let state = try run(keys)
        #expect(state.display == expected)
    }

    @Test func awaitingAndRefusals() throws {
        let storing = try run("7 sto")
        #expect(storing.awaiting == .store)
        #expect(storing.display == "7")
        for name in ["5", "+", "sin", "=", "sto", "rcl", "CE", "mr", "back"] {
            let refusal = storing.refusal(of: Key(name: name)!)
            #expect(refusal?.reason == .awaitingVariable && refusal?.detail == "sto", "\(name)")
            var pressed = storing
            var random = SplitMix64(seed: 1)
            pressed.apply(Key(name: name)!, random: &random)
            #expect(pressed == storing, "\(name) changes a state waiting for a variable")
        }
        for name in ["x", "y", "z", "t", "AC"] { #expect(storing.refusal(of: Key(name: name)!) == nil, "\(name)") }
        #expect(try run("7 sto AC").awaiting == nil)
        #expect(try run("7 sto AC").display == "0")
        #expect(try run("7 sto AC rcl x").display == "0")
        #expect(try run("rcl").awaiting == .recall)
        let fresh = CalculatorState()
        #expect(fresh.refusal(of: Key(name: "x")!)?.reason == .noCommandAwaiting)
        #expect(fresh.refusal(of: Key(name: "x")!)?.message.contains("x") == true)
        #expect(try run("7 x").display == "7")
    }

    @Test func variablesSurviveAllClearAndShowLikeTheDisplay() throws {
        var state = try run("1 / 3 = sto x AC 2 sto y AC")
        #expect(state.variable(.x) == "0.3333333333333333")
        #expect(state.variable(.y) == "2")
        #expect(state.variable(.z) == nil)
        #expect(state.expression == "")
        state.clearVariables()
        #expect(state.variable(.x) == nil && state.variable(.y) == nil)
        #expect(try run("rcl x + 1").expression == "x + 1")
    }

    /// In programmer mode variables hold integers of the word and show in the radix.
    @Test func programmerVariables() throws {
        let hex = Settings(mode: .programmer, radix: .hex, word: .byte)
        #expect(try run("7 F sto y AC rcl y + 1 =", settings: hex).display == "80")
        #expect(try run("0 - 1 = sto t AC dec rcl t", settings: hex).display == "-1")
        #expect(try run("F F sto x", settings: hex).variable(.x) == "FF")
        #expect(try run("F F sto x dec", settings: hex).variable(.x) == "-1")
        var state = try run("2 . 7 5 neg sto x")
        state.update(settings: Settings(mode: .programmer))
        #expect(state.variable(.x) == "-2")
    }

    @Test func storedFormKeepsVariablesAndTheWaitingCommand() throws {
        for (keys, settings) in [("7 sto x 1 / 3 = sto y rcl", Settings()), ("F sto t sto", Settings(mode: .programmer, radix: .hex))] {
            let state = try run(keys, settings: settings)
            let decoded = try CalculatorState(storedBytes: state.storedBytes)
            #expect(decoded == state)
            #expect(decoded.awaiting == state.awaiting && decoded.awaiting != nil)
        }
    }
}

/// `firstRefusal(in:)` finds what pressing the keys one by one with `refusal(of:)` finds.
@Suite struct BatchRefusalTests {
    @Test(arguments: [
        ("7 sto x", "", nil), ("7 sto 5", "", 2), ("sto AC 5", "", nil), ("x", "", 0), ("sto x y", "", 2), ("1 / 0 = sto 5", "", nil),
        ("A", "", 0), ("hex A dec A", "programmer", 3), ("hex A F", "programmer", nil), ("sin", "programmer", 0), ("1 + 2", "programmer", nil),
        ("rcl rcl", "programmer", 1), ("bin 1 0 2", "programmer", 3), ("5 sto", "", nil),
    ] as [(String, String, Int?)])
    func batches(keys: String, mode: String, refusedAt: Int?) throws {
        let settings = mode == "programmer" ? Settings(mode: .programmer) : Settings()
        let names = keys.split(separator: " ").map(String.init)
        let pressed = names.map { Key(name: $0)! }
        let state = CalculatorState(settings: settings)
        #expect(state.firstRefusal(in: pressed)?.index == refusedAt)
        var oneByOne = state
        var random = SplitMix64(seed: 1)
        var found: Int?
        for (index, key) in pressed.enumerated() {
            if oneByOne.refusal(of: key) != nil {
                found = index
                break
            }
            oneByOne.apply(key, random: &random)
        }
        #expect(found == refusedAt)
        let waiting = try run("7 sto")
        #expect(waiting.firstRefusal(in: [Key(name: "AC")!, Key(name: "5")!]) == nil)
        #expect(waiting.firstRefusal(in: [Key(name: "5")!])?.refusal.reason == .awaitingVariable)
    }

    /// Undo and redo may bring back a waiting sto or rcl, so the keys after them are refused as they would be one by one.
    @Test(arguments: [
        ("5 sto x", "undo 7 + 1 =", 1), ("5 sto", "undo redo 7", 2), ("rcl x", "undo AC 7", nil), ("5 sto x", "undo x 7", nil),
    ] as [(String, String, Int?)])
    func undoAndRedoThatBringBackAWaitingCommand(before: String, keys: String, refusedAt: Int?) throws {
        let state = try run(before)
        let pressed = keys.split(separator: " ").map { Key(name: String($0))! }
        let found = state.firstRefusal(in: pressed)
        #expect(found?.index == refusedAt)
        if refusedAt != nil { #expect(found?.refusal.reason == .awaitingVariable) }
    }
}
