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
    /// The per-address connection limit, when there is one.
    let connectionsPerAddress: ConnectionsPerAddress?

    /// Connections waiting for a `Response.later`, so that stopping can wake them first (libmicrohttpd must not be
    /// stopped with a connection suspended). A reply leaves this set only after its connection is resumed.
    private struct Parked {
        var replies: [ObjectIdentifier: PendingReply] = [:]
        /// Set once stopping has begun: nothing new is parked after that.
        var closed = false
    }

    private let parked = Mutex(Parked())

    init(responder: @escaping Responder, maxBodySize: Int, perAddressConnectionLimit: Int) {
        self.responder = responder
        self.maxBodySize = maxBodySize
        connectionsPerAddress = perAddressConnectionLimit > 0 ? ConnectionsPerAddress(limit: perAddressConnectionLimit) : nil
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
        /// The delivered response was handed to the connection's thread (`takeOutcome`).
        case taken
    }

    private let phase: Mutex<Phase>
    private let dispatcher: Dispatcher
    /// The loop that runs the connection: libmicrohttpd's resume does not wake a loop it does not run itself.
    private let loop: LoopWakeUp
    /// The request's framing could not be trusted (conflicting Content-Length): close after the response.
    let closesConnection: Bool
    /// The parked response, for its finishing (`Response.finishing`), applied on the connection's thread to what is
    /// sent: the delivered response, or the 503 when the server stops first, which so carries what every response of
    /// the responder carries (CORS, a request id) and is counted like them. Applied once, to the response sent only.
    private let parked: Response.Deferred

    /// Call only for a connection already suspended: a resume that comes first would be lost.
    init(
        suspended connection: OpaquePointer, dispatcher: Dispatcher, loop: LoopWakeUp, closesConnection: Bool,
        parked: Response.Deferred
    ) {
        self.phase = Mutex(.waiting(SuspendedConnection(pointer: connection)))
        self.dispatcher = dispatcher
        self.loop = loop
        self.parked = parked
        self.closesConnection = closesConnection
    }

    /// From any thread: keeps the response and wakes the connection, whose thread then sends it. A later response is
    /// started in turn; only the first delivery counts.
    func deliver(_ response: Response) {
        if let deferred = response.deferred {
            deferred.start { [self] in deliver(deferred.finished($0)) }
            return
        }
        settle(.delivered(response))
    }

    func abandon() {
        settle(.abandoned)
    }

    /// Consumes the response: one still shared would copy its header array when the finishing adds to it.
    func finished(_ response: consuming Response) -> Response {
        parked.finished(response)
    }

    /// The first settlement claims the connection under the lock and resumes it after releasing the lock: resuming
    /// wakes the connection's thread, which takes the outcome at once and would otherwise wait on a lock held by a
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
        loop.wake()
        dispatcher.unpark(self)
    }

    /// What became of the reply, for the connection's thread once it is resumed. A delivered response is handed over,
    /// not copied, so that the finishing can add its headers in place.
    func takeOutcome() -> Outcome {
        phase.withLock { phase in
            switch phase {
            case .waiting: return .waiting
            case .delivered(let response):
                phase = .taken
                return .delivered(response)
            case .abandoned, .taken: return .abandoned
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
    /// The address this connection counts against in `ConnectionsPerAddress`.
    @exclusivity(unchecked) var countedAddress: ConnectionsPerAddress.Address?
    /// The current request's path; the request shares it, and the next request refills it in place once the last
    /// one is gone.
    @exclusivity(unchecked) private(set) var path: [UInt8] = []
    @exclusivity(unchecked) var query: String?
    @exclusivity(unchecked) var headersReceived = false
    @exclusivity(unchecked) var body: [UInt8] = []
    @exclusivity(unchecked) var bodyLimitExceeded = false
    /// Where the raw target libmicrohttpd lent `begin(target:)` ended, as an address: see `targetIsCut(before:)`.
    @exclusivity(unchecked) private var targetEnd: UInt = 0
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

    /// Starts the next request on this connection from its raw target ("/sessions/x/press?trace=1").
    func begin(target: UnsafePointer<CChar>) {
        let length = strlen(target)
        targetEnd = UInt(bitPattern: target) &+ UInt(length)
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(target).assumingMemoryBound(to: UInt8.self), count: length)
        // The path replaces the last one in place: one copy, where emptying the buffer and appending cost twice that.
        if let found = memchr(target, Int32(UInt8(ascii: "?")), length) {
            let mark = UnsafeRawPointer(found) - UnsafeRawPointer(target)
            path.replaceSubrange(path.indices, with: UnsafeBufferPointer(rebasing: bytes[..<mark]))
            query = String(decoding: UnsafeBufferPointer(rebasing: bytes[(mark + 1)...]), as: UTF8.self)
        } else {
            path.replaceSubrange(path.indices, with: bytes)
            query = nil
        }
        headersReceived = false
        swap(&body, &spareBody)
        // Keeps the buffer when the last request is gone; otherwise (a responder kept it) this allocates a new one.
        // `finish` usually emptied it already, and an array's `removeAll` costs about 110 instructions even then.
        if !body.isEmpty { body.removeAll(keepingCapacity: true) }
        bodyLimitExceeded = false
    }

    /// Whether the target `begin(target:)` was lent ended at a NUL byte inside it, judged from where the request's
    /// HTTP version starts. libmicrohttpd 0.9.75 ends the target, in its read buffer, with the NUL it writes over the
    /// space before the version, and lends both as C strings: a raw NUL the client sent inside the target cuts it
    /// short, and what follows is never seen (`DELETE /sessions/<id>\0/press` deleted the session). The version then
    /// starts further on than one byte past the end seen. A version that is not in the same line (a literal of
    /// another libmicrohttpd) tells nothing, and is never taken for a cut.
    func targetIsCut(before version: UnsafePointer<CChar>) -> Bool {
        let distance = UInt(bitPattern: version) &- (targetEnd &+ 1)
        return distance != 0 && distance < UInt(Self.longestRequestLine)
    }

    /// More than a request line can hold in any connection memory limit this server accepts.
    private static let longestRequestLine = 1 << 20

    /// Empty headers with room for the usual fields, in the last request's buffer when it is free again.
    func takeHeaders() -> RequestHeaders {
        var headers = RequestHeaders()
        swap(&headers, &spareHeaders)
        headers.removeAll()
        headers.reserveCapacity(512)
        return headers
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
        // An array's `removeAll` costs about 110 instructions even when empty, as it is when the next request begins.
        // The path's bytes are zeroed in place; the next request's path replaces them.
        if path.capacity > Self.spareBufferCapacity {
            path = []
        } else if !path.isEmpty {
            path.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) }
        }
        if !spareBody.isEmpty { spareBody.removeAll(keepingCapacity: true) }
        guard inProgress else { return false }
        inProgress = false
        return true
    }
}

