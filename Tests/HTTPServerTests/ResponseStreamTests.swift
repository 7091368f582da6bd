import Dispatch
import Glibc
@testable import HTTPServer
import Synchronization
import Threading
import TestSupport
import Testing

/// The streams a test's responder made, in order.
final class MadeStreams: Sendable {
    private let made = Lock<[ResponseStream]>([])
    private let arrived = DispatchSemaphore(value: 0)
    let closes = Atomic<Int>(0)

    /// A new stream, kept for the test; counts its close.
    func make(capacity: Int = 32_768) -> ResponseStream {
        // Weakly: the streams kept here would otherwise hold this object, a cycle that outlives a stream never closed.
        let stream = ResponseStream(capacity: capacity) { [weak self] in _ = self?.closes.add(1, ordering: .relaxed) }
        made.withLock { $0.append(stream) }
        arrived.signal()
        return stream
    }

    /// The `index`th stream, once it is made.
    func waitFor(_ index: Int) -> ResponseStream {
        while true {
            if let stream = made.withLock({ $0.count > index ? $0[index] : nil }) { return stream }
            arrived.wait()
        }
    }
}

extension HTTPClient {
    /// Chunks read until their bytes add up to `text` (the server may join or split what was sent).
    func readChunks(totalling text: String) throws -> String {
        var received: [UInt8] = []
        while received.count < text.utf8.count {
            let chunk = try readChunk()
            if chunk.isEmpty { break }
            received += chunk
        }
        return String(decoding: received, as: UTF8.self)
    }
}

// Serialized like ServerTests: blocking sockets on 2 cores.
@Suite(.serialized) struct ResponseStreamTests {
    private static func streamingServer(_ streams: MadeStreams, threads: Int = 1, capacity: Int = 32_768) throws -> Server {
        try startServer(threads: threads) { request in
            guard request.path == "/stream" else { return Response(status: 200, body: Array("plain".utf8)) }
            let stream = streams.make(capacity: capacity)
            stream.send(Array("first\n".utf8))
            return .stream(headers: ["Content-Type": "text/event-stream"], stream)
        }
    }

    @Test func chunksSentFromAnotherThreadReachTheClientInOrderAndFinishEndsTheBody() throws {
        let streams = MadeStreams()
        let server = try Self.streamingServer(streams)
        defer { server.shutdown(drainTimeout: .zero) }
        let client = try HTTPClient(port: server.port)
        try client.writeRequest("GET", "/stream")
        let head = try client.readHead()
        #expect(head.status == 200)
        #expect(head.header("Transfer-Encoding") == "chunked")
        #expect(head.header("Content-Type") == "text/event-stream")
        #expect(try client.readChunks(totalling: "first\n") == "first\n")
        let stream = streams.waitFor(0)
        // The connection waits suspended between chunks; each one sent wakes it.
        for index in 1...20 {
            DispatchQueue.global().async { stream.send(Array("chunk \(index)\n".utf8)) }
            #expect(try client.readChunks(totalling: "chunk \(index)\n") == "chunk \(index)\n")
        }
        #expect(stream.enqueue(Array("a\n".utf8)))
        #expect(stream.enqueue(Array("b\n".utf8)))
        stream.finish(with: Array("last\n".utf8))
        #expect(!stream.isOpen)
        #expect(!stream.send(Array("too late\n".utf8)))
        #expect(try client.readChunks(totalling: "a\nb\nlast\n") == "a\nb\nlast\n")
        #expect(try client.readChunk().isEmpty)
        // The connection is kept for the next request, and the stream is let go.
        #expect(try client.send("GET", "/plain").text == "plain")
        #expect(streams.closes.load(ordering: .relaxed) == 1)
    }

