import Foundation
import TestSupport
import Testing

/// A watcher's connection ends with its stream, over raw sockets against the live binary: a watcher dropped for
/// reading too slowly loses its connection at once, and a watcher whose client closes its end gives its connection
/// back within about a second, not at the next heartbeat.
@Suite struct StreamConnectionTests {
    /// The TCP state of the server's end of the connection between the two ports, as /proc/net/tcp lists it in hex
    /// ("01" is ESTABLISHED); nil when the server has no such socket.
    static func serverEndState(serverPort: Int, clientPort: Int) -> String? {
        func hex(_ port: Int) -> String {
            let digits = String(port, radix: 16, uppercase: true)
            return ":" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            // Read to the end: a /proc file says it is empty, so a read sized by the file's length gets nothing.
            guard let file = FileHandle(forReadingAtPath: table) else { continue }
            defer { try? file.close() }
            let text = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                if fields.count > 3, fields[1].hasSuffix(hex(serverPort)), fields[2].hasSuffix(hex(clientPort)) { return String(fields[3]) }
            }
        }
        return nil
    }

    /// The idle timeout and the drain are far longer than the test waits: the connection must end because the stream
    /// was dropped, and the stop must not wait for it.
    @Test(arguments: TestStore.allCases) func aDroppedWatcherLosesItsConnectionAtOnceAndHoldsNoDrain(_ store: TestStore) throws {
        let server = try ServerProcess(store: store, ["--connection-timeout", "300", "--drain-timeout", "300s"])
        let client = try server.client()
        let id = try EventStreamTests.createSession(client)
        // A small receive window, never read.
        let slow = try EventStreamClient(port: server.port, path: "/sessions/\(id)/events", receiveBuffer: 2_048)
        let clientPort = slow.connection.localPort
        #expect(Self.serverEndState(serverPort: server.port, clientPort: clientPort) == "01")
        var dropped = false
        for _ in 0..<60 where !dropped {
            for index in 0..<50 { try EventStreamTests.press(client, id, index % 2 == 0 ? "1" : "AC") }
            dropped = try client.send("GET", "/metrics").text.contains("calculator_session_watchers_dropped_total 1")
        }
        try #require(dropped)
        #expect(eventually(every: .milliseconds(50)) { Self.serverEndState(serverPort: server.port, clientPort: clientPort) != "01" })

        server.process.terminate()
        #expect(eventually(within: 60, every: .milliseconds(50)) { !server.process.isRunning }, "the drain waits for no dropped watcher")
        withExtendedLifetime(slow) {}
    }

    /// With no limit on watchers per client nothing asks the sockets when a watcher is admitted: a client that closes
    /// its streams and opens new ones must find the connections it left free again, or it fills the server.
    @Test func aClosedStreamGivesItsConnectionBackWithinAboutASecond() throws {
        let server = try ServerProcess(["--store", "memory", "--threads", "1", "--max-connections", "3", "--max-watchers-per-client", "0"])
        let id = try EventStreamTests.createSession(try server.client())
        for _ in 0..<3 {
            var watchers = try (0..<3).map { _ in try EventStreamClient(port: server.port, path: "/sessions/\(id)/events") }
            for watcher in watchers { #expect(try watcher.next()?.version == 1) }
            watchers.removeAll()
            // Every connection is taken until the server notices the streams closed: the probe waits in the kernel's
            // backlog until then, and is answered well before the first heartbeat (15 s after the start).
            let probe = try HTTPClient(port: server.port)
            probe.setReceiveTimeout(milliseconds: 8_000)
            #expect((try? probe.send("GET", "/healthz"))?.status == 200)
        }
    }
}
