import Foundation
import TestSupport
import Testing

/// The store behind the server under test: the memory store answers at once; SQLite's writes wait for a disk sync,
/// so the server answers them later, from the store's completion (`Response.later`); Redis answers reads and writes
/// later, from its pipeline thread (only when CALC_TEST_REDIS_URL is set, as for the store's own Redis tests; each
/// server gets a private redis-server, so a session cap or count sees only its own sessions).
enum TestStore: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory
    case sqlite
    case redis

    static var allCases: [TestStore] {
        StoreKind.available([.memory, .sqlite, .redis]).compactMap { TestStore(rawValue: $0.rawValue) }
    }

    var testDescription: String { rawValue }
}

/// A fresh store of one kind for one server or in-process service: a new SQLite file in a directory of its own, or a
/// private redis-server; the directory is removed and the server stopped with the fixture.
final class StoreFixture: @unchecked Sendable {
    let kind: TestStore
    /// The SQLite file, for `.sqlite`.
    let sqlitePath: String?
    private let scratch: URL?
    private let redis: RedisServer?

    init(_ store: TestStore) throws {
        kind = store
        switch store {
        case .memory:
            (sqlitePath, scratch, redis) = (nil, nil, nil)
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
            (sqlitePath, scratch, redis) = (directory.appendingPathComponent("sessions.sqlite").path, directory, nil)
        case .redis:
            (sqlitePath, scratch, redis) = (nil, nil, try RedisServer())
        }
    }

    deinit {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    /// The private redis-server's URL, for `.redis`.
    var redisURL: String? { redis?.url }

    /// The location as calculator-server's `--store` value.
    var flag: String {
        switch kind {
        case .memory: "memory"
        case .sqlite: "sqlite:\(sqlitePath!)"
        case .redis: redisURL!
        }
    }
}

/// A Redis that several server processes share: a private redis-server, or the loopback cluster scripts/test starts
/// (CALC_TEST_REDIS_CLUSTER_URL), there with every write acknowledged once a replica holds it (`--redis-replicas 1`).
enum SharedRedis: String, CustomTestStringConvertible, Sendable {
    case server
    case cluster

    static var available: [SharedRedis] {
        (RedisServer.isAvailable ? [.server] : []) + (StoreKind.redisCluster.isAvailable ? [.cluster] : [])
    }

    var testDescription: String { rawValue }

    /// The flags that point a server at this Redis, and the private server to keep while they are in use.
    func start() throws -> (flags: [String], server: RedisServer?) {
        switch self {
        case .server:
            let server = try RedisServer()
            return (["--store", server.url], server)
        case .cluster:
            return (["--store", try #require(RedisServer.sharedClusterURL), "--redis-replicas", "1"], nil)
        }
    }
}
