import Threading

/// Connections waiting for a `Response.later`, so that stopping can wake them first (libmicrohttpd must not be
/// stopped with a connection suspended). A reply leaves this set only after its connection is resumed.
final class ParkedReplies: Sendable {
    private struct Parked {
        var replies: [ObjectIdentifier: PendingReply] = [:]
        /// Set once stopping has begun: nothing new is parked after that.
        var closed = false
    }

    private let parked = Lock(Parked())
    /// Signalled when the last reply leaves once stopping has begun.
    private let emptied = WakeSignal()

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
        let lastWhileClosing = parked.withLock { parked -> Bool in
            parked.replies.removeValue(forKey: ObjectIdentifier(reply))
            return parked.closed && parked.replies.isEmpty
        }
        if lastWhileClosing { emptied.signal() }
    }

    /// Wakes every parked connection without its response (it gets a 503 and is closed), parks no more, and returns
    /// once no resume is under way: a delivery may have claimed its reply and not yet resumed the connection.
    func abandonAll() {
        let replies = parked.withLock { parked in
            parked.closed = true
            return Array(parked.replies.values)
        }
        for reply in replies { reply.abandon() }
        // Deliveries that won their reply resume it outside any lock this thread holds; the last one wakes this.
        while !parked.withLock({ $0.replies.isEmpty }) {
            emptied.wait()
        }
    }
}
