/// One HTTP response. The server adds `Content-Length` and `Date` itself; for HEAD requests it sends the
/// headers of this response without its body.
public struct Response: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Turns a request into a response. Called synchronously on one of the server's threads, so it must not block
/// for long: a blocked responder holds one of `ServerConfiguration.threads`.
public typealias Responder = @Sendable (Request) -> Response
