// Everything that touches libmicrohttpd or an unsafe pointer lives in this file.
import CMicroHTTPD
import Glibc
import Synchronization

/// What the C callbacks need from the server; passed to them as an unretained `cls` (the `Server` owns it and
/// outlives the daemon).
final class Dispatcher: Sendable {
    let responder: Responder
    let maxBodySize: Int
    /// Requests between their request line and the end of their response; the drain in `shutdown` waits for 0.
    let inFlight = Atomic<Int>(0)
    /// Set once `shutdown` begins: from then on responses ask clients to close the connection.
    let draining = Atomic<Bool>(false)
    /// Connections libmicrohttpd holds open (accepted, not yet closed).
    let openConnections = Atomic<Int>(0)
    /// Requests begun since the start: `EpollWakeUp` watches it for work that stops.
    let requestsBegun = Atomic<Int>(0)

    /// Connections waiting for a `Response.later`, so that stopping can wake them first (libmicrohttpd must not be
    /// stopped with a connection suspended). A reply leaves this set only after its connection is resumed.
    private struct Parked {
        var replies: [ObjectIdentifier: PendingReply] = [:]
        /// Set once stopping has begun: nothing new is parked after that.
        var closed = false
    }

    private let parked = Mutex(Parked())

    init(responder: @escaping Responder, maxBodySize: Int) {
        self.responder = responder
        self.maxBodySize = maxBodySize
    }

    /// False once stopping has begun: the caller then abandons the reply.
    func park(_ reply: PendingReply) -> Bool {
        parked.withLock { parked in
            if parked.closed { return false }
            parked.replies[ObjectIdentifier(reply)] = reply
            return true
        }
    }

    /// Called once the reply's connection has been resumed.
    func unpark(_ reply: PendingReply) {
        _ = parked.withLock { $0.replies.removeValue(forKey: ObjectIdentifier(reply)) }
    }

    /// Wakes every parked connection without its response (it gets a 503 and is closed), parks no more, and returns
    /// once no resume is under way: a delivery may have claimed its reply and not yet resumed the connection.
    func abandonParked() {
        let replies = parked.withLock { parked in
            parked.closed = true
            return Array(parked.replies.values)
        }
        for reply in replies { reply.abandon() }
        // Deliveries that won their reply resume it within microseconds, outside any lock this thread holds.
        while !parked.withLock({ $0.replies.isEmpty }) {
            usleep(100)
        }
    }
}

/// The reply a responder promised with `Response.later`, for one suspended connection. The connection pointer is
/// taken under the lock by the first delivery or abandonment, which alone resumes it: after that it may be gone.
final class PendingReply: Sendable {
    enum Outcome {
        case waiting
        case delivered(Response)
        case abandoned
    }

    /// The connection as another thread may hold it: only resumed, and only by the settlement that claimed it.
    private struct SuspendedConnection: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private enum Phase {
        case waiting(SuspendedConnection)
        case delivered(Response)
        case abandoned
    }

    private let phase: Mutex<Phase>
    private let dispatcher: Dispatcher
    /// The request's framing could not be trusted (conflicting Content-Length): close after the response.
    let closesConnection: Bool

    /// Call only for a connection already suspended: a resume that comes first would be lost.
    init(suspended connection: OpaquePointer, dispatcher: Dispatcher, closesConnection: Bool) {
        self.phase = Mutex(.waiting(SuspendedConnection(pointer: connection)))
        self.dispatcher = dispatcher
        self.closesConnection = closesConnection
    }

    /// From any thread: keeps the response and wakes the connection, whose thread then sends it. A later response is
    /// started in turn; only the first delivery counts.
    func deliver(_ response: Response) {
        if let deferred = response.deferred {
            deferred.start { [self] in deliver($0) }
            return
        }
        settle(.delivered(response))
    }

    func abandon() {
        settle(.abandoned)
    }