    @Test func aWaitingStreamHoldsNoLoop() throws {
        let streams = MadeStreams()
        let server = try Self.streamingServer(streams, threads: 1)
        defer { server.shutdown(drainTimeout: .zero) }
        var watchers: [HTTPClient] = []
        for _ in 0..<20 {
            let watcher = try HTTPClient(port: server.port)
            try watcher.writeRequest("GET", "/stream")
            _ = try watcher.readHead()
            watchers.append(watcher)
        }
        // One loop, twenty streams waiting on it: other requests are still answered.
        let client = try HTTPClient(port: server.port)
        for _ in 0..<5 { #expect(try client.send("GET", "/plain").text == "plain") }
        for index in 0..<20 { streams.waitFor(index).send(Array("to \(index)\n".utf8)) }
        for (index, watcher) in watchers.enumerated() {
            #expect(try watcher.readChunks(totalling: "first\nto \(index)\n") == "first\nto \(index)\n")
        }
    }

    @Test func aStreamWaitingLongerThanTheIdleTimeoutStaysOpen() throws {
        let streams = MadeStreams()
        var configuration = ServerConfiguration.ephemeral
        configuration.threads = 1
        configuration.connectionTimeout = 1
        let server = Server(configuration: configuration) { _ in .stream(streams.make()) }
        try server.start()
        defer { server.shutdown(drainTimeout: .zero) }
        let client = try HTTPClient(port: server.port)
        try client.writeRequest("GET", "/stream")
        #expect(try client.readHead().status == 200)
        // libmicrohttpd does not time out a suspended connection, and restarts the idle time when it resumes one.
        usleep(2_500_000)
        streams.waitFor(0).send(Array("still here\n".utf8))
        #expect(try client.readChunks(totalling: "still here\n") == "still here\n")
    }

    @Test func aClientThatDoesNotReadIsDroppedOnceItsQueueIsFull() throws {
        let streams = MadeStreams()
        let server = try Self.streamingServer(streams, capacity: 8_192)
        defer { server.shutdown(drainTimeout: .zero) }
        let client = try HTTPClient(port: server.port)
        try client.writeRequest("GET", "/stream")
        let stream = streams.waitFor(0)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1_000) + [10]
        var sent = 0
        // The socket buffers fill first (the server's is kept small), then the stream's own queue.
        while sent < 10_000, stream.send(chunk) {
            sent += 1
            usleep(200)
        }
        #expect(sent < 10_000)
        #expect(stream.wasDropped)
        #expect(!stream.isOpen)
        // Reading now, the client gets what was sent, then the connection closes without the body's last chunk.
        _ = try client.readHead()
        var ended = false
        do {
            while try !client.readChunk().isEmpty {}
        } catch HTTPClientError.closedByPeer {
            ended = true
        } catch HTTPClientError.readFailed(errno: ECONNRESET) {
            ended = true
        }
        #expect(ended)
        _ = eventually { streams.closes.load(ordering: .relaxed) != 0 }
        #expect(streams.closes.load(ordering: .relaxed) == 1)
    }

    @Test func aClientThatLeavesIsNoticedAtTheNextChunk() throws {
        let streams = MadeStreams()
        let server = try Self.streamingServer(streams)
        defer { server.shutdown(drainTimeout: .zero) }
        do {
            let client = try HTTPClient(port: server.port)
            try client.writeRequest("GET", "/stream")
            #expect(try client.readHead().status == 200)
            _ = try client.readChunks(totalling: "first\n")
        }
        let stream = streams.waitFor(0)
        // A suspended connection is not polled, so its close is seen when a write fails.
        _ = eventually {
            if streams.closes.load(ordering: .relaxed) != 0 { return true }
            stream.send(Array("anyone?\n".utf8))
            return false
        }
        #expect(streams.closes.load(ordering: .relaxed) == 1)
        #expect(!stream.isOpen)
        #expect(server.requestsInProgress == 0)
    }

    @Test(.timeLimit(.minutes(1))) func stoppingFinishesOpenStreamsWithoutWaitingForTheDrain() throws {
        let streams = MadeStreams()
        let server = try Self.streamingServer(streams, threads: 2)
        var clients: [HTTPClient] = []
        for _ in 0..<4 {
            let client = try HTTPClient(port: server.port)
            try client.writeRequest("GET", "/stream")
            _ = try client.readHead()
            clients.append(client)
        }
        _ = streams.waitFor(3)
        // A drain far longer than the test's time limit: the stop returns only because it finishes the streams.
        #expect(server.shutdown(drainTimeout: .seconds(3_600)) == 0)
        for client in clients {
            #expect(try client.readChunks(totalling: "first\n") == "first\n")
            #expect(try client.readChunk().isEmpty)
        }
    }
}
