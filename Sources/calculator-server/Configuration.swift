import ArgumentParser
import Foundation

/// Reads durations such as `86400`, `90s`, `30m`, `24h` or `7d`.
func parseDuration(_ text: String, option: String) throws(ValidationError) -> Duration {
    let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
    var digits = Substring(text)
    var scale: Int64 = 1
    if let last = text.last, let unit = units[last] {
        scale = unit
        digits = digits.dropLast()
    }
    guard let amount = Int64(digits), amount > 0, amount <= Int64.max / scale / 1_000 else {
        throw ValidationError("\(option) takes a positive duration such as 90s, 30m, 24h or 7d, not \(text)")
    }
    return .seconds(amount * scale)
}

/// A duration as `parseDuration` reads it: in hours, minutes or seconds, the largest that gives a whole number.
func durationText(_ duration: Duration) -> String {
    let seconds = duration.components.seconds
    for (unit, scale) in [("h", Int64(3_600)), ("m", 60)] where seconds % scale == 0 && seconds >= scale {
        return "\(seconds / scale)\(unit)"
    }
    return "\(seconds)s"
}

/// A flag's help as `--help` shows it: what the flag does, the environment variable that can set it, and its default.
func help(_ text: String, _ variable: String, default value: some CustomStringConvertible) -> ArgumentHelp {
    // A whole rate shows as the number it is typed as ("0", not "0.0").
    let shown = (value as? Double).flatMap { Int(exactly: $0) }.map(String.init) ?? value.description
    return ArgumentHelp("\(text) [env: \(variable)] (default: \(shown))")
}

/// A flag's value: the command line first, then the environment, then the default.
struct Setting {
    let environment: [String: String]

    func string(_ flag: String?, _ variable: String, default fallback: String) -> String {
        flag ?? environment[variable] ?? fallback
    }

    /// A number from the flag, else the variable, else the default; it must lie in `range`.
    func number<Value: LosslessStringConvertible & Comparable>(
        _ flag: Value?, _ variable: String, default fallback: Value, in range: ClosedRange<Value>, option: String
    ) throws(ValidationError) -> Value {
        let value: Value
        if let flag {
            value = flag
        } else if let text = environment[variable] {
            guard let parsed = Value(text) else { throw ValidationError("\(variable) must be a number, not \(text)") }
            value = parsed
        } else {
            value = fallback
        }
        guard range.contains(value) else {
            throw ValidationError("\(option) must be from \(range.lowerBound) to \(range.upperBound), not \(value)")
        }
        return value
    }
}
