import CalculatorEngine
import HTTPServer
import SessionStore

/// DELETE /sessions/{id}/history as one update; it answers with the history, now empty.
struct HistoryClearing: SessionUpdate {
    let id: SessionID
    let precondition: IfMatch
    let replies: SessionReplies
    let watchers: SessionWatchers
    let deliver: @Sendable (Response) -> Void

    func check(_ record: borrowing SessionRecord, version: UInt64) throws -> Check<SessionRecord?> {
        guard precondition.admits(version) else { throw SessionReplies.preconditionFailed(current: version) }
        return record.withState { $0.history.isEmpty } ? .keep(nil) : .change
    }

    /// The changed record goes to the session's watchers, when it has any.
    func change(_ record: inout SessionRecord, version: UInt64) -> SessionRecord? {
        record.state.clearHistory()
        return watchers.isWatched(id) ? copy record : nil
    }

    func complete(_ result: Result<(version: UInt64, output: SessionRecord?), any Error>) {
        switch result {
        case .success(let (version, watched)):
            deliver(replies.sessionJSON(200, Rendering.emptyHistory(id: id), version: version))
            if let watched { watchers.changed(id, version: version, record: watched) }
        case .failure(let error):
            deliver(replies.failure(error, operation: "update", session: id, route: "/history"))
        }
    }
}
