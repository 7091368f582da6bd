// The running server: its libmicrohttpd daemons, one per event loop.
import CMicroHTTPD
import Glibc

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
        try configuration.validate()
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
                let connections = try LoopConnections(dispatcher: dispatcher, headerTimeout: configuration.headerTimeout)
                let started = try Self.startDaemon(
                    flags: flags, address: &address, listening: listening, configuration: configuration,
                    connectionLimit: max(1, share), dispatcher: dispatcher, connections: connections
                )
                if index == 0 {
                    listening = cmhd_listen_socket(started)
                }
                do {
                    loops.append(try EventLoop(daemon: started, connections: connections))
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
        connectionLimit: Int, dispatcher: Dispatcher, connections: LoopConnections
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
                    Unmanaged.passUnretained(connections).toOpaque(),
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
        dispatcher.parked.abandonAll()
        for loop in loops { loop.stop() }
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
