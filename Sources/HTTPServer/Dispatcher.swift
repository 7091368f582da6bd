import Synchronization
import Threading

/// What the C callbacks need from the server; passed to them as an unretained `cls` (the `Server` owns it and
/// outlives the daemon).
final class Dispatcher: Sendable {
    let responder: Responder
    let maxBodySize: Int
    /// Requests between their request line and the end of their response; the drain in `shutdown` waits for 0.
    let inFlight = Atomic<Int>(0)
    /// Set once `shutdown` begins: from then on responses ask clients to close the connection.
    let draining = Atomic<Bool>(false)
    /// Signalled when the last request in progress ends while draining.
    let drained = WakeSignal()
    /// The per-address connection limit, when there is one.
    let connectionsPerAddress: ConnectionsPerAddress?

    /// Connections waiting for a `Response.later`.
    let parked = ParkedReplies()
    /// Responses sent as they are made (`Response.stream`).
    let streams = OpenStreams()

    /// A request is over. Sequentially consistent with `startDraining`: either the drain sees this request gone, or
    /// this sees the drain begun and wakes it.
    func requestEnded() {
        if inFlight.subtract(1, ordering: .sequentiallyConsistent).newValue == 0, draining.load(ordering: .sequentiallyConsistent) {
            drained.signal()
        }
    }

    /// Begins the drain: from now on the request that leaves none in progress signals `drained`.
    func startDraining() {
        draining.store(true, ordering: .sequentiallyConsistent)
    }

    init(responder: @escaping Responder, maxBodySize: Int, perAddressConnectionLimit: Int) {
        self.responder = responder
        self.maxBodySize = maxBodySize
        connectionsPerAddress = perAddressConnectionLimit > 0 ? ConnectionsPerAddress(limit: perAddressConnectionLimit) : nil
    }
}
