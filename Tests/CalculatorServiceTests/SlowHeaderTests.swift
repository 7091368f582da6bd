import Foundation
import TestSupport
import Testing

/// A client that trickles its request line and header fields (slowloris) is cut off at `--header-timeout`, counted
/// from when its connection opened or its last request ended, however often it sends a byte: the idle timeout alone
/// never fires for it.
@Suite struct SlowHeaderTests {
    /// A server whose idle timeout is longer than its header deadline, so that only the deadline can end the slow
    /// connections.
    private static func server(headerTimeout: Int) throws -> ServerProcess {
        try ServerProcess(["--store", "memory", "--header-timeout", String(headerTimeout), "--connection-timeout", String(headerTimeout * 2 + 1)])
    }

    /// Sends `head` a byte every 100 ms, then more header bytes the same way, until a write fails: the seconds from
    /// `start` until then, or nil when the server still takes bytes 20 s after `start`.
    private static func trickle(_ head: String, on client: HTTPClient, since start: ContinuousClock.Instant) -> Double? {
        let bytes = Array(head.utf8) + Array(repeating: UInt8(ascii: "a"), count: 250)
        for byte in bytes {
            do {
                try client.write([byte])
            } catch {
                let elapsed = ContinuousClock.now - start
                return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            }
            if ContinuousClock.now - start > .seconds(20) { return nil }
            usleep(100_000)
        }
        return nil
    }

    /// `seconds` were counted from before the event the deadline counts from (a connection opened, a request sent), so
    /// a slow machine can only make them longer: fewer than the deadline means the server cut the client early.
    private func expectCutAtTheDeadline(_ seconds: Double?, of headerTimeout: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let seconds else {
            Issue.record("the slow client still sends after 20 s", sourceLocation: sourceLocation)
            return
        }
        // Not before the deadline; that it is cut at all is the deadline's doing, as the trickle never idles.
        #expect(seconds >= Double(headerTimeout), sourceLocation: sourceLocation)
    }

    /// The header fields, or the request line itself, trickled from the start of a connection.
    @Test(arguments: ["GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ", "GET /"])
    func headerTrickledByteByByteIsCutAtTheDeadline(_ head: String) throws {
        let server = try Self.server(headerTimeout: 2)
        let start = ContinuousClock.now
        expectCutAtTheDeadline(Self.trickle(head, on: try server.client(), since: start), of: 2)
        #expect(try server.client().send("GET", "/healthz").status == 200)
    }

    /// On a keep-alive connection the deadline starts again when a request ends: a request sent halfway through the
    /// connection's first deadline (with 2 s to spare) is followed by a trickle that is cut a whole deadline after
    /// it, not at the first deadline.
    @Test func nextRequestOnAKeepAliveConnectionHasItsOwnDeadline() throws {
        let server = try Self.server(headerTimeout: 4)
        let slow = try server.client()
        usleep(2_000_000)
        let start = ContinuousClock.now
        #expect(try slow.send("GET", "/healthz").status == 200)
        expectCutAtTheDeadline(Self.trickle("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ", on: slow, since: start), of: 4)
    }

    /// A header section sent at once, after the connection has been idle for less than the deadline (by 2 s), is
    /// served, each time.
    @Test func clientThatSendsItsHeadersInTimeIsServed() throws {
        let server = try Self.server(headerTimeout: 4)
        let client = try server.client()
        usleep(2_000_000)
        #expect(try client.send("GET", "/healthz").status == 200)
        usleep(2_000_000)
        #expect(try client.send("GET", "/healthz").status == 200)
    }
}
