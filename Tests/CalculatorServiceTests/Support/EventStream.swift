import Foundation
import TestSupport

/// One event of a text/event-stream, as a browser's EventSource sees it; a comment line (a heartbeat) is an event
/// named ":" with the comment as its data.
struct ServerSentEvent: Equatable {
    var id: String?
    var name = "message"
    var data = ""

    /// The data as a JSON object.
    var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any]
    }

    /// The `version` member of the data.
    var version: Int? { json?["version"] as? Int }
}

/// A GET of a session's event stream over `HTTPClient`, read event by event.
final class EventStreamClient {
    let connection: HTTPClient
    let head: HTTPResponse
    /// Text of the body read and not yet parsed into events.
    private var pending = ""
    private var ended = false

    init(port: Int, path: String, headers: [(String, String)] = [], receiveBuffer: Int32? = nil) throws {
        connection = try HTTPClient(port: port, receiveBuffer: receiveBuffer)
        try connection.writeRequest("GET", path, headers: [("Accept", "text/event-stream")] + headers)
        self.head = try connection.readHead()
    }

    /// The next event; nil once the stream has ended with its last chunk. Throws an `HTTPClientError` that `isClosed`
    /// when the connection closes without that last chunk (a dropped watcher).
    func next(comments: Bool = false) throws -> ServerSentEvent? {
        while true {
            if let event = takeEvent(comments: comments) { return event }
            if ended { return nil }
            let chunk = try connection.readChunk()
            if chunk.isEmpty {
                ended = true
            } else {
                pending += String(decoding: chunk, as: UTF8.self)
            }
        }
    }

    /// Events until one with `version`, which is returned last.
    func events(through version: Int) throws -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        while let event = try next() {
            events.append(event)
            if event.version == version || event.name != "message" { break }
        }
        return events
    }

    private func takeEvent(comments: Bool) -> ServerSentEvent? {
        while let end = pending.range(of: "\n\n") {
            let block = pending[..<end.lowerBound]
            pending.removeSubrange(..<end.upperBound)
            var event = ServerSentEvent()
            var isComment = false
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(":") {
                    isComment = true
                    event.name = ":"
                    event.data = String(line.dropFirst())
                } else if line.hasPrefix("id: ") {
                    event.id = String(line.dropFirst(4))
                } else if line.hasPrefix("event: ") {
                    event.name = String(line.dropFirst(7))
                } else if line.hasPrefix("data: ") {
                    event.data += String(line.dropFirst(6))
                }
            }
            if !isComment || comments { return event }
        }
        return nil
    }
}
