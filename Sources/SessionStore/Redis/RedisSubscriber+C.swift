#if canImport(Glibc)
import Glibc
#endif
import Threading

extension RedisSubscriber {
    /// Wakes the subscriber's thread from another thread: a socket pair whose one end it polls beside its connection's
    /// socket.
    final class Doorbell: Sendable {
        private let ends: (readable: Int32, writable: Int32)

        init() throws {
            var made: [Int32] = [-1, -1]
            let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            guard socketpair(AF_UNIX, kind, 0, &made) == 0 else {
                throw SessionStoreError.unavailable("cannot create a socket pair: \(String(cString: strerror(errno)))")
            }
            ends = (made[0], made[1])
        }

        deinit {
            Glibc.close(ends.readable)
            Glibc.close(ends.writable)
        }

        func ring() {
            var byte: UInt8 = 1
            // A full buffer wakes the thread as well.
            _ = write(ends.writable, &byte, 1)
        }

        /// Sleeps until the bell rings, `socket` (when not -1) is readable or closed, or `milliseconds` pass; returns
        /// whether the socket is ready to read.
        func wait(socket: Int32, milliseconds: Int32) -> Bool {
            var events = [
                pollfd(fd: ends.readable, events: Int16(POLLIN), revents: 0),
                pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&events, socket >= 0 ? 2 : 1, milliseconds) > 0 else { return false }
            if events[0].revents != 0 {
                var rings = [UInt8](repeating: 0, count: 64)
                while read(ends.readable, &rings, rings.count) > 0 {}
            }
            return socket >= 0 && events[1].revents != 0
        }

        /// Sleeps until the bell rings, one of `sockets` is readable or closed, or `milliseconds` pass; returns which
        /// sockets are ready to read.
        func wait(sockets: [Int32], milliseconds: Int32) -> [Bool] {
            var events = [pollfd(fd: ends.readable, events: Int16(POLLIN), revents: 0)]
                + sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&events, nfds_t(events.count), milliseconds) > 0 else { return sockets.map { _ in false } }
            if events[0].revents != 0 {
                var rings = [UInt8](repeating: 0, count: 64)
                while read(ends.readable, &rings, rings.count) > 0 {}
            }
            return events.dropFirst().map { $0.revents != 0 }
        }
    }

    /// The thread: keeps the connection subscribed to the followed sessions, sends what `follow` and `unfollow` asked
    /// for, and reports the replies. After a failed connect it tries again every 250 ms.
    func serve(_ report: @Sendable (Change) -> Void) {
        var connection: RedisConnection?
        var attempts = 0
        while true {
            let (pending, isClosed) = requests.withLock { requests in
                defer { requests.pending = [] }
                return (requests.pending, requests.isClosed)
            }
            if isClosed { return }
            do {
                if connection == nil {
                    let opened = try connect(attempt: &attempts)
                    connection = opened
                    // Everything asked before is in the followed set; pending requests are already part of it.
                    let followed = requests.withLock { requests in
                        requests.pending = []
                        return requests.followed.map { ($0, true) }
                    }
                    try send(commands(for: followed), on: opened)
                } else if let connection, !pending.isEmpty {
                    try send(commands(for: pending), on: connection)
                }
            } catch {
                connection = nil
                _ = doorbell.wait(socket: -1, milliseconds: 250)
                continue
            }
            guard let current = connection, doorbell.wait(socket: current.socket, milliseconds: 1_000) else { continue }
            do {
                for reply in try current.readAvailable() {
                    if let change = change(from: reply) { report(change) }
                }
            } catch {
                connection = nil
            }
        }
    }

    /// A connection to the next of `endpoints` in turn: the one that worked last, until it fails.
    private func connect(attempt: inout Int) throws -> RedisConnection {
        do {
            return try endpoints[attempt % endpoints.count].connect()
        } catch {
            attempt += 1
            throw error
        }
    }

    private func send(_ commands: [[[UInt8]]], on connection: RedisConnection) throws {
        guard !commands.isEmpty else { return }
        for command in commands { try connection.append(command) }
        try connection.flush()
    }
}
