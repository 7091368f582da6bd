import Glibc

/// One HTTP GET over a plain socket, for `calculator-server healthcheck`: a container image need not carry curl for
/// its health check, and FoundationNetworking would bring libcurl.
enum HealthProbe {
    /// The status code `GET path` gets from host:port, or nil when no address of the host answered with an HTTP
    /// status line within `seconds` per step (connect, send, receive).
    static func status(host: String, port: Int, path: String, timeout seconds: Int) -> Int? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return nil }
        defer { freeaddrinfo(first) }
        let hostField = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        let request = Array("GET \(path) HTTP/1.1\r\nHost: \(hostField)\r\nConnection: close\r\n\r\n".utf8)
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            if let status = status(at: address.pointee, sending: request, timeout: seconds) { return status }
            entry = address.pointee.ai_next
        }
        return nil
    }

    private static func status(at address: addrinfo, sending request: [UInt8], timeout seconds: Int) -> Int? {
        let fd = socket(address.ai_family, address.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), address.ai_protocol)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        // On Linux the send timeout bounds connect() as well.
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard connect(fd, address.ai_addr, address.ai_addrlen) == 0 else { return nil }
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return nil }
            sent += count
        }
        var head: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while head.count < 1_024, !head.contains(UInt8(ascii: "\n")) {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            head += chunk[..<count]
        }
        return statusCode(inStatusLine: head)
    }

    /// "HTTP/1.1 200 OK" → 200.
    static func statusCode(inStatusLine bytes: [UInt8]) -> Int? {
        let line = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let parts = line.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].count == 3 else { return nil }
        return Int(parts[1])
    }
}
