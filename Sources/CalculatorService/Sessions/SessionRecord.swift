public import CalculatorEngine
public import SessionStore

/// What the store keeps per session: the brain's state and the replies to recent idempotent presses.
///
/// Its fields live in one object, copied on write: a record is copied out of the store for every read and every
/// press's reply, and copying the object is one retain, where copying the fields is one for each reference they hold.
public struct SessionRecord: Sendable, Equatable {
    /// Changed only while this record alone holds it (`fieldsToChange`), so its fields skip the run-time
    /// exclusivity checks.
    private final class Fields: @unchecked Sendable {
        @exclusivity(unchecked) var state: CalculatorState
        @exclusivity(unchecked) var idempotency: [IdempotentReply]

        init(state: CalculatorState, idempotency: [IdempotentReply]) {
            self.state = state
            self.idempotency = idempotency
        }
    }

    private var fields: Fields

    public init(state: CalculatorState) {
        fields = Fields(state: state, idempotency: [])
    }

    init(state: CalculatorState, idempotency: [IdempotentReply]) {
        fields = Fields(state: state, idempotency: idempotency)
    }

    public var state: CalculatorState {
        _read { yield fields.state }
        _modify { yield &fieldsToChange().state }
    }

    var idempotency: [IdempotentReply] {
        _read { yield fields.idempotency }
        _modify { yield &fieldsToChange().idempotency }
    }

    /// Lends the state to `body` where it lies: read through `state`, a class's property is copied out first (a
    /// retain and a release of every reference it holds), as nothing stops another reference from changing it.
    ///
    /// The lending access is `inout` only to borrow in place: it never writes, and records sharing `fields` only
    /// read them (a change copies them first, `fieldsToChange`). ThreadSanitizer counts every `inout` access as a
    /// write, so two threads reading one session's copies would be reported as racing; in its builds the state is
    /// read plainly instead, so that a real write beside a read is still reported.
    func withState<Result>(_ body: (borrowing CalculatorState) throws -> Result) rethrows -> Result {
        #if THREAD_SANITIZER
        try body(fields.state)
        #else
        try Self.lend(&fields.state, body)
        #endif
    }

    private static func lend<Result>(
        _ state: inout CalculatorState, _ body: (borrowing CalculatorState) throws -> Result
    ) rethrows -> Result {
        try body(state)
    }

    /// The fields, copied first when another record shares them.
    private mutating func fieldsToChange() -> Fields {
        if !isKnownUniquelyReferenced(&fields) {
            fields = Fields(state: fields.state, idempotency: fields.idempotency)
        }
        return fields
    }

    public static func == (lhs: SessionRecord, rhs: SessionRecord) -> Bool {
        lhs.fields === rhs.fields || (lhs.state == rhs.state && lhs.idempotency == rhs.idempotency)
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
        try reader.expectEnd()
        self.init(state: state, idempotency: replies)
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