    /// The first settlement claims the connection under the lock and resumes it after releasing the lock: resuming
    /// wakes the connection's thread, which reads `outcome` at once and would otherwise wait on a lock held by a
    /// thread it has just preempted. Claimed, the connection stays suspended (so alive) until this resume, and
    /// stopping waits for it through `unpark`.
    private func settle(_ outcome: Phase) {
        let claimed = phase.withLock { phase -> SuspendedConnection? in
            guard case .waiting(let connection) = phase else { return nil }
            phase = outcome
            return connection
        }
        guard let claimed else { return }
        MHD_resume_connection(claimed.pointer)
        dispatcher.unpark(self)
    }

    var outcome: Outcome {
        phase.withLock { phase in
            switch phase {
            case .waiting: return .waiting
            case .delivered(let response): return .delivered(response)
            case .abandoned: return .abandoned
            }
        }
    }
}

/// State of one connection and of the request it is currently on. Created when libmicrohttpd accepts the
/// connection and released when it closes: libmicrohttpd reports a request's completion only once the
/// application has seen it, so per-request state made in the URI callback would otherwise depend on that report
/// for a request abandoned mid-headers. Reused across keep-alive requests. libmicrohttpd handles one connection
/// on one thread at a time, so it needs no lock. For the same reason its fields skip the run-time exclusivity
/// checks (`swift_beginAccess`, a few per callback): no two accesses to them can overlap, and no caller keeps one
/// open across a call that could reach this connection again.
final class ConnectionState {
    /// The client's address, formatted once per connection.
    @exclusivity(unchecked) var peerAddress: String?
    @exclusivity(unchecked) var path = ""
    @exclusivity(unchecked) var query: String?
    @exclusivity(unchecked) var headersReceived = false
    @exclusivity(unchecked) var body: [UInt8] = []
    @exclusivity(unchecked) var bodyLimitExceeded = false
    /// Set while the connection is parked for a `Response.later`.
    @exclusivity(unchecked) var pending: PendingReply?
    /// Counted in `Dispatcher.inFlight`: between the request line and the request's completion.
    @exclusivity(unchecked) var inProgress = false
    /// The last request's header and body buffers, kept for the next request on this connection: by then the request
    /// is usually gone, so they are reused in place of an allocation each (see `keepBuffers`).
    @exclusivity(unchecked) private var spareHeaders = HTTPHeaders()
    @exclusivity(unchecked) private var spareBody: [UInt8] = []
    /// A body buffer larger than this is not kept: an idle connection should not hold a large upload's memory.
    private static let spareBodyCapacity = 4_096

    /// Starts the next request on this connection from its raw target ("/sessions/x/press?trace=1").
    func begin(target: UnsafePointer<CChar>) {
        let length = strlen(target)
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(target).assumingMemoryBound(to: UInt8.self), count: length)
        if let mark = bytes.firstIndex(of: UInt8(ascii: "?")) {
            path = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<mark]), as: UTF8.self)
            query = String(decoding: UnsafeBufferPointer(rebasing: bytes[(mark + 1)...]), as: UTF8.self)
        } else {
            path = String(decoding: bytes, as: UTF8.self)
            query = nil
        }
        headersReceived = false
        swap(&body, &spareBody)
        // Keeps the buffer when the last request is gone; otherwise (a responder kept it) this allocates a new one.
        body.removeAll(keepingCapacity: true)
        bodyLimitExceeded = false
    }

    /// Empty headers with room for the usual fields, in the last request's buffer when it is free again.
    func takeHeaders() -> HTTPHeaders {
        var headers = HTTPHeaders()
        swap(&headers, &spareHeaders)
        headers.removeAll(keepingCapacity: true)
        headers.reserveCapacity(8)
        return headers
    }

    /// Keeps the request's buffers for the next request; called once the responder is done with it.
    func keepBuffers(of request: borrowing Request) {
        spareHeaders = request.headers
        if request.body.capacity <= Self.spareBodyCapacity { spareBody = request.body }
    }

    func takePath() -> String {
        var path = ""
        swap(&path, &self.path)
        return path
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
        spareHeaders.removeAll(keepingCapacity: true)
        spareBody.removeAll(keepingCapacity: true)
        guard inProgress else { return false }
        inProgress = false
        return true
    }
}

