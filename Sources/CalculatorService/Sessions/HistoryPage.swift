import CalculatorEngine

/// `GET /sessions/{id}/history?limit=&before=`: which entries of the history tape to show. Positions count from the
/// oldest entry the session keeps (0) to the newest (`count − 1`); `before` is the position to stop before (the
/// tape's end when absent) and `limit` how many to show at most (all when absent), so a client pages back from the
/// newest with `before` set to the `start` of the page it has; a `before` past the end is the end. The tape keeps the
/// last 100 evaluations: once it is full, each new one moves every position down by one.
struct HistoryPage: Sendable, Equatable {
    var limit: Int?
    var before: Int?

    static let limits = 1...CalculatorState.historyLimit

    init(limit: Int? = nil, before: Int? = nil) {
        self.limit = limit
        self.before = before
    }

    init(query: String?) throws(Problem) {
        let parameters = try QueryParameters(query, allowed: ["limit", "before"])
        limit = try parameters["limit"].map { text throws(Problem) in
            guard let limit = Int(text), Self.limits.contains(limit) else {
                throw Problem(.invalidRequest, "limit must be a whole number from \(Self.limits.lowerBound) to \(Self.limits.upperBound), not \"\(text.prefix(32))\"")
            }
            return limit
        }
        before = try parameters["before"].map { text throws(Problem) in
            guard let before = Int(text), (0...CalculatorState.historyLimit).contains(before) else {
                throw Problem(
                    .invalidRequest,
                    "before must be a position from 0 (the oldest entry kept) to \(CalculatorState.historyLimit), not \"\(text.prefix(32))\"")
            }
            return before
        }
    }

    /// The positions shown of a tape of `count` entries.
    func positions(count: Int) -> Range<Int> {
        let end = min(before ?? count, count)
        return max(0, end - (limit ?? count))..<end
    }
}
