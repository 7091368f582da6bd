import CalculatorEngine
import Testing

/// SplitMix64.swift imports nothing, so that scripts/fuzz can compile it into the engine's module; it has a stored
/// property, as a `RandomSource` must.
extension SplitMix64: RandomSource {}

let allKeyNames = KeyCatalog.all.map(\.name)

func press(_ names: [String], on state: inout CalculatorState, random: inout SplitMix64) {
    for name in names { state.apply(Key(name: name)!, random: &random) }
}

/// Presses `before` on a fresh state and passes it through `roundTrip` (a stored form written and read back): the
/// copy must equal the original, and stay equal, display included, after both are given the keys `after`.
func expectRoundTripBehavesAlike(
    _ before: [String], _ after: [String], seed: UInt64, through roundTrip: (CalculatorState) throws -> CalculatorState
) throws {
    var state = CalculatorState()
    var random = SplitMix64(seed: seed)
    press(before, on: &state, random: &random)
    var decoded = try roundTrip(state)
    #expect(decoded == state)
    var randomCopy = random
    press(after, on: &state, random: &random)
    press(after, on: &decoded, random: &randomCopy)
    #expect(decoded == state)
    #expect(decoded.display == state.display)
}

/// Presses space-separated key names (canonical or aliases) on a fresh state; returns the state and each display.
func run(_ keys: [String], settings: Settings = Settings(), seed: UInt64 = 1) throws -> (CalculatorState, [String]) {
    var state = CalculatorState(settings: settings)
    var random = SplitMix64(seed: seed)
    var steps: [String] = []
    for name in keys {
        let key = try #require(Key(name: name), "unknown key \(name)")
        state.apply(key, random: &random)
        steps.append(state.display)
    }
    return (state, steps)
}

func run(_ keys: String, settings: Settings = Settings()) throws -> CalculatorState {
    try run(keys.split(separator: " ").map(String.init), settings: settings).0
}

/// A decimal number as sign, significant digits (no leading/trailing zeros) and the exponent of the first digit;
/// written independently of the engine so the tests do not trust its formatter.
struct DecimalValue: Equatable, CustomStringConvertible {
    var negative: Bool
    var digits: [UInt8]
    var exponent: Int

    init?(_ text: String) {
        var rest = Substring(text)
        negative = rest.hasPrefix("-")
        if negative { rest.removeFirst() }
        var exponentPart = 0
        if let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            let tail = rest[rest.index(after: e)...]
            if tail.isEmpty || tail == "-" || tail == "+" {
                exponentPart = 0
            } else {
                guard let value = Int(tail) else { return nil }
                exponentPart = value
            }
            rest = rest[..<e]
        }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, !(parts[0].isEmpty && (parts.count == 1 || parts[1].isEmpty)) else { return nil }
        let integer = parts[0], fraction = parts.count == 2 ? parts[1] : ""
        guard (integer + fraction).allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        var all = (integer + fraction).map { $0.asciiValue! - 48 }
        var exponent = integer.count - 1 + exponentPart
        while let first = all.first, first == 0 {
            all.removeFirst()
            exponent -= 1
        }
        while let last = all.last, last == 0 { all.removeLast() }
        if all.isEmpty {
            negative = false
            exponent = 0
        }
        digits = all
        self.exponent = exponent
    }

    /// Rounded to nearest, a tie to the even digit (the engine's rule), to `count` significant digits.
    func rounded(to count: Int) -> DecimalValue {
        guard digits.count > count else { return self }
        var copy = self
        var kept = Array(digits.prefix(count))
        let tie = digits[count] == 5 && digits[(count + 1)...].allSatisfy { $0 == 0 }
        if digits[count] > 5 || (digits[count] == 5 && !tie) || (tie && count > 0 && kept[count - 1] % 2 == 1) {
            var i = count - 1
            while i >= 0 {
                if kept[i] == 9 {
                    kept[i] = 0
                    i -= 1
                } else {
                    kept[i] += 1
                    break
                }
            }
            if i < 0 {
                kept.insert(1, at: 0)
                kept.removeLast()
                copy.exponent += 1
            }
        }
        while let last = kept.last, last == 0 { kept.removeLast() }
        copy.digits = kept
        return copy
    }

    var description: String { (negative ? "-" : "") + digits.map(String.init).joined() + "e\(exponent)" }
}

/// The conformance rule: `Error` exactly; otherwise the display read as a number equals the expected value
/// rounded to the session's digits.
func displayMatches(_ display: String, _ expected: String, digits: Int) -> Bool {
    if expected == "Error" || display == "Error" { return display == expected }
    guard let shown = DecimalValue(display), let wanted = DecimalValue(expected) else { return false }
    return shown == wanted.rounded(to: digits)
}

/// Every display the engine may show: a typed entry (`-?D+(.D*)?(e-?D*)?`), a result
/// (`-?D+(.D+)?(e[+-]D+)?`), or `Error`.
func isWellFormedDisplay(_ display: String) -> Bool {
    if display == "Error" { return true }
    // The pattern -?D+(.D*)?(e[+-]?D*)? read byte by byte: the random-key tests check every display, and a Regex
    // match per key press is slow.
    let bytes = Array(display.utf8)
    var i = 0
    func digits() -> Int {
        let start = i
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
        return i - start
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
    guard digits() > 0 else { return false }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
        i += 1
        _ = digits()
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") {
        i += 1
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        _ = digits()
    }
    return i == bytes.count
}

/// `isWellFormedDisplay` for the state's mode: in programmer mode the value in the radix (decimal signed; hex,
/// oct and bin the word's bit pattern, capitals), no leading zeros, inside the word; or `Error`.
func isWellFormedDisplay(_ display: String, settings: Settings) -> Bool {
    guard settings.mode == .programmer else { return isWellFormedDisplay(display) }
    if display == "Error" { return true }
    let base: Int = switch settings.radix {
    case .hex: 16
    case .dec: 10
    case .oct: 8
    case .bin: 2
    }
    var digits = Substring(display)
    if settings.radix == .dec, digits.hasPrefix("-") { digits.removeFirst() }
    guard !digits.isEmpty, digits == "0" || digits.first != "0", digits.allSatisfy({ $0.isASCII && ($0.isNumber || ("A"..."F").contains($0)) }),
        let magnitude = UInt64(digits, radix: base)
    else { return false }
    let bits = UInt64(settings.word.bits)
    if settings.radix != .dec { return bits == 64 || magnitude >> bits == 0 }
    let limit: UInt64 = (1 << (bits - 1)) - (display.hasPrefix("-") ? 0 : 1)
    return magnitude <= limit && display != "-0"
}

func isWellFormedResult(_ display: String) -> Bool {
    display == "Error" || display.wholeMatch(of: /-?\d+(\.\d+)?(e[+-]\d+)?/) != nil
}
