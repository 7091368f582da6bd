import Foundation
import Glibc
@testable import HTTPServer
import TestSupport
import Testing

/// The header deadline (`ServerConfiguration.headerTimeout`): a client has that long, from when its connection opens
/// or its last request ends, to send a request's line and header fields, however steadily it trickles them.
@Suite(.serialized) struct HeaderDeadlineTests {
    private func startServer(headerTimeout: Int) throws -> Server {
        var configuration = ServerConfiguration.ephemeral
        configuration.headerTimeout = headerTimeout
        configuration.connectionTimeout = 30
        let server = Server(configuration: configuration) { request in
            Response(status: 200, body: Array("\(request.method) \(request.path)".utf8))
        }
        try server.start()
        return server
    }

    /// Writes a byte every 100 ms until a write fails; the seconds from `start` until then, or nil `limit` seconds
    /// after `start`.
    private func trickle(on connection: HTTPClient, since start: ContinuousClock.Instant, limit: Double) -> Double? {
        var bytes = Array("GET /slow HTTP/1.1\r\nHost: localhost\r\n".utf8)
        while ContinuousClock.now - start < .seconds(limit) {
            do {
                try connection.write([bytes.isEmpty ? UInt8(ascii: "X") : bytes.removeFirst()])
            } catch {
                let elapsed = ContinuousClock.now - start
                return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            }
            usleep(100_000)
        }
        return nil
    }

    @Test func trickledHeadersAreCutAtTheDeadline() throws {
        let server = try startServer(headerTimeout: 1)
        defer { server.shutdown(drainTimeout: .zero) }
        // Counted from before the connection opens, where the deadline starts, so a slow machine can only make the
        // seconds longer: fewer than the deadline means the server cut the client early.
        let start = ContinuousClock.now
        let slow = try HTTPClient(port: server.port)
        // Cut at all, well before the connection timeout (30 s), is the deadline's doing: the trickle never idles.
        let seconds = try #require(trickle(on: slow, since: start, limit: 20))
        #expect(seconds >= 1)
        #expect(try HTTPClient(port: server.port).send("GET", "/other").text == "GET /other")
    }

    /// The deadline counts the idle time before a request too: an idle connection goes at the deadline, before the
    /// idle timeout.
    @Test func idleConnectionIsClosedAtTheDeadline() throws {
        let server = try startServer(headerTimeout: 1)
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        #expect(try connection.send("GET", "/first").status == 200)
        // Closed before the idle timeout (30 s) could close it.
        connection.setReceiveTimeout(milliseconds: 15_000)
        #expect(try connection.peerHasClosed())
    }

    /// A client that shut down its sending side with its request will send no other: its connection is closed within
    /// a tick of its reply, not at the deadline.
    @Test func halfClosedClientIsDisconnectedSoonAfterItsReply() throws {
        let server = try startServer(headerTimeout: 30)
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        try connection.writeRequest("GET", "/half")
        connection.finishSending()
        #expect(try connection.readResponse().text == "GET /half")
        // Closed long before the header deadline (30 s) could close it.
        connection.setReceiveTimeout(milliseconds: 15_000)
        #expect(try connection.peerHasClosed())
    }

    /// Each request comes 2 s before its deadline, which starts again as each ends: the connection outlives the first.
    @Test func requestsSentInTimeAreServed() throws {
        let server = try startServer(headerTimeout: 4)
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        for index in 0..<3 {
            usleep(2_000_000)
            #expect(try connection.send("GET", "/n/\(index)").text == "GET /n/\(index)")
        }
    }

    @Test(arguments: [0, 86_401]) func deadlineOutsideItsRangeIsRefused(seconds: Int) {
        var configuration = ServerConfiguration.ephemeral
        configuration.headerTimeout = seconds
        let server = Server(configuration: configuration) { _ in Response(status: 200) }
        #expect(throws: HTTPServerError.self) { try server.start() }
    }
}
