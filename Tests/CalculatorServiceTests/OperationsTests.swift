import Foundation
import TestSupport
import Testing

/// What an operator runs besides the server: `calculator-server healthcheck` (a container's HEALTHCHECK), the drain
/// time on SIGTERM, and the start-up checks of the flags the README's guide describes.
@Suite struct OperationsTests {
    /// Runs the binary to its end; its exit status and standard error.
    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, errors: String) {
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CALC_") }
        env.merge(environment) { $1 }
        let (status, errors) = try runToEnd(ServerProcess.binary, arguments, environment: env, reading: .errors)
        return (status, errors)
    }

    @Test func healthcheckPassesAgainstALiveServer() throws {
        let server = try ServerProcess()
        #expect(try run(["healthcheck", "--port", String(server.port)]).status == 0)
        #expect(try run(["healthcheck", "--path", "/readyz"], environment: ["CALC_PORT": String(server.port)]).status == 0)
        // What a container's HEALTHCHECK sees: the server's own settings, with the wildcard address it listens on.
        #expect(try run(["healthcheck"], environment: ["CALC_HOST": "0.0.0.0", "CALC_PORT": String(server.port)]).status == 0)
    }

    @Test func healthcheckFailsAgainstADeadPortOrAnotherStatus() throws {
        // Held bound, never listened on: a port closed after use could meanwhile be another test's server's.
        let closed = try ClosedPort()
        let dead = try run(["healthcheck", "--port", String(closed.port), "--timeout", "1"])
        withExtendedLifetime(closed) {}
        #expect(dead.status == 1)
        #expect(dead.errors.contains("unhealthy: no HTTP answer"))
        let server = try ServerProcess()
        let missing = try run(["healthcheck", "--port", String(server.port), "--path", "/missing"])
        #expect(missing.status == 1)
        #expect(missing.errors.contains("answered 404"))
    }

    @Test func healthcheckRefusesAPortItCannotReach() throws {
        #expect(try run(["healthcheck"], environment: ["CALC_PORT": "0"]).status == 64)
        #expect(try run(["healthcheck", "--path", "healthz"]).status == 64)
    }

    /// A request that stays in flight (its body never comes) does not hold the stop past the drain timeout: the
    /// server stops, exits 0, and its log says how many requests the stop cut short.
    @Test func sigtermWaitsForTheDrainTimeoutThenStopsAndSaysWhatItCut() throws {
        let server = try ServerProcess(["--store", "memory", "--drain-timeout", "1s"])
        let client = try server.client()
        // In flight for certain once the server has asked for the rest of its body, which never comes.
        try client.write(Array(
            "POST /sessions HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n".utf8))
        _ = try client.readUntil(Array("100 Continue".utf8))
        #expect(server.stop() == 0)
        #expect(server.errorOutput.contains("drain timed out"), "\(server.errorOutput)")
        #expect(server.errorOutput.contains("requests_interrupted=1") || server.errorOutput.contains("\"http.requests_interrupted\":1"))
    }

    /// Nothing in flight: the stop does not report an interrupted drain.
    @Test func aStopWithNothingInFlightInterruptsNothing() throws {
        let server = try ServerProcess(["--store", "memory", "--drain-timeout", "60s", "--log-level", "info"])
        #expect(try server.client().send("GET", "/readyz").status == 200)
        #expect(server.stop() == 0)
        #expect(server.errorOutput.contains("stopped"), "\(server.errorOutput)")
        #expect(!server.errorOutput.contains("drain timed out"))
    }

    /// From SIGTERM on, /readyz answers 503 `draining` (on a connection kept alive from before), while a request in
    /// flight holds the drain; the request then finishes and the server stops.
    @Test func readinessIsUnavailableWhileDraining() throws {
        let server = try ServerProcess(["--store", "memory", "--drain-timeout", "60s"])
        // Two probes kept alive: a /readyz taken just before the drain but answered after it began is a 200 that
        // closes its connection, and from then on the other probe is certain to be told of the drain.
        let probes = try (0..<2).map { _ in try server.client() }
        for probe in probes { #expect(try probe.send("GET", "/readyz").status == 200) }
        // In flight for certain once the server has asked for its body.
        let holder = try server.client()
        try holder.write(Array(
            "POST /sessions HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n".utf8))
        _ = try holder.readUntil(Array("100 Continue".utf8))
        kill(server.process.processIdentifier, SIGTERM)
        // The signal is taken on the server's own thread: until then a probe may still be told "ready". The drain
        // (60 s) outlasts the wait, which is only a bound on a server that never drains.
        var probe = probes[0]
        var answer = try probe.send("GET", "/readyz")
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while answer.status == 200, ContinuousClock.now < deadline {
            if answer.header("Connection")?.lowercased() == "close" {
                #expect(probe === probes[0], "only a /readyz taken before the drain may answer 200")
                probe = probes[1]
            } else {
                Thread.sleep(forTimeInterval: 0.01)
            }
            answer = try probe.send("GET", "/readyz")
        }
        #expect(answer.status == 503)
        #expect(answer.json?["status"] as? String == "draining")
        #expect(answer.header("Retry-After") != nil)
        try holder.write(Array("{}".utf8))
        #expect(server.stop() == 0)
    }

    @Test(arguments: [["--drain-timeout", "0"], ["--drain-timeout", "soon"], ["--cors-origin", "calc.example"],
                      ["--cors-origin", "*,https://calc.example"]])
    func refusesAnInvalidSetting(_ arguments: [String]) throws {
        let result = try run(["--store", "memory", "--port", "0"] + arguments)
        #expect(result.status == 64)
        #expect(result.errors.contains(arguments[0]))
    }

    @Test func drainTimeoutAndOriginsComeFromTheEnvironmentToo() throws {
        let drain = try run(["--store", "memory", "--port", "0"], environment: ["CALC_DRAIN_TIMEOUT": "-5"])
        #expect(drain.status == 64)
        #expect(drain.errors.contains("--drain-timeout"))
        let origins = try run(["--store", "memory", "--port", "0"], environment: ["CALC_CORS_ORIGIN": "https://calc.example/app"])
        #expect(origins.status == 64)
        #expect(origins.errors.contains("not an origin"))
    }
}
