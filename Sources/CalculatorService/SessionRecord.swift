public import CalculatorEngine
public import SessionStore
import Foundation

/// What the store keeps per session: the brain's state and the replies to recent idempotent presses.
public struct SessionRecord: Codable, Sendable, Equatable {
    public var state: CalculatorState
    var idempotency: [IdempotentReply]

    public init(state: CalculatorState) {
        self.state = state
        self.idempotency = []
    }

    /// JSON for the stores that persist bytes (SQLite, Redis); the engine's state keeps its own versioned form inside.
    public static let codec = SessionCodec<SessionRecord>(
        encode: { record in Array(try JSONEncoder().encode(record)) },
        decode: { bytes in try JSONDecoder().decode(SessionRecord.self, from: Data(bytes)) }
    )

    /// Drops replies older than the retention and keeps at most `limit`, newest last.
    mutating func pruneIdempotency(now: Double, retention: Double, limit: Int) {
        idempotency.removeAll { now - $0.createdAt > retention }
        if idempotency.count >= limit { idempotency.removeFirst(idempotency.count - limit + 1) }
    }
}

/// The first reply to a press sent with an Idempotency-Key, replayed byte for byte to retries.
struct IdempotentReply: Codable, Sendable, Equatable {
    var key: String
    var fingerprint: String
    var status: Int
    var version: UInt64
    var body: String
    var createdAt: Double
}

extension SessionRecord {
    /// The in-memory store for session records. Its type is concrete, so the compiler specializes
    /// `MemorySessionStore`'s `@inlinable` methods for `SessionRecord`; a `MemorySessionStore<SessionRecord>` called
    /// through `any SessionStore<SessionRecord>` runs generic code that looks up type metadata on every call.
    public static func memoryStore(options: SessionStoreOptions = .init()) -> any SessionStore<SessionRecord> {
        MemoryRecordStore(options: options)
    }
}

/// `MemorySessionStore<SessionRecord>` behind a non-generic type; every method forwards.
final class MemoryRecordStore: SessionStore {
    typealias Value = SessionRecord

    /// Reached directly by `SessionEndpoints` for `updateInPlace`, which the protocol does not have.
    let records: MemorySessionStore<SessionRecord>

    init(options: SessionStoreOptions) {
        records = MemorySessionStore(options: options)
    }

    func create(_ id: SessionID, _ value: SessionRecord) throws -> Versioned<SessionRecord> {
        try records.create(id, value)
    }

    func get(_ id: SessionID) throws -> Versioned<SessionRecord>? {
        try records.get(id)
    }

    func update<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        _ body: (inout SessionRecord, _ currentVersion: UInt64) throws -> Mutation<R>
    ) throws -> (Versioned<SessionRecord>, R) {
        try records.update(id, expectedVersion: expectedVersion, body)
    }

    func delete(_ id: SessionID, expectedVersion: UInt64?) throws {
        try records.delete(id, expectedVersion: expectedVersion)
    }

    func count() throws -> Int {
        try records.count()
    }

    @discardableResult
    func sweepExpired() throws -> Int {
        try records.sweepExpired()
    }

    func checkHealth() throws {
        try records.checkHealth()
    }

    func close() {
        records.close()
    }
}
