/// One HTTP request as the responder sees it: fully received, body included.
///
/// Noncopyable, and lent to the responder for the call, so that it is neither copied nor destroyed on its way
/// there: a responder that answers later copies the fields it needs.
public struct Request: ~Copyable, Sendable {
    /// The method exactly as sent ("GET", "POST", …).
    public var method: String
    /// The path of the request target as sent: its bytes, without the query, not percent-decoded. Bytes in a buffer
    /// the connection reuses, shared by the router, the route parameters and the handlers without an allocation per
    /// request: the hot path reads these, and `path` makes the text.
    public let pathUTF8: [UInt8]
    /// The path as text, made at each use (a problem's `instance`, a log line); invalid UTF-8 is replaced.
    public var path: String { String(decoding: pathUTF8, as: UTF8.self) }
    /// The raw query string after '?', if the target had one.
    public var query: String?
    /// The header fields as received; fixed, so that what is derived from them below stays true.
    public let headers: RequestHeaders
    public var body: [UInt8]
    /// True when the body was larger than `ServerConfiguration.maxBodySize`; `body` is then empty.
    public var bodyLimitExceeded: Bool
    /// The client's IP address as text ("127.0.0.1", "::1").
    public var peerAddress: String
    /// True when the request carried Content-Length fields with different values, the shape of request smuggling
    /// (RFC 9112 §6.3): the body's framing cannot be trusted, so the connection is closed after the response.
    /// Worked out once, when the request is made: the server and the responder both ask.
    public let hasConflictingContentLength: Bool

    public init(
        method: String,
        path: String,
        query: String? = nil,
        headers: RequestHeaders = [:],
        body: [UInt8] = [],
        bodyLimitExceeded: Bool = false,
        peerAddress: String = "127.0.0.1"
    ) {
        self.init(
            method: method, pathUTF8: Array(path.utf8), query: query, headers: headers, body: body,
            bodyLimitExceeded: bodyLimitExceeded, peerAddress: peerAddress,
            hasConflictingContentLength: headers.hasDifferentValues("Content-Length"))
    }

    /// For the server, which has already looked for conflicting Content-Length fields.
    init(
        method: String, pathUTF8: [UInt8], query: String?, headers: RequestHeaders, body: [UInt8], bodyLimitExceeded: Bool,
        peerAddress: String, hasConflictingContentLength: Bool
    ) {
        self.method = method
        self.pathUTF8 = pathUTF8
        self.query = query
        self.headers = headers
        self.hasConflictingContentLength = hasConflictingContentLength
        self.body = body
        self.bodyLimitExceeded = bodyLimitExceeded
        self.peerAddress = peerAddress
    }
}
