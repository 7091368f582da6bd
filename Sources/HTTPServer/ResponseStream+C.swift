import CMicroHTTPD
import Glibc
import Threading

/// The connection a stream is sent on, as other threads may hold it: only resumed, and only by the thread that took
/// the stream's suspended flag (`ResponseStream.flush`), so only while libmicrohttpd keeps it suspended, hence alive.
struct StreamConnection: @unchecked Sendable {
    let pointer: OpaquePointer
    /// The loop that runs the connection: libmicrohttpd's resume does not wake a loop it does not run itself.
    let loop: LoopWakeUp
    /// The server's open streams, which the stream leaves when libmicrohttpd lets go of it.
    let streams: OpenStreams

    func resume() {
        MHD_resume_connection(pointer)
        loop.wake()
    }
}

extension ResponseStream {
    /// The bytes libmicrohttpd asks for at a time. It reads a chunked body straight into the connection's write buffer;
    /// this block is only the buffer of an unframed body (an HTTP/1.0 client), allocated and zeroed with every response.
    private static let blockSize = 256
    /// The send buffer a stream's socket keeps (the kernel doubles it for its bookkeeping).
    private static let socketSendBuffer: Int32 = 16_384
    /// libmicrohttpd's content-reader results (macros with casts, which Swift does not import).
    private static let endOfStream = -1
    private static let endWithError = -2

    /// The libmicrohttpd response that sends this stream on `connection`, registered in `streams` so that stopping
    /// finishes it; nil when libmicrohttpd cannot make one. Called on the connection's thread, which runs a loop.
    func makeResponse(on connection: OpaquePointer, streams: OpenStreams) -> OpaquePointer? {
        guard let loop = LoopWakeUp.current else { fatalError("a libmicrohttpd callback ran outside an event loop") }
        let context = Unmanaged.passRetained(self).toOpaque()
        guard let response = MHD_create_response_from_callback(UInt64.max, Self.blockSize, Self.reader, context, Self.release) else {
            Unmanaged<ResponseStream>.fromOpaque(context).release()
            return nil
        }
        queue.withLock { $0.connection = StreamConnection(pointer: connection, loop: loop, streams: streams) }
        if !streams.add(self) { finish() }
        let socket = cmhd_connection_socket(connection)
        if socket >= 0 {
            var size = Self.socketSendBuffer
            _ = setsockopt(socket, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        return response
    }

    /// Whether the client has closed its end of a stream that waits for chunks, as its socket says now; such a stream
    /// is ended, and its connection closed on the loop's next turn. A suspended connection is not polled, so without
    /// this its client's leaving is seen only when a chunk fails to go; a stream with chunks to send is not asked.
    /// The connection's loop asks once a second (`LoopConnections`), a watcher limit when it is reached.
    public func endIfClientLeft() -> Bool {
        let left = queue.withLock { queue -> StreamConnection? in
            guard queue.isSuspended, let connection = queue.connection else { return nil }
            let socket = cmhd_connection_socket(connection.pointer)
            var byte: UInt8 = 0
            // End of file (0), or a reset; data a client sent is left for libmicrohttpd.
            guard socket >= 0 else { return nil }
            let peeked = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
            guard peeked == 0 || (peeked < 0 && errno == ECONNRESET) else { return nil }
            queue.phase = .left
            queue.isSuspended = false
            return connection
        }
        left?.resume()
        return left != nil
    }

    /// libmicrohttpd asks for the next bytes, on the connection's thread. With none queued, an open stream suspends its
    /// connection under the queue's lock and answers 0: a chunk added afterwards finds it suspended and resumes it, and
    /// libmicrohttpd then asks again.
    ///
    /// The first time a stream waits, the whole pages inside `buffer` go back to the system. libmicrohttpd lends the
    /// connection's write buffer, most of its memory pool, which it zeroed when it shrank the request's read buffer:
    /// kept, those pages would stay resident for as long as the client watches, though each chunk touches only the
    /// first of them. The buffer holds nothing unsent when libmicrohttpd asks.
    private static let reader: MHD_ContentReaderCallback = { context, _, buffer, capacity in
        guard let context, let buffer else { return endWithError }
        let stream = Unmanaged<ResponseStream>.fromOpaque(context).takeUnretainedValue()
        let target = UnsafeMutableRawBufferPointer(start: buffer, count: capacity)
        return stream.queue.withLock { queue -> Int in
            switch queue.phase {
            case .dropped, .left, .closed: return endWithError
            case .open, .finishing: break
            }
            if queue.bytes > 0 { return queue.take(into: target) }
            if case .finishing = queue.phase { return endOfStream }
            guard let connection = queue.connection else { return endWithError }
            if !queue.hasReleasedBuffer {
                queue.hasReleasedBuffer = true
                release(target)
            }
            queue.isSuspended = true
            MHD_suspend_connection(connection.pointer)
            return 0
        }
    }

    /// Gives the whole pages inside `buffer` back to the system; they read as zeros when next touched.
    private static func release(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (Int(bitPattern: base) + page - 1) / page * page
        let end = (Int(bitPattern: base) + buffer.count) / page * page
        guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(first, end - start, MADV_DONTNEED)
    }

    /// libmicrohttpd destroys the response: the connection is done with the stream.
    private static let release: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        let stream = Unmanaged<ResponseStream>.fromOpaque(context)
        let closed = stream.takeUnretainedValue()
        closed.queue.withLock { $0.connection }?.streams.remove(closed)
        closed.closed()
        stream.release()
    }
}

extension ResponseStream.Queue {
    /// Shuts down the socket of a stream dropped while its connection waits for room to send. A client that stopped
    /// reading never makes that room, so libmicrohttpd would hold the connection until its idle timeout (and a drain
    /// would wait for it); with the socket shut down, its poll reports the socket at once, the send fails, and it
    /// closes the connection. Called under the queue's lock, while `connection` is set: libmicrohttpd lets go of the
    /// response (`ResponseStream.closed`, which clears it under that lock) before it closes the socket, so the
    /// descriptor is still the connection's.
    func shutDownSocket() {
        guard let connection else { return }
        let socket = cmhd_connection_socket(connection.pointer)
        if socket >= 0 { _ = shutdown(socket, Int32(SHUT_RDWR)) }
    }

    /// Copies queued bytes into `target`, as many as fit, and lets go of the chunks sent whole; returns the count.
    mutating func take(into target: UnsafeMutableRawBufferPointer) -> Int {
        var written = 0
        while next < chunks.count, written < target.count {
            let copied = chunks[next].withUnsafeBytes { chunk in
                let count = min(chunk.count - sentOfNext, target.count - written)
                UnsafeMutableRawBufferPointer(rebasing: target[written..<(written + count)])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: chunk[sentOfNext..<(sentOfNext + count)]))
                return count
            }
            written += copied
            sentOfNext += copied
            if sentOfNext == chunks[next].count {
                next += 1
                sentOfNext = 0
            }
        }
        bytes -= written
        if next == chunks.count {
            // Empty again: an idle stream holds no buffer.
            chunks = []
            next = 0
        } else if next >= 64 {
            // A stream that never runs dry would otherwise keep every chunk's slot.
            chunks.removeFirst(next)
            next = 0
        }
        return written
    }
}
