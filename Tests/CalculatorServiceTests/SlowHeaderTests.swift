import Foundation
import TestSupport
import Testing

/// A client that trickles its request line and header fields (slowloris) is cut off at `--header-timeout`, counted
/// from when its connection opened or its last request ended, however often it sends a byte: the idle timeout alone
/// never fires for it.
@Suite struct SlowHeaderTests {
    /// Shorter than the idle timeout, so that only the header deadline can end the slow connections.
    private static let headerTimeout = 2.0
    private let server: ServerProcess

    init() throws {
        server = try ServerProcess(["--store", "memory", "--header-timeout", "2", "--connection-timeout", "5"])
    }

    /// Sends `head` a byte every 100 ms, then more header bytes the same way, until a write fails: the seconds that
    /// took, or nil when the server still takes bytes after 20 s.
    private static func trickle(_ head: String, on client: HTTPClient) -> Double? {
        let start = ContinuousClock.now
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

    private func expectCutAtTheDeadline(_ seconds: Double?, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let seconds else {
            Issue.record("the slow client still sends after 20 s", sourceLocation: sourceLocation)
            return
        }
        // Not before the deadline; that it is cut at all is the deadline's doing, as the trickle never idles.
        #expect(seconds >= Self.headerTimeout, sourceLocation: sourceLocation)
    }

    /// The header fields, or the request line itself, trickled from the start of a connection.
    @Test(arguments: ["GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ", "GET /"])
    func headerTrickledByteByByteIsCutAtTheDeadline(_ head: String) throws {
        expectCutAtTheDeadline(Self.trickle(head, on: try server.client()))
        #expect(try server.client().send("GET", "/healthz").status == 200)
    }

    /// On a keep-alive connection the deadline starts again when a request ends.
    @Test func nextRequestOnAKeepAliveConnectionHasItsOwnDeadline() throws {
        let slow = try server.client()
        usleep(1_500_000)
        #expect(try slow.send("GET", "/healthz").status == 200)
        expectCutAtTheDeadline(Self.trickle("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ", on: slow))
    }

    /// A header section sent at once, after the connection has been idle for less than the deadline, is served.
    @Test func clientThatSendsItsHeadersInTimeIsServed() throws {
        let client = try server.client()
        usleep(1_000_000)
        #expect(try client.send("GET", "/healthz").status == 200)
        usleep(1_000_000)
        #expect(try client.send("GET", "/healthz").status == 200)
    }
}