/// One running libmicrohttpd daemon. Only `Server` touches it, under its lock.
final class Daemon {
    private let handle: OpaquePointer
    private let dispatcher: Dispatcher
    /// The listening socket handed back by `MHD_quiesce_daemon`; ours to close, but only after `MHD_stop_daemon`.
    private var quiescedSocket: Int32 = -1
    private var stopped = false
    private var wakeUp: EpollWakeUp?
    let port: Int

    init(configuration: ServerConfiguration, dispatcher: Dispatcher) throws {
        try Self.validate(configuration)
        var address = sockaddr_storage()
        let isIPv6 = try Self.fill(&address, host: configuration.host, port: configuration.port)

        // Suspend/resume parks connections waiting for a `Response.later`; it costs a lock per poll-loop turn.
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue
        let context = Unmanaged.passUnretained(dispatcher).toOpaque()
        errno = 0
        let started = withUnsafePointer(to: &address) { storage in
            storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                if isIPv6 {
                    // "::" serves IPv4 clients too; a specific IPv6 address serves only itself.
                    flags |= cmhd_is_unspecified_ipv6(socketAddress) != 0 ? MHD_USE_DUAL_STACK.rawValue : MHD_USE_IPv6.rawValue
                }
                return cmhd_start_daemon(
                    flags,
                    socketAddress,
                    MHDCallbacks.access,
                    context,
                    MHDCallbacks.completed,
                    MHDCallbacks.requestStarted,
                    MHDCallbacks.connectionEvent,
                    context,
                    UInt32(configuration.threads),
                    UInt32(configuration.connectionLimit),
                    UInt32(configuration.perIPConnectionLimit),
                    UInt32(configuration.connectionTimeout),
                    configuration.connectionMemoryLimit
                )
            }
        }
        guard let started else {
            let reason = errno == 0 ? "unknown error" : String(cString: strerror(errno))
            throw HTTPServerError.startFailed("cannot serve on \(configuration.host) port \(configuration.port): \(reason)")
        }
        self.handle = started
        self.dispatcher = dispatcher
        self.port = Int(cmhd_bound_port(started))
        do {
            wakeUp = try EpollWakeUp(listeningOn: address, port: port, dispatcher: dispatcher)
        } catch {
            MHD_stop_daemon(started)
            throw error
        }
    }

    deinit {
        stop()
    }

    /// Stops accepting: libmicrohttpd drops the listening socket from its loops, and shutting the socket down
    /// makes the kernel refuse new connections at once instead of queueing them in the backlog.
    func stopAccepting() {
        guard !stopped, quiescedSocket < 0 else { return }
        let socket = MHD_quiesce_daemon(handle)
        if socket >= 0 {
            quiescedSocket = socket
            Glibc.shutdown(socket, Int32(SHUT_RDWR))
        }
    }

    /// Closes every connection and joins libmicrohttpd's threads. Parked connections are woken first: stopping
    /// with one still suspended is an error in libmicrohttpd.
    func stop() {
        guard !stopped else { return }
        stopped = true
        wakeUp?.stop()
        wakeUp = nil
        dispatcher.abandonParked()
        MHD_stop_daemon(handle)
        if quiescedSocket >= 0 {
            close(quiescedSocket)
            quiescedSocket = -1
        }
    }

    private static func validate(_ configuration: ServerConfiguration) throws {
        func require(_ condition: Bool, _ message: String) throws {
            if !condition { throw HTTPServerError.invalidConfiguration(message) }
        }
        let cUInt = Int(UInt32.max)
        try require((0...65_535).contains(configuration.port), "port must be 0...65535")
        try require((1...1_024).contains(configuration.threads), "threads must be 1...1024")
        try require((1...cUInt).contains(configuration.connectionLimit), "connectionLimit must be positive")
        try require((0...cUInt).contains(configuration.perIPConnectionLimit), "perIPConnectionLimit must be >= 0")
        try require((0...cUInt).contains(configuration.connectionTimeout), "connectionTimeout must be >= 0")
        try require(configuration.connectionMemoryLimit >= 4_096, "connectionMemoryLimit must be >= 4096")
        try require(configuration.maxBodySize >= 0, "maxBodySize must be >= 0")
    }

    /// Fills `address` from an IP literal; returns whether it is IPv6.
    private static func fill(_ address: inout sockaddr_storage, host: String, port: Int) throws -> Bool {
        var literal = host == "localhost" ? "127.0.0.1" : host
        if literal.hasPrefix("["), literal.hasSuffix("]") {
            literal = String(literal.dropFirst().dropLast())
        }
        let networkPort = UInt16(port).bigEndian
        let parsed: Bool = withUnsafeMutablePointer(to: &address) { storage in
            if literal.contains(":") {
                return storage.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    v6.pointee.sin6_family = sa_family_t(AF_INET6)
                    v6.pointee.sin6_port = networkPort
                    return inet_pton(AF_INET6, literal, &v6.pointee.sin6_addr) == 1
                }
            }
            return storage.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                v4.pointee.sin_family = sa_family_t(AF_INET)
                v4.pointee.sin_port = networkPort
                return inet_pton(AF_INET, literal, &v4.pointee.sin_addr) == 1
            }
        }
        guard parsed else {
            throw HTTPServerError.invalidConfiguration("host must be an IPv4 or IPv6 literal or \"localhost\": \(host)")
        }
        return Int32(address.ss_family) == AF_INET6
    }
}

