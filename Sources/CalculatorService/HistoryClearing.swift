import CalculatorEngine
import HTTPServer
import SessionStore

/// DELETE /sessions/{id}/history as one update; it answers with the history, now empty.
struct HistoryClearing: SessionUpdate {
    let id: SessionID
    let precondition: IfMatch
    let replies: SessionReplies
    let deliver: @Sendable (Response) -> Void

    func check(_ record: borrowing SessionRecord, version: UInt64) throws -> Check<Void> {
        guard precondition.admits(version) else { throw SessionReplies.preconditionFailed(current: version) }
        return record.withState { $0.history.isEmpty } ? .keep(()) : .change
    }

    func change(_ record: inout SessionRecord, version: UInt64) {
        record.state.clearHistory()
    }

    func complete(_ result: Result<(version: UInt64, output: Void), any Error>) {
        switch result {
        case .success(let (version, _)):
            deliver(replies.sessionJSON(200, Rendering.emptyHistory(id: id), version: version))
        case .failure(let error):
            deliver(replies.failure(error, operation: "update", session: id, route: "/history"))
        }
    }
}
