import CalculatorEngine
import SessionStore

/// POST /sessions/{id}/press as an update: the keys pressed on the session, all of them or, when the session refuses
/// one, none. The reply is rendered by the endpoint from the output, after the store has let go of the session, except
/// for a press with an Idempotency-Key, whose reply is kept with the session and so is made in `change`.
struct PressUpdate: SessionUpdate {
    /// The session's id, as the kept reply of an idempotent press shows it.
    let id: SessionID
    let press: PressRequest
    let precondition: IfMatch
    let idempotency: Idempotency?
    /// What `rand` draws from, drawn before the update: a store may run `change` more than once, and each run must
    /// make the same state.
    let seed: UInt64
    /// The token the press came with, checked on the session first.
    let access: AccessCheck

    /// A press's Idempotency-Key and how its first reply is kept.
    struct Idempotency: Sendable {
        let key: String
        /// The press, however it was spelled: a retry must press the same keys.
        let fingerprint: String
        /// Stamps the kept reply's age.
        let now: Double
        let retention: Double
        let keptReplies: Int
    }

    enum Outcome: Sendable {
        /// The session after the keys, with the display after each key when traced.
        case pressed(SessionRecord, steps: [(String, String)]?)
        /// The reply to a press with an Idempotency-Key, kept with the session, and the session after the keys.
        case rendered([UInt8], SessionRecord)
        /// The first reply to this Idempotency-Key, sent again.
        case replay(IdempotentReply)
    }

    /// The If-Match check comes after the replay's, so that a retried press replays its first reply even after the
    /// version has moved on.
    func check(_ record: borrowing SessionRecord, version: UInt64) throws -> Check<Outcome> {
        _ = try access.admit(record)
        if let idempotency, let reply = record.idempotency.first(where: { $0.key == idempotency.key }) {
            // A reply kept by a build before fingerprints were hashed holds the keys themselves.
            guard reply.fingerprint == idempotency.fingerprint || reply.fingerprint == press.fingerprint else {
                throw Problem(.idempotencyKeyReused, "this Idempotency-Key was first used with other keys; use a new key for a new press")
            }
            return .keep(.replay(reply))
        }
        guard precondition.admits(version) else { throw SessionReplies.preconditionFailed(current: version) }
        if let (index, refusal) = record.withState({ press.firstRefusal(on: $0) }) { throw Problem(refused: refusal, index: index) }
        return .change
    }

    /// The state is taken out once and put back once: each change of a record's state makes new fields.
    func change(_ record: inout SessionRecord, version: UInt64) -> Outcome {
        var random = SeededRandomNumberGenerator(seed: seed)
        var steps: [(String, String)]? = press.trace ? [] : nil
        var state = record.state
        press.forEachKey { key in
            state.apply(key, random: &random)
            steps?.append((key.name, state.display))
        }
        guard let idempotency else {
            record.state = consume state
            return .pressed(record, steps: steps)
        }
        let body = Rendering.state(state, id: id, version: version + 1, steps: steps)
        // The kept reply is what a replay needs, the session as the press left it: a traced press's steps are not
        // kept, so a replay answers without them.
        let kept = steps == nil ? body : Rendering.state(state, id: id, version: version + 1)
        record.replace(
            state: consume state,
            keeping: IdempotentReply(
                key: idempotency.key, fingerprint: idempotency.fingerprint, status: 200, version: version + 1,
                body: String(decoding: kept, as: UTF8.self), createdAt: idempotency.now),
            retention: idempotency.retention, limit: idempotency.keptReplies)
        return .rendered(body, record)
    }
}

/// PATCH /sessions/{id}: new settings, or the session as it is when they change nothing.
struct SettingsUpdate: SessionUpdate {
    let settings: SettingsChange
    let precondition: IfMatch
    let access: AccessCheck

    func check(_ record: borrowing SessionRecord, version: UInt64) throws -> Check<SessionRecord> {
        _ = try access.admit(record)
        guard precondition.admits(version) else { throw SessionReplies.preconditionFailed(current: version) }
        let unchanged = settings.applied(to: record.state.settings) == record.state.settings
            && !(settings.clearsVariables && record.state.hasVariables)
        return unchanged ? .keep(copy record) : .change
    }

    func change(_ record: inout SessionRecord, version: UInt64) -> SessionRecord {
        record.state.update(settings: settings.applied(to: record.state.settings))
        if settings.clearsVariables { record.state.clearVariables() }
        return record
    }
}

/// DELETE /sessions/{id}/history: the tape emptied; the output is the session after (nil when it was empty already),
/// for its watchers.
struct HistoryClearing: SessionUpdate {
    let precondition: IfMatch
    let access: AccessCheck

    func check(_ record: borrowing SessionRecord, version: UInt64) throws -> Check<SessionRecord?> {
        _ = try access.admit(record)
        guard precondition.admits(version) else { throw SessionReplies.preconditionFailed(current: version) }
        return record.withState { $0.history.isEmpty } ? .keep(nil) : .change
    }

    func change(_ record: inout SessionRecord, version: UInt64) -> SessionRecord? {
        record.state.clearHistory()
        return record
    }
}

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014): a press's `rand` keys
/// draw from a seed the endpoint drew from the system, so the same seed gives the same numbers.
struct SeededRandomNumberGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
