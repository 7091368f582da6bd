import CalculatorEngine
import SessionStore
import Threading

/// POST /sessions/{id}/press as an update: the keys pressed on the session, all of them or, when the session refuses
/// one, none. `check` presses them, once, on a copy, under the request's `WorkBudget`, and `change` takes what it made:
/// a refusal, or work past the budget in place, is known before anything is written. The reply is rendered by the
/// endpoint from the output, after the store has let go of the session, except for a press with an Idempotency-Key,
/// whose reply is kept with the session and so is made in `change`.
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
    /// Nil in place (`WorkBudget.inPlace`); the seconds of the long-work budget once handed there.
    var longWorkSeconds: Double? = nil
    /// What `check` pressed, for `change` of the same attempt.
    let pressed = Pressed()

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

    /// The state after the keys and the displays on the way, from `check` to `change`: a store runs the two in turn on
    /// one thread for each attempt (`SessionUpdate`), and a later attempt's `check` replaces what an earlier one left.
    /// What is kept is moved in and out, not copied: a copy of a state retains each of its parts.
    final class Pressed: Sendable {
        struct Kept: Sendable {
            let version: UInt64
            var state: CalculatorState
            let steps: [(String, String)]?

            consuming func parts() -> (CalculatorState, [(String, String)]?) { (state, steps) }
        }

        private let kept = Lock<Kept?>(nil)

        func keep(_ pressed: consuming Kept) {
            var moved = Optional(consume pressed)
            kept.withLock { $0 = moved.take() }
        }

        /// What `check` pressed on `version`, taken away; nil when it kept nothing for it.
        func take(version: UInt64) -> Kept? {
            kept.withLock { kept in kept?.version == version ? kept.take() : nil }
        }
    }

    /// The same press, worked out on long work with `seconds` of work.
    func onLongWork(seconds: Double) -> PressUpdate {
        var long = self
        long.longWorkSeconds = seconds
        return long
    }

    /// The press's work budget, in place or on long work.
    var budget: WorkBudget { longWorkSeconds.map(WorkBudget.longWork) ?? .inPlace() }

    /// The If-Match check comes after the replay's, so that a retried press replays its first reply even after the
    /// version has moved on. The keys are pressed here, each checked first against the state the keys before it made.
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
        let budget = budget
        var state = record.state
        let refused = budget.run { pressKeys(on: &state) }
        if budget.wasExceeded && longWorkSeconds == nil { throw MovesToLongWork() }
        if let (index, refusal) = refused.refusal { throw Problem(refused: refusal, index: index) }
        pressed.keep(Pressed.Kept(version: version, state: consume state, steps: refused.steps))
        return .change
    }

    /// The keys on `state` in order, stopping at the first the state refuses then.
    private func pressKeys(on state: inout CalculatorState) -> (refusal: (Int, KeyRefusal)?, steps: [(String, String)]?) {
        var random = SeededRandomNumberGenerator(seed: seed)
        var steps: [(String, String)]? = press.trace ? [] : nil
        var index = 0
        var refusal: (Int, KeyRefusal)? = nil
        press.forEachKey { key in
            guard refusal == nil else { return }
            if let refused = state.refusal(of: key) {
                refusal = (index, refused)
                return
            }
            state.apply(key, random: &random)
            steps?.append((key.name, state.display))
            index += 1
        }
        return (refusal, steps)
    }

    /// The state is put back once: each change of a record's state makes new fields.
    func change(_ record: inout SessionRecord, version: UInt64) -> Outcome {
        var state: CalculatorState
        let steps: [(String, String)]?
        if let kept = pressed.take(version: version) {
            (state, steps) = kept.parts()
        } else {
            // Not seen by `check` on this value: pressed here, as `check` would have.
            state = record.state
            steps = budget.run { pressKeys(on: &state) }.steps
        }
        guard let idempotency else {
            record.state = consume state
            return .pressed(record, steps: steps)
        }
        let body = Rendering.state(state, id: id, version: version + 1, steps: steps)
        // The kept reply is what a replay needs, the session as the press left it: a traced press's steps are not
        // kept, so a replay answers without them.
        let reply = steps == nil ? body : Rendering.state(state, id: id, version: version + 1)
        record.replace(
            state: consume state,
            keeping: IdempotentReply(
                key: idempotency.key, fingerprint: idempotency.fingerprint, status: 200, version: version + 1,
                body: String(decoding: reply, as: UTF8.self), createdAt: idempotency.now),
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
struct SeededRandomNumberGenerator: RandomSource {
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
