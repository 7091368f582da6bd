import Foundation
import TestSupport
import Testing

/// Redis behind a password (and an ACL user): the URL's credentials go out with AUTH on every connection, and never
/// into a log line or an error message; rediss:// is refused at start with the alternative.
@Suite(.enabled(if: RedisServer.isAvailable, "needs redis-server"))
struct RedisCredentialsTests {
    private static let press = #"{"keys":["1","m+"]}"#

    /// Creates a session, presses, reads, and asks /readyz: everything a password-protected Redis must let through.
    private static func exercise(_ server: ServerProcess) throws {
        let client = try server.client()
        let created = try client.send("POST", "/sessions")
        #expect(created.status == 201, "\(created.text)")
        let id = try #require(created.json?["id"] as? String)
        let pressed = try client.send("POST", "/sessions/\(id)/press", json: Self.press)
        #expect(pressed.status == 200, "\(pressed.text)")
        #expect(try client.send("GET", "/sessions/\(id)").json?["memory"] as? String == "1")
        #expect(try client.send("GET", "/readyz").status == 200)
    }

    @Test func passwordInTheURLIsSentWithAUTH() throws {
        let redis = try RedisServer(["--requirepass", "s3cr3t-pw"])
        let server = try ServerProcess(["--store", "redis://:s3cr3t-pw@127.0.0.1:\(redis.port)/1", "--log-level", "info"])
        try Self.exercise(server)
        _ = server.stop()
        let log = server.errorOutput
        #expect(log.contains("redis://***@127.0.0.1:\(redis.port)/1"), "the start line names the store without its password")
        #expect(!log.contains("s3cr3t-pw"))
    }

    /// An ACL user's name and password: `AUTH user password`. The default user needs another password, so only the
    /// two-argument AUTH gets in.
    @Test func aclUserAndPasswordAreSentWithAUTH() throws {
        let redis = try RedisServer(["--requirepass", "not-this-one", "--user", "calc", "on", ">pa55%word", "~*", "&*", "+@all"])
        // "%25" is a percent-encoded "%".
        let server = try ServerProcess(["--store", "redis://calc:pa55%25word@127.0.0.1:\(redis.port)", "--log-level", "info"])
        try Self.exercise(server)
        _ = server.stop()
        #expect(!server.errorOutput.contains("pa55"))
    }

    @Test func wrongPasswordAnswers503AndLogsNoSecret() throws {
        let redis = try RedisServer(["--requirepass", "right-one"])
        let server = try ServerProcess(["--store", "redis://:wrong-one@127.0.0.1:\(redis.port)", "--log-level", "info"])
        let client = try server.client()
        let refused = try client.send("POST", "/sessions")
        #expect(refused.status == 503)
        #expect(try client.send("GET", "/readyz").status == 503)
        _ = server.stop()
        let log = server.errorOutput
        #expect(log.contains("AUTH failed"), "\(log)")
        #expect(!log.contains("wrong-one") && !log.contains("right-one"))
    }

    /// hiredis 0.14 has no TLS: rediss:// stops the server at start, saying what to do instead, without the password.
    @Test func redissIsRefusedAtStartWithTheAlternative() throws {
        do {
            _ = try ServerProcess(["--store", "rediss://:topsecret@127.0.0.1:6380"])
            Issue.record("the server started on rediss://")
        } catch ServerProcessError.didNotStart(let stderr) {
            #expect(stderr.contains("TLS") && stderr.contains("stunnel"), "\(stderr)")
            #expect(!stderr.contains("topsecret"))
        }
    }

    /// A mistyped store value is named in the error without what may be its password.
    @Test func mistypedStoreIsNamedWithoutItsPassword() throws {
        do {
            _ = try ServerProcess(["--store", "redis:/:topsecret@127.0.0.1:6380"])
            Issue.record("the server started on a mistyped store")
        } catch ServerProcessError.didNotStart(let stderr) {
            #expect(stderr.contains("--store"), "\(stderr)")
            #expect(!stderr.contains("topsecret"))
        }
    }
}
