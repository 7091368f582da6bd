// Engine benchmark: median time of one key press for typical keys.
// Run with `swift run -c release engine-bench`. Each scenario prepares a state, then times batches of
// `perBatch` presses of one key on fresh copies of that state; the table shows the median and the fastest batch.
import CalculatorEngine
import Foundation

struct FixedRandom: RandomSource {
    var state: UInt64 = 0x1234_5678
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
}

/// A state prepared by `setup`, then `keys` pressed on copies of it (most scenarios press one key).
struct Scenario {
    let label: String
    let setup: [String]
    let keys: [String]
    var settings = Settings()

    init(label: String, setup: [String], key: String, settings: Settings = Settings()) {
        self.init(label: label, setup: setup, keys: [key], settings: settings)
    }

    init(label: String, setup: [String], keys: [String], settings: Settings = Settings()) {
        self.label = label
        self.setup = setup
        self.keys = keys
        self.settings = settings
    }
}

let programmer = Settings(mode: .programmer, radix: .hex)

let scenarios = [
    Scenario(label: "digit entry (123 → 1234)", setup: ["1", "2", "3"], key: "4"),
    Scenario(label: "+ after typed 123.45", setup: ["1", "2", "3", ".", "4", "5"], key: "+"),
    Scenario(label: "= on 123 + 456 × 7", setup: ["1", "2", "3", "+", "4", "5", "6", "*", "7"], key: "="),
    Scenario(label: "= on 1 ÷ 3 (rational)", setup: ["1", "/", "3"], key: "="),
    Scenario(label: "sin 37 (degrees)", setup: ["3", "7"], key: "sin"),
    Scenario(label: "sin 30 (degrees, exact)", setup: ["3", "0"], key: "sin"),
    Scenario(label: "sin 1 (radians)", setup: ["1"], key: "sin", settings: Settings(angle: .rad)),
    Scenario(label: "fact 20 (exact)", setup: ["2", "0"], key: "fact"),
    Scenario(label: "fact 171 (exact, 1e+309)", setup: ["1", "7", "1"], key: "fact"),
    Scenario(label: "fact 3.5 (gamma)", setup: ["3", ".", "5"], key: "fact"),
    Scenario(label: "fact 1e9 (budget → Error)", setup: ["1", "EE", "9"], key: "fact"),
    Scenario(label: "sin 9e9999 (degrees)", setup: ["9", "EE", "9", "9", "9", "9"], key: "sin"),
    Scenario(label: "sin 9e9999 (radians)", setup: ["9", "EE", "9", "9", "9", "9"], key: "sin", settings: Settings(angle: .rad)),
    Scenario(label: "pow 1.5 ^ 1e9 (→ Error)", setup: ["1", ".", "5", "pow", "1", "EE", "9"], key: "="),
    Scenario(label: "exp -9e9999 (→ Error)", setup: ["9", "EE", "9", "9", "9", "9", "=", "neg"], key: "exp"),
    Scenario(label: "programmer digit (hex 12AF)", setup: ["1", "2", "A"], key: "F", settings: programmer),
    Scenario(label: "programmer and after 1234", setup: ["1", "2", "3", "4"], key: "and", settings: programmer),
    Scenario(label: "programmer = 123 + 456 × 7", setup: ["1", "2", "3", "+", "4", "5", "6", "*", "7"], key: "=", settings: programmer),
    // Certified inexact displays (issue 34): a press whose bounds agree at 256 bits, one that recomputes its
    // derivation at higher precision, and the worst the budget allows.
    Scenario(label: "= on π × 3 ÷ 7 (certified)", setup: ["pi", "*", "3", "/", "7"], key: "="),
    Scenario(label: "− 1 on π × 3 ÷ 7 (certified)", setup: ["pi", "*", "3", "/", "7", "-", "1"], key: "="),
    Scenario(label: "= on 1e80 + π − 1e80 (512 bits)", setup: WorstSessions.keys("1 EE 8 0 + pi - 1 EE 8 0"), key: "="),
    Scenario(label: "sin e^200 (radians, 512 bits)", setup: ["2", "0", "0", "exp"], key: "sin", settings: Settings(angle: .rad)),
    Scenario(label: "acos(1 − 1e-9999) (65,536 bits)", setup: WorstSessions.keys("1 - 1 EE 9 9 9 9 neg ="), key: "acos", settings: Settings(angle: .rad)),
    Scenario(label: "= on √2·√3 − √6 (0 at 65,536 bits)", setup: WorstSessions.keys("2 sqrt * 3 sqrt - 6 sqrt"), key: "="),
    // The README's tour, from `6 × 7 =` to `2 xʸ 0.5 =` (one inexact, certified display): the keys per press.
    Scenario(label: "the README tour (31 keys)", setup: [], keys: WorstSessions.keys(
        "6 * 7 = AC 0 . 1 + 0 . 2 = 3 0 sin AC 1 / 3 * 3 = m+ 2 pow 0 . 5 = 7 AC 7")),
    Scenario(label: "mr on issue 24's session", setup: WorstSessions.issue, key: "mr"),
    Scenario(label: "+ on the largest session", setup: WorstSessions.largest, key: "+"),
    Scenario(label: "= on the largest session", setup: WorstSessions.largest, key: "="),
]

