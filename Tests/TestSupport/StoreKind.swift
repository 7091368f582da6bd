/// The kinds of session store the suites run against, in one list, and which of them this run has: the store suites
/// iterate them as they are (`Backend`), the service suites as the store behind a server (`TestStore`).
public enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case memory
    case sqlite
    case redis
    case redisCluster

    public var description: String { rawValue }

    /// Whether this run has it: memory and SQLite always; Redis when scripts/test started one (CALC_TEST_REDIS_URL)
    /// and redis-server is installed for the private ones a suite starts; the loopback cluster when scripts/test
    /// started it (CALC_TEST_REDIS_CLUSTER_URL).
    public var isAvailable: Bool {
        switch self {
        case .memory, .sqlite: true
        case .redis: RedisServer.sharedURL != nil && RedisServer.isAvailable
        case .redisCluster: RedisServer.sharedClusterURL != nil
        }
    }

    /// Those of `kinds` this run has.
    public static func available(_ kinds: [StoreKind] = allCases) -> [StoreKind] {
        kinds.filter(\.isAvailable)
    }
}
