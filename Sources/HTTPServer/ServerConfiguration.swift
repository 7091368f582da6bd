import Glibc

/// How a `Server` listens and what it accepts. Each setting's default is defined here, and the values it may take in
/// `Accepted`: a command line reads both (for its flags, their help and their checks) rather than restating them.
public struct ServerConfiguration: Sendable {
    /// IPv4 or IPv6 literal (brackets allowed), or "localhost" (meaning 127.0.0.1). "::" listens on both
    /// IPv6 and IPv4; IPv4 clients then appear with their IPv4 address in `Request.peerAddress`.
    public var host = "127.0.0.1"
    /// 0 asks the system for a free port; `Server.port` tells which one.
    public var port = 8080
    /// Event-loop threads, each running its own libmicrohttpd daemon on the shared listening socket. By default one
    /// per processor this process may run on (`taskset` and cgroup cpusets narrow that): no loop waits on a
    /// responder's slow work (that answers with `Response.later`), so more loops would only contend for the cores.
    public var threads: Int
    public var connectionLimit = 10_000
    /// 0 means unlimited.
    public var perIPConnectionLimit = 0
    /// Seconds a connection may stay idle before it is closed.
    public var connectionTimeout = 30
    /// Seconds a client has to send a request's line and header fields, counted from when its connection opens or its
    /// previous request ends (so they also bound a keep-alive connection's idle time between requests); past them the
    /// connection is closed without an answer, however steadily the bytes trickle in.
    public var headerTimeout = 30
    /// Memory per connection; bounds the request line plus headers (larger requests get 431 or 414 from libmicrohttpd).
    public var connectionMemoryLimit = 32_768
    /// Bodies larger than this are read and discarded; the responder sees `Request.bodyLimitExceeded`.
    public var maxBodySize = 65_536

    public init() {
        threads = Self.usableProcessors()
    }

    /// The defaults, for a command line's flags and their help.
    public static let defaults = ServerConfiguration()

    /// The values each setting may take: `Server.start()` refuses a configuration with others.
    public enum Accepted {
        public static let port = 0...65_535
        public static let threads = 1...1_024
        public static let connectionLimit = 1...1_000_000
        public static let perIPConnectionLimit = 0...1_000_000
        public static let connectionTimeout = 1...86_400
        public static let headerTimeout = 1...86_400
        public static let connectionMemoryLimit = 4_096...(16 << 20)
        public static let maxBodySize = 1...(64 << 20)
    }

    /// Throws `HTTPServerError.invalidConfiguration` for a setting outside `Accepted`.
    func validate() throws(HTTPServerError) {
        func require(_ range: ClosedRange<Int>, _ value: Int, _ name: String) throws(HTTPServerError) {
            guard range.contains(value) else {
                throw .invalidConfiguration("\(name) must be from \(range.lowerBound) to \(range.upperBound), not \(value)")
            }
        }
        try require(Accepted.port, port, "port")
        try require(Accepted.threads, threads, "threads")
        try require(Accepted.connectionLimit, connectionLimit, "connectionLimit")
        try require(Accepted.perIPConnectionLimit, perIPConnectionLimit, "perIPConnectionLimit")
        try require(Accepted.connectionTimeout, connectionTimeout, "connectionTimeout")
        try require(Accepted.headerTimeout, headerTimeout, "headerTimeout")
        try require(Accepted.connectionMemoryLimit, connectionMemoryLimit, "connectionMemoryLimit")
        try require(Accepted.maxBodySize, maxBodySize, "maxBodySize")
    }

    /// Processors in this process's affinity mask ("Cpus_allowed" in /proc/self/status), else the online ones.
    /// Glibc's `sched_getaffinity` is not visible from Swift.
    static func usableProcessors(status: String? = Self.processStatus()) -> Int {
        let online = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        guard let status,
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") })
        else { return online }
        var count = 0
        for character in line.dropFirst("Cpus_allowed:".count) {
            guard let nibble = character.hexDigitValue else { continue }
            count += nibble.nonzeroBitCount
        }
        return count > 0 ? min(count, online) : online
    }

    private static func processStatus() -> String? {
        let file = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(file, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
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
