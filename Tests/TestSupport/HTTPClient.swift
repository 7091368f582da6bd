import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a test client's exchange failed; the errno of the call that failed, where there is one.
public enum HTTPClientError: Error, Equatable {
    case connectFailed(errno: Int32)
    case writeFailed(errno: Int32)
    case readFailed(errno: Int32)
    case closedByPeer
    case malformed(String)

    /// The server has gone: end of stream, or a reset connection.
    public var isClosed: Bool {
        self == .closedByPeer || self == .readFailed(errno: ECONNRESET)
    }
}

/// One response as it came off the wire: its header fields in order, with repeats.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(String, String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first field named `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
    }

    /// Every field named `name` (any case), in order.
    public func headerValues(_ name: String) -> [String] {
        headers.filter { $0.0.caseInsensitiveCompare(name) == .orderedSame }.map(\.1)
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object (or nil).
    public var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
    }
}

/// One blocking HTTP/1.1 connection over a plain socket, so a test sees exactly the bytes on the wire and can send
/// bytes no well-behaved client would. Several requests may be sent on it in turn (keep-alive).
public final class HTTPClient {
    private let fd: Int32
    /// Bytes received and not yet consumed.
    public var buffer: [UInt8] = []

    /// `host` is IPv4, or IPv6 when it has a colon. `receiveBuffer`, when given, is the socket's receive buffer in
    /// bytes, so the window the server sees is that small.
    public init(port: Int, host: String = "127.0.0.1", receiveBuffer: Int32? = nil) throws {
        fd = try connectedSocket(host: host, port: port, receiveBuffer: receiveBuffer, timeoutMilliseconds: 30_000)
    }

    deinit { closeSocket(fd) }

    /// The client's end of the connection, as the server sees its peer.
    public var localPort: Int { TestSupport.localPort(fd) }

    /// How long a read waits before it fails (30 s unless set).
    public func setReceiveTimeout(milliseconds: Int) {
        TestSupport.setReceiveTimeout(fd, milliseconds: milliseconds)
    }

    public func write(_ bytes: [UInt8]) throws {
        try sendAll(fd, bytes)
    }

    public func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    /// Sends a request without reading its response; Content-Length framing when there is a body.
    public func writeRequest(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try write(Array(head.utf8) + (body ?? []))
    }

    /// Sends a request and reads its response.
    public func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws -> HTTPResponse {
        try writeRequest(method, target, headers: headers, body: body)
        return try readResponse(method: method)
    }

    /// A JSON body with its content type.
    public func send(_ method: String, _ target: String, json: String, headers: [(String, String)] = []) throws -> HTTPResponse {
        try send(method, target, headers: [("Content-Type", "application/json")] + headers, body: Array(json.utf8))
    }

    /// Reads one response to `method`, framed by Content-Length or chunked; an interim (1xx), 204 or 304 response,
    /// or one to HEAD, has no body whatever its Content-Length says.
    public func readResponse(method: String = "GET") throws -> HTTPResponse {
        var response = try readHead()
        if method == "HEAD" || response.status < 200 || response.status == 204 || response.status == 304 { return response }
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            while true {
                let chunk = try readChunk()
                if chunk.isEmpty { return response }
                response.body += chunk
            }
        }
        guard let length = response.header("Content-Length").flatMap({ Int($0) }) else {
            throw HTTPClientError.malformed("no Content-Length: \(response.headers)")
        }
        try fill(length)
        response.body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return response
    }

    /// A response's status line and header fields, its body left unread.
    public func readHead() throws -> HTTPResponse {
        let headEnd = try readUntil([13, 10, 13, 10])
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            throw HTTPClientError.malformed(head)
        }
        var headers: [(String, String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw HTTPClientError.malformed(String(line)) }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return HTTPResponse(status: status, headers: headers, body: [])
    }

    /// The next chunk of a chunked body; empty for its last chunk.
    public func readChunk() throws -> [UInt8] {
        let sizeEnd = try readUntil([13, 10])
        let sizeField = String(decoding: buffer[..<sizeEnd], as: UTF8.self)
        guard let size = sizeField.split(separator: ";").first.flatMap({ Int($0, radix: 16) }) else {
            throw HTTPClientError.malformed("chunk size \(sizeField)")
        }
        buffer.removeFirst(sizeEnd + 2)
        try fill(size + 2)
        let chunk = Array(buffer[..<size])
        buffer.removeFirst(size + 2)
        return chunk
    }

    /// Where `marker` starts in the buffer, receiving until it arrives.
    public func readUntil(_ marker: [UInt8]) throws -> Int {
        var searchFrom = 0
        while true {
            if buffer.count >= marker.count {
                for start in searchFrom...(buffer.count - marker.count) where buffer[start..<start + marker.count].elementsEqual(marker) {
                    return start
                }
                searchFrom = buffer.count - marker.count + 1
            }
            try receive()
        }
    }

    /// Receives until the buffer holds at least `count` bytes.
    public func fill(_ count: Int) throws {
        while buffer.count < count { try receive() }
    }

    /// One read from the socket into the buffer.
    public func receive() throws {
        let read = receiveOnce(fd, limit: 16_384)
        if read.result == 0 { throw HTTPClientError.closedByPeer }
        guard read.result > 0 else { throw HTTPClientError.readFailed(errno: read.error) }
        buffer += read.bytes
    }

    /// Shuts down the sending side once a request is out, as `nc -N` does: the server reads the end of the stream.
    public func finishSending() {
        shutdownSending(fd)
    }

    /// True when the server has closed its side (a read returns end of stream or a reset); false when bytes arrive.
    public func peerHasClosed() throws -> Bool {
        do {
            try receive()
            return false
        } catch let error as HTTPClientError where error.isClosed {
            return true
        }
    }

    /// True when the server closes its side within `seconds`, whatever bytes it sends before (libmicrohttpd sends some
    /// errors' header block twice).
    public func isClosedByPeer(afterDrainingFor seconds: Int) -> Bool {
        setReceiveTimeout(milliseconds: seconds * 1000)
        buffer.removeAll()
        while true {
            let read = receiveOnce(fd, limit: 4_096)
            if read.result == 0 || (read.result < 0 && read.error == ECONNRESET) { return true }
            if read.result < 0 { return false }
        }
    }
}

/// For a shutdown running on another thread: polls until the server stops accepting (connections made before that
/// are simply dropped) and returns the error that ended the polling; nil when it still accepts after 30 s.
public func waitForRefusal(port: Int) -> HTTPClientError? {
    var refusal: HTTPClientError?
    _ = eventually {
        do {
            _ = try HTTPClient(port: port)
            return false
        } catch HTTPClientError.connectFailed(errno: ECONNRESET) {
            return false  // a handshake caught while the listening socket shut down; the next try settles it
        } catch {
            refusal = error as? HTTPClientError
            return true
        }
    }
    return refusal
}
