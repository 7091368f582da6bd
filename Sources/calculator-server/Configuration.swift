import ArgumentParser
import Foundation

/// Where sessions live, as given by `--store`.
enum StoreLocation: Equatable {
    case memory
    case sqlite(path: String)
    case redis(url: String)

    init(parsing text: String) throws(ValidationError) {
        if text == "memory" {
            self = .memory
        } else if text.hasPrefix("sqlite:"), text.count > "sqlite:".count {
            self = .sqlite(path: String(text.dropFirst("sqlite:".count)))
        } else if text.hasPrefix("redis://") {
            self = .redis(url: text)
        } else {
            throw ValidationError("--store must be memory, sqlite:PATH or redis://HOST:PORT[/DB], not \(text)")
        }
    }
}

extension StoreLocation {
    /// Worker threads when `--threads` is not given. The SQLite store blocks a worker until the commit that holds its
    /// write is on disk, and a commit can only batch the writes of workers that are waiting, so fewer workers than
    /// concurrent clients means more disk syncs per press: measured with 32 connections on 2 cores, 2 workers ran
    /// ~4.2k presses/s at 130–170 µs CPU each, 8 ran ~11.6k at 70 µs, 32 ran 10–14k at 62–78 µs, 64 no better.
    /// Idle workers cost little (a thread and its epoll). Memory and Redis keep one per core: Redis calls go through
    /// a pool of 4 connections, and more workers only contend for them (2 workers: 10.5–11.3k presses/s at 91–95 µs
    /// CPU with redis-server's; 8: 6.9–8.8k at 114–145 µs; 32: 6.6–7.1k at 142–155 µs).
    /// `store` is the `--store`/`CALC_STORE` text, nil for the default (SQLite).
    static func defaultThreadCount(store: String?, cores: Int) -> Int {
        let perCore = max(2, cores)
        if store == nil || store?.hasPrefix("sqlite:") == true { return max(32, perCore) }
        return perCore
    }
}

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
