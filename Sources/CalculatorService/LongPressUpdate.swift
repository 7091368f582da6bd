import HTTPServer
import SessionStore

/// A long press as the worker applies it: its reply is rendered in `change`, on the worker's copy, at the version the
/// write makes (as a press with an Idempotency-Key renders it), so that where it completes (SQLite's committer, Redis's
/// pipeline) only delivers it.
struct LongPressUpdate: SessionUpdate {
    let press: PressUpdate

    init(
        id: SessionID, press: PressRequest, precondition: IfMatch, idempotency: PressUpdate.Idempotency?, replies: SessionReplies,
        watchers: SessionWatchers, deliver: @escaping @Sendable (Response) -> Void
    ) {
        self.press = PressUpdate(
            id: id, press: press, precondition: precondition, idempotency: idempotency, replies: replies, watchers: watchers,
            deliver: deliver)
    }

    var id: SessionID { press.id }

    func check(_ record: borrowing SessionRecord, version: UInt64) throws -> Check<PressUpdate.Outcome> {
        try press.check(record, version: version)
    }

    func change(_ record: inout SessionRecord, version: UInt64) -> PressUpdate.Outcome {
        switch press.change(&record, version: version) {
        case .pressed(let pressed, let steps):
            .rendered(pressed.withState { Rendering.state($0, id: id, version: version + 1, steps: steps) }, pressed)
        case let outcome:
            outcome
        }
    }

    func complete(_ result: Result<(version: UInt64, output: PressUpdate.Outcome), any Error>) {
        press.complete(result)
    }
}
