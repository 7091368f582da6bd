/// Where sessions live: `memory`, `sqlite:PATH`, `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]` or
/// `redis-cluster://[[USER]:PASSWORD@]HOST:PORT[,HOST:PORT…]`.
public enum StoreLocation: Equatable, Sendable {
    case memory
    case sqlite(path: String)
    /// A single server or a cluster (`redis-cluster://`): one store type, routed by its URL. `rediss://` is taken
    /// too, so that opening the store can say why it is refused.
    case redis(url: String)

    /// The location a `--store` value names; nil when it names none.
    public init?(_ text: String) {
        if text == "memory" {
            self = .memory
        } else if text.hasPrefix("sqlite:"), text.count > "sqlite:".count {
            self = .sqlite(path: String(text.dropFirst("sqlite:".count)))
        } else if text.hasPrefix("redis://") || text.hasPrefix("rediss://") || text.hasPrefix("redis-cluster://") {
            self = .redis(url: text)
        } else {
            return nil
        }
    }

    /// The location for a log line: a Redis URL without its credentials.
    public var logDescription: String {
        switch self {
        case .memory: "memory"
        case let .sqlite(path): "sqlite:\(path)"
        case let .redis(url): Self.redacted(url)
        }
    }

    /// `text` for a log line or an error message: whatever stands between a scheme's "://" (or the start) and the
    /// last "@" becomes `***`, as it may hold a password.
    public static func redacted(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@") else { return text }
        let scheme = text.firstRange(of: "://").map { text[..<$0.upperBound] } ?? ""
        return scheme + "***" + text[at...]
    }
}

extension StoreLocation {
    /// The kind of store, as the `store` label of its metrics.
    var kind: String {
        switch self {
        case .memory: "memory"
        case .sqlite: "sqlite"
        case let .redis(url): url.hasPrefix("redis-cluster://") ? "redis-cluster" : "redis"
        }
    }
}
