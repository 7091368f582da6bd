// A minimal blocking HTTP/1.1 client over POSIX sockets, so the live tests see exactly the bytes on the wire.
import Glibc
import HTTPServer

enum TestClientError: Error, Equatable {
    case connectFailed(errno: Int32)
    case writeFailed(errno: Int32)
    case readFailed(errno: Int32)
    case closedByPeer
    case malformed(String)
}

struct ClientResponse {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// One TCP connection; several requests may be sent on it in turn (keep-alive).
final class TestConnection {
    private let socket: Int32
    private var buffered: [UInt8] = []

    init(port: Int, host: String = "127.0.0.1") throws {
        let isIPv6 = host.contains(":")
        let fd = Glibc.socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestClientError.connectFailed(errno: errno) }
        // A generous receive timeout only so a broken server fails the test instead of hanging it.
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let result: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard result == 0 else {
            let failure = errno
            Glibc.close(fd)
            throw TestClientError.connectFailed(errno: failure)
        }
        socket = fd
    }

    deinit {
        Glibc.close(socket)
    }

    func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw TestClientError.writeFailed(errno: errno) }
            sent += count
        }
    }

    func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    /// Sends a request with Content-Length framing when there is a body.
    func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []) throws {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try write(Array(head.utf8) + body)
    }

    func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []) throws -> ClientResponse {
        try send(method, target, headers: headers, body: body)
        return try readResponse(toHead: method == "HEAD")
    }

    /// Reads one response framed by Content-Length (a HEAD response has no body whatever its Content-Length says).
    func readResponse(toHead: Bool = false) throws -> ClientResponse {
        let headEnd = try readUntilHeadEnd()
        let head = String(decoding: buffered[..<headEnd], as: UTF8.self)
        buffered.removeFirst(headEnd + 4)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            throw TestClientError.malformed(head)
        }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw TestClientError.malformed(String(line)) }
            headers.add(String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        var length = 0
        if !toHead, status >= 200, status != 204, status != 304 {
            guard let declared = headers["Content-Length"].flatMap({ Int($0) }) else {
                throw TestClientError.malformed("no Content-Length: \(head)")
            }
            length = declared
        }
        while buffered.count < length { try fill() }
        let body = Array(buffered[..<length])
        buffered.removeFirst(length)
        return ClientResponse(status: status, headers: headers, body: body)
    }

    /// Shuts down the sending side once a request is out, as `nc -N` does: the server reads the end of the stream.
    func finishSending() {
        Glibc.shutdown(socket, Int32(SHUT_WR))
    }

    /// True when the server has closed its side: a read returns end of stream.
    func peerHasClosed() throws -> Bool {
        do {
            try fill()
            return false
        } catch TestClientError.closedByPeer {
            return true
        } catch TestClientError.readFailed(let code) where code == ECONNRESET {
            return true
        }
    }

    private func readUntilHeadEnd() throws -> Int {
        while true {
            if let end = headEnd() { return end }
            try fill()
        }
    }

    private func headEnd() -> Int? {
        guard buffered.count >= 4 else { return nil }
        for index in 0...(buffered.count - 4)
        where buffered[index] == 13 && buffered[index + 1] == 10 && buffered[index + 2] == 13 && buffered[index + 3] == 10 {
            return index
        }
        return nil
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count == 0 { throw TestClientError.closedByPeer }
        guard count > 0 else { throw TestClientError.readFailed(errno: errno) }
        buffered.append(contentsOf: chunk[..<count])
    }
}

/// For a shutdown running on another thread: polls until the server stops accepting (connections made before that
/// are simply dropped) and returns the error that ended the polling.
func waitForRefusal(port: Int) -> TestClientError? {
    for _ in 0..<5_000 {
        do {
            _ = try TestConnection(port: port)
            usleep(1_000)
        } catch TestClientError.connectFailed(errno: ECONNRESET) {
            continue  // a handshake caught while the listening socket shut down; the next try settles it
        } catch let error as TestClientError {
            return error
        } catch {
            return nil
        }
    }
    return nil
}
