/// Where sessions live: `memory`, `sqlite:PATH` or `redis://HOST[:PORT][/DB]`.
public enum StoreLocation: Equatable, Sendable {
    case memory
    case sqlite(path: String)
    case redis(url: String)

    /// The location a `--store` value names; nil when it names none.
    public init?(_ text: String) {
        if text == "memory" {
            self = .memory
        } else if text.hasPrefix("sqlite:"), text.count > "sqlite:".count {
            self = .sqlite(path: String(text.dropFirst("sqlite:".count)))
        } else if text.hasPrefix("redis://") {
            self = .redis(url: text)
        } else {
            return nil
        }
    }

    /// The location for a log line: a Redis URL without what comes before an `@` (a password).
    public var logDescription: String {
        switch self {
        case .memory: "memory"
        case let .sqlite(path): "sqlite:\(path)"
        case let .redis(url): url.split(separator: "@").last.map { "redis://" + $0.replacing("redis://", with: "") } ?? "redis"
        }
    }
}

extension StoreLocation {
    /// The kind of store, as the `store` label of its metrics.
    var kind: String {
        switch self {
        case .memory: "memory"
        case .sqlite: "sqlite"
        case .redis: "redis"
        }
    }
}