/// The running server: one `EventLoop` per thread, all taking connections from one listening socket. Only `Server`
/// touches it, under its lock.
///
/// Each loop drives its own libmicrohttpd daemon rather than libmicrohttpd's thread pool. In the pool, a worker
/// whose `epoll_wait` returns its maximum of 128 events calls `epoll_wait` again with its full timeout (as long as
/// the connection timeout) before handling them (libmicrohttpd 0.9.75): 128 clients on one worker, each waiting for
/// its answer, stall it for that long. A daemon run by `MHD_run` never blocks inside libmicrohttpd, so the bug
/// cannot happen, and one thread per core is safe.
final class Daemon {
    private let loops: [EventLoop]
    private let dispatcher: Dispatcher
    private var stopped = false
    private var quiesced = false
    /// The first daemon's listening socket; every loop's descriptor refers to the same socket.
    private let listeningSocket: Int32
    let port: Int

    init(configuration: ServerConfiguration, dispatcher: Dispatcher) throws {
        try Self.validate(configuration)
        var address = sockaddr_storage()
        let isIPv6 = try Self.fill(&address, host: configuration.host, port: configuration.port)

        // Suspend/resume parks connections waiting for a `Response.later`; it implies the ITC, which quiescing needs too.
        var flags = MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        if isIPv6 {
            // "::" serves IPv4 clients too; a specific IPv6 address serves only itself.
            let unspecified = withUnsafePointer(to: &address) { storage in
                storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { cmhd_is_unspecified_ipv6($0) != 0 }
            }
            flags |= unspecified ? MHD_USE_DUAL_STACK.rawValue : MHD_USE_IPv6.rawValue
        }
        let count = configuration.threads
        var loops: [EventLoop] = []
        var listening: Int32 = -1
        do {
            for index in 0..<count {
                // libmicrohttpd's pool splits the connection limit the same way.
                let share = configuration.connectionLimit / count + (index < configuration.connectionLimit % count ? 1 : 0)
                let started = try Self.startDaemon(
                    flags: flags, address: &address, listening: listening, configuration: configuration,
                    connectionLimit: max(1, share), dispatcher: dispatcher
                )
                if index == 0 {
                    listening = cmhd_listen_socket(started)
                }
                do {
                    loops.append(try EventLoop(daemon: started))
                } catch {
                    MHD_stop_daemon(started)
                    throw error
                }
            }
        } catch {
            for loop in loops { loop.stop() }
            throw error
        }
        self.loops = loops
        self.dispatcher = dispatcher
        self.listeningSocket = listening
        self.port = Int(cmhd_bound_port(loops[0].daemon))
    }

