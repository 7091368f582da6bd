public import CalculatorEngine
public import SessionStore

/// What the store keeps per session: the brain's state, the replies to recent idempotent presses and the access grants
/// (the hashes of its tokens, `AccessGrant`), so that every store and every instance that reads the session knows who
/// may use it, and a revocation is a change of the session like any other.
///
/// Its fields live in one object, copied on write: a record is copied out of the store for every read and every
/// press's reply, and copying the object is one retain, where copying the fields is one for each reference they hold.
public struct SessionRecord: Sendable, Equatable {
    /// Never changed once made: a change makes new fields. So every thread that holds a record reads its fields in
    /// place, without copying the state out and without an access another thread could overlap.
    private final class Fields: Sendable {
        let state: CalculatorState
        let idempotency: [IdempotentReply]
        let grants: [AccessGrant]

        init(state: CalculatorState, idempotency: [IdempotentReply], grants: [AccessGrant]) {
            self.state = state
            self.idempotency = idempotency
            self.grants = grants
        }
    }

    private var fields: Fields

    public init(state: CalculatorState) {
        fields = Fields(state: state, idempotency: [], grants: [])
    }

    /// Replies past `keptReplyBytes` (a record stored before replies had a bound) lose their oldest.
    init(state: CalculatorState, idempotency: [IdempotentReply], grants: [AccessGrant] = []) {
        var replies = idempotency
        Self.dropOldest(of: &replies, toAdd: 0)
        fields = Fields(state: state, idempotency: replies, grants: grants)
    }

    public var state: CalculatorState {
        _read { yield fields.state }
        set { fields = Fields(state: newValue, idempotency: fields.idempotency, grants: fields.grants) }
    }

    var idempotency: [IdempotentReply] {
        _read { yield fields.idempotency }
        set { fields = Fields(state: fields.state, idempotency: newValue, grants: fields.grants) }
    }

    /// The session's tokens, as hashes; empty for a session made with `--session-access open`.
    var grants: [AccessGrant] {
        _read { yield fields.grants }
        set { fields = Fields(state: fields.state, idempotency: fields.idempotency, grants: newValue) }
    }

    /// Lends the state to `body` where it lies.
    func withState<Result>(_ body: (borrowing CalculatorState) throws -> Result) rethrows -> Result {
        try body(fields.state)
    }

    public static func == (lhs: SessionRecord, rhs: SessionRecord) -> Bool {
        lhs.fields === rhs.fields || (lhs.state == rhs.state && lhs.idempotency == rhs.idempotency && lhs.grants == rhs.grants)
    }

    /// Bytes for the stores that persist them (SQLite, Redis): the stored form (`storedBytes`). Records an earlier
    /// build stored in format 1 are read by `init(format1:)`, the stores' migration.
    public static let codec = SessionCodec<SessionRecord>(
        encode: { record in record.storedBytes },
        decode: { bytes in try SessionRecord(storedBytes: bytes) },
        decodeEarlierForm: { bytes in try SessionRecord(format1: bytes) },
        maximumBytes: maximumStoredBytes
    )

    /// The bound of a record's stored form, everything counted: the state (under 72 KiB, which the engine's bounds
    /// keep it to, and its undo steps at most 17 KiB more), the kept replies (at most `keptReplyBytes`) and the grants
    /// (at most 32 tokens of about 87 bytes, 3 KiB; stream tickets are not stored). Each part has its own bound, so no
    /// request reaches this one; a write that would pass it all the same is refused (`SessionStoreError.tooLarge`, 422
    /// `session-too-large`), nothing written.
    public static let maximumStoredBytes = 144 * 1024
    /// The kept idempotent replies together, in their stored form: the oldest go first to make room for a new one.
    static let keptReplyBytes = 16 * 1024

    /// The stored form's first byte: 2 without grants, 3 with them; format 1 is `SessionRecord+Format1.swift`'s.
    static let storedFormFormat: UInt8 = 2
    static let storedFormFormatWithGrants: UInt8 = 3

    /// The record in its stored form: the format byte, the state's own stored form (it carries its own format byte,
    /// so the engine can change it independently), then the idempotent replies (count; key, fingerprint, status,
    /// version, body, createdAt each), then in format 3 the grants (`AccessGrant.write`). A session without grants
    /// (open access) is stored as format 2, as builds before grants stored it.
    public var storedBytes: [UInt8] {
        var writer = StoredFormWriter(capacity: 256)
        writer.byte(grants.isEmpty ? Self.storedFormFormat : Self.storedFormFormatWithGrants)
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
        if !grants.isEmpty {
            writer.unsigned(UInt64(grants.count))
            for grant in grants { grant.write(to: &writer) }
        }
        return writer.bytes
    }

    /// Reads the stored form; throws `StoredFormError` on anything truncated or malformed.
    public init(storedBytes bytes: [UInt8]) throws {
        guard let first = bytes.first else { throw StoredFormError("no bytes") }
        guard first == Self.storedFormFormat || first == Self.storedFormFormatWithGrants else {
            throw StoredFormError("unsupported session record format \(first)")
        }
        var reader = StoredFormReader(bytes[1...])
        let state = try CalculatorState(from: &reader)
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
        var grants: [AccessGrant] = []
        if first == Self.storedFormFormatWithGrants {
            let count = try reader.count(minimumItemBytes: AccessGrant.minimumStoredBytes)
            grants.reserveCapacity(count)
            for _ in 0..<count { if let grant = try AccessGrant.read(from: &reader) { grants.append(grant) } }
        }
        try reader.expectEnd()
        self.init(state: state, idempotency: replies, grants: grants)
    }

    /// `state` in place of the record's, with `reply` added to the replies kept: those older than the retention are
    /// dropped, and the oldest until at most `limit` are kept, of at most `keptReplyBytes` together, newest last.
    /// One new set of fields for both.
    mutating func replace(state: consuming CalculatorState, keeping reply: IdempotentReply, retention: Double, limit: Int) {
        var replies = fields.idempotency
        replies.removeAll { reply.createdAt - $0.createdAt > retention }
        if replies.count >= limit { replies.removeFirst(replies.count - limit + 1) }
        Self.dropOldest(of: &replies, toAdd: reply.storedSize)
        replies.append(reply)
        fields = Fields(state: state, idempotency: replies, grants: fields.grants)
    }

    /// Drops the oldest replies until they and `bytes` more fit in `keptReplyBytes`.
    private static func dropOldest(of replies: inout [IdempotentReply], toAdd bytes: Int) {
        var total = replies.reduce(bytes) { $0 + $1.storedSize }
        var dropped = 0
        while total > keptReplyBytes, dropped < replies.count {
            total -= replies[dropped].storedSize
            dropped += 1
        }
        replies.removeFirst(dropped)
    }
}

/// The first reply to a press sent with an Idempotency-Key, replayed byte for byte to retries: without the steps of a
/// traced press, which a replay does not repeat (they would make every kept reply as long as its press).
struct IdempotentReply: Sendable, Equatable {
    var key: String
    /// The press's keys, or their SHA-256 when they are long (`PressRequest.keptFingerprint`).
    var fingerprint: String
    var status: Int
    var version: UInt64
    var body: String
    var createdAt: Double

    /// The bytes of its stored form, or a few more: the three strings, their lengths (3 bytes each up to 2 MiB), the
    /// status, the version and the time.
    var storedSize: Int { key.utf8.count + fingerprint.utf8.count + body.utf8.count + 3 * 3 + 2 + 10 + 8 }
}
