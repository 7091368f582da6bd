import CalculatorEngine
import HTTPServer
import SessionStore

extension SessionEndpoints {
    /// GET /sessions/{id}/data: statistics mode's data set, the x waiting for its y and the results; 304 when
    /// If-None-Match names the current version.
    func data(_ id: SessionID, _ access: AccessCheck, _ request: borrowing Request) -> Response {
        let tags = IfNoneMatch(request.headers[.ifNoneMatch])
        return .awaiting { deliver in read(id, .data, access: access, unlessMatching: tags, deliver) }
    }

    /// PUT /sessions/{id}/data `{"points": [{"x": "1.5", "y": "2"}, …]}`: the data set becomes these points (all
    /// values or all pairs, at most `CalculatorState.dataPointLimit`), a change of the session like a press (If-Match
    /// applies, watchers get the new version). Bad input is a problem and changes nothing.
    func replaceData(_ id: SessionID, _ access: AccessCheck, _ request: borrowing Request) throws(Problem) -> Response {
        try checkBody(request)
        let points = try DataReplacement.points(request.body)
        return try changeData(id, access, request, to: .replace(points))
    }

    /// DELETE /sessions/{id}/data: empties the data set (and forgets a waiting x); with `?point=N`, takes out the
    /// point at N (from 0) alone, as the page's list does.
    func clearData(_ id: SessionID, _ access: AccessCheck, _ request: borrowing Request) throws(Problem) -> Response {
        let query = try QueryParameters(request.query, allowed: ["point"])
        guard let text = query["point"] else { return try changeData(id, access, request, to: .replace([])) }
        guard let index = Int(text), (0..<CalculatorState.dataPointLimit).contains(index) else {
            throw Problem(.invalidRequest, "\"point\" must be a point's place in the data set, from 0 to \(CalculatorState.dataPointLimit - 1)")
        }
        return try changeData(id, access, request, to: .remove(index))
    }

    private func changeData(_ id: SessionID, _ access: AccessCheck, _ request: borrowing Request, to edit: DataReplacement.Edit) throws(Problem) -> Response {
        let precondition = try IfMatch(parsing: request.headers[.ifMatch])
        let update = DataReplacement(edit: edit, precondition: precondition, access: access)
        return change(id, update, access, route: "/data", changed: { $0 }) { [replies] committed in
            let (version, record) = (committed.version, committed.output)
            return replies.sessionJSON(200, record.withState { Rendering.data($0, id: id, version: version) }, version: version)
        }
    }
}

/// The data set replaced (or emptied), or one point taken out, as one update of the session; an empty set emptied
/// again stays at its version, and a point the set does not have is a problem.
struct DataReplacement: SessionUpdate {
    enum Edit {
        case replace([DataPoint])
        case remove(Int)
    }

    let edit: Edit
    let precondition: IfMatch
    let access: AccessCheck

    func check(_ record: borrowing SessionRecord, version: UInt64) throws -> Check<SessionRecord> {
        _ = try access.admit(record)
        guard precondition.admits(version) else { throw SessionReplies.preconditionFailed(current: version) }
        switch edit {
        case .replace(let points):
            if points.isEmpty, !record.withState({ $0.hasData }) { return .keep(copy record) }
        case .remove(let index):
            let count = record.withState { $0.dataPoints.count }
            guard index < count else {
                throw Problem(.invalidData, "the data set has \(count) points; there is no point \(index)", extensions: [("index", .int(index))])
            }
        }
        return .change
    }

    func change(_ record: inout SessionRecord, version: UInt64) -> SessionRecord {
        switch edit {
        case .replace(let points): record.state.replaceData(with: points)
        case .remove(let index): record.state.removeDataPoint(at: index)
        }
        return record
    }

    /// The body's points: `{"points": [...]}`, each `{"x": n}` or `{"x": n, "y": n}` with n a decimal number as a
    /// JSON number or string ("8.04", "-1.5e3"); all of one kind, at most `CalculatorState.dataPointLimit`.
    static func points(_ body: [UInt8]) throws(Problem) -> [DataPoint] {
        let members = try parseObject(body, allowed: ["points"])
        guard case .array(let items)? = members[member: "points"] else {
            throw Problem(.invalidRequest, "the body needs \"points\": an array of {\"x\": …} or {\"x\": …, \"y\": …}")
        }
        let limit = CalculatorState.dataPointLimit
        guard items.count <= limit else { throw Problem(.invalidRequest, "a data set holds at most \(limit) points, not \(items.count)") }
        var points: [DataPoint] = []
        for (index, item) in items.enumerated() {
            guard case .object(let coordinates) = item, coordinates.allSatisfy({ $0.0 == "x" || $0.0 == "y" }),
                let x = coordinates[member: "x"]
            else {
                throw Problem(.invalidRequest, "point \(index) must be {\"x\": …} or {\"x\": …, \"y\": …}", extensions: [("index", .int(index))])
            }
            let y = coordinates[member: "y"]
            guard let xText = x.decimalText, y == nil || y?.decimalText != nil else {
                throw Problem(.invalidRequest, "point \(index)'s coordinates must be numbers or strings", extensions: [("index", .int(index))])
            }
            guard let point = DataPoint(x: xText, y: y?.decimalText) else {
                throw Problem(
                    .invalidData, "point \(index) has a coordinate that is no decimal number within 1e-9999 … 1e+9999 (\"8.04\", -1.5e3)",
                    extensions: [("index", .int(index))])
            }
            if let first = points.first, first.isPair != point.isPair {
                throw Problem(.invalidData, "a data set holds values or (x, y) pairs, not both (point \(index))", extensions: [("index", .int(index))])
            }
            points.append(point)
        }
        return points
    }
}

extension JSONValue {
    /// A number's text, as a JSON number or a string.
    fileprivate var decimalText: String? {
        switch self {
        case .number(let text), .string(let text): text
        default: nil
        }
    }
}
