import CMicroHTTPD
import Glibc
import Synchronization

/// libmicrohttpd's callbacks. `static let` closures in a nonisolated type: a `@convention(c)` closure written in
/// `main.swift` would inherit `@MainActor` and trap when called from libmicrohttpd's threads.
enum MHDCallbacks {
    /// Turns a connection away before it is set up when its address already has its share of connections.
    static let acceptPolicy: MHD_AcceptPolicyCallback = { cls, socketAddress, _ in
        guard let cls, let counted = Unmanaged<Dispatcher>.fromOpaque(cls).takeUnretainedValue().connectionsPerAddress,
              let address = ConnectionsPerAddress.Address(socketAddress) else { return MHD_Result.YES }
        return counted.admits(address) ? MHD_Result.YES : MHD_Result.NO
    }

    /// Connection accepted or closed: the connection's state lives exactly that long. The context is the daemon's
    /// `LoopConnections`.
    static let connectionEvent: MHD_NotifyConnectionCallback = { cls, connection, socketContext, event in
        guard let cls, let socketContext else { return }
        let loop = Unmanaged<LoopConnections>.fromOpaque(cls).takeUnretainedValue()
        switch event {
        case .CONNECTION_NOTIFY_STARTED:
            let state = ConnectionState()
            if let connection {
                state.socket = cmhd_connection_fd(connection)
                if let counted = loop.dispatcher.connectionsPerAddress,
                   let address = ConnectionsPerAddress.Address(cmhd_client_address(connection)) {
                    counted.opened(address)
                    state.countedAddress = address
                }
            }
            loop.opened(state)
            socketContext.pointee = Unmanaged.passRetained(state).toOpaque()
        case .CONNECTION_NOTIFY_CLOSED:
            guard let pointer = socketContext.pointee else { return }
            socketContext.pointee = nil
            let connection = Unmanaged<ConnectionState>.fromOpaque(pointer)
            let state = connection.takeUnretainedValue()
            loop.closed(state)
            if let address = state.countedAddress {
                loop.dispatcher.connectionsPerAddress?.closed(address)
            }
            if state.finish() {
                loop.dispatcher.requestEnded()
            }
            connection.release()
        default:
            return
        }
    }

    /// Called once per request with the raw target, before libmicrohttpd splits and decodes it; the return
    /// value becomes `*con_cls` (borrowed: the connection owns it).
    static let requestStarted: cmhd_uri_log_callback = { cls, target, connection in
        guard let cls, let target, let connection, let pointer = cmhd_socket_context(connection) else { return nil }
        withObjects(cls, pointer) { dispatcher, state in
            if state.finish() {
                // The previous request was abandoned without a completion report.
                dispatcher.requestEnded()
            }
            state.begin(target: target)
            state.inProgress = true
            dispatcher.inFlight.add(1, ordering: .relaxed)
        }
        return pointer
    }

    /// The dispatcher and the connection's state behind libmicrohttpd's context pointers, lent to `body` without a
    /// retain and a release of each: both outlive every callback (the server owns the dispatcher, the connection
    /// owns its state until its close notification), and these run several times per request.
    private static func withObjects<T>(
        _ dispatcher: UnsafeMutableRawPointer, _ state: UnsafeMutableRawPointer, _ body: (Dispatcher, ConnectionState) -> T
    ) -> T {
        Unmanaged<Dispatcher>.fromOpaque(dispatcher)._withUnsafeGuaranteedRef { dispatcher in
            Unmanaged<ConnectionState>.fromOpaque(state)._withUnsafeGuaranteedRef { state in body(dispatcher, state) }
        }
    }

    /// Called for the headers, for each body chunk, then once more when the request is complete (and again on the next
    /// turn after a `Response.later`, and after its connection is resumed). The response is queued only once the request
    /// is complete: queued earlier, libmicrohttpd 0.9.75 answers `Connection: close` (which only a refused request
    /// wants).
    static let access: MHD_AccessHandlerCallback = { cls, connection, _, method, version, uploadData, uploadDataSize, requestContext in
        guard let cls, let connection, let uploadDataSize, let pointer = requestContext?.pointee else { return MHD_Result.NO }
        return withObjects(cls, pointer) { dispatcher, state in
            handle(connection, method, version, uploadData, uploadDataSize, state, dispatcher)
        }
    }

