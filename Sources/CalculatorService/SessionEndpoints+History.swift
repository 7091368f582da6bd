import HTTPServer
import SessionStore

extension SessionEndpoints {
    /// GET /sessions/{id}/history?limit=&before=: the page of the tape `HistoryPage` describes; 304 when If-None-Match
    /// names the current version.
    func history(_ id: SessionID, _ request: borrowing Request) throws(Problem) -> Response {
        let page = try HistoryPage(query: request.query)
        let tags = IfNoneMatch(request.headers[.ifNoneMatch])
        return .awaiting { deliver in read(id, .history(page), unlessMatching: tags, deliver) }
    }

    /// DELETE /sessions/{id}/history: empties the tape, a change of the session like any other (its version moves on,
    /// If-Match applies); nothing else changes. An empty tape stays as it is, at its version.
    func clearHistory(_ id: SessionID, _ request: borrowing Request) throws(Problem) -> Response {
        let precondition = try IfMatch(parsing: request.headers[.ifMatch])
        return .awaiting { deliver in
            store.update(TimedUpdate(HistoryClearing(id: id, precondition: precondition, replies: replies, watchers: watchers, deliver: deliver), metrics: replies.metrics))
        }
    }
}
