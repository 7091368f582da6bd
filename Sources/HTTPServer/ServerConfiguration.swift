import Glibc

public struct ServerConfiguration: Sendable {
    /// IPv4 or IPv6 literal (brackets allowed), or "localhost" (meaning 127.0.0.1). "::" listens on both
    /// IPv6 and IPv4; IPv4 clients then appear with their IPv4 address in `Request.peerAddress`.
    public var host: String = "127.0.0.1"
    /// 0 asks the system for a free port; `Server.port` tells which one.
    public var port: Int = 8080
    /// Event-loop threads, each running its own libmicrohttpd daemon on the shared listening socket. By default one
    /// per processor this process may run on (`taskset` and cgroup cpusets narrow that).
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
        threads = Self.usableProcessors()
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
