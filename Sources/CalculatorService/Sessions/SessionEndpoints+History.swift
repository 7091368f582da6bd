import HTTPServer
import SessionStore

extension SessionEndpoints {
    /// GET /sessions/{id}/history?limit=&before=: the page of the tape `HistoryPage` describes; 304 when If-None-Match
    /// names the current version.
    func history(_ id: SessionID, _ access: AccessCheck, _ request: borrowing Request) throws(Problem) -> Response {
        let page = try HistoryPage(query: request.query)
        let tags = IfNoneMatch(request.headers[.ifNoneMatch])
        return .awaiting { deliver in read(id, .history(page), access: access, unlessMatching: tags, deliver) }
    }

    /// DELETE /sessions/{id}/history: empties the tape, a change of the session like any other (its version moves on,
    /// If-Match applies); nothing else changes. An empty tape stays as it is, at its version.
    func clearHistory(_ id: SessionID, _ access: AccessCheck, _ request: borrowing Request) throws(Problem) -> Response {
        let precondition = try IfMatch(parsing: request.headers[.ifMatch])
        let update = HistoryClearing(precondition: precondition, access: access)
        return change(id, update, access, route: "/history", changed: { $0 }) { [replies] committed in
            replies.sessionJSON(200, Rendering.emptyHistory(id: id), version: committed.version)
        }
    }
}
