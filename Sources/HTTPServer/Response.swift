/// One HTTP response. The server adds `Content-Length` and `Date` itself; for HEAD requests it sends the
/// headers of this response without its body.
///
/// A responder that cannot answer at once (its work waits for a disk sync, say) returns `Response.later`: the server
/// parks the connection and its thread goes on serving others until the response is delivered.
public struct Response: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// The work that delivers this response when it is not ready yet; nil for a response that is.
    let deferred: Deferred?

    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
        self.deferred = nil
    }

    private init(deferred: Deferred) {
        self.status = 0
        self.headers = HTTPHeaders()
        self.body = []
        self.deferred = deferred
    }

    /// A response that is not ready yet. The server parks the connection, then calls `start` with `deliver`, which
    /// must be called exactly once, from any thread, with the response to send (later calls are ignored). Until then
    /// the request counts as in progress: a server shutting down waits for it up to its drain timeout, then closes
    /// the connection. Parking costs a few system calls, so answer at once whenever the answer is ready.
    public static func later(_ start: @escaping @Sendable (_ deliver: @escaping @Sendable (Response) -> Void) -> Void) -> Response {
        Response(deferred: Deferred(start: start, finish: nil))
    }

    /// True for a response made by `later`; its status, headers and body mean nothing yet.
    public var isLater: Bool { deferred != nil }

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
