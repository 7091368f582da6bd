import Dispatch
import Foundation
import Glibc
@testable import HTTPServer
import Threading
import TestSupport
import Testing

/// Remembers every request the responder was given, so tests check what the server delivered, not what it echoed.
final class RequestLog: Sendable {
    /// What a test reads of a request: the server lends a `Request` to the responder only for the call.
    struct Entry: Sendable {
        let method: String
        let path: String
        let query: String?
        let headers: RequestHeaders
        let body: [UInt8]
        let bodyLimitExceeded: Bool
        let peerAddress: String
        let hasConflictingContentLength: Bool
    }

    private let requests = Lock<[Entry]>([])

    func record(_ request: borrowing Request) {
        let entry = Entry(
            method: request.method, path: request.path, query: request.query, headers: request.headers, body: request.body,
            bodyLimitExceeded: request.bodyLimitExceeded, peerAddress: request.peerAddress,
            hasConflictingContentLength: request.hasConflictingContentLength)
        requests.withLock { $0.append(entry) }
    }

    var all: [Entry] { requests.withLock { $0 } }

    func last(path: String) -> Entry? {
        requests.withLock { $0.last { $0.path == path } }
    }
}

extension ServerConfiguration {
    static var ephemeral: ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.port = 0
        return configuration
    }
}

/// Starts a server on an ephemeral port whose responder echoes: the body back (or "METHOD path" when there is
/// none), and the method, path and body-limit flag in headers.
func startEchoServer(
    _ configuration: ServerConfiguration = .ephemeral
) throws -> (server: Server, log: RequestLog) {
    let log = RequestLog()
    let server = Server(configuration: configuration) { request in
        log.record(request)
        var headers: HTTPHeaders = ["Content-Type": "application/octet-stream"]
        headers.add("X-Method", request.method)
        headers.add("X-Path", request.path)
        headers.add("X-Body-Limit-Exceeded", request.bodyLimitExceeded ? "true" : "false")
        let body = request.body.isEmpty ? Array("\(request.method) \(request.path)".utf8) : request.body
        return Response(status: 200, headers: headers, body: body)
    }
    try server.start()
    return (server, log)
}

private func pattern(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) }
}

