import Foundation
import TestSupport
import Testing

/// Clients that send a whole request and then shut down their sending side (`shutdown(SHUT_WR)`, as `nc -N`, some
/// proxies and simple HTTP/1.0 clients do) get their replies, on every store: on the stores that answer later the
/// connection is parked while the store works, and the end of the stream it reads meanwhile must not close it unanswered.
@Suite struct HalfClosedClientTests {
    private static let presses = 10

    /// A request's bytes, sent whole on a fresh connection whose sending side is then shut down.
    private static func sendHalfClosed(_ request: String, to server: ServerProcess) throws -> HTTPClient {
        let client = try server.client()
        try client.write(Array(request.utf8))
        client.finishSending()
        return client
    }

    private static func press(_ id: String) -> String {
        let body = #"{"keys":"1 m+"}"#
        return "POST /sessions/\(id)/press HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    @Test(arguments: TestStore.allCases)
    func everyHalfClosedPressIsAnsweredAndAppliedOnce(_ store: TestStore) throws {
        let server = try ServerProcess(store: store)
        let client = try server.client()
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)

        // One at a time, each answered before the next is sent; the server closes the connection soon after (a
        // client that reads until the end of the stream, as `nc -N` does, would otherwise wait).
        for attempt in 0..<Self.presses {
            let client = try Self.sendHalfClosed(Self.press(id), to: server)
            let response = try client.readResponse()
            #expect(response.status == 200, "press \(attempt): \(response.status) \(response.text)")
            if attempt == 0 {
                #expect(client.isClosedByPeer(afterDrainingFor: 15), "the connection stays open after the reply")
            }
        }
        // All at once: every request is out, and every sending side shut, before any reply is read.
        let waiting = try (0..<Self.presses).map { _ in try Self.sendHalfClosed(Self.press(id), to: server) }
        for (attempt, half) in waiting.enumerated() {
            let response = try half.readResponse()
            #expect(response.status == 200, "concurrent press \(attempt): \(response.status) \(response.text)")
        }

        // A read answered later (Redis) is answered too.
        let read = try Self.sendHalfClosed("GET /sessions/\(id) HTTP/1.1\r\nHost: x\r\n\r\n", to: server).readResponse()
        #expect(read.status == 200)
        // Every press was applied once: memory counts them.
        #expect(read.json?["memory"] as? String == String(2 * Self.presses))
    }
}
