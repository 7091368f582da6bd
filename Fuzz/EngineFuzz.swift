// libFuzzer target over the calculator engine. Compiled into one module together with
// Sources/CalculatorEngine/*/*.swift (so it can see the engine's internal phase) and the tests' SplitMix64 (see
// scripts/fuzz).
//
// Input layout: byte 0 chooses the settings (bit 0 mode, bit 1 angle, the rest digits), bytes 1...8 seed the
// RNG that `rand` draws from, every further byte is a key: an index into KeyCatalog.all.

/// Display grammars, matched by hand over UTF-8: Regex would dominate the time per input.
/// The tests give SplitMix64 this conformance in a file that imports the engine; here the engine is this module.
extension SplitMix64: RandomSource {}

enum DisplayGrammar {
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Consumes `\d*` (or `\d+` when `atLeastOne`) from `index`; false when a required digit is missing.
    private static func digits(_ bytes: [UInt8], _ index: inout Int, atLeastOne: Bool) -> Bool {
        let start = index
        while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        return !atLeastOne || index > start
    }

    private static func take(_ bytes: [UInt8], _ index: inout Int, _ ascii: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: ascii) else { return false }
        index += 1
        return true
    }

    /// While typing: `-?\d+(\.\d*)?(e-?\d*)?`.
    static func isTyping(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var i = 0
        _ = take(bytes, &i, "-")
        guard digits(bytes, &i, atLeastOne: true) else { return false }
        if take(bytes, &i, ".") { _ = digits(bytes, &i, atLeastOne: false) }
        if take(bytes, &i, "e") {
            _ = take(bytes, &i, "-")
            _ = digits(bytes, &i, atLeastOne: false)
        }
        return i == bytes.count
    }

    /// A result: `-?\d+(\.\d+)?(e[+-]\d+)?`.
    static func isResult(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var i = 0
        _ = take(bytes, &i, "-")
        guard digits(bytes, &i, atLeastOne: true) else { return false }
        if take(bytes, &i, ".") { guard digits(bytes, &i, atLeastOne: true) else { return false } }
        if take(bytes, &i, "e") {
            guard take(bytes, &i, "+") || take(bytes, &i, "-") else { return false }
            guard digits(bytes, &i, atLeastOne: true) else { return false }
        }
        return i == bytes.count
    }
}

let catalogKeys: [Key] = KeyCatalog.all.map { Key(name: $0.name)! }

/// Keeps one input cheap: a longer sequence adds no new behaviour that a shorter one cannot reach.
let maxKeys = 400

func fail(_ message: String, _ keys: [Key]) -> Never {
    let names = keys.map(\.name).joined(separator: " ")
    fatalError("\(message)\nkeys: \(names)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 1 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: min(size, 9 + maxKeys)))
    let settingsByte = bytes[0]
    let span = Settings.digitsRange.count
    let settings = Settings(
        mode: settingsByte & 1 == 0 ? .scientific : .immediate,
        angle: settingsByte & 2 == 0 ? .deg : .rad,
        digits: Settings.digitsRange.lowerBound + Int(settingsByte >> 2) % span)
    var seed: UInt64 = 0
    for byte in bytes.dropFirst().prefix(8) { seed = seed << 8 | UInt64(byte) }
    var random = SplitMix64(seed: seed)
    var state = CalculatorState(settings: settings)
    var pressed: [Key] = []
    for byte in bytes.dropFirst(9) {
        let key = catalogKeys[Int(byte) % catalogKeys.count]
        pressed.append(key)
        state.apply(key, random: &random)
        let display = state.display
        if state.error != nil {
            if display != DisplayFormatter.error { fail("error state shows \(display)", pressed) }
        } else if state.stack.phase == .entering {
            if !DisplayGrammar.isTyping(display) { fail("typing display \(display) breaks the format", pressed) }
        } else if !DisplayGrammar.isResult(display) {
            fail("result display \(display) breaks the format", pressed)
        }
    }
    do {
        let stored = state.storedBytes
        if try CalculatorState(storedBytes: stored) != state { fail("the stored form's round trip changed the state", pressed) }
    } catch {
        fail("the stored form's round trip threw \(error)", pressed)
    }
    return 0
}