    deinit {
        stop()
    }

    /// Starts one daemon: the first binds the address, the others listen on a duplicate of its socket (each daemon
    /// closes the descriptor it was given).
    private static func startDaemon(
        flags: UInt32, address: inout sockaddr_storage, listening: Int32, configuration: ServerConfiguration,
        connectionLimit: Int, dispatcher: Dispatcher
    ) throws -> OpaquePointer {
        var socket: Int32 = -1
        if listening >= 0 {
            socket = fcntl(listening, F_DUPFD_CLOEXEC, 0)
            guard socket >= 0 else {
                throw HTTPServerError.startFailed("cannot share the listening socket: \(String(cString: strerror(errno)))")
            }
        }
        let context = Unmanaged.passUnretained(dispatcher).toOpaque()
        errno = 0
        let started = withUnsafePointer(to: &address) { storage in
            storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                cmhd_start_daemon(
                    flags,
                    socketAddress,
                    socket,
                    dispatcher.connectionsPerAddress == nil ? nil : MHDCallbacks.acceptPolicy,
                    MHDCallbacks.access,
                    context,
                    MHDCallbacks.completed,
                    MHDCallbacks.requestStarted,
                    MHDCallbacks.connectionEvent,
                    context,
                    UInt32(connectionLimit),
                    UInt32(configuration.connectionTimeout),
                    configuration.connectionMemoryLimit
                )
            }
        }
        guard let started else {
            let reason = errno == 0 ? "unknown error" : String(cString: strerror(errno))
            // A duplicate handed to a daemon that failed is left open: whether libmicrohttpd closed it is not
            // documented, and closing a descriptor twice could close one another thread has just opened.
            throw HTTPServerError.startFailed("cannot serve on \(configuration.host) port \(configuration.port): \(reason)")
        }
        return started
    }

    /// Stops accepting: shutting the listening socket down makes the kernel refuse new connections at once instead
    /// of queueing them in the backlog, and every loop drops the socket on its next turn (one busy in a responder
    /// does so afterwards; nothing waits for it).
    func stopAccepting() {
        guard !stopped, !quiesced else { return }
        quiesced = true
        // The loops' descriptors share this one socket: shutting it down once refuses for all of them.
        Glibc.shutdown(listeningSocket, Int32(SHUT_RDWR))
        for loop in loops { loop.quiesce() }
    }

    /// Closes every connection and joins the loops' threads. Parked connections are woken first: stopping with
    /// one still suspended is an error in libmicrohttpd.
    func stop() {
        guard !stopped else { return }
        stopped = true
        dispatcher.abandonParked()
        for loop in loops { loop.stop() }
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

/// One thread running one libmicrohttpd daemon: it waits until the daemon's epoll descriptor is readable (or its
/// next timeout is due), then lets `MHD_run` handle what is ready without blocking. Everything libmicrohttpd does
/// for this daemon happens on this thread, quiescing and stopping included; other threads only ask, through a pipe.
final class EventLoop {
    let daemon: OpaquePointer
    private var thread = pthread_t()
    private let epollDescriptor: Int32
    /// Commands other threads have asked for (`Command` bits), checked on every turn: a busy loop may not poll.
    private let requested = Atomic<UInt8>(0)
    /// Set on the loop's thread once it has quiesced.
    private var quiescedAlready = false
    private let wakeUp: LoopWakeUp
    /// The listening socket handed back by `MHD_quiesce_daemon` (ours to close, after `MHD_stop_daemon`), or -1.
    private var quiescedSocket: Int32 = -1
    private var stopped = false

    private enum Command: UInt8 {
        case quiesce = 1
        case stop = 2
    }

    /// Takes ownership of `daemon`, which must have been started without an internal thread.
    init(daemon: OpaquePointer) throws {
        self.daemon = daemon
        epollDescriptor = cmhd_epoll_fd(daemon)
        guard epollDescriptor >= 0 else { throw HTTPServerError.startFailed("libmicrohttpd has no epoll descriptor") }
        wakeUp = try LoopWakeUp()
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(&thread, nil, Self.entry, context)
        guard created == 0 else {
            Unmanaged<EventLoop>.fromOpaque(context).release()
            throw HTTPServerError.startFailed("cannot start a thread: \(String(cString: strerror(created)))")
        }
    }

    /// Asks the daemon to stop accepting, on its next turn; returns at once.
    func quiesce() {
        requested.bitwiseOr(Command.quiesce.rawValue, ordering: .sequentiallyConsistent)
        wakeUp.wake()
    }

    /// Closes the daemon's connections, stops it and joins the thread (after a responder running on it returns).
    /// Call after any parked connection has been resumed.
    func stop() {
        guard !stopped else { return }
        stopped = true
        requested.bitwiseOr(Command.stop.rawValue, ordering: .sequentiallyConsistent)
        wakeUp.wake()
        pthread_join(thread, nil)
        if quiescedSocket >= 0 {
            close(quiescedSocket)
            quiescedSocket = -1
        }
    }

    private static let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
        guard let context else { return nil }
        Unmanaged<EventLoop>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }

    private func run() {
        var events = [
            pollfd(fd: epollDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeUp.readable, events: Int16(POLLIN), revents: 0),
        ]
        LoopWakeUp.current = wakeUp
        // The first run adds the listening socket to the epoll set.
        _ = MHD_run(daemon)
        while true {
            let commands = requested.load(ordering: .sequentiallyConsistent)
            if commands != 0 {
                if commands & Command.stop.rawValue != 0 { break }
                if commands & Command.quiesce.rawValue != 0, !quiescedAlready {
                    quiescedAlready = true
                    quiescedSocket = MHD_quiesce_daemon(daemon)
                }
            }
            var timeout: Int32 = -1
            var due: UInt64 = 0
            if MHD_get_timeout(daemon, &due) == MHD_Result.YES {
                timeout = Int32(clamping: due)
            }
            // A timeout of 0 means libmicrohttpd has data in hand (read past an epoll edge): run at once.
            if timeout != 0 {
                events[1].revents = 0
                _ = poll(&events, 2, timeout)
                if events[1].revents != 0 { wakeUp.drain() }
            }
            _ = MHD_run(daemon)
        }
        // Connections resumed by the stop (parked replies abandoned) get their 503 if a few more turns send it;
        // libmicrohttpd's stop closes whatever is left.
        for _ in 0..<3 {
            _ = MHD_run(daemon)
        }
        MHD_stop_daemon(daemon)
        LoopWakeUp.current = nil
    }
}