/// Works around libmicrohttpd 0.9.75 leaving requests unread in epoll mode. When a worker's `epoll_wait` returns
/// its maximum of 128 events, the worker calls `epoll_wait` again, with its full timeout (as long as the connection
/// timeout), before it handles them; if nothing else happens meanwhile, those connections wait that long. 128
/// clients on one worker, each waiting for its answer, stall it like that (the C reference server stalls the same
/// way). Any event ends the wait, and every worker's epoll set watches the listening socket (level-triggered), so
/// this thread connects to that socket and closes at once: when requests stop beginning while they began just
/// before (checked every 10 ms), and every 100 ms while clients are connected, for a worker stalled while another
/// keeps busy. A server with no connection open is left alone.
final class EpollWakeUp {
    private var thread = pthread_t()
    /// Written to by `stop`: the thread sleeps in `poll` on the other end.
    private let stopPipe: (read: Int32, write: Int32)
    private let address: sockaddr_storage
    private let dispatcher: Dispatcher
    private static var tickMilliseconds: Int32 { 10 }
    /// Ticks between knocks made whatever the work does.
    private static var backstopTicks: Int { 10 }

    /// `address` is the one the daemon was asked to listen on; an unspecified one (0.0.0.0, ::) is reached on loopback.
    init(listeningOn address: sockaddr_storage, port: Int, dispatcher: Dispatcher) throws {
        var target = address
        withUnsafeMutablePointer(to: &target) { storage in
            if Int32(storage.pointee.ss_family) == AF_INET6 {
                storage.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    v6.pointee.sin6_port = UInt16(port).bigEndian
                    if cmhd_is_unspecified_ipv6(UnsafeRawPointer(v6).assumingMemoryBound(to: sockaddr.self)) != 0 {
                        _ = inet_pton(AF_INET6, "::1", &v6.pointee.sin6_addr)
                    }
                }
            } else {
                storage.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    v4.pointee.sin_port = UInt16(port).bigEndian
                    if v4.pointee.sin_addr.s_addr == 0 {
                        _ = inet_pton(AF_INET, "127.0.0.1", &v4.pointee.sin_addr)
                    }
                }
            }
        }
        self.address = target
        self.dispatcher = dispatcher
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw HTTPServerError.startFailed("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        stopPipe = (ends[0], ends[1])
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(&thread, nil, Self.entry, context)
        guard created == 0 else {
            Unmanaged<EpollWakeUp>.fromOpaque(context).release()
            close(ends[0])
            close(ends[1])
            throw HTTPServerError.startFailed("cannot start a thread: \(String(cString: strerror(created)))")
        }
    }

    /// Ends the thread and waits for it. Call once.
    func stop() {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        pthread_join(thread, nil)
        close(stopPipe.read)
        close(stopPipe.write)
    }

    private static func isLoopbackOne(_ address: sockaddr_storage) -> Bool {
        var copy = address
        return withUnsafePointer(to: &copy) { storage in
            storage.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr == UInt32(0x7F00_0001).bigEndian }
        }
    }

    private static let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
        guard let context else { return nil }
        let wakeUp = Unmanaged<EpollWakeUp>.fromOpaque(context).takeRetainedValue()
        wakeUp.run()
        return nil
    }

    private func run() {
        var stopEvent = pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)
        var lastBegun = dispatcher.requestsBegun.load(ordering: .relaxed)
        var workedBefore = false
        var ticksSinceKnock = 0
        while true {
            let ready = poll(&stopEvent, 1, Self.tickMilliseconds)
            if ready > 0 || (ready < 0 && errno != EINTR) { return }
            let begun = dispatcher.requestsBegun.load(ordering: .relaxed)
            let worked = begun != lastBegun
            lastBegun = begun
            ticksSinceKnock += 1
            if dispatcher.openConnections.load(ordering: .relaxed) > 0,
               (workedBefore && !worked) || ticksSinceKnock >= Self.backstopTicks {
                knock()
                ticksSinceKnock = 0
            }
            workedBefore = worked
        }
    }

    /// Connects to the listening socket and closes: the connection's arrival is the event that wakes the workers.
    /// To 127.0.0.1 it comes from 127.0.0.2, so it never takes a place in the per-address connection limit of local
    /// clients (a reverse proxy on the same machine, the tests). Non-blocking: with the accept queue full a blocking
    /// connect would retry for minutes, and stopping the server waits for this thread.
    private func knock() {
        let family = Int32(address.ss_family)
        let socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard socket >= 0 else { return }
        defer { close(socket) }
        if family == AF_INET, Self.isLoopbackOne(address) {
            var source = sockaddr_in()
            source.sin_family = sa_family_t(AF_INET)
            _ = inet_pton(AF_INET, "127.0.0.2", &source.sin_addr)
            _ = withUnsafePointer(to: &source) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        var target = address
        let length = socklen_t(family == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &target) { storage in
            storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, length) }
        }
    }
}

