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

    /// Connections waiting for a `Response.later`.
    let parked = ParkedReplies()
    /// Responses sent as they are made (`Response.stream`).
    let streams = OpenStreams()

    init(responder: @escaping Responder, maxBodySize: Int, perAddressConnectionLimit: Int) {
        self.responder = responder
        self.maxBodySize = maxBodySize
        connectionsPerAddress = perAddressConnectionLimit > 0 ? ConnectionsPerAddress(limit: perAddressConnectionLimit) : nil
    }
}
