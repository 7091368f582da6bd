public import CalculatorEngine
public import SessionStore

/// What the store keeps per session: the brain's state and the replies to recent idempotent presses.
public struct SessionRecord: Sendable, Equatable {
    public var state: CalculatorState
    var idempotency: [IdempotentReply]

    public init(state: CalculatorState) {
        self.state = state
        self.idempotency = []
    }

    /// Bytes for the stores that persist them (SQLite, Redis): the stored form (`storedBytes`). Records an earlier
    /// build stored in format 1 are read by `init(format1:)`, the stores' migration.
    public static let codec = SessionCodec<SessionRecord>(
        encode: { record in record.storedBytes },
        decode: { bytes in try SessionRecord(storedBytes: bytes) },
        decodeEarlierForm: { bytes in try SessionRecord(format1: bytes) }
    )

    /// The stored form's first byte; format 1 is `SessionRecord+Format1.swift`'s.
    static let storedFormFormat: UInt8 = 2

    /// The record in its stored form: format byte 2, the state's own stored form (it carries its own format byte,
    /// so the engine can change it independently), then the idempotent replies (count; key, fingerprint, status,
    /// version, body, createdAt each).
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

    /// Reads the stored form; throws `StoredFormError` on anything truncated or malformed.
    public init(storedBytes bytes: [UInt8]) throws {
        guard let first = bytes.first else { throw StoredFormError("no bytes") }
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

/// The first reply to a press sent with an Idempotency-Key, replayed byte for byte to retries.
struct IdempotentReply: Sendable, Equatable {
    var key: String
    var fingerprint: String
    var status: Int
    var version: UInt64
    var body: String
    var createdAt: Double
}
