import Glibc

public struct ServerConfiguration: Sendable {
    /// IPv4 or IPv6 literal (brackets allowed), or "localhost" (meaning 127.0.0.1). "::" listens on both
    /// IPv6 and IPv4; IPv4 clients then appear with their IPv4 address in `Request.peerAddress`.
    public var host: String = "127.0.0.1"
    /// 0 asks the system for a free port; `Server.port` tells which one.
    public var port: Int = 8080
    /// Threads in libmicrohttpd's pool, each with its own epoll loop. At least 2: a single epoll thread in
    /// libmicrohttpd 0.9.75 stalls at 128 concurrent connections.
    public var threads: Int
    public var connectionLimit: Int = 10_000
    /// 0 means unlimited.
    public var perIPConnectionLimit: Int = 0
    /// Seconds a connection may stay idle before it is closed.
    public var connectionTimeout: Int = 30
    /// Memory per connection; bounds the request line plus headers (larger requests get 431 or 414 from libmicrohttpd).
    public var connectionMemoryLimit: Int = 64 * 1024
    /// Bodies larger than this are read and discarded; the responder sees `Request.bodyLimitExceeded`.
    public var maxBodySize: Int = 64 * 1024

    public init() {
        threads = max(2, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}

public enum HTTPServerError: Error, Sendable, Equatable {
    /// libmicrohttpd refused to start (port in use, address not available, …).
    case startFailed(String)
    /// A configuration value is out of range or the host is not an IP literal.
    case invalidConfiguration(String)
    /// `start()` was called on a server that is running or has been shut down.
    case alreadyStarted
}