/// The sessions a hostile client can build (issue 24, item 6; `StateBoundsTests`), whose presses and stored forms
/// are timed below.
enum WorstSessions {
    static func keys(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }
    /// `7 pow 11000 = m+`, a hundred levels of `mr + (`, then `mr`.
    static let issue = keys("7 pow 1 1 0 0 0 = m+") + Array(repeating: keys("mr + ("), count: 100).flatMap { $0 } + ["mr"]
    /// The history full of 300-byte expressions, 25 levels each under a long expression, numbers at the budget.
    static let largest: [String] = {
        let longSum = Array(repeating: "1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 +", count: 20).joined(separator: " ")
        var keys = Array(repeating: Self.keys(longSum + " 1 ="), count: 100).flatMap { $0 }
        keys += Self.keys("9 . 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 EE 9 9 9 9 m+")
        for _ in 0..<30 { keys += Self.keys(longSum + " (") }
        return keys + Self.keys("9 . 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 EE 9 9 9 9 +")
    }()
}

let batches = 21
/// Display lengths summed, so the optimizer cannot drop the work.
nonisolated(unsafe) var checksum = 0

func measure(_ scenario: Scenario) -> (median: Double, best: Double) {
    var random = FixedRandom()
    var base = CalculatorState(settings: scenario.settings)
    for name in scenario.setup { base.apply(Key(name: name)!, random: &random) }
    let keys = scenario.keys.map { Key(name: $0)! }
    let clock = ContinuousClock()
    // ENGINE_BENCH_PRESSES=n presses n times once, untimed: two counts under callgrind give instructions per press.
    if let fixed = ProcessInfo.processInfo.environment["ENGINE_BENCH_PRESSES"].flatMap(Int.init) {
        for _ in 0..<fixed {
            var state = base
            for key in keys { state.apply(key, random: &random) }
            checksum &+= state.display.utf8.count
        }
        return (0, 0)
    }
    // Size batches so each takes roughly 20 ms.
    var perBatch = 16
    while true {
        let elapsed = clock.measure {
            for _ in 0..<perBatch {
                var state = base
                for key in keys { state.apply(key, random: &random) }
                checksum &+= state.display.utf8.count
            }
        }
        if elapsed > .milliseconds(20) || perBatch >= 1 << 22 { break }
        perBatch *= 2
    }
    var samples: [Double] = []
    for _ in 0..<batches {
        let elapsed = clock.measure {
            for _ in 0..<perBatch {
                var state = base
                for key in keys { state.apply(key, random: &random) }
                checksum &+= state.display.utf8.count
            }
        }
        let (seconds, attoseconds) = elapsed.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        samples.append(nanoseconds / Double(perBatch))
    }
    samples.sort()
    return (samples[samples.count / 2], samples[0])
}

func formatted(_ nanoseconds: Double) -> String {
    let text: String
    if nanoseconds >= 10_000 {
        text = "\(Int(nanoseconds / 1000 + 0.5)) µs"
    } else {
        text = "\(Int(nanoseconds + 0.5)) ns"
    }
    return String(repeating: " ", count: max(0, 10 - text.count)) + text
}

print("engine-bench: median time per key press (\(batches) batches; copy of the prepared state + apply)")
print("key".padding(28) + "   median        best")
// An optional argument keeps only the scenarios whose label contains it (handy under `perf record`).
let filter = CommandLine.arguments.dropFirst().first
for scenario in scenarios where filter.map({ scenario.label.contains($0) }) ?? true {
    let (median, best) = measure(scenario)
    print(scenario.label.padding(28) + formatted(median) + "  " + formatted(best))
}
/// Keys pressed in turn on one state changed in place, as the memory store changes a session's: no copy shares its
/// buffers, where each press in the table above starts from a copy of the prepared state.
struct InPlaceScenario {
    let label: String
    let setup: [String]
    let keys: [String]
}

let inPlaceScenarios = [
    InPlaceScenario(label: "digit, ⌫ (123 ↔ 1234)", setup: ["1", "2", "3"], keys: ["4", "back"]),
    InPlaceScenario(label: "1 + 2 =", setup: [], keys: ["1", "+", "2", "="]),
]

