import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct HTTPResponse: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object (or nil).
    var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
    }
}

enum HTTPClientError: Error {
    case connectFailed(Int32)
    case closed
    case malformedResponse(String)
}

/// One keep-alive HTTP/1.1 connection over a plain socket: it can also send bytes no well-behaved client would.
final class HTTPClient {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, host: String = "127.0.0.1") throws {
        fd = try Self.connected(port: port, host: host)
    }

    deinit { close(fd) }

    /// A connected socket. Closed here on failure, before `fd` is set: an initializer that throws once every stored
    /// property is set still runs `deinit`, whose second close would hit whatever descriptor another test's thread
    /// had opened under that number meanwhile (seen: another test's connection reset, a server's pipe read failing).
    private static func connected(port: Int, host: String) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HTTPClientError.connectFailed(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw HTTPClientError.connectFailed(code)
        }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    func send(_ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws -> HTTPResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try write(Array(head.utf8) + (body ?? []))
        return try readResponse(method: method)
    }

    /// A JSON body with its content type.
    func send(_ method: String, _ path: String, json: String, headers: [(String, String)] = []) throws -> HTTPResponse {
        try send(method, path, headers: [("Content-Type", "application/json")] + headers, body: Array(json.utf8))
    }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw HTTPClientError.closed }
            offset += sent
        }
    }

    func readResponse(method: String = "GET") throws -> HTTPResponse {
        let headerEnd = try readUntil([13, 10, 13, 10])
        let head = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw HTTPClientError.malformedResponse(head) }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = HTTPResponse(status: status, headers: headers, body: [])
        if method == "HEAD" || status == 204 || status == 304 { return response }
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            response.body = try readChunked()
        } else {
            let length = Int(response.header("Content-Length") ?? "0") ?? 0
            try fill(length)
            response.body = Array(buffer[..<length])
            buffer.removeFirst(length)
        }
        return response
    }

    /// Shuts down the sending side, as `nc -N` does once its request is out: the server reads the end of the stream.
    func finishSending() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// True when the server has closed its side (a read returns end of file).
    func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) == 0
    }

    /// True when the server closes its side within `seconds`, whatever bytes it sends before (libmicrohttpd sends some
    /// errors' header block twice).
    func isClosedByPeer(afterDrainingFor seconds: Int) -> Bool {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        buffer.removeAll()
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if received == 0 || (received < 0 && errno == ECONNRESET) { return true }
            if received < 0 { return false }
        }
    }

    private func readChunked() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let lineEnd = try readUntil([13, 10])
            let size = Int(String(decoding: buffer[..<lineEnd], as: UTF8.self).split(separator: ";")[0], radix: 16) ?? 0
            buffer.removeFirst(lineEnd + 2)
            try fill(size + 2)
            body += buffer[..<size]
            buffer.removeFirst(size + 2)
            if size == 0 { return body }
        }
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        var searchFrom = 0
        while true {
            if buffer.count >= marker.count {
                for start in searchFrom...(buffer.count - marker.count) where Array(buffer[start..<start + marker.count]) == marker {
                    return start
                }
                searchFrom = buffer.count - marker.count + 1
            }
            try receive()
        }
    }

    private func fill(_ count: Int) throws {
        while buffer.count < count { try receive() }
    }

    private func receive() throws {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard received > 0 else { throw HTTPClientError.closed }
        buffer += chunk[..<received]
    }
}
