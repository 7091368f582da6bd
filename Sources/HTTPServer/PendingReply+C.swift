import CMicroHTTPD
import Threading

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

    private let phase: Lock<Phase>
    /// The set this reply is parked in, which it leaves once its connection is resumed.
    private let parkedIn: ParkedReplies
    /// The loop that runs the connection: libmicrohttpd's resume does not wake a loop it does not run itself.
    private let loop: LoopWakeUp
    /// The request's framing could not be trusted (conflicting Content-Length): close after the response.
    let closesConnection: Bool
    /// The parked response, for its finishing (`Response.finishing`), applied on the connection's thread to what is
    /// sent: the delivered response, or the 503 when the server stops first, which so carries what every response of
    /// the responder carries (CORS, a request id) and is counted like them. Applied once, to the response sent only.
    private let deferred: Response.Deferred

    /// Call only for a connection already suspended: a resume that comes first would be lost.
    init(
        suspended connection: OpaquePointer, parkedIn: ParkedReplies, loop: LoopWakeUp, closesConnection: Bool,
        deferred: Response.Deferred
    ) {
        self.phase = Lock(.waiting(SuspendedConnection(pointer: connection)))
        self.parkedIn = parkedIn
        self.loop = loop
        self.deferred = deferred
        self.closesConnection = closesConnection
    }

    /// From any thread: keeps the response and wakes the connection, whose thread then sends it. A later response is
    /// started in turn; only the first delivery counts.
    func deliver(_ response: Response) {
        if let later = response.deferred {
            later.start { [self] in deliver(later.finished($0)) }
            return
        }
        settle(.delivered(response))
    }

    func abandon() {
        settle(.abandoned)
    }

    /// Consumes the response: one still shared would copy its header array when the finishing adds to it.
    func finished(_ response: consuming Response) -> Response {
        deferred.finished(response)
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
        parkedIn.unpark(self)
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
