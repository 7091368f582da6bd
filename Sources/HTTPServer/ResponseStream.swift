import Threading

/// The body of a response sent as it is made, for as long as the client stays (Server-Sent Events, say): its holder
/// adds chunks from any thread, and the connection's event loop sends them in order as the client takes them.
///
/// The loop never waits for a stream. With nothing to send, the connection is suspended (out of the loop's poll set)
/// until a chunk or the end comes; a chunk added then resumes it. The chunks not yet sent are bounded by `capacity`:
/// a client that reads more slowly than chunks come fills them, and the stream is then dropped (the connection closed
/// at once, without the body's end, so the client knows it is incomplete) rather than buffered without end. The
/// connection's socket keeps only a small send buffer, so that a client that stops reading fills the queue soon, not
/// after the megabytes a kernel buffers for a fast connection.
///
/// A stream ends with `finish` (its queued chunks are sent first), when it is dropped, when the client goes away, or
/// when the server stops: stopping to accept finishes every open stream, so a drain does not wait for them.
public final class ResponseStream: Sendable {
    enum Phase {
        case open
        /// `finish` was called: the body ends once the queued chunks are sent.
        case finishing
        /// Too slow: the connection is closed without the body's end.
        case dropped
        /// The client closed its end while the stream waited (`endIfClientLeft`).
        case left
        /// libmicrohttpd is done with the response (sent, dropped, or the client went away).
        case closed
    }

    /// The chunks between the holder and the connection's thread.
    struct Queue {
        var chunks: [[UInt8]] = []
        /// The chunk being sent, and how many of its bytes are handed to libmicrohttpd already.
        var next = 0
        var sentOfNext = 0
        /// Bytes queued and not handed over yet.
        var bytes = 0
        var phase = Phase.open
        /// Set once the response is queued on its connection.
        var connection: StreamConnection?
        /// The connection waits, suspended, for a chunk or the end.
        var isSuspended = false
        /// The pages of libmicrohttpd's write buffer were given back (see `ResponseStream.reader`).
        var hasReleasedBuffer = false
    }

    let queue = Lock(Queue())
    /// Most bytes queued and not sent; a chunk that would pass it drops the stream.
    public let capacity: Int
    private let onClose: @Sendable () -> Void
    /// What `whenClosed` was given, called after `onClose`; nil once the stream has closed.
    private let closeObservers = Lock<[@Sendable () -> Void]?>([])

    /// A stream that holds at most `capacity` unsent bytes. `onClose` is called once, on the connection's thread, when
    /// the server is done with the stream (sent to its end, dropped, or the client gone): it must return at once and
    /// take no lock a caller of this stream's methods may hold (a flag to look at later is the usual thing to set).
    public init(capacity: Int = 32_768, onClose: @escaping @Sendable () -> Void = {}) {
        self.capacity = capacity
        self.onClose = onClose
    }

    /// Queues `chunk` without waking the connection (see `flush`): true when queued; false when the stream has ended,
    /// or when the chunk would pass the capacity, which drops the stream. Adding a chunk and waking the connection in
    /// two steps lets a caller queue chunks in an order it keeps under its own lock, and wake connections after.
    public func enqueue(_ chunk: [UInt8]) -> Bool {
        queue.withLock { queue in
            guard case .open = queue.phase else { return false }
            guard queue.bytes + chunk.count <= capacity else {
                queue.drop()
                return false
            }
            queue.chunks.append(chunk)
            queue.bytes += chunk.count
            return true
        }
    }

    /// Wakes the connection if it waits for what `enqueue` or `finish` gave it.
    public func flush() {
        let waiting = queue.withLock { queue -> StreamConnection? in
            guard queue.isSuspended, queue.bytes > 0 || !queue.phase.isOpen else { return nil }
            queue.isSuspended = false
            return queue.connection
        }
        waiting?.resume()
    }

    /// `enqueue` and `flush`.
    @discardableResult
    public func send(_ chunk: [UInt8]) -> Bool {
        defer { flush() }
        return enqueue(chunk)
    }

    /// Ends the body after the chunks queued and `last` (which may pass the capacity: it is the last one), and wakes the
    /// connection. Does nothing to a stream that has ended already.
    public func finish(with last: [UInt8] = []) {
        queue.withLock { queue in
            guard case .open = queue.phase else { return }
            queue.phase = .finishing
            if !last.isEmpty {
                queue.chunks.append(last)
                queue.bytes += last.count
            }
        }
        flush()
    }

    /// Whether chunks may still be added: not finished, dropped or closed.
    public var isOpen: Bool {
        queue.withLock { $0.phase.isOpen }
    }

    /// Whether the stream was dropped for a client too slow to take its chunks.
    public var wasDropped: Bool {
        queue.withLock { queue in
            if case .dropped = queue.phase { return true }
            return false
        }
    }

    /// libmicrohttpd let go of the response: nothing more is sent, and the chunks are let go.
    func closed() {
        let wasClosed = queue.withLock { queue -> Bool in
            if case .closed = queue.phase { return true }
            switch queue.phase {
            case .dropped, .left: break
            case .open, .finishing, .closed: queue.phase = .closed
            }
            queue.chunks = []
            queue.bytes = 0
            queue.isSuspended = false
            // libmicrohttpd closes the socket after this: nothing may shut it down from now on (`drop`).
            queue.connection = nil
            return false
        }
        if !wasClosed {
            onClose()
            for observer in closeObservers.withLock({ observers in defer { observers = nil }; return observers ?? [] }) { observer() }
        }
    }

    /// Calls `body` once the server is done with the stream (after the `onClose` it was made with), or at once when
    /// it is done already: for whoever learns of the stream after its maker, the log line of its request, say.
    public func whenClosed(_ body: @escaping @Sendable () -> Void) {
        let closed = closeObservers.withLock { observers -> Bool in
            guard observers != nil else { return true }
            observers!.append(body)
            return false
        }
        if closed { body() }
    }
}

extension ResponseStream.Phase {
    var isOpen: Bool {
        if case .open = self { return true }
        return false
    }
}

extension ResponseStream.Queue {
    /// Drops the stream: the chunks are let go and the connection is closed at once (`shutDownSocket`), or, when it
    /// is suspended, once the `flush` that follows resumes it and its reader ends the body with an error.
    mutating func drop() {
        phase = .dropped
        chunks = []
        next = 0
        sentOfNext = 0
        bytes = 0
        if !isSuspended { shutDownSocket() }
    }
}

extension Response {
    /// A response whose body is `stream`, sent as it is made. The server sends it with chunked transfer coding (to an
    /// HTTP/1.0 client, unframed, closing the connection at its end). The request stays in progress until the stream
    /// ends, and its connection counts against the server's connection limits like any other.
    public static func stream(status: Int = 200, headers: HTTPHeaders = [:], _ stream: ResponseStream) -> Response {
        Response(status: status, headers: headers, stream: stream)
    }

    private init(status: Int, headers: HTTPHeaders, stream: ResponseStream) {
        self.status = status
        self.headers = headers
        self.body = []
        self.producer = .stream(stream)
    }
}
