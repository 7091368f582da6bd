import CMicroHTTPD
import Glibc
import Synchronization

/// One thread running one libmicrohttpd daemon: it waits until the daemon's epoll descriptor is readable (or its
/// next timeout is due), then lets `MHD_run` handle what is ready without blocking. Everything libmicrohttpd does
/// for this daemon happens on this thread, quiescing and stopping included; other threads only ask, through a pipe.
final class EventLoop {
    let daemon: OpaquePointer
    /// The daemon's connections, checked against the header deadline whenever their timer fires.
    private let connections: LoopConnections
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

    /// Takes ownership of `daemon`, which must have been started without an internal thread and with `connections`
    /// as its connection callback's context.
    init(daemon: OpaquePointer, connections: LoopConnections) throws {
        self.daemon = daemon
        self.connections = connections
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
            pollfd(fd: connections.timer.readable, events: Int16(POLLIN), revents: 0),
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
                events[2].revents = 0
                _ = poll(&events, 3, timeout)
                if events[1].revents != 0 { wakeUp.drain() }
                if events[2].revents != 0 { connections.checkDeadlines() }
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