    /// The access callback's work, with its context objects lent.
    private static func handle(
        _ connection: OpaquePointer, _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?,
        _ uploadData: UnsafePointer<CChar>?, _ uploadDataSize: UnsafeMutablePointer<Int>, _ state: ConnectionState,
        _ dispatcher: Dispatcher
    ) -> MHD_Result {
        if let deferred = state.toPark {
            state.toPark = nil
            park(connection, state, dispatcher, closing: state.hasConflictingContentLength, until: deferred)
            return MHD_Result.YES
        }
        if let pending = state.pending {
            // Called again after the resume: send what was delivered.
            switch pending.takeOutcome() {
            case .waiting:
                return MHD_Result.YES
            case .delivered(let response):
                state.pending = nil
                return queue(
                    pending.finished(consume response), on: connection,
                    closing: pending.closesConnection || dispatcher.draining.load(ordering: .relaxed), dispatcher)
            case .abandoned:
                state.pending = nil
                return queue(pending.finished(shuttingDown), on: connection, closing: true, dispatcher)
            }
        }

        if !state.headersReceived {
            state.headersReceived = true
            state.awaitingHeaders = false
            return headersReceived(connection, method, version, state, dispatcher)
        }

        let chunkSize = uploadDataSize.pointee
        if chunkSize > 0 {
            // Always consume the chunk, even past the limit, so the connection stays in sync for keep-alive.
            uploadDataSize.pointee = 0
            if !state.bodyLimitExceeded, let uploadData {
                if state.body.count + chunkSize > dispatcher.maxBodySize {
                    state.bodyLimitExceeded = true
                    state.body = []
                } else {
                    let bytes = UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self)
                    state.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: chunkSize))
                }
            }
            return MHD_Result.YES
        }

        if state.peerAddress == nil {
            state.peerAddress = peerAddress(connection)
        }
        let response = respond(connection, method, state, dispatcher)
        if let deferred = response.deferred {
            state.toPark = deferred
            return MHD_Result.YES
        }
        // libmicrohttpd framed the body by the first Content-Length; with conflicting ones the rest of the stream
        // cannot be trusted, so the connection ends with this response.
        let closing = dispatcher.draining.load(ordering: .relaxed) || state.hasConflictingContentLength
        return queue(response, on: connection, closing: closing, dispatcher)
    }

    /// The first call, once the header section is in: the request is checked and its fields collected, before any of
    /// its body is read. A request refused here is answered at once and its connection closed after the answer, as
    /// after any request this malformed; its body is never read in. The body's size is checked as it arrives, rather
    /// than from the declared Content-Length: the connection's spare body buffer mostly has room already.
    private static func headersReceived(
        _ connection: OpaquePointer, _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ state: ConnectionState,
        _ dispatcher: Dispatcher
    ) -> MHD_Result {
        if let version, state.targetIsCut(before: version) {
            // The path the responder would see is not the one sent, so no responder sees it.
            return queue(cutTarget, on: connection, closing: true, dispatcher)
        }
        state.clearHeaders()
        let received = ReceivedHeaders.collect(from: connection, method: method, version: version, into: &state.headers)
        state.hasConflictingContentLength = received.hasConflictingContentLength
        switch received.framing(version: version, maxBodySize: dispatcher.maxBodySize) {
        case .acceptable:
            return MHD_Result.YES
        case .refused(let response):
            // The fields go with the connection, closed after this answer.
            return queue(response, on: connection, closing: true, dispatcher)
        case .bodyBeyondLimit:
            // Answered now, so that libmicrohttpd sends no 100 Continue: the responder sees the request as one whose
            // body was too large. A responder that would answer later gets no call; this layer answers for it.
            state.bodyLimitExceeded = true
            if state.peerAddress == nil {
                state.peerAddress = peerAddress(connection)
            }
            var response = respond(connection, method, state, dispatcher)
            if response.isLater {
                response = .problem(413, "Content Too Large", "the request body is larger than the server accepts")
            }
            return queue(response, on: connection, closing: true, dispatcher)
        }
    }

    /// Makes the request, moving the path, query, header fields and body out of the connection's state (the request is
    /// their last user, so they are not copied: no retain now, no release when the state is reset), and hands it to
    /// the responder.
    private static func respond(
        _ connection: OpaquePointer, _ method: UnsafePointer<CChar>?, _ state: ConnectionState, _ dispatcher: Dispatcher
    ) -> Response {
        let request = Request(
            method: method.map(methodName) ?? "GET",
            pathUTF8: state.path,
            query: state.query.take(),
            headers: state.takeHeaders(),
            body: state.takeBody(),
            bodyLimitExceeded: state.bodyLimitExceeded,
            peerAddress: state.peerAddress ?? "",
            hasConflictingContentLength: state.hasConflictingContentLength
        )
        let response = dispatcher.responder(request)
        state.keepBuffers(of: request)
        return response
    }

    /// Suspends the connection, then starts the work that delivers its response: suspending first means a delivery
    /// from another thread, however quick, finds the connection suspended and resumes it.
    private static func park(
        _ connection: OpaquePointer, _ state: ConnectionState, _ dispatcher: Dispatcher, closing: Bool, until deferred: Response.Deferred
    ) {
        // Callbacks run on their daemon's loop thread, which has registered itself.
        guard let loop = LoopWakeUp.current else { fatalError("a libmicrohttpd callback ran outside an event loop") }
        MHD_suspend_connection(connection)
        let pending = PendingReply(
            suspended: connection, parkedIn: dispatcher.parked, loop: loop, closesConnection: closing, deferred: deferred)
        state.pending = pending
        guard dispatcher.parked.park(pending) else {
            pending.abandon()
            return
        }
        deferred.start { pending.deliver($0) }
    }

    /// Sent to a parked connection that the server stopped before its response was delivered. The work behind the
    /// request may still finish after this answer (a write committed while the server stops), and the detail says so.
    private static var shuttingDown: Response {
        var response = Response.problem(
            503, "Service Unavailable", "the server stopped before this request's response was ready; it may still have taken effect")
        response.headers.add("Retry-After", "1")
        return response
    }

    /// Sent for a request whose target held a NUL byte (`ConnectionState.targetIsCut(before:)`).
    private static var cutTarget: Response {
        .problem(400, "Bad Request", "the request target contains a NUL byte")
    }

    /// The request is over (response sent, or the connection failed or timed out); the connection, if it stays open,
    /// waits for the next request's header section.
    static let completed: MHD_RequestCompletedCallback = { cls, _, requestContext, _ in
        guard let cls, let requestContext, let pointer = requestContext.pointee else { return }
        requestContext.pointee = nil
        withObjects(cls, pointer) { dispatcher, state in
            state.awaitHeaders()
            if state.finish() {
                dispatcher.requestEnded()
            }
        }
    }

    /// The common methods as string literals (no allocation, no UTF-8 validation); others copied as sent.
    private static func methodName(_ method: UnsafePointer<CChar>) -> String {
        switch strlen(method) {
        case 3 where strcmp(method, "GET") == 0: return "GET"
        case 3 where strcmp(method, "PUT") == 0: return "PUT"
        case 4 where strcmp(method, "POST") == 0: return "POST"
        case 4 where strcmp(method, "HEAD") == 0: return "HEAD"
        case 5 where strcmp(method, "PATCH") == 0: return "PATCH"
        case 6 where strcmp(method, "DELETE") == 0: return "DELETE"
        case 7 where strcmp(method, "OPTIONS") == 0: return "OPTIONS"
        default: return String(cString: method)
        }
    }

    private static func peerAddress(_ connection: OpaquePointer) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let length = cmhd_peer_address(connection, buffer.baseAddress, buffer.count)
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: length), as: UTF8.self)
        }
    }

    /// The response that sends `stream`, which the connection's state holds so that its loop notices a client that
    /// leaves while the stream waits (`LoopConnections.checkStreams`). Not inlined: in `queue`, which every response
    /// takes, it kept the header loop's `withCString` from being inlined (Benchmarks/README.md).
    @inline(never)
    private static func startStream(_ stream: ResponseStream, on connection: OpaquePointer, _ dispatcher: Dispatcher) -> OpaquePointer? {
        if let state = cmhd_socket_context(connection) {
            Unmanaged<ConnectionState>.fromOpaque(state).takeUnretainedValue().stream = stream
        }
        return stream.makeResponse(on: connection, streams: dispatcher.streams)
    }

    private static func queue(_ response: Response, on connection: OpaquePointer, closing: Bool, _ dispatcher: Dispatcher) -> MHD_Result {
        let created = if let stream = response.stream {
            startStream(stream, on: connection, dispatcher)
        } else {
            response.body.withUnsafeBytes { body in
                MHD_create_response_from_buffer(body.count, UnsafeMutableRawPointer(mutating: body.baseAddress), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
            }
        }
        guard let created else { return MHD_Result.NO }
        defer { MHD_destroy_response(created) }
        response.headers.forEachField { name, value in
            // libmicrohttpd rejects fields it manages (Content-Length) and values with CR/LF; skipping them keeps
            // one bad field from costing the whole response. `withCString` lends small strings' bytes from the
            // stack, where passing the String directly would allocate a NUL-terminated copy of each (`utf8CString`).
            _ = name.withCString { name in
                value.withCString { value in MHD_add_response_header(created, name, value) }
            }
        }
        if closing {
            _ = MHD_add_response_header(created, "Connection", "close")
        }
        let status = (100...599).contains(response.status) ? UInt32(response.status) : 500
        return MHD_queue_response(connection, status, created)
    }
}

extension ConnectionsPerAddress.Address {
    /// The address of a socket address libmicrohttpd lends, nil for a family that has none (a Unix socket).
    init?(_ socketAddress: UnsafePointer<sockaddr>?) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        guard cmhd_address_bits(socketAddress, &high, &low) != 0 else { return nil }
        self.init(high: high, low: low)
    }
}
