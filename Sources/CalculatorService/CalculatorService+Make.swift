public import Logging
import Foundation
import SessionStore

extension CalculatorService {
    /// The service `configuration` describes: opens the store it names (for SQLite, creating the file's directory
    /// first) and makes the endpoints for that store's concrete type, so that they run specialized for it. Throws when
    /// the store cannot be opened. `now` (by default the wall clock) is the clock of kept replies' ages and of rate limits (the store's own is
    /// `configuration.sessions.now`). `close()` closes the store.
    public static func make(
        _ configuration: ServiceConfiguration,
        logger: Logger,
        now: (@Sendable () -> Double)? = nil
    ) throws -> CalculatorService {
        let options = configuration.sessions
        let now = now ?? { Date().timeIntervalSince1970 }
        switch configuration.store {
        case .memory:
            let store = MemorySessionStore<SessionRecord>(options: options)
            return try CalculatorService(store: store, configuration: configuration, logger: logger, now: now)
        case let .sqlite(path):
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
            // Exclusive: the session cap is counted in this process, so a second server on the file would double it.
            let store = try SQLiteSessionStore(path: path, codec: SessionRecord.codec, options: options, exclusive: true)
            return try CalculatorService(store: store, configuration: configuration, logger: logger, now: now)
        case let .redis(url):
            let store = try RedisSessionStore(url: url, codec: SessionRecord.codec, options: options, replicas: configuration.redisReplicas)
            return try CalculatorService(store: store, configuration: configuration, logger: logger, now: now)
        }
    }
}
