import CalculatorService
import Foundation
import TestSupport
import Testing

/// The live binary's logs: in JSON mode every line an object with typed values under OpenTelemetry's names, the
/// trace id of a request's `traceparent`, and no session id; in either mode times to the microsecond.
@Suite struct LogTests {
    private static let trace = "0af7651916cd43dd8448eb211c80319c"

    /// The lines the server wrote to standard error by the time it stopped.
    private static func stopped(_ server: ServerProcess) -> [String] {
        #expect(server.stop() == 0)
        return server.errorOutput.split(separator: "\n").map(String.init)
    }

    @Test func jsonLinesAreTypedAndCarryTheTraceID() throws {
        let server = try ServerProcess(["--store", "memory", "--log-format", "json", "--log-level", "info"])
        let client = try server.client()
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let pressed = try client.send(
            "POST", "/sessions/\(id)/press", json: #"{"keys":"1 + 2 ="}"#,
            headers: [("traceparent", "00-\(Self.trace)-b7ad6b7169203331-01"), ("X-Request-Id", "log-test-1")])
        #expect(pressed.status == 200)
        let returned = try #require(pressed.header("traceparent"))
        #expect(returned.hasPrefix("00-\(Self.trace)-") && returned.hasSuffix("-01"))
        _ = try client.send("BREW", "/sessions")
        let output = Self.stopped(server)

        let objects = try output.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
        #expect(objects.contains { $0["message"] as? String == "started" && $0["server.port"] as? Int == server.port })
        for object in objects {
            let time = try #require(object["time"] as? String)
            #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z/) != nil, "\(time)")
            #expect(object["level"] is String && object["message"] is String)
        }
        let press = try #require(objects.first { $0["request.id"] as? String == "log-test-1" })
        #expect(press["http.request.method"] as? String == "POST")
        #expect(press["http.route"] as? String == "/sessions/{id}/press")
        // The path the client asked for, its session id scrubbed as OpenTelemetry asks: not the route's pattern.
        #expect(press["url.path"] as? String == "/sessions/REDACTED/press")
        #expect(press["url.scheme"] as? String == "http")
        #expect(press["client.address"] as? String == "127.0.0.1")
        #expect(press["http.response.status_code"] as? Int == 200)
        #expect(!(press["http.response.status_code"] is String), "numbers are JSON numbers")
        #expect((press["http.response.body.size"] as? Int ?? 0) > 0)
        let duration = try #require(press["http.server.request.duration"] as? Double)
        #expect(duration > 0 && duration < 10)
        #expect(press["trace_id"] as? String == Self.trace)
        #expect(press["span_id"] as? String == String(returned.split(separator: "-")[2]))
        #expect((press["session.hash"] as? String)?.count == 8)
        #expect(!output.contains { $0.contains(id) }, "a session id never appears in the log")

        let unknown = try #require(objects.first { $0["http.request.method"] as? String == "_OTHER" })
        #expect(unknown["http.request.method_original"] as? String == "BREW")
        #expect(unknown["http.response.status_code"] as? Int == 405)
        #expect(unknown["trace_id"] == nil, "no trace id without a traceparent")
    }

    /// Behind a trusted proxy, the client's address and scheme are the proxy's X-Forwarded-For and -Proto; without
    /// --trust-proxy they are the peer's and http whatever the headers say.
    @Test(arguments: [true, false]) func clientAddressAndSchemeFollowATrustedProxy(_ trusted: Bool) throws {
        let server = try ServerProcess(["--store", "memory", "--log-format", "json", "--log-level", "info"] + (trusted ? ["--trust-proxy"] : []))
        let client = try server.client()
        let forwarded = [("X-Forwarded-For", "198.51.100.9, 203.0.113.7"), ("X-Forwarded-Proto", "https"), ("X-Request-Id", "proxied")]
        #expect(try client.send("GET", "/healthz", headers: forwarded).status == 200)
        let metrics = try client.send("GET", "/metrics").text
        let objects = Self.stopped(server).compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let line = try #require(objects.first { $0["request.id"] as? String == "proxied" })
        #expect(line["client.address"] as? String == (trusted ? "203.0.113.7" : "127.0.0.1"))
        #expect(line["url.scheme"] as? String == (trusted ? "https" : "http"))
        #expect(line["url.path"] as? String == "/healthz")
        let series = #"http_server_request_duration_seconds_count{http_request_method="GET",http_response_status_code="200",http_route="/healthz",url_scheme="\#(trusted ? "https" : "http")"} 1"#
        #expect(metrics.split(separator: "\n").contains { $0 == series }, "\(series)")
    }

