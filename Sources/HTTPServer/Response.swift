import Threading

/// One HTTP response. The server adds `Content-Length` and `Date` itself. For HEAD requests it sends the headers of
/// this response, Content-Length included, without its body: a responder answers HEAD with what GET would get.
///
/// A responder that cannot answer at once (its work waits for a disk sync, say) returns `Response.later`: the server
/// parks the connection and its thread goes on serving others until the response is delivered.
public struct Response: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// What makes this response when it is not ready with its body: work that delivers it later, or a body sent as it
    /// is made. One optional for both: every response is copied and destroyed on the request path, and a second field
    /// would cost each copy a retain and a release.
    let producer: Producer?

    enum Producer: Sendable {
        case later(Deferred)
        case stream(ResponseStream)
    }

    /// The work that delivers this response when it is not ready yet; nil for a response that is.
    var deferred: Deferred? {
        if case .later(let deferred)? = producer { return deferred }
        return nil
    }

    /// The body when it is sent as it is made (`Response.stream`); nil for a body given whole.
    public var stream: ResponseStream? {
        if case .stream(let stream)? = producer { return stream }
        return nil
    }

    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
        self.producer = nil
    }

    private init(deferred: Deferred) {
        self.status = 0
        self.headers = HTTPHeaders()
        self.body = []
        self.producer = .later(deferred)
    }

    /// A response that is not ready yet. The server parks the connection, then calls `start` with `deliver`, which
    /// must be called exactly once, from any thread, with the response to send (later calls are ignored). Until then
    /// the request counts as in progress: a server shutting down waits for it up to its drain timeout, then closes
    /// the connection. Parking costs a few system calls, so answer at once whenever the answer is ready.
    public static func later(_ start: @escaping @Sendable (_ deliver: @escaping @Sendable (Response) -> Void) -> Void) -> Response {
        Response(deferred: Deferred(start: start, finish: nil))
    }

    /// A response from work that may finish now or later: `work` runs at once with `deliver`, which must be called
    /// exactly once, from any thread. Delivered before `work` returns, the response is sent at once, without parking
    /// the connection; otherwise the server parks it until the delivery comes (as with `later`). So one handler serves a
    /// store that answers at once (memory) and one that answers later (a disk sync, a network round trip) alike.
    public static func awaiting(_ work: (_ deliver: @escaping @Sendable (Response) -> Void) -> Void) -> Response {
        let slot = DeliverySlot()
        work(slot.deliver)
        if let ready = slot.takeIfDelivered() { return ready }
        return .later { deliver in slot.forward(to: deliver) }
    }

    /// Hands this response to `receive`: at once when it is ready, or when it is delivered, with its finishing
    /// applied, for a caller that is not the server (an in-process test client).
    public func resolve(_ receive: @escaping @Sendable (Response) -> Void) {
        guard let deferred else { return receive(self) }
        deferred.start { delivered in
            if delivered.isLater {
                delivered.resolve { receive(deferred.finished($0)) }
            } else {
                receive(deferred.finished(delivered))
            }
        }
    }

    /// True for a response made by `later`; its status, headers and body mean nothing yet.
    public var isLater: Bool {
        if case .later? = producer { return true }
        return false
    }

    /// `transform` applied to this response, or, for a later one, to whatever is sent for it: the response when it
    /// is delivered, or the server's 503 when the server stops first. In place: the server hands the response over,
    /// so headers added here do not copy the header array.
    public func finishing(_ transform: @escaping @Sendable (inout Response) -> Void) -> Response {
        guard let deferred else {
            var response = self
            transform(&response)
            return response
        }
        let finish: @Sendable (inout Response) -> Void
        if let earlier = deferred.finish {
            finish = { earlier(&$0); transform(&$0) }
        } else {
            finish = transform
        }
        return Response(deferred: Deferred(start: deferred.start, finish: finish))
    }

    struct Deferred: Sendable {
        let start: @Sendable (_ deliver: @escaping @Sendable (Response) -> Void) -> Void
        /// Applied by the server to what it sends for the request (`finishing`).
        let finish: (@Sendable (inout Response) -> Void)?

        func finished(_ response: consuming Response) -> Response {
            var response = response
            finish?(&response)
            return response
        }
    }
}

/// Turns a request into a response. Called synchronously on one of the server's threads, so it must not block
/// for long: a blocked responder holds one of `ServerConfiguration.threads`. Work that waits returns
/// `Response.later` instead.
public typealias Responder = @Sendable (borrowing Request) -> Response

/// Where `Response.awaiting` meets its delivery: the response when it came first, or the server's `deliver` when the
/// connection was parked first. Only the first delivery counts.
private final class DeliverySlot: Sendable {
    private enum State {
        case empty
        case delivered(Response)
        case forwarding(@Sendable (Response) -> Void)
        case done
    }

    private let state = Lock<State>(.empty)

    @Sendable func deliver(_ response: Response) {
        let forward = state.withLock { state -> (@Sendable (Response) -> Void)? in
            switch state {
            case .empty:
                state = .delivered(response)
                return nil
            case .forwarding(let deliver):
                state = .done
                return deliver
            case .delivered, .done:
                return nil
            }
        }
        forward?(response)
    }

    /// The response delivered so far, taken; nil while none has come.
    func takeIfDelivered() -> Response? {
        state.withLock { state in
            guard case .delivered(let response) = state else { return nil }
            state = .done
            return response
        }
    }

    func forward(to deliver: @escaping @Sendable (Response) -> Void) {
        let ready = state.withLock { state -> Response? in
            switch state {
            case .empty:
                state = .forwarding(deliver)
                return nil
            case .delivered(let response):
                state = .done
                return response
            case .forwarding, .done:
                return nil
            }
        }
        if let ready { deliver(ready) }
    }
}