/// Wakes one `EventLoop` from another thread: a pipe whose read end the loop polls beside its daemon. libmicrohttpd
/// 0.9.75 does not put its own wake-up (used by `MHD_resume_connection`) in the epoll set of a daemon it does not
/// run, so a resume is followed by a write here. The pipe closes when the last holder (the loop, a parked reply) is
/// gone, so a late writer never reaches a reused descriptor.
final class LoopWakeUp: Sendable {
    let readable: Int32
    private let writable: Int32
    /// Set by the first wake after the loop last drained the pipe: the wakes of a batch (a commit resuming many
    /// connections) then cost one write, not one each.
    private let signalled = Atomic<Bool>(false)

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw HTTPServerError.startFailed("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        readable = ends[0]
        writable = ends[1]
    }

    deinit {
        close(readable)
        close(writable)
    }

    /// Call after the change the loop should see (a resume, under libmicrohttpd's lock). A wake that finds the flag
    /// set writes nothing: the loop has not yet cleared it, which it does only after draining the pipe and before
    /// running the daemon, under that same lock, so that run sees the change.
    func wake() {
        guard !signalled.exchange(true, ordering: .sequentiallyConsistent) else { return }
        var byte: UInt8 = 1
        // A full pipe is already readable: the loop wakes either way.
        _ = write(writable, &byte, 1)
    }

