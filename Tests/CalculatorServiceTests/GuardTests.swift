import CalculatorService
import Foundation
import TestSupport
import Testing

/// The API key and the rate limits, in process (`InProcessClient`): each refusal is precise and changes nothing.
@Suite struct GuardTests {
    /// A service with limits `configure` sets, on a stopped clock: a bucket refills with time, so on a real clock a
    /// pause of the machine between two requests (a loaded runner) would give back a token the test counts on being
    /// spent, or take a second off a Retry-After or a RateLimit field.
    static func limited(_ configure: (inout ServiceConfiguration) -> Void) throws -> InProcessClient {
        try InProcessClient(store: .memory, configure, now: { 1_700_000_000 })
    }

    static func expectRefusal(
        _ response: HTTPResponse, _ status: Int, _ type: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
        #expect(response.header("Content-Type") == "application/problem+json", sourceLocation: sourceLocation)
        #expect((response.json?["type"] as? String)?.hasSuffix("/problems/\(type)") == true, sourceLocation: sourceLocation)
        #expect(response.json?["status"] as? Int == status, sourceLocation: sourceLocation)
    }

    @Test func apiKeyGuardsSessionRoutesOnly() throws {
        let client = try InProcessClient(store: .memory) { $0.apiKey = "s3cret-key" }
        let good = [("Authorization", "Bearer s3cret-key")]

        for headers in [[], [("Authorization", "Bearer wrong")], [("Authorization", "Bearer s3cret-ke")], [("Authorization", "Basic s3cret-key")]] {
            let refused = try client.send("POST", "/sessions", headers: headers)
            Self.expectRefusal(refused, 401, "unauthorized")
            #expect(refused.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
            #expect(!refused.text.contains("s3cret"), "the key must never be echoed")
        }
        let created = try client.send("POST", "/sessions", headers: good)
        #expect(created.status == 201)
        let id = try #require(created.json?["id"] as? String)
        let before = try client.send("GET", "/sessions/\(id)", headers: good)

        Self.expectRefusal(try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"7"}"#), 401, "unauthorized")
        Self.expectRefusal(try client.send("GET", "/sessions/\(id)/display"), 401, "unauthorized")
        Self.expectRefusal(try client.send("DELETE", "/sessions/\(id)"), 401, "unauthorized")
        #expect(try client.send("GET", "/sessions/\(id)", headers: good).body == before.body)

        for path in ["/healthz", "/readyz", "/keys", "/openapi.yaml", "/"] {
            #expect(try client.send("GET", path).status == 200, "\(path) stays open")
        }
        let preflight = try client.send(
            "OPTIONS", "/sessions", headers: [("Origin", "http://a.test"), ("Access-Control-Request-Headers", "authorization")])
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Headers")?.lowercased().contains("authorization") == true)
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"7"}"#, headers: good).status == 200)
    }

    @Test func pressRateLimitAnswers429WithRetryAfterAndPressesNothing() throws {
        // 0.01 presses a second: one token, and the next one a hundred seconds away, whatever the machine's speed.
        let client = try Self.limited { $0.pressesPerSecond = 0.01 }
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"7"}"#).status == 200)
        let before = try client.send("GET", "/sessions/\(id)")
        let refused = try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"8"}"#)
        Self.expectRefusal(refused, 429, "rate-limited")
        #expect((Int(refused.header("Retry-After") ?? "") ?? 0) > 1)
        #expect(try client.send("GET", "/sessions/\(id)").body == before.body)
        // Reads are not limited.
        #expect(try client.send("GET", "/sessions/\(id)/display").status == 200)
    }

    /// The press rate counts keys: a request of two keys takes two tokens, and a batch larger than the burst passes
    /// only with a full bucket, which it leaves in debt for as long as its keys take at the rate.
    @Test func pressRateLimitCountsKeysNotRequests() throws {
        // One key a second, bursts of two; the requests come much quicker than a token refills.
        let client = try Self.limited { $0.pressesPerSecond = 1 }
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        #expect(try client.send("POST", "/sessions/\(id)/press", json: #"{"keys":["1","m+"]}"#).status == 200)
        let refused = try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"m+"}"#)
        Self.expectRefusal(refused, 429, "rate-limited")
        #expect(try client.send("GET", "/sessions/\(id)").json?["memory"] as? String == "1", "the refused press pressed nothing")

        let batch = try Self.limited { $0.pressesPerSecond = 2 }
        let other = try #require(try batch.send("POST", "/sessions").json?["id"] as? String)
        let thousand = "{\"keys\":[" + Array(repeating: "\"1\"", count: 999).joined(separator: ",") + ",\"m+\"]}"
        #expect(try batch.send("POST", "/sessions/\(other)/press", json: thousand).status == 200)
        for _ in 0..<3 {
            let next = try batch.send("POST", "/sessions/\(other)/press", json: thousand)
            Self.expectRefusal(next, 429, "rate-limited")
            #expect((Int(next.header("Retry-After") ?? "") ?? 0) >= 499, "1,000 keys at 2 a second take 500 s")
        }
    }

    @Test func sessionRateLimitCountsPerClientAndHonoursForwardedForOnlyWhenTrusted() throws {
        let client = try Self.limited { $0.sessionsPerMinute = 0.5 }
        #expect(try client.send("POST", "/sessions", headers: [("X-Forwarded-For", "203.0.113.1")]).status == 201)
        Self.expectRefusal(try client.send("POST", "/sessions", headers: [("X-Forwarded-For", "203.0.113.2")]), 429, "rate-limited")
        Self.expectRefusal(try client.send("PUT", "/sessions/mine"), 429, "rate-limited")
        #expect(try client.send("GET", "/sessions/mine").status == 404, "a refused PUT creates nothing")

        let proxy = try Self.limited {
            $0.sessionsPerMinute = 0.5
            $0.trustProxy = true
        }
        #expect(try proxy.send("POST", "/sessions", headers: [("X-Forwarded-For", "198.51.100.7, 203.0.113.1")]).status == 201)
        #expect(try proxy.send("POST", "/sessions", headers: [("X-Forwarded-For", "203.0.113.2")]).status == 201)
        Self.expectRefusal(try proxy.send("POST", "/sessions", headers: [("X-Forwarded-For", "203.0.113.2")]), 429, "rate-limited")
    }

    /// The routes a limit guards say it (draft-ietf-httpapi-ratelimit-headers): the policy (its quota, the burst, and
    /// the seconds an empty bucket takes to fill) and what the client has left, on 2xx and 429 alike, and CORS lets a
    /// page read them. Nothing is added without a limit, nor to routes no limit guards.
    @Test func limitedRoutesSendTheRateLimitFields() throws {
        // 0.01 presses a second: a bucket of one, filled in 100 s. 0.5 sessions a minute: one, filled in 120 s.
        let client = try Self.limited {
            $0.pressesPerSecond = 0.01
            $0.sessionsPerMinute = 0.5
        }
        let created = try client.send("POST", "/sessions", headers: [("Origin", "http://a.test")])
        #expect(created.status == 201)
        #expect(created.header("RateLimit-Policy") == #""sessions";q=1;w=120"#)
        #expect(created.header("RateLimit") == #""sessions";r=0;t=120"#)
        let exposed = created.header("Access-Control-Expose-Headers") ?? ""
        #expect(exposed.contains("RateLimit,") && exposed.contains("RateLimit-Policy"))
        let refusedCreate = try client.send("PUT", "/sessions/mine")
        Self.expectRefusal(refusedCreate, 429, "rate-limited")
        #expect(refusedCreate.header("RateLimit-Policy") == #""sessions";q=1;w=120"#)
        #expect(refusedCreate.header("RateLimit") == #""sessions";r=0;t=120"#)

        let id = try #require(created.json?["id"] as? String)
        let pressed = try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"7"}"#)
        #expect(pressed.status == 200)
        #expect(pressed.header("RateLimit-Policy") == #""presses";q=1;w=100"#)
        #expect(pressed.header("RateLimit") == #""presses";r=0;t=100"#)
        let refused = try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"8"}"#)
        Self.expectRefusal(refused, 429, "rate-limited")
        #expect(refused.header("RateLimit-Policy") == #""presses";q=1;w=100"#)
        #expect(refused.header("RateLimit") == #""presses";r=0;t=100"#)
        let evaluated = try client.send("POST", "/evaluate", json: #"{"expression":"1+1"}"#)
        #expect(evaluated.status == 429, "one-shot answers count against the press rate")
        #expect(evaluated.header("RateLimit") == #""presses";r=0;t=100"#)

        let read = try client.send("GET", "/sessions/\(id)")
        #expect(read.header("RateLimit") == nil && read.header("RateLimit-Policy") == nil, "reads are not limited")

        let unlimited = try InProcessClient(store: .memory)
        let free = try unlimited.send("POST", "/sessions")
        #expect(free.status == 201)
        #expect(free.header("RateLimit") == nil && free.header("RateLimit-Policy") == nil)
        let freeID = try #require(free.json?["id"] as? String)
        #expect(try unlimited.send("POST", "/sessions/\(freeID)/press", json: #"{"key":"7"}"#).header("RateLimit") == nil)
    }
}

/// The limits the HTTP server enforces, over the real binary: the connection limit per client and the header memory.
@Suite struct LiveGuardTests {
    @Test func connectionsBeyondThePerClientLimitAreClosedAndOthersKeepWorking() throws {
        let server = try ServerProcess(["--store", "memory", "--max-connections-per-ip", "2"])
        let first = try server.client()
        let second = try server.client()
        #expect(try first.send("GET", "/healthz").status == 200)
        #expect(try second.send("GET", "/healthz").status == 200)
        let third = try server.client()
        #expect(throws: (any Error).self) { try third.send("GET", "/healthz") }
        #expect(try first.send("GET", "/healthz").status == 200)
    }

    @Test func oversizedHeadersAreRefusedAndTheServerStaysUp() throws {
        let server = try ServerProcess(["--store", "memory", "--max-header-bytes", "8192"])
        let client = try server.client()
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let big = try server.client()
        if let response = try? big.send("GET", "/sessions/\(id)", headers: [("X-Padding", String(repeating: "a", count: 16_384))]) {
            #expect(response.status == 431 || response.status == 413)
        }
        let fresh = try server.client()
        #expect(try fresh.send("GET", "/sessions/\(id)").status == 200)
    }
}
