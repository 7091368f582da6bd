import CalculatorEngine
import Testing

/// RPN mode against scientific mode: random calculations, pressed as RPN's postfix keys and as scientific mode's
/// infix keys with every operation in brackets, show the same display (the same exact or certified number, or Error
/// both). Both go through the same arithmetic, so any difference is in how the keys reach it.
@Suite struct RPNPropertyTests {
    /// A calculation: a typed number, a function of one, or an operator on two.
    indirect enum Calculation: CustomStringConvertible {
        case number([String])
        case function(String, Calculation)
        case operation(String, Calculation, Calculation)

        /// The stack levels RPN needs for it: an operator's right side is worked out above its left's result.
        var levels: Int {
            switch self {
            case .number: 1
            case .function(_, let operand): operand.levels
            case .operation(_, let left, let right): max(left.levels, right.levels + 1)
            }
        }

        /// Scientific mode's keys, each operation in brackets.
        var infix: [String] {
            switch self {
            case .number(let keys): keys
            case .function(let name, let operand): ["("] + operand.infix + [")", name]
            case .operation(let op, let left, let right): ["("] + left.infix + [")", op, "("] + right.infix + [")"]
            }
        }

        /// RPN's keys: a number typed right after another is separated from it by ENTER.
        func postfix(into keys: inout [String], typing: inout Bool) {
            switch self {
            case .number(let digits):
                if typing { keys.append("enter") }
                keys += digits
                typing = true
            case .function(let name, let operand):
                operand.postfix(into: &keys, typing: &typing)
                keys.append(name)
                // ± changes the sign of a number being typed, which goes on being typed.
                if name != "neg" { typing = false }
            case .operation(let op, let left, let right):
                left.postfix(into: &keys, typing: &typing)
                right.postfix(into: &keys, typing: &typing)
                keys.append(op)
                typing = false
            }
        }

        var description: String { infix.joined(separator: " ") }
    }

    static let operators = ["+", "-", "*", "/", "+", "-", "*", "/", "pow", "logy"]
    static let functions = ["sqrt", "sq", "recip", "neg", "sin", "ln", "cube", "cbrt", "exp", "atan"]

    static func number(_ random: inout SplitMix64) -> Calculation {
        var keys = String(random.next() % 1000).map(String.init)
        if random.next() % 3 == 0 { keys += ["."] + String(random.next() % 100).map(String.init) }
        if random.next() % 4 == 0 { keys.append("neg") }
        return .number(keys)
    }

    static func calculation(_ random: inout SplitMix64, depth: Int) -> Calculation {
        guard depth > 0, random.next() % 5 != 0 else { return number(&random) }
        if random.next() % 3 == 0 {
            return .function(functions[Int(random.next() % UInt64(functions.count))], calculation(&random, depth: depth - 1))
        }
        let op = operators[Int(random.next() % UInt64(operators.count))]
        // A power's exponent is a small integer, so that no result takes long to work out.
        let right = op == "pow" ? .number([String(random.next() % 4)]) : calculation(&random, depth: depth - 1)
        return .operation(op, calculation(&random, depth: depth - 1), right)
    }

    /// The display after the keys, or Error if any key showed it: after Error a key starts a new calculation, in
    /// either mode, whose result no longer compares.
    static func display(_ keys: [String], mode: CalculationMode) throws -> String {
        var state = CalculatorState(settings: Settings(mode: mode))
        var random = SplitMix64(seed: 1)
        for name in keys {
            state.apply(try #require(Key(name: name)), random: &random)
            if state.error != nil { return "Error" }
        }
        return state.display
    }

    /// 400 calculations of up to 4 levels each, from a fixed seed.
    @Test func rpnShowsWhatScientificModeShows() throws {
        var random = SplitMix64(seed: 48)
        var compared = 0
        var numbers = 0
        while compared < 400 {
            let calculation = Self.calculation(&random, depth: 4)
            guard calculation.levels <= 4 else { continue }
            var keys: [String] = []
            var typing = false
            calculation.postfix(into: &keys, typing: &typing)
            // ENTER ends a number being typed, which then shows as a result does.
            keys.append("enter")
            let scientific = try Self.display(calculation.infix + ["="], mode: .scientific)
            let rpn = try Self.display(keys, mode: .rpn)
            #expect(rpn == scientific, "\(calculation): RPN \(keys.joined(separator: " ")) shows \(rpn), scientific mode \(scientific)")
            compared += 1
            if rpn != "Error" { numbers += 1 }
        }
        // Most calculations have a number to compare, not Error in both.
        #expect(numbers >= 200, "\(numbers) of 400 show a number")
    }

    /// A calculation that needs a fifth level differs, as the stack has four: the check above holds because the
    /// calculations fit, not by accident.
    @Test func aFifthLevelIsLost() throws {
        // 1 + (2 + (3 + (4 + 5))) needs five levels: with four, 1 is lost under T, which repeats (2 + (2 + (2 + (4 + 5)))).
        let keys = ["1", "enter", "2", "enter", "3", "enter", "4", "enter", "5", "+", "+", "+", "+"]
        #expect(try Self.display(keys, mode: .rpn) == "16")
        #expect(try Self.display(["1", "+", "(", "2", "+", "(", "3", "+", "(", "4", "+", "5", ")", ")", ")", "="], mode: .scientific) == "15")
    }
}
