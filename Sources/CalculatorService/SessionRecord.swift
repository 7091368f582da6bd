public import CalculatorEngine
public import SessionStore
import Foundation

/// What the store keeps per session: the brain's state and the replies to recent idempotent presses.
public struct SessionRecord: Sendable, Equatable {
    public var state: CalculatorState
    var idempotency: [IdempotentReply]

    public init(state: CalculatorState) {
        self.state = state
        self.idempotency = []
    }

    /// Bytes for the stores that persist them (SQLite, Redis): the binary stored form (`storedBytes`); rows written
    /// before it (Foundation JSON, always starting with `{`) still decode.
    public static let codec = SessionCodec<SessionRecord>(
        encode: { record in record.storedBytes },
        decode: { bytes in try SessionRecord(storedBytes: bytes) }
    )

    /// Format 1 was this record's Foundation JSON (first byte `{`); 2 is the binary form.
    static let storedFormFormat: UInt8 = 2

    /// The record in the binary stored form: format byte 2, the state's own stored form (it carries its own
    /// format byte, so the engine can change it independently), then the idempotent replies (count; key,
    /// fingerprint, status, version, body, createdAt each). Encoding the state with Foundation's `JSONEncoder`
    /// cost ~116k instructions per write and decoding ~133k; this form is a few bounds checks per field.
    public var storedBytes: [UInt8] {
        var writer = StoredFormWriter(capacity: 256)
        writer.byte(Self.storedFormFormat)
        state.write(to: &writer)
        writer.unsigned(UInt64(idempotency.count))
        for reply in idempotency {
            writer.string(reply.key)
            writer.string(reply.fingerprint)
            writer.signed(reply.status)
            writer.unsigned(reply.version)
            writer.string(reply.body)
            writer.double(reply.createdAt)
        }
        return writer.bytes
    }

    /// Reads the binary form or, when the bytes start with `{`, the legacy JSON form. Throws `StoredFormError` (or
    /// `DecodingError` for legacy JSON) on anything truncated or malformed.
    public init(storedBytes bytes: [UInt8]) throws {
        guard let first = bytes.first else { throw StoredFormError("no bytes") }
        if first == UInt8(ascii: "{") {
            let legacy = try JSONDecoder().decode(Format1Record.self, from: Data(bytes))
            state = legacy.state.state
            idempotency = legacy.idempotency
            return
        }
        guard first == Self.storedFormFormat else { throw StoredFormError("unsupported session record format \(first)") }
        var reader = StoredFormReader(bytes[1...])
        state = try CalculatorState(from: &reader)
        // Each reply is at least 13 bytes: three empty strings, status, version and the 8-byte time.
        let count = try reader.count(minimumItemBytes: 13)
        var replies: [IdempotentReply] = []
        replies.reserveCapacity(count)
        for _ in 0..<count {
            replies.append(
                IdempotentReply(
                    key: try reader.string(), fingerprint: try reader.string(), status: try reader.signed(),
                    version: try reader.unsigned(), body: try reader.string(), createdAt: try reader.double()))
        }
        idempotency = replies
        try reader.expectEnd()
    }

    /// Drops replies older than the retention and keeps at most `limit`, newest last.
    mutating func pruneIdempotency(now: Double, retention: Double, limit: Int) {
        idempotency.removeAll { now - $0.createdAt > retention }
        if idempotency.count >= limit { idempotency.removeFirst(idempotency.count - limit + 1) }
    }
}

/// A record in format 1, its Foundation JSON: `{"state": {…}, "idempotency": […]}`.
private struct Format1Record: Decodable {
    let state: CalculatorState.Format1
    let idempotency: [IdempotentReply]
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

    private let records: MemorySessionStore<SessionRecord>

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

    func updateInPlace<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        _ body: (inout SessionRecord, _ currentVersion: UInt64) throws -> Mutation<R>
    ) throws -> (version: UInt64, result: R) {
        try records.updateInPlace(id, expectedVersion: expectedVersion, body)
    }

    func updateChecked<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        check: (borrowing SessionRecord, _ currentVersion: UInt64) throws -> Check<R>,
        change: (inout SessionRecord, _ currentVersion: UInt64) -> R
    ) throws -> (version: UInt64, result: R) {
        try records.updateChecked(id, expectedVersion: expectedVersion, check: check, change: change)
    }

    func read<T>(_ id: SessionID, _ body: (borrowing SessionRecord, _ version: UInt64) throws -> T) throws -> T? {
        try records.read(id, body)
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