    /// Called by the loop after `poll` reported the pipe readable, before it runs the daemon. The flag is cleared
    /// after the read: cleared before, a wake could set it again and have its byte consumed by this read, and the
    /// next wakes, finding it set, would write nothing for a loop about to sleep.
    func drain() {
        var bytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        while withUnsafeMutableBytes(of: &bytes, { read(readable, $0.baseAddress, $0.count) }) == MemoryLayout.size(ofValue: bytes) {}
        signalled.store(false, ordering: .sequentiallyConsistent)
    }

    /// The wake-up of the loop running on this thread, if it is a loop's thread.
    static var current: LoopWakeUp? {
        get {
            pthread_getspecific(currentKey).map { Unmanaged<LoopWakeUp>.fromOpaque($0).takeUnretainedValue() }
        }
        set {
            // The loop keeps its wake-up alive while registered, so the thread-specific pointer is not retained.
            _ = pthread_setspecific(currentKey, newValue.map { Unmanaged.passUnretained($0).toOpaque() })
        }
    }

    private static let currentKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}

/// Connections open per client address, across every loop: each daemon would count only its own, so the limit is
/// kept here instead. An address is checked when a connection is offered and counted once it is open; two
/// connections from one address offered to two loops at the same instant can both pass, so the limit may be
/// passed by at most one connection per other loop.
final class ConnectionsPerAddress: Sendable {
    struct Address: Hashable {
        let high: UInt64
        let low: UInt64
    }

    let limit: Int
    private let counts = Mutex<[Address: Int]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    func admits(_ address: Address) -> Bool {
        counts.withLock { ($0[address] ?? 0) < limit }
    }

    func opened(_ address: Address) {
        counts.withLock { $0[address, default: 0] += 1 }
    }

    func closed(_ address: Address) {
        counts.withLock { counts in
            guard let count = counts[address] else { return }
            counts[address] = count > 1 ? count - 1 : nil
        }
    }

    static func address(of socketAddress: UnsafePointer<sockaddr>?) -> Address? {
        var high: UInt64 = 0
        var low: UInt64 = 0
        guard cmhd_address_bits(socketAddress, &high, &low) != 0 else { return nil }
        return Address(high: high, low: low)
    }
}

/// libmicrohttpd's callbacks. `static let` closures in a nonisolated type: a `@convention(c)` closure written in
/// `main.swift` would inherit `@MainActor` and trap when called from libmicrohttpd's threads.
enum MHDCallbacks {
    /// Connection accepted or closed: the connection's state lives exactly that long.
    /// Turns a connection away before it is set up when its address already has its share of connections.
    static let acceptPolicy: MHD_AcceptPolicyCallback = { cls, socketAddress, _ in
        guard let cls, let counted = Unmanaged<Dispatcher>.fromOpaque(cls).takeUnretainedValue().connectionsPerAddress,
              let address = ConnectionsPerAddress.address(of: socketAddress) else { return MHD_Result.YES }
        return counted.admits(address) ? MHD_Result.YES : MHD_Result.NO
    }

