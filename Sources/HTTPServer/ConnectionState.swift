/// State of one connection and of the request it is currently on. Created when libmicrohttpd accepts the
/// connection and released when it closes: libmicrohttpd reports a request's completion only once the
/// application has seen it, so per-request state made in the URI callback would otherwise depend on that report
/// for a request abandoned mid-headers. Reused across keep-alive requests. libmicrohttpd handles one connection
/// on one thread at a time, so it needs no lock. For the same reason its fields skip the run-time exclusivity
/// checks: no two accesses to them can overlap, and no caller keeps one open across a call that could reach this
/// connection again. (With the checks, a request pays for some twenty of them: Benchmarks/README.md, "Performance
/// attributes". A second thread touching a connection would be a data race, which the ThreadSanitizer run of the
/// HTTP suites, `scripts/sanitize thread`, reports.)
final class ConnectionState {
    /// The connection's socket, shut down when the client is too slow to send its headers (`LoopConnections`).
    @exclusivity(unchecked) var socket: Int32 = -1
    /// Where this connection is in its loop's `LoopConnections`.
    @exclusivity(unchecked) var slot = 0
    /// From when the connection opens or ends a request until the next request's header section is in; the seconds
    /// counted meanwhile by `LoopConnections`, against the header deadline.
    @exclusivity(unchecked) var awaitingHeaders = true
    @exclusivity(unchecked) var secondsAwaitingHeaders: Int32 = 0
    /// The response stream the connection sends, from when it is queued: each second its loop asks whether the
    /// stream's client has left (`LoopConnections`). Let go at the first tick after the request ends.
    @exclusivity(unchecked) var stream: ResponseStream?
    /// The client's address, formatted once per connection.
    @exclusivity(unchecked) var peerAddress: String?
    /// The address this connection counts against in `ConnectionsPerAddress`.
    @exclusivity(unchecked) var countedAddress: ConnectionsPerAddress.Address?
    /// The current request's path; the request shares it, and the next request refills it in place once the last
    /// one is gone.
    @exclusivity(unchecked) private(set) var path: [UInt8] = []
    @exclusivity(unchecked) var query: String?
    @exclusivity(unchecked) var headersReceived = false
    @exclusivity(unchecked) var body: [UInt8] = []
    @exclusivity(unchecked) var bodyLimitExceeded = false
    /// Where the raw target libmicrohttpd lent ended, as an address: see `targetIsCut(before:)`.
    @exclusivity(unchecked) var targetEnd: UInt = 0
    /// The current request's header fields, collected once its header section is in and handed to the request.
    @exclusivity(unchecked) var headers = RequestHeaders()
    @exclusivity(unchecked) var hasConflictingContentLength = false
    /// A `Response.later` the responder returned, parked on the next call rather than at once: libmicrohttpd 0.9.75
    /// reads from a connection it resumes if it last looked at it while reading the request, and closes it, unanswered,
    /// on the end of stream a half-closed client (`shutdown(SHUT_WR)`) has sent. By the next call it has moved on to
    /// waiting for the response, and reads nothing more. That call comes before anything else can happen on the
    /// connection (it is the next turn of its loop), so no request finds one left over.
    @exclusivity(unchecked) var toPark: Response.Deferred?
    /// Set while the connection is parked for a `Response.later`.
    @exclusivity(unchecked) var pending: PendingReply?
    /// Counted in `Dispatcher.inFlight`: between the request line and the request's completion.
    @exclusivity(unchecked) var inProgress = false
    /// The last request's header and body buffers, kept for the next request on this connection: by then the request
    /// is usually gone, so they are reused in place of an allocation each (see `keepBuffers`).
    @exclusivity(unchecked) private var spareHeaders = RequestHeaders()
    @exclusivity(unchecked) private var spareBody: [UInt8] = []
    /// A path or body buffer larger than this is not kept: an idle connection should not hold a large request's memory.
    private static let spareBufferCapacity = 4_096

    /// Starts the next request on this connection from its target's path and query (the bytes after '?', if any).
    func begin(path: some Collection<UInt8>, query: (some Collection<UInt8>)?) {
        // The path replaces the last one in its buffer.
        self.path.replaceSubrange(self.path.indices, with: path)
        self.query = query.map { String(decoding: $0, as: UTF8.self) }
        headersReceived = false
        // Takes the last request's buffer when that request is gone; otherwise (a responder kept it) the body starts
        // a new one.
        swap(&body, &spareBody)
        if !body.isEmpty { body.removeAll(keepingCapacity: true) }
        bodyLimitExceeded = false
    }

    /// Empties `headers` for the current request's fields, with room for the usual ones, in the last request's buffer
    /// when it is free again.
    func clearHeaders() {
        swap(&headers, &spareHeaders)
        headers.removeAll()
        headers.reserveCapacity(bytes: 512, fields: 16)
    }

    /// The current request's header fields, handed over.
    func takeHeaders() -> RequestHeaders {
        var headers = RequestHeaders()
        swap(&headers, &self.headers)
        return headers
    }

    /// Starts the wait for the next request's header section, against the header deadline.
    func awaitHeaders() {
        awaitingHeaders = true
        secondsAwaitingHeaders = 0
    }

    /// Keeps the request's buffers for the next request; called once the responder is done with it.
    func keepBuffers(of request: borrowing Request) {
        spareHeaders = request.headers
        if request.body.capacity <= Self.spareBufferCapacity { spareBody = request.body }
    }

    func takeBody() -> [UInt8] {
        var body: [UInt8] = []
        swap(&body, &self.body)
        return body
    }

    /// Ends the current request, if one is in progress; true when it was. The spare buffers let go of the request's
    /// contents (its header values may hold credentials) and keep only their room: an idle connection holds nothing
    /// of the request it served.
    func finish() -> Bool {
        body = []
        pending = nil
        spareHeaders.removeAll()
        if path.capacity > Self.spareBufferCapacity {
            path = []
        } else {
            // Zeroed in place; the next request's path replaces these bytes.
            var zeroed = path.mutableSpan
            zeroed.update(repeating: 0)
        }
        if !spareBody.isEmpty { spareBody.removeAll(keepingCapacity: true) }
        guard inProgress else { return false }
        inProgress = false
        return true
    }
}
