import Dispatch
import Foundation
import Glibc
@testable import HTTPServer
import TestSupport
import Testing

private func startEchoServer(host: String) throws -> (server: Server, log: RequestLog) {
    var configuration = ServerConfiguration.ephemeral
    configuration.host = host
    return try startEchoServer(configuration)
}

/// Starting, binding and stopping a server.
@Suite(.serialized) struct ServerLifecycleTests {
    @Test func shutdownLetsTheInFlightRequestFinishAndRefusesNewConnections() throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server = Server(configuration: .ephemeral) { request in
            if request.path == "/slow" {
                entered.signal()
                release.wait()
            }
            return Response(status: 200, body: Array("finished \(request.path)".utf8))
        }
        try server.start()
        let port = server.port
        let slow = try HTTPClient(port: port)
        try slow.writeRequest("GET", "/slow")
        entered.wait()

        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            server.shutdown(drainTimeout: .seconds(120))
            stopped.signal()
        }
        #expect(waitForRefusal(port: port) == .connectFailed(errno: ECONNREFUSED))
        // The drain is still waiting for /slow, which cannot finish before it is released.
        #expect(stopped.wait(timeout: .now()) == .timedOut)
        // The drain holds no lock: the server answers for its phase meanwhile (a lock held while draining would keep
        // this call waiting for the release below, which comes after it).
        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
        // A second shutdown returns once the server has stopped, not before.
        let secondStopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            server.shutdown()
            secondStopped.signal()
        }

        release.signal()
        let response = try slow.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "finished /slow")
        #expect(response.header("Connection")?.lowercased() == "close")
        stopped.wait()
        secondStopped.wait()
        #expect(throws: HTTPClientError.connectFailed(errno: ECONNREFUSED)) { try HTTPClient(port: port) }
        server.shutdown()  // idempotent
    }

    @Test func shutdownClosesIdleKeepAliveConnections() throws {
        let (server, _) = try startEchoServer()
        let connection = try HTTPClient(port: server.port)
        #expect(try connection.send("GET", "/idle").status == 200)
        server.shutdown(drainTimeout: .seconds(5))
        #expect(try connection.peerHasClosed())
    }

    @Test func startingOnABusyPortThrows() throws {
        let (first, _) = try startEchoServer()
        defer { first.shutdown(drainTimeout: .zero) }
        var configuration = ServerConfiguration.ephemeral
        configuration.port = first.port
        let second = Server(configuration: configuration) { _ in Response(status: 500) }
        let error = #expect(throws: HTTPServerError.self) { try second.start() }
        guard case .startFailed(let message) = error else {
            Issue.record("expected startFailed, got \(String(describing: error))")
            return
        }
        #expect(message.contains(String(first.port)))
        // The first server is unaffected.
        #expect(try HTTPClient(port: first.port).send("GET", "/still").status == 200)
    }

    @Test(arguments: ["example.com", "300.1.1.1", "", "::gg"])
    func hostThatIsNotAnIPLiteralIsRejected(host: String) {
        var configuration = ServerConfiguration.ephemeral
        configuration.host = host
        let server = Server(configuration: configuration) { _ in Response(status: 500) }
        let error = #expect(throws: HTTPServerError.self) { try server.start() }
        guard case .invalidConfiguration = error else {
            Issue.record("expected invalidConfiguration, got \(String(describing: error))")
            return
        }
    }

    @Test func startTwiceThrowsAndShutdownBeforeStartIsHarmless() throws {
        let idle = Server(configuration: .ephemeral) { _ in Response(status: 500) }
        idle.shutdown()
        #expect(throws: HTTPServerError.alreadyStarted) { try idle.start() }

        let (server, _) = try startEchoServer()
        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
        server.shutdown(drainTimeout: .zero)
        server.shutdown(drainTimeout: .zero)
        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
    }

    @Test func localhostBindsTheIPv4Loopback() throws {
        let (server, log) = try startEchoServer(host: "localhost")
        defer { server.shutdown(drainTimeout: .zero) }
        _ = try HTTPClient(port: server.port, host: "127.0.0.1").send("GET", "/v4")
        #expect(try #require(log.last(path: "/v4")).peerAddress == "127.0.0.1")
    }

    @Test(.enabled(if: loopbackIPv6Available)) func ipv6HostIsHonoured() throws {
        let (server, log) = try startEchoServer(host: "[::1]")
        defer { server.shutdown(drainTimeout: .zero) }
        _ = try HTTPClient(port: server.port, host: "::1").send("GET", "/v6")
        #expect(try #require(log.last(path: "/v6")).peerAddress == "::1")
        // Bound to ::1 only, so the IPv4 loopback is not served on that port.
        #expect(throws: HTTPClientError.connectFailed(errno: ECONNREFUSED)) { try HTTPClient(port: server.port) }
    }

    @Test(.enabled(if: loopbackIPv6Available)) func unspecifiedIPv6AddressServesBothFamilies() throws {
        let (server, log) = try startEchoServer(host: "::")
        defer { server.shutdown(drainTimeout: .zero) }
        _ = try HTTPClient(port: server.port, host: "::1").send("GET", "/over-v6")
        _ = try HTTPClient(port: server.port, host: "127.0.0.1").send("GET", "/over-v4")
        #expect(try #require(log.last(path: "/over-v6")).peerAddress == "::1")
        #expect(try #require(log.last(path: "/over-v4")).peerAddress == "127.0.0.1")
    }
}

@Suite struct UsableProcessorTests {
    private let online = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    @Test func theAffinityMaskCountsItsBits() {
        #expect(ServerConfiguration.usableProcessors(status: "Name:\tx\nCpus_allowed:\t1\nCpus_allowed_list:\t0\n") == 1)
        // Groups of 32 CPUs are comma-separated; set bits in any group count.
        let two = "Cpus_allowed:\t00000000,00000000,00000000,00000005\n"
        #expect(ServerConfiguration.usableProcessors(status: two) == min(2, online))
    }

    @Test func withoutAMaskTheOnlineProcessorsCount() {
        #expect(ServerConfiguration.usableProcessors(status: nil) == online)
        #expect(ServerConfiguration.usableProcessors(status: "Name:\tx\n") == online)
        #expect(ServerConfiguration.usableProcessors(status: "Cpus_allowed:\t0\n") == online)
    }

    @Test func thisProcessIsAllowedAtLeastOneProcessor() {
        let usable = ServerConfiguration().threads
        #expect((1...online).contains(usable))
    }
}