    /// An event stream is logged once, when it ends (here when its session is deleted), with the time it was open.
    @Test func anEventStreamIsLoggedWhenItEnds() throws {
        let server = try ServerProcess(["--store", "memory", "--log-format", "json", "--log-level", "info"])
        let client = try server.client()
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let watcher = try EventStreamClient(port: server.port, path: "/sessions/\(id)/events", headers: [("X-Request-Id", "watching")])
        #expect(try watcher.next() != nil)
        let pressed = try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"7"}"#, headers: [("X-Request-Id", "pressing")])
        #expect(pressed.status == 200)
        #expect(try watcher.next() != nil)
        #expect(try client.send("DELETE", "/sessions/\(id)").status == 204)
        while try watcher.next() != nil {}
        #expect(try client.send("GET", "/healthz", headers: [("X-Request-Id", "after")]).status == 200)
        let objects = Self.stopped(server).compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let ids = objects.compactMap { $0["request.id"] as? String }
        #expect(ids.filter { $0 == "watching" }.count == 1, "one line per stream")
        let watching = try #require(ids.firstIndex(of: "watching")), pressing = try #require(ids.firstIndex(of: "pressing"))
        #expect(watching > pressing, "logged when it ended, after a press made while it was open")
        let line = objects.first { $0["request.id"] as? String == "watching" }
        #expect(line?["http.route"] as? String == "/sessions/{id}/events")
        #expect(line?["url.path"] as? String == "/sessions/REDACTED/events")
        #expect(line?["http.response.status_code"] as? Int == 200)
        #expect((line?["http.server.request.duration"] as? Double ?? 0) > 0)
    }

    /// Whatever the path looks like (an id with a suffix, an encoded byte, a doubled slash, another case, a name that
    /// is no valid id), the segment after `sessions` is redacted in every format, and no line at any level shows it.
    @Test(arguments: ["json", "text"]) func noSessionIDInAnyLineWhateverThePath(_ format: String) throws {
        let server = try ServerProcess(["--store", "memory", "--session-access", "open", "--log-format", format, "--log-level", "trace"])
        let client = try server.client()
        #expect(try client.send("PUT", "/sessions/secret-name-123").status == 201)
        for path in [
            "/sessions/secret-name-123.json", "/sessions/secret-name-123%20", "//sessions/secret-name-123", "/SESSIONS/secret-name-123/display",
            "/sessions/secret-name-123/", "/a/sessions/secret-name-123/sessions/secret-name-123", "/sessions/secret%0aname-123/press",
        ] {
            _ = try client.send("GET", path)
        }
        let output = Self.stopped(server)
        #expect(output.filter { $0.contains("REDACTED") }.count == 8)
        #expect(!output.contains { $0.contains("secret") }, "\(output.filter { $0.contains("secret") })")
        #expect(output.contains { $0.contains("/a/sessions/REDACTED/sessions/REDACTED") })
        #expect(output.contains { $0.contains("//sessions/REDACTED") })
    }

    /// `session.hash` correlates one process's lines, and another process hashes the same id differently, so a list of
    /// guessable names hashed offline finds nothing.
    @Test func sessionHashIsKeyedPerProcess() throws {
        func hashes() throws -> [String] {
            let server = try ServerProcess(["--store", "memory", "--session-access", "open", "--log-format", "json", "--log-level", "info"])
            let client = try server.client()
            #expect(try client.send("PUT", "/sessions/demo").status == 201)
            #expect(try client.send("GET", "/sessions/demo/display").status == 200)
            let objects = Self.stopped(server).compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            return objects.compactMap { $0["session.hash"] as? String }
        }
        let first = try hashes(), second = try hashes()
        #expect(first.count == 2 && Set(first).count == 1, "\(first)")
        #expect(second.count == 2 && Set(second).count == 1, "\(second)")
        #expect(first[0] != second[0])
    }

    /// The request lines are written in batches off the event loop; a clean stop writes every one of them, before the
    /// last line.
    @Test func aCleanStopWritesEveryRequestLine() throws {
        let server = try ServerProcess(["--store", "memory", "--log-format", "json", "--log-level", "info"])
        let client = try server.client()
        for index in 0..<300 {
            #expect(try client.send("GET", "/healthz", headers: [("X-Request-Id", "line-\(index)")]).status == 200)
        }
        let objects = Self.stopped(server).compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let ids = objects.compactMap { $0["request.id"] as? String }
        #expect(ids == (0..<300).map { "line-\($0)" })
        #expect(objects.last?["message"] as? String == "stopped")
    }

    @Test func jsonModeAnnouncesThePortAsJSONToo() throws {
        // ServerProcess found the port in the first line on standard output, read as JSON.
        let server = try ServerProcess(["--store", "memory", "--log-format", "json"])
        #expect(try server.client().send("GET", "/healthz").status == 200)
        #expect(server.stop() == 0)
    }

    @Test func textLinesHaveMicrosecondTimes() throws {
        let server = try ServerProcess(["--store", "memory", "--log-level", "info"])
        _ = try server.client().send("GET", "/healthz")
        let output = Self.stopped(server)
        let request = try #require(output.first { $0.hasSuffix(" request") })
        #expect(request.prefix(27).wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z/) != nil, "\(request)")
        #expect(request.contains("http.response.status_code=200"))
    }

    @Test func versionIsPrinted() throws {
        let (status, text) = try runToEnd(ServerProcess.binary, ["--version"], reading: .output)
        #expect(status == 0)
        #expect(text == CalculatorService.version + "\n")
    }
}