/// libmicrohttpd's callbacks. `static let` closures in a nonisolated type: a `@convention(c)` closure written in
/// `main.swift` would inherit `@MainActor` and trap when called from libmicrohttpd's threads.
enum MHDCallbacks {
    /// Connection accepted or closed: the connection's state lives exactly that long.
    static let connectionEvent: MHD_NotifyConnectionCallback = { cls, _, socketContext, event in
        guard let cls, let socketContext else { return }
        switch event {
        case .CONNECTION_NOTIFY_STARTED:
            socketContext.pointee = Unmanaged.passRetained(ConnectionState()).toOpaque()
            Unmanaged<Dispatcher>.fromOpaque(cls).takeUnretainedValue().openConnections.add(1, ordering: .relaxed)
        case .CONNECTION_NOTIFY_CLOSED:
            guard let pointer = socketContext.pointee else { return }
            socketContext.pointee = nil
            let dispatcher = Unmanaged<Dispatcher>.fromOpaque(cls).takeUnretainedValue()
            dispatcher.openConnections.subtract(1, ordering: .relaxed)
            let connection = Unmanaged<ConnectionState>.fromOpaque(pointer)
            if connection.takeUnretainedValue().finish() {
                dispatcher.inFlight.subtract(1, ordering: .releasing)
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
                dispatcher.inFlight.subtract(1, ordering: .relaxed)
            }
            state.begin(target: target)
            state.inProgress = true
            dispatcher.inFlight.add(1, ordering: .relaxed)
            dispatcher.requestsBegun.add(1, ordering: .relaxed)
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

    /// Called for the headers, for each body chunk, then once more when the request is complete. The response
    /// is queued only in that last call: queued earlier, libmicrohttpd 0.9.75 answers `Connection: close`.
    static let access: MHD_AccessHandlerCallback = { cls, connection, _, method, _, uploadData, uploadDataSize, requestContext in
        guard let cls, let connection, let uploadDataSize, let pointer = requestContext?.pointee else { return MHD_Result.NO }
        return withObjects(cls, pointer) { dispatcher, state in
            handle(connection, method, uploadData, uploadDataSize, state, dispatcher)
        }
    }

    /// The access callback's work, with its context objects lent.
    private static func handle(
        _ connection: OpaquePointer, _ method: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
        _ uploadDataSize: UnsafeMutablePointer<Int>, _ state: ConnectionState, _ dispatcher: Dispatcher
    ) -> MHD_Result {
        if let pending = state.pending {
            // Called again after the resume: send what was delivered.
            switch pending.outcome {
            case .waiting:
                return MHD_Result.YES
            case .delivered(let response):
                state.pending = nil
                return queue(response, on: connection, closing: pending.closesConnection || dispatcher.draining.load(ordering: .relaxed))
            case .abandoned:
                state.pending = nil
                return queue(shuttingDown, on: connection, closing: true)
            }
        }

        if !state.headersReceived {
            state.headersReceived = true
            if let declared = declaredContentLength(connection) {
                if declared > UInt64(dispatcher.maxBodySize) {
                    state.bodyLimitExceeded = true
                } else {
                    state.body.reserveCapacity(Int(declared))
                }
            }
            return MHD_Result.YES
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
        let (response, conflicting) = respond(connection, method, state, dispatcher)
        if let deferred = response.deferred {
            park(connection, state, dispatcher, closing: conflicting, until: deferred)
            return MHD_Result.YES
        }
        // libmicrohttpd framed the body by the first Content-Length; with conflicting ones the rest of the stream
        // cannot be trusted, so the connection ends with this response.
        let closing = dispatcher.draining.load(ordering: .relaxed) || conflicting
        return queue(response, on: connection, closing: closing)
    }

    /// Makes the request, moving the path, query and body out of the connection's state (the request is their last
    /// user, so they are not copied: no retain now, no release when the state is reset), and hands it to the
    /// responder. Also returns whether the request had conflicting Content-Length fields.
    private static func respond(
        _ connection: OpaquePointer, _ method: UnsafePointer<CChar>?, _ state: ConnectionState, _ dispatcher: Dispatcher
    ) -> (Response, Bool) {
        let (headers, conflicting) = requestHeaders(connection, into: state.takeHeaders())
        let request = Request(
            method: method.map(methodName) ?? "GET",
            path: state.takePath(),
            query: state.query.take(),
            headers: headers,
            body: state.takeBody(),
            bodyLimitExceeded: state.bodyLimitExceeded,
            peerAddress: state.peerAddress ?? "",
            hasConflictingContentLength: conflicting
        )
        let response = dispatcher.responder(request)
        state.keepBuffers(of: request)
        return (response, conflicting)
    }

    /// Suspends the connection, then starts the work that delivers its response: suspending first means a delivery
    /// from another thread, however quick, finds the connection suspended and resumes it.
    private static func park(
        _ connection: OpaquePointer, _ state: ConnectionState, _ dispatcher: Dispatcher, closing: Bool, until deferred: Response.Deferred
    ) {
        MHD_suspend_connection(connection)
        let pending = PendingReply(suspended: connection, dispatcher: dispatcher, closesConnection: closing)
        state.pending = pending
        guard dispatcher.park(pending) else {
            pending.abandon()
            return
        }
        deferred.start { pending.deliver($0) }
    }

    /// Sent to a parked connection that the server stopped before its response was delivered.
    /// An RFC 9457 problem of the generic kind ("about:blank", titled by the status), as this layer knows no other.
    /// The work behind the request may still finish after this answer (a write committed while the server stops),
    /// and the detail says so.
    private static var shuttingDown: Response {
        let problem = #"{"type":"about:blank","title":"Service Unavailable","status":503,"#
            + #""detail":"the server stopped before this request's response was ready; it may still have taken effect"}"#
        var response = Response(status: 503, body: Array(problem.utf8))
        response.headers.add("Content-Type", "application/problem+json")
        response.headers.add("Retry-After", "1")
        return response
    }

    /// The request is over (response sent, or the connection failed or timed out).
    static let completed: MHD_RequestCompletedCallback = { cls, _, requestContext, _ in
        guard let cls, let requestContext, let pointer = requestContext.pointee else { return }
        requestContext.pointee = nil
        withObjects(cls, pointer) { dispatcher, state in
            if state.finish() {
                dispatcher.inFlight.subtract(1, ordering: .releasing)
            }
        }
    }

    /// A request's header fields as they are collected, and whether two Content-Length fields disagree: found while
    /// the fields go by, as bytes, rather than by a second scan of the Strings made of them.
    private struct ReceivedHeaders {
        var headers = HTTPHeaders()
        var contentLength: UnsafeRawBufferPointer?
        var hasConflictingContentLength = false
    }

    private static let collectHeader: MHD_KeyValueIteratorN = { cls, _, name, nameLength, value, valueLength in
        guard let cls, let name else { return MHD_Result.YES }
        let received = cls.assumingMemoryBound(to: ReceivedHeaders.self)
        let valueBytes = UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueLength)
        if nameLength == 14, strncasecmp(name, "Content-Length", 14) == 0 {
            if let first = received.pointee.contentLength {
                if !first.elementsEqual(valueBytes) { received.pointee.hasConflictingContentLength = true }
            } else {
                received.pointee.contentLength = valueBytes
            }
        }
        let valueText = value.flatMap { commonText($0, valueLength) } ?? String(decoding: valueBytes, as: UTF8.self)
        received.pointee.headers.add(commonText(name, nameLength) ?? text(name, nameLength), valueText)
        return MHD_Result.YES
    }

    /// The header names (and a few values) that most requests carry, spelled as clients send them, as string
    /// literals: a literal needs no UTF-8 validation, no allocation (a String made of more than 15 bytes allocates)
    /// and no reference counting. Any other spelling is copied as sent.
    private static func commonText(_ start: UnsafePointer<CChar>, _ length: Int) -> String? {
        func matches(_ literal: StaticString) -> Bool {
            memcmp(start, literal.utf8Start, length) == 0
        }
        switch length {
        case 3: if matches("*/*") { return "*/*" }
        case 4: if matches("Host") { return "Host" }
        case 6:
            if matches("Accept") { return "Accept" }
            if matches("Origin") { return "Origin" }
        case 8:
            if matches("identity") { return "identity" }
            if matches("If-Match") { return "If-Match" }
        case 10:
            if matches("Connection") { return "Connection" }
            if matches("User-Agent") { return "User-Agent" }
            if matches("keep-alive") { return "keep-alive" }
        case 12:
            if matches("Content-Type") { return "Content-Type" }
            if matches("X-Request-Id") { return "X-Request-Id" }
        case 13:
            if matches("Authorization") { return "Authorization" }
            if matches("gzip, deflate") { return "gzip, deflate" }
        case 14: if matches("Content-Length") { return "Content-Length" }
        case 15:
            if matches("Accept-Encoding") { return "Accept-Encoding" }
            if matches("Idempotency-Key") { return "Idempotency-Key" }
        case 16: if matches("application/json") { return "application/json" }
        default: break
        }
        return nil
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

    private static func text(_ start: UnsafePointer<CChar>, _ length: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
    }

    /// The request's header fields, and whether they hold Content-Length fields with different values.
    private static func requestHeaders(_ connection: OpaquePointer, into headers: consuming HTTPHeaders) -> (HTTPHeaders, Bool) {
        var received = ReceivedHeaders(headers: headers)
        _ = withUnsafeMutablePointer(to: &received) { pointer in
            MHD_get_connection_values_n(connection, MHD_ValueKind.HEADER_KIND, collectHeader, pointer)
        }
        return (received.headers, received.hasConflictingContentLength)
    }

    private static func peerAddress(_ connection: OpaquePointer) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let length = cmhd_peer_address(connection, buffer.baseAddress, buffer.count)
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: length), as: UTF8.self)
        }
    }

    private static func declaredContentLength(_ connection: OpaquePointer) -> UInt64? {
        guard let value = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, "Content-Length") else { return nil }
        var result: UInt64 = 0
        var cursor = value
        while cursor.pointee != 0 {
            let digit = UInt8(bitPattern: cursor.pointee) &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times10, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            if overflow1 || overflow2 { return UInt64.max }
            result = sum
            cursor += 1
        }
        return result
    }

    private static func queue(_ response: Response, on connection: OpaquePointer, closing: Bool) -> MHD_Result {
        let created = response.body.withUnsafeBytes { body in
            MHD_create_response_from_buffer(body.count, UnsafeMutableRawPointer(mutating: body.baseAddress), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
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
