import CMicroHTTPD  // SHUT_RDWR, which Swift's Glibc module does not export
import Glibc

/// The connections one event loop's daemon holds, and the deadline on their header sections: a client has
/// `headerTimeout` seconds, from when its connection opens or its last request ends, to send the next request's line
/// and headers, however steadily it trickles them (libmicrohttpd's own timeout counts idle time only, so a client
/// sending a byte now and then would keep its connection for ever). Past it the connection is closed without an
/// answer, as nginx's `client_header_timeout` closes it. Checked once a second, so a deadline is kept to within a
/// second; a request costs no clock reading.
///
/// Only the loop's thread touches it: libmicrohttpd reports the loop's connections on that thread, and closes their
/// sockets only there, so a socket found here is still the connection's when it is shut down.
final class LoopConnections {
    /// The server's dispatcher, for the connection callbacks, which get this object as their context.
    let dispatcher: Dispatcher
    private let headerTimeout: Int32
    private var connections: [ConnectionState] = []
    /// Runs while there are connections to check.
    let timer: SecondTimer

    init(dispatcher: Dispatcher, headerTimeout: Int) throws {
        self.dispatcher = dispatcher
        self.headerTimeout = Int32(clamping: headerTimeout)
        timer = try SecondTimer()
    }

    func opened(_ connection: ConnectionState) {
        connection.slot = connections.count
        connections.append(connection)
        if connections.count == 1 { timer.start() }
    }

    func closed(_ connection: ConnectionState) {
        let slot = connection.slot
        guard slot < connections.count, connections[slot] === connection else { return }
        let last = connections.removeLast()
        if slot < connections.count {
            connections[slot] = last
            last.slot = slot
        }
        if connections.isEmpty { timer.stop() }
    }

    /// Called when the timer has fired: counts the seconds of every connection still waiting for its header section,
    /// and shuts down the sockets of those past the deadline, and of those whose client has stopped sending (below).
    /// libmicrohttpd then sees the connection end, closes it and reports it closed.
    ///
    /// A client that shut down its sending side before its reply was ready (`nc -N`) is asked once, at the first tick
    /// after that reply: libmicrohttpd read the end of its stream, or was told of it, before replying, and waits for
    /// another signal that never comes, holding the connection until the deadline. One that stops later is seen by
    /// libmicrohttpd itself.
    ///
    /// A connection that sends a response stream is asked whether its client has left (`checkStream`).
    func checkDeadlines() {
        let elapsed = Int32(clamping: timer.takeElapsedSeconds())
        guard elapsed > 0 else { return }
        for connection in connections {
            if connection.awaitingHeaders {
                if connection.stream != nil { connection.stream = nil }
                checkHeaderDeadline(connection, elapsed: elapsed)
            } else if let stream = connection.stream {
                checkStream(stream)
            }
        }
    }

    private func checkHeaderDeadline(_ connection: ConnectionState, elapsed: Int32) {
        let firstTick = connection.secondsAwaitingHeaders == 0
        connection.secondsAwaitingHeaders &+= elapsed
        guard connection.secondsAwaitingHeaders > headerTimeout || (firstTick && connection.clientHasStoppedSending) else { return }
        connection.awaitingHeaders = false
        shutdown(connection.socket, Int32(SHUT_RDWR))
    }

    /// A stream that waits for chunks has its connection suspended, out of libmicrohttpd's poll, which would see its
    /// client leave only when the next chunk (at worst the next heartbeat) fails to go: meanwhile the connection counts
    /// against the connection limits, and a client that reconnects in a loop could fill them. Asking its socket once a
    /// second (a peek, which reads nothing) frees it within a second; a stream that is sending is polled already.
    private func checkStream(_ stream: ResponseStream) {
        _ = stream.endIfClientLeft()
    }
}
