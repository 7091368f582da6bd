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
        let update = HistoryClearing(precondition: precondition)
        return .awaiting { deliver in
            let started = ServiceMetrics.now()
            store.update(id, update) { [replies, watchers] result in
                replies.metrics.storeOperation(.update, since: started)
                switch result {
                case .success(let committed):
                    deliver(replies.sessionJSON(200, Rendering.emptyHistory(id: id), version: committed.version))
                    if let cleared = committed.output, watchers.isWatched(id) {
                        watchers.changed(id, version: committed.version, record: cleared)
                    }
                case .failure(let error):
                    deliver(replies.failure(error, operation: "update", session: id, route: "/history"))
                }
            }
        }
    }
}
