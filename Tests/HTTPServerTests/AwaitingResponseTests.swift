import Dispatch
import Glibc
@testable import HTTPServer
import Threading
import TestSupport
import Testing

/// `Response.awaiting`: one handler for work that delivers at once and for work that delivers later.
// Serialized like ServerTests: blocking sockets on 2 cores.
@Suite(.serialized) struct AwaitingResponseTests {
    @Test func aDeliveryBeforeTheWorkReturnsIsSentAtOnceWithoutParking() throws {
        let returnedLater = Lock<[Bool]>([])
        let server = try startServer { request in
            let path = request.path
            let response = Response.awaiting { deliver in deliver(Response(status: 201, body: Array("now \(path)".utf8))) }
            returnedLater.withLock { $0.append(response.isLater) }
            return response
        }
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        for index in 0..<3 {
            let response = try connection.send("GET", "/now/\(index)")
            #expect(response.status == 201)
            #expect(response.text == "now /now/\(index)")
            #expect(response.header("Connection") == nil)
        }
        // The responder handed the server a ready response each time: no connection was parked.
        #expect(returnedLater.withLock { $0 } == [false, false, false])
    }

    @Test func aDeliveryFromAnotherThreadAfterTheWorkReturnsParksTheConnectionUntilItComes() throws {
        let held = HeldDeliveries()
        let returnedLater = Lock<[Bool]>([])
        // Signalled once the responder has returned (a delivery is held while its work is still running).
        let answered = DispatchSemaphore(value: 0)
        let server = try startServer { request in
            let path = request.path
            let response = Response.awaiting { deliver in
                held.hold { DispatchQueue.global().async { deliver(Response(status: 200, body: Array("later \(path)".utf8))) } }
            }
            returnedLater.withLock { $0.append(response.isLater) }
            answered.signal()
            return response
        }
        defer { server.shutdown(drainTimeout: .zero) }
        // More waiting connections than threads: a parked connection does not hold its thread.
        let connections = try (0..<6).map { index in
            let connection = try HTTPClient(port: server.port)
            try connection.writeRequest("GET", "/later/\(index)")
            return connection
        }
        held.waitForArrivals(connections.count)
        for _ in connections { answered.wait() }
        #expect(returnedLater.withLock { $0 } == Array(repeating: true, count: connections.count))
        #expect(server.requestsInProgress == connections.count)
        held.releaseAll()
        for (index, connection) in connections.enumerated() {
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "later /later/\(index)")
            #expect(response.header("Connection") == nil)
        }
        // libmicrohttpd reports a request complete after its response is written: wait for the count, bounded.
        for _ in 0..<10_000 where server.requestsInProgress != 0 { usleep(1_000) }
        #expect(server.requestsInProgress == 0)
    }

    @Test func onlyTheFirstDeliveryCountsWhetherItCameBeforeOrAfterTheWorkReturned() throws {
        let server = try startServer { request in
            let path = request.path
            return .awaiting { deliver in
                if path == "/before" { deliver(Response(status: 200, body: Array("first".utf8))) }
                DispatchQueue.global().async {
                    deliver(Response(status: 200, body: Array("first".utf8)))
                    deliver(Response(status: 500, body: Array("second".utf8)))
                }
            }
        }
        defer { server.shutdown(drainTimeout: .zero) }
        let connection = try HTTPClient(port: server.port)
        for path in ["/before", "/after", "/before", "/after"] {
            let response = try connection.send("GET", path)
            #expect(response.status == 200)
            #expect(response.text == "first")
        }
    }

    /// `resolve` hands over what the server would send: a ready response as it is, a later one once delivered,
    /// with its finishing applied.
    @Test func resolveHandsOverReadyAndDeliveredResponsesFinished() {
        let received = Lock<[String]>([])
        let done = DispatchSemaphore(value: 0)
        let record: @Sendable (Response) -> Void = { response in
            received.withLock { $0.append(String(decoding: response.body, as: UTF8.self) + " " + (response.headers["X-Finished"] ?? "-")) }
            done.signal()
        }
        Response(status: 200, body: Array("ready".utf8)).resolve(record)
        Response.awaiting { deliver in deliver(Response(status: 200, body: Array("at once".utf8))) }
            .finishing { $0.headers.add("X-Finished", "yes") }
            .resolve(record)
        Response.awaiting { deliver in DispatchQueue.global().async { deliver(Response(status: 200, body: Array("later".utf8))) } }
            .finishing { $0.headers.add("X-Finished", "yes") }
            .resolve(record)
        for _ in 0..<3 { done.wait() }
        #expect(Set(received.withLock { $0 }) == ["ready -", "at once yes", "later yes"])
    }
}
