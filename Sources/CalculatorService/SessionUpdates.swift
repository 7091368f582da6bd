import CalculatorEngine
import HTTPServer
import SessionStore

/// POST /sessions/{id}/press as one update: the store runs its check and change on the session, and its `complete`
/// delivers the response. What the reply shows is rendered in `complete`, after the store has let go of the session,
/// except for a press with an Idempotency-Key, whose reply is kept with the session and so is made in `change`.
struct PressUpdate: SessionUpdate {
    let id: SessionID
    let press: PressRequest
    let precondition: IfMatch
    let idempotency: Idempotency?
    let replies: SessionReplies
    let watchers: SessionWatchers
    let deliver: @Sendable (Response) -> Void

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
        if let idempotency, let reply = record.idempotency.first(where: { $0.key == idempotency.key }) {
            guard reply.fingerprint == idempotency.fingerprint else {
                throw Problem(.idempotencyKeyReused, "this Idempotency-Key was first used with other keys; use a new key for a new press")
            }
            return .keep(.replay(reply))
        }
        guard precondition.admits(version) else { throw SessionReplies.preconditionFailed(current: version) }
        if let (index, refusal) = record.withState({ press.firstRefusal(on: $0) }) { throw Problem(refused: refusal, index: index) }
        return .change
    }

    func change(_ record: inout SessionRecord, version: UInt64) -> Outcome {
        var rng = SystemRandom()
        var steps: [(String, String)]? = press.trace ? [] : nil
        press.forEachKey { key in
            record.state.apply(key, random: &rng)
            steps?.append((key.name, record.state.display))
        }
        guard let idempotency else { return .pressed(record, steps: steps) }
        let body = Rendering.state(record.state, id: id, version: version + 1, steps: steps)
        record.pruneIdempotency(now: idempotency.now, retention: idempotency.retention, limit: idempotency.keptReplies)
        record.idempotency.append(
            IdempotentReply(
                key: idempotency.key, fingerprint: idempotency.fingerprint, status: 200, version: version + 1,
                body: String(decoding: body, as: UTF8.self), createdAt: idempotency.now))
        return .rendered(body, record)
    }

    func complete(_ result: Result<(version: UInt64, output: Outcome), any Error>) {
        switch result {
        case .success(let (version, .pressed(record, steps))):
            press.forEachKey(replies.metrics.pressed)
            let body = record.withState { Rendering.state($0, id: id, version: version, steps: steps) }
            deliver(replies.sessionJSON(200, body, version: version))
            if watchers.isWatched(id) { watchers.changed(id, version: version, record: record) }
        case .success(let (version, .rendered(body, record))):
            press.forEachKey(replies.metrics.pressed)
            deliver(replies.sessionJSON(200, body, version: version))
            if watchers.isWatched(id) { watchers.changed(id, version: version, record: record) }
        case .success(let (_, .replay(reply))):
            var response = replies.sessionJSON(reply.status, Array(reply.body.utf8), version: reply.version)
            response.headers.set("Idempotent-Replayed", "true")
            deliver(response)
        case .failure(let error):
            deliver(replies.failure(error, operation: "update", session: id, route: "/press"))
        }
    }
}

/// PATCH /sessions/{id}: new settings, or the session as it is when they change nothing.
struct SettingsUpdate: SessionUpdate {
    let id: SessionID
    let settings: SettingsChange
    let precondition: IfMatch
    let replies: SessionReplies
    let watchers: SessionWatchers
    let deliver: @Sendable (Response) -> Void

    func check(_ record: borrowing SessionRecord, version: UInt64) throws -> Check<SessionRecord> {
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

    func complete(_ result: Result<(version: UInt64, output: SessionRecord), any Error>) {
        switch result {
        case .success(let (version, record)):
            deliver(replies.sessionJSON(200, record.withState { Rendering.state($0, id: id, version: version) }, version: version))
            if watchers.isWatched(id) { watchers.changed(id, version: version, record: record) }
        case .failure(let error):
            deliver(replies.failure(error, operation: "update", session: id))
        }
    }
}