    static let connectionEvent: MHD_NotifyConnectionCallback = { cls, connection, socketContext, event in
        guard let cls, let socketContext else { return }
        switch event {
        case .CONNECTION_NOTIFY_STARTED:
            let state = ConnectionState()
            if let counted = Unmanaged<Dispatcher>.fromOpaque(cls).takeUnretainedValue().connectionsPerAddress,
               let connection, let address = ConnectionsPerAddress.address(of: cmhd_client_address(connection)) {
                counted.opened(address)
                state.countedAddress = address
            }
            socketContext.pointee = Unmanaged.passRetained(state).toOpaque()
        case .CONNECTION_NOTIFY_CLOSED:
            guard let pointer = socketContext.pointee else { return }
            socketContext.pointee = nil
            let dispatcher = Unmanaged<Dispatcher>.fromOpaque(cls).takeUnretainedValue()
            let connection = Unmanaged<ConnectionState>.fromOpaque(pointer)
            if let address = connection.takeUnretainedValue().countedAddress {
                dispatcher.connectionsPerAddress?.closed(address)
            }
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
    /// is queued only in that last call: queued earlier, libmicrohttpd 0.9.75 answers `Connection: close` (which
    /// only a refused target wants).
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
        if let pending = state.pending {
            // Called again after the resume: send what was delivered.
            switch pending.takeOutcome() {
            case .waiting:
                return MHD_Result.YES
            case .delivered(let response):
                state.pending = nil
                return queue(
                    pending.finished(consume response), on: connection,
                    closing: pending.closesConnection || dispatcher.draining.load(ordering: .relaxed))
            case .abandoned:
                state.pending = nil
                return queue(pending.finished(shuttingDown), on: connection, closing: true)
            }
        }

        if !state.headersReceived {
            // The body's size is checked as it arrives, below. Looking up the declared Content-Length here cost 0.26k
            // instructions per request and only saved growing the body buffer, which the connection's spare one
            // mostly makes unnecessary.
            state.headersReceived = true
            if let version, state.targetIsCut(before: version) {
                // The path the responder would see is not the one sent, so no responder sees it. Answered at once,
                // and the connection closed after it, as after any request this malformed; a body is never read in.
                return queue(cutTarget, on: connection, closing: true)
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
            pathUTF8: state.path,
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
        // Callbacks run on their daemon's loop thread, which has registered itself.
        guard let loop = LoopWakeUp.current else { fatalError("a libmicrohttpd callback ran outside an event loop") }
        MHD_suspend_connection(connection)
        let pending = PendingReply(
            suspended: connection, dispatcher: dispatcher, loop: loop, closesConnection: closing, parked: deferred)
        state.pending = pending
        guard dispatcher.park(pending) else {
            pending.abandon()
            return
        }
        deferred.start { pending.deliver($0) }
    }

    /// Sent to a parked connection that the server stopped before its response was delivered. The work behind the
    /// request may still finish after this answer (a write committed while the server stops), and the detail says so.
    private static var shuttingDown: Response {
        var response = problem(
            503, "Service Unavailable", "the server stopped before this request's response was ready; it may still have taken effect")
        response.headers.add("Retry-After", "1")
        return response
    }

    /// Sent for a request whose target held a NUL byte (`ConnectionState.targetIsCut(before:)`).
    private static var cutTarget: Response {
        problem(400, "Bad Request", "the request target contains a NUL byte")
    }

    /// An RFC 9457 problem of the generic kind ("about:blank", titled by the status), as this layer knows no other.
    /// The title and detail are literals here, with nothing to escape in JSON.
    private static func problem(_ status: Int, _ title: StaticString, _ detail: StaticString) -> Response {
        let body = #"{"type":"about:blank","title":""# + "\(title)" + #"","status":"# + String(status)
            + #","detail":""# + "\(detail)" + #""}"#
        var response = Response(status: status, body: Array(body.utf8))
        response.headers.add("Content-Type", "application/problem+json")
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
        var headers: RequestHeaders
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
        received.pointee.headers.append(name: UnsafeRawBufferPointer(start: name, count: nameLength), value: valueBytes)
        return MHD_Result.YES
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

    /// The request's header fields, and whether they hold Content-Length fields with different values.
    private static func requestHeaders(_ connection: OpaquePointer, into headers: consuming RequestHeaders) -> (RequestHeaders, Bool) {
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