// Serialized: the tests block on sockets, and on 2 cores parallel blocking tests only compete for the same threads.
@Suite(.serialized) struct ServerTests {
    @Test(arguments: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
    func everyMethodReachesTheResponderWithTargetHeadersAndBody(method: String) throws {
        let (server, log) = try startEchoServer()
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        let body = ["POST", "PUT", "PATCH"].contains(method) ? Array("{\"key\": \"7\"}".utf8) : []
        let response = try connection.send(
            method, "/sessions/a%20b/press?trace=1&x=%2F",
            headers: [("X-Custom-Thing", "Some Value"), ("content-type", "application/json")],
            body: body.isEmpty ? nil : body
        )
        #expect(response.status == 200)
        let request = try #require(log.last(path: "/sessions/a%20b/press"))
        #expect(request.method == method)
        #expect(request.query == "trace=1&x=%2F")
        #expect(request.headers["x-custom-thing"] == "Some Value")
        #expect(request.headers["X-CUSTOM-THING"] == "Some Value")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.headers["Host"] == "localhost")
        #expect(request.body == body)
        #expect(request.bodyLimitExceeded == false)
        #expect(request.peerAddress == "127.0.0.1")
    }

    @Test func headerFieldsReachTheResponderAsSentInOrderAndDisagreeingContentLengthsAreFlagged() throws {
        let (server, log) = try startEchoServer()
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        try connection.write(
            "POST /fields HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\nACCEPT: */*\r\n"
                + "Idempotency-Key: k1\r\nX-Other: application/json\r\nContent-Length: 2\r\ncontent-length: 2\r\n\r\n{}")
        #expect(try connection.readResponse().status == 200)
        let request = try #require(log.last(path: "/fields"))
        #expect(request.headers.map(\.name) == ["Host", "content-type", "ACCEPT", "Idempotency-Key", "X-Other", "Content-Length", "content-length"])
        #expect(request.headers.map(\.value) == ["localhost", "application/json", "*/*", "k1", "application/json", "2", "2"])
        #expect(request.hasConflictingContentLength == false)

        let conflicting = try HTTPClient(port: server.port)
        try conflicting.write("POST /conflict HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\ncontent-length: 3\r\n\r\n{}")
        _ = try conflicting.readResponse()
        #expect(try #require(log.last(path: "/conflict")).hasConflictingContentLength)
    }

    @Test func targetWithoutQueryHasNilQueryAndEmptyQueryIsKept() throws {
        let (server, log) = try startEchoServer()
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        _ = try connection.send("GET", "/plain")
        _ = try connection.send("GET", "/empty?")
        #expect(try #require(log.last(path: "/plain")).query == nil)
        #expect(try #require(log.last(path: "/empty")).query == "")
    }

    /// libmicrohttpd lends the target as a C string, so a NUL in it would hand the responder a shorter path than the
    /// one sent (`DELETE /sessions/<id>\0/press` reached the session itself). Such a request gets a 400 and a
    /// closed connection, and no responder sees it; targets it must not catch still arrive as sent.
    @Test(arguments: [
        "DELETE /a\u{0}/b HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /a\u{0} HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /a?q\u{0}r HTTP/1.1\r\nHost: x\r\n\r\n",
        "POST /a\u{0}x HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}",
    ])
    func targetWithANulIsRefusedBeforeTheResponder(_ request: String) throws {
        let (server, log) = try startEchoServer()
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        try connection.write(request)
        let response = try connection.readResponse()
        #expect(response.status == 400)
        #expect(response.header("Content-Type") == "application/problem+json")
        let problem = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(problem["type"] as? String == "about:blank")
        #expect(problem["status"] as? Int == 400)
        #expect(problem["title"] as? String == "Bad Request")
        #expect((problem["detail"] as? String)?.contains("NUL") == true)
        #expect(try connection.peerHasClosed())
        #expect(log.all.isEmpty)
        // The refused request stops counting as in progress once its connection is closed.
        _ = eventually { server.requestsInProgress == 0 }
        #expect(server.requestsInProgress == 0)

        let next = try HTTPClient(port: server.port)
        #expect(try next.send("GET", "/a").text == "GET /a")
    }

    @Test func targetsWithoutANulArriveWhole() throws {
        var configuration = ServerConfiguration.ephemeral
        configuration.connectionMemoryLimit = 64 * 1024
        let (server, log) = try startEchoServer(configuration)
        defer { server.shutdown(drainTimeout: .zero) }
        // HTTP/1.0; spaces before the version; a long target with header fields large enough that libmicrohttpd grows
        // its read buffer after the request line.
        let longPath = "/" + String(repeating: "p", count: 3_000)
        let requests = [
            ("GET /ten?x=1 HTTP/1.0\r\nHost: x\r\n\r\n", "/ten"),
            ("GET /spaced   HTTP/1.1\r\nHost: x\r\n\r\n", "/spaced"),
            ("GET \(longPath)?q HTTP/1.1\r\nHost: x\r\nX-Filler: \(String(repeating: "f", count: 20_000))\r\n\r\n", longPath),
        ]
        for (request, path) in requests {
            let connection = try HTTPClient(port: server.port)
            try connection.write(request)
            #expect(try connection.readResponse().status == 200, "\(path.prefix(20))")
            #expect(log.all.contains { $0.path.hasPrefix(path) }, "\(path.prefix(20))")
        }
    }

    @Test func responseStatusHeadersAndBodyReachTheClient() throws {
        let server = Server(configuration: .ephemeral) { _ in
            var headers: HTTPHeaders = ["Location": "/sessions/abc", "ETag": "\"3\""]
            headers.add("Vary", "Accept")
            headers.add("Vary", "Origin")
            return Response(status: 201, headers: headers, body: Array("{\"id\":\"abc\"}".utf8))
        }
        try server.start()
        defer { server.shutdown(drainTimeout: .zero) }
        let response = try HTTPClient(port: server.port).send("POST", "/sessions", body: [])
        #expect(response.status == 201)
        #expect(response.header("location") == "/sessions/abc")
        #expect(response.header("ETag") == "\"3\"")
        #expect(response.headerValues("Vary") == ["Accept", "Origin"])
        #expect(response.header("Content-Length") == "12")
        #expect(response.text == "{\"id\":\"abc\"}")
    }

    @Test func bodySentInSeveralWritesArrivesWhole() throws {
        let (server, log) = try startEchoServer()
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        let body = pattern(3_000)
        try connection.write("PUT /pieces HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(body.count)\r\n\r\n")
        for start in stride(from: 0, to: body.count, by: 1_000) {
            usleep(20_000)  // only to make separate TCP segments likely; nothing is asserted about time
            try connection.write(Array(body[start..<(start + 1_000)]))
        }
        let response = try connection.readResponse()
        #expect(response.body == body)
        #expect(try #require(log.last(path: "/pieces")).body == body)
    }

    @Test func chunkedRequestBodyIsReassembled() throws {
        let (server, log) = try startEchoServer()
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        try connection.write("POST /chunked HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n")
        try connection.write("5\r\nhello\r\n")
        usleep(20_000)
        try connection.write("6\r\n world\r\n")
        try connection.write("0\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.text == "hello world")
        #expect(try #require(log.last(path: "/chunked")).body == Array("hello world".utf8))
    }

    @Test func bodyUpToTheLimitIsDelivered() throws {
        var configuration = ServerConfiguration.ephemeral
        configuration.maxBodySize = 60_000
        let (server, log) = try startEchoServer(configuration)
        defer { server.shutdown(drainTimeout: .zero) }
        let body = pattern(60_000)
        let response = try HTTPClient(port: server.port).send("POST", "/big", body: body)
        #expect(response.header("X-Body-Limit-Exceeded") == "false")
        let request = try #require(log.last(path: "/big"))
        #expect(request.bodyLimitExceeded == false)
        #expect(request.body == body)
    }

    @Test func bodyOverTheLimitIsFlaggedAndTheConnectionStaysUsable() throws {
        var configuration = ServerConfiguration.ephemeral
        configuration.maxBodySize = 1_000
        let (server, log) = try startEchoServer(configuration)
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)

        // Declared too large by Content-Length.
        let declared = try connection.send("POST", "/declared", body: pattern(70_000))
        #expect(declared.header("X-Body-Limit-Exceeded") == "true")
        let declaredRequest = try #require(log.last(path: "/declared"))
        #expect(declaredRequest.bodyLimitExceeded)
        #expect(declaredRequest.body.isEmpty)

        // Found too large only while streaming (chunked: no length up front).
        try connection.write("POST /streamed HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in 0..<3 { try connection.write("258\r\n" + String(repeating: "x", count: 600) + "\r\n") }
        try connection.write("0\r\n\r\n")
        let streamed = try connection.readResponse()
        #expect(streamed.header("X-Body-Limit-Exceeded") == "true")
        let streamedRequest = try #require(log.last(path: "/streamed"))
        #expect(streamedRequest.bodyLimitExceeded)
        #expect(streamedRequest.body.isEmpty)

        // The oversized bodies were consumed, so the same connection still frames the next request correctly.
        let next = try connection.send("POST", "/after", body: Array("ok".utf8))
        #expect(next.status == 200)
        #expect(next.text == "ok")
    }

    @Test func keepAliveServesTwoRequestsOnOneConnection() throws {
        let (server, _) = try startEchoServer()
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        let first = try connection.send("GET", "/one")
        let second = try connection.send("POST", "/two", body: Array("2".utf8))
        let third = try connection.send("GET", "/three")
        #expect([first.text, second.text, third.text] == ["GET /one", "2", "GET /three"])
        for response in [first, second, third] {
            #expect(response.header("Connection")?.lowercased() != "close")
        }
    }

    @Test func clientAskingToCloseGetsTheConnectionClosed() throws {
        let (server, _) = try startEchoServer()
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        let response = try connection.send("GET", "/bye", headers: [("Connection", "close")])
        #expect(response.status == 200)
        #expect(try connection.peerHasClosed())
    }

    @Test func headSendsHeadersWithoutBody() throws {
        let (server, log) = try startEchoServer()
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        let get = try connection.send("GET", "/resource")
        let head = try connection.send("HEAD", "/resource")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        // The length of the body the responder gave ("HEAD /resource"), not sent.
        #expect(head.header("Content-Length") == "14")
        #expect(head.header("X-Method") == "HEAD")
        #expect(try #require(log.last(path: "/resource")).method == "HEAD")
        // The next response parses cleanly only if the HEAD response really carried no body bytes.
        let after = try connection.send("GET", "/after-head")
        #expect(after.text == "GET /after-head")
        #expect(get.text == "GET /resource")
    }

    @Test func hundredConcurrentConnectionsFromSeveralThreadsAreAllAnswered() throws {
        let (server, log) = try startEchoServer()
        defer { server.shutdown(drainTimeout: .zero) }
        let port = server.port
        let threads = 4
        let perThread = 25
        let answers = Lock<[String: String]>([:])
        let failures = Lock<[String]>([])
        let group = DispatchGroup()
        for thread in 0..<threads {
            DispatchQueue.global().async(group: group) {
                do {
                    // Open every connection and send every request before reading any answer, so all
                    // 100 requests are outstanding at once.
                    var open: [(String, HTTPClient)] = []
                    for index in 0..<perThread {
                        let path = "/concurrent/\(thread)/\(index)"
                        let connection = try HTTPClient(port: port)
                        try connection.writeRequest("GET", path)
                        open.append((path, connection))
                    }
                    for (path, connection) in open {
                        let response = try connection.readResponse()
                        answers.withLock { $0[path] = response.text }
                    }
                } catch {
                    failures.withLock { $0.append("thread \(thread): \(error)") }
                }
            }
        }
        group.wait()
        #expect(failures.withLock { $0 } == [])
        let received = answers.withLock { $0 }
        #expect(received.count == threads * perThread)
        for (path, text) in received {
            #expect(text == "GET \(path)")
        }
        #expect(Set(log.all.map(\.path)).count == threads * perThread)
    }

    @Test func oversizedHeadersAndAbortedRequestsLeaveTheServerServing() throws {
        var configuration = ServerConfiguration.ephemeral
        configuration.connectionMemoryLimit = 8 * 1024
        let (server, log) = try startEchoServer(configuration)
        // No drain: libmicrohttpd notices the aborted upload only at the connection timeout.
        defer { server.shutdown(drainTimeout: .zero) }

        let huge = try HTTPClient(port: server.port)
        let rejected = try huge.send("GET", "/huge", headers: [("X-Filler", String(repeating: "a", count: 16 * 1024))])
        #expect(rejected.status >= 400)

        let aborted = try HTTPClient(port: server.port)
        try aborted.write("POST /aborted HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\nonly part")
        _ = consume aborted

        #expect(try HTTPClient(port: server.port).send("GET", "/fine").text == "GET /fine")
        #expect(log.last(path: "/huge") == nil)
        #expect(log.last(path: "/aborted") == nil)
    }

    @Test func abandonedRequestStopsCountingWhenItsConnectionGoesAway() throws {
        var configuration = ServerConfiguration.ephemeral
        configuration.connectionTimeout = 1
        let (server, log) = try startEchoServer(configuration)
        defer { server.shutdown(drainTimeout: .zero) }
        do {
            let aborted = try HTTPClient(port: server.port)
            try aborted.write("PUT /abandoned HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\npart")
            // Wait until the server has seen the request line, so the request really was in progress.
            _ = eventually { server.requestsInProgress != 0 }
            #expect(server.requestsInProgress == 1)
        }
        // Closed by the client, or at the latest by the 1 s connection timeout.
        _ = eventually { server.requestsInProgress == 0 }
        #expect(server.requestsInProgress == 0)
        #expect(log.last(path: "/abandoned") == nil)
        #expect(try HTTPClient(port: server.port).send("GET", "/next").status == 200)
    }

    @Test func headersLibmicrohttpdOwnsOrCannotSendAreDroppedNotForwarded() throws {
        let server = Server(configuration: .ephemeral) { request in
            var headers: HTTPHeaders = ["Content-Length": "999", "X-Evil": "a\r\nInjected: yes"]
            headers.add("X-Fine", "kept")
            return Response(status: request.path == "/bad-status" ? 42 : 200, headers: headers, body: Array("abc".utf8))
        }
        try server.start()
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        let response = try connection.send("GET", "/")
        #expect(response.header("Content-Length") == "3")
        #expect(response.text == "abc")
        #expect(response.header("Injected") == nil)
        #expect(response.header("X-Evil") == nil)
        #expect(response.header("X-Fine") == "kept")
        // A status outside 100...599 cannot go on the wire; it becomes 500.
        #expect(try connection.send("GET", "/bad-status").status == 500)
    }

    @Test func expectContinueIsAnsweredBeforeTheBodyIsSent() throws {
        let (server, log) = try startEchoServer()
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        try connection.write("PUT /expect HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        let interim = try connection.readResponse()
        #expect(interim.status == 100)
        try connection.write("hello")
        let final = try connection.readResponse()
        #expect(final.status == 200)
        #expect(try #require(log.last(path: "/expect")).body == Array("hello".utf8))
    }

    /// Each thread runs its own libmicrohttpd daemon, so the limit is kept across them: with 4 loops, the third
    /// connection would otherwise find a loop that has seen none.
    @Test(arguments: [1, 4]) func perIPConnectionLimitTurnsAwayExtraConnections(threads: Int) throws {
        var configuration = ServerConfiguration.ephemeral
        configuration.perIPConnectionLimit = 2
        configuration.threads = threads
        let (server, _) = try startEchoServer(configuration)
        defer { server.shutdown(drainTimeout: .zero) }
        let first = try HTTPClient(port: server.port)
        var second: HTTPClient? = try HTTPClient(port: server.port)
        #expect(try first.send("GET", "/1").status == 200)
        #expect(try second?.send("GET", "/2").status == 200)
        for attempt in 0..<8 {
            let extra = try HTTPClient(port: server.port)  // the kernel accepts; the server then drops it
            #expect(throws: HTTPClientError.self) { try extra.send("GET", "/extra/\(attempt)") }
        }
        #expect(try first.send("GET", "/1again").status == 200)
        // A closed connection gives its place back once the server has seen the close.
        second = nil
        var attempt = 0
        var admitted: Int?
        _ = eventually(every: .milliseconds(10)) {
            attempt += 1
            admitted = try? HTTPClient(port: server.port).send("GET", "/after-close/\(attempt)").status
            return admitted != nil
        }
        #expect(admitted == 200)
    }

    @Test func idleConnectionIsClosedAfterTheTimeout() throws {
        var configuration = ServerConfiguration.ephemeral
        configuration.connectionTimeout = 1
        let (server, _) = try startEchoServer(configuration)
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        #expect(try connection.send("GET", "/before-idle").status == 200)
        // Blocks until the server closes the idle connection (the client's own read timeout is far longer).
        #expect(try connection.peerHasClosed())
    }

    /// libmicrohttpd 0.9.75's own polling thread can sleep with 128 requests unread (see `Daemon`). Here a one-thread
    /// server is held in its responder while 128 other clients ask, so its next `epoll_wait` returns exactly 128
    /// events, the case that sends it back to sleep. Every client must be answered; each gives up after 20 s, well
    /// before the server's 30 s connection timeout would end such a sleep by itself.
    @Test func requestsArrivingAsAFullBatchOfEpollEventsAreAllAnswered() throws {
        var configuration = ServerConfiguration.ephemeral
        configuration.threads = 1
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server = Server(configuration: configuration) { request in
            if request.path == "/hold" {
                entered.signal()
                release.wait()
            }
            return Response(status: 200, body: Array(request.path.utf8))
        }
        try server.start()
        defer { server.shutdown(drainTimeout: .zero) }
        let holder = try HTTPClient(port: server.port)
        let clients = try (0..<128).map { _ in try HTTPClient(port: server.port) }
        for round in 0..<3 {
            try holder.writeRequest("GET", "/hold")
            entered.wait()
            for (index, client) in clients.enumerated() {
                try client.writeRequest("GET", "/round/\(round)/client/\(index)")
            }
            release.signal()
            #expect(try holder.readResponse().status == 200)
            for (index, client) in clients.enumerated() {
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.body == Array("/round/\(round)/client/\(index)".utf8))
            }
        }
    }
}