func measureInPlace(_ scenario: InPlaceScenario) -> (median: Double, best: Double) {
    var random = FixedRandom()
    var state = CalculatorState()
    for name in scenario.setup { state.apply(Key(name: name)!, random: &random) }
    let keys = scenario.keys.map { Key(name: $0)! }
    let rounds = 20_000
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<batches {
        let elapsed = clock.measure {
            for _ in 0..<rounds {
                for key in keys { state.apply(key, random: &random) }
                checksum &+= state.display.utf8.count
            }
        }
        let (seconds, attoseconds) = elapsed.components
        samples.append((Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(rounds * keys.count))
    }
    samples.sort()
    return (samples[samples.count / 2], samples[0])
}

print("in place: median time per key, keys pressed in turn on one state")
for scenario in inPlaceScenarios where filter.map({ scenario.label.contains($0) }) ?? true {
    let (median, best) = measureInPlace(scenario)
    print(scenario.label.padding(28) + formatted(median) + "  " + formatted(best))
}
/// One-shot answers (`/evaluate`): the expression read, typed as its keys and pressed on a fresh calculator.
let expressions = ["12+34*5-6", "sin(30)^2 + 2π", "root(8, 3) * (1 + 2)"]
print("one-shot: median time per expression, read and evaluated")
for text in expressions where filter.map({ "expression \(text)".contains($0) }) ?? true {
    var random = FixedRandom()
    let clock = ContinuousClock()
    let rounds = 20_000
    var samples: [Double] = []
    for _ in 0..<batches {
        let elapsed = clock.measure {
            for _ in 0..<rounds {
                let state = try! CalculatorState(evaluating: Expression(text), settings: Settings(), random: &random)
                checksum &+= state.display.utf8.count
            }
        }
        let (seconds, attoseconds) = elapsed.components
        samples.append((Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(rounds))
    }
    samples.sort()
    print("expression \(text)".padding(28) + formatted(samples[samples.count / 2]) + "  " + formatted(samples[0]))
}
print("CalculatorState: \(MemoryLayout<CalculatorState>.size) bytes inline (stride \(MemoryLayout<CalculatorState>.stride)); a fresh state allocates nothing more")
var sample = CalculatorState()
var sampleRandom = FixedRandom()
let freshBytes = sample.storedBytes.count
for name in ["1", "/", "3", "=", "m+", "2", "*", "(", "pi", "+"] { sample.apply(Key(name: name)!, random: &sampleRandom) }
let busyBytes = sample.storedBytes.count
print("stored form: fresh state \(freshBytes) bytes; mid-calculation with memory, π and history \(busyBytes) bytes")

/// Median time of `body` in nanoseconds over batches of about 20 ms.
func medianTime(_ body: () -> Int) -> Double {
    let clock = ContinuousClock()
    var perBatch = 1
    while clock.measure({ for _ in 0..<perBatch { checksum &+= body() } }) < .milliseconds(20) && perBatch < 1 << 20 { perBatch *= 2 }
    var samples: [Double] = []
    for _ in 0..<batches {
        let (seconds, attoseconds) = clock.measure({ for _ in 0..<perBatch { checksum &+= body() } }).components
        samples.append((Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(perBatch))
    }
    return samples.sorted()[batches / 2]
}

print("worst sessions (issue 24): stored size, and the median time to write and to read the stored form")
for (label, keys) in [("issue 24's session", WorstSessions.issue), ("the largest session", WorstSessions.largest)]
where filter.map({ label.contains($0) }) ?? true {
    var state = CalculatorState()
    var random = FixedRandom()
    for name in keys { state.apply(Key(name: name)!, random: &random) }
    let bytes = state.storedBytes
    let write = medianTime { state.storedBytes.count }
    let read = medianTime { (try? CalculatorState(storedBytes: bytes))?.display.utf8.count ?? 0 }
    print(label.padding(28) + "\(bytes.count) bytes, write" + formatted(write) + ", read" + formatted(read))
}
// Issue 24's request of 310 keys, sent again to the session it built: the most work one request may ask for.
if filter.map({ "issue 24's request".contains($0) }) ?? true {
    var state = CalculatorState()
    var random = FixedRandom()
    let keys = WorstSessions.issue.map { Key(name: $0)! }
    for key in keys { state.apply(key, random: &random) }
    let base = state
    let batch = medianTime {
        var copy = base
        for key in keys { copy.apply(key, random: &random) }
        return copy.display.utf8.count
    }
    print("issue 24's request (\(keys.count) keys) on its session:" + formatted(batch))
}
print("(checksum \(checksum % 1000))")

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
