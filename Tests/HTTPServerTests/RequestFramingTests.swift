import Dispatch
import Foundation
import Glibc
@testable import HTTPServer
import Synchronization
import TestSupport
import Testing

/// Requests whose body libmicrohttpd 0.9.75 would frame otherwise than a proxy in front of it, or that no server should
/// act on: answered before the body is read, without reaching the responder, and the connection closed.
@Suite(.serialized) struct RequestFramingTests {
    private let log = RequestLog()
    private let server: Server

    init() throws {
        var configuration = ServerConfiguration.ephemeral
        configuration.maxBodySize = 100
        let log = log
        server = Server(configuration: configuration) { request in
            log.record(request)
            var headers: HTTPHeaders = [:]
            headers.add("X-Body-Limit-Exceeded", request.bodyLimitExceeded ? "true" : "false")
            return Response(status: 200, headers: headers, body: Array("\(request.method) \(request.path)".utf8))
        }
        try server.start()
    }

    /// Sends the bytes on a new connection: the response, and whether the server closed the connection after it.
    private func exchange(_ text: String) throws -> (HTTPResponse, closed: Bool) {
        let connection = try HTTPClient(port: server.port)
        try connection.write(text)
        let response = try connection.readResponse()
        return (response, try connection.peerHasClosed())
    }

    @Test(arguments: [
        ("Transfer-Encoding: gzip, chunked\r\n", 501),
        ("Transfer-Encoding: identity\r\n", 501),
        ("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", 501),
        ("Transfer-Encoding: chunked\r\nContent-Length: 9\r\n", 400),
        ("Content-Length: 9\r\nTRANSFER-ENCODING: CHUNKED\r\n", 400),
        ("Transfer-Encoding : chunked\r\n", 400),
        ("Host: second\r\nTransfer-Encoding: chunked\r\n", 400),
    ])
    func bodyThatCannotBeFramedIsRefused(fields: String, status: Int) throws {
        defer { server.shutdown(drainTimeout: .zero) }
        let (response, closed) = try exchange("POST /framing HTTP/1.1\r\nHost: localhost\r\n\(fields)\r\n4\r\nbody\r\n0\r\n\r\n")
        #expect(response.status == status)
        #expect(closed)
        #expect(log.last(path: "/framing") == nil)
    }

    @Test func chunkedBodyIsStillRead() throws {
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        try connection.write("POST /chunked HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: Chunked\r\n\r\n4\r\nbody\r\n0\r\n\r\n")
        #expect(try connection.readResponse().status == 200)
        #expect(try #require(log.last(path: "/chunked")).body == Array("body".utf8))
    }

    @Test func hostIsRequiredFromHTTP11On() throws {
        defer { server.shutdown(drainTimeout: .zero) }
        let (missing, closed) = try exchange("GET /no-host HTTP/1.1\r\n\r\n")
        #expect(missing.status == 400)
        #expect(closed)
        #expect(log.last(path: "/no-host") == nil)
        let (old, _) = try exchange("GET /http10 HTTP/1.0\r\n\r\n")
        #expect(old.status == 200)
    }

    /// No 100 Continue: the responder answers at once for a request whose body it would refuse.
    @Test func expectContinueWithABodyBeyondTheLimitIsAnsweredAtOnce() throws {
        defer { server.shutdown(drainTimeout: .zero) }
        let (response, closed) = try exchange(
            "PUT /large HTTP/1.1\r\nHost: localhost\r\nContent-Length: 101\r\nExpect: 100-Continue\r\n\r\n")
        #expect(response.status == 200)
        #expect(response.header("X-Body-Limit-Exceeded") == "true")
        #expect(closed)
        let request = try #require(log.last(path: "/large"))
        #expect(request.bodyLimitExceeded)
        #expect(request.body.isEmpty)
    }

    @Test func expectContinueWithinTheLimitStillGetsItsInterimResponse() throws {
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        try connection.write("PUT /small HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n")
        #expect(try connection.readResponse().status == 100)
    }

    /// A responder that would answer later is not called: the server answers 413 itself.
    @Test func expectContinueBeyondTheLimitToALaterResponderGets413() throws {
        defer { server.shutdown(drainTimeout: .zero) }
        var configuration = ServerConfiguration.ephemeral
        configuration.maxBodySize = 100
        let started = Atomic<Int>(0)
        let later = Server(configuration: configuration) { _ in
            .later { deliver in
                started.add(1, ordering: .relaxed)
                deliver(Response(status: 200))
            }
        }
        try later.start()
        defer { later.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: later.port)
        try connection.write("PUT /large HTTP/1.1\r\nHost: localhost\r\nContent-Length: 101\r\nExpect: 100-continue\r\n\r\n")
        #expect(try connection.readResponse().status == 413)
        #expect(try connection.peerHasClosed())
        #expect(started.load(ordering: .relaxed) == 0)
    }
}
