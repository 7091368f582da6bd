import Threading

/// Where a Redis store connects (host, port, database and credentials, parsed from its URL), and whether it was
/// reachable lately.
///
/// Within 250 ms of a failed connect, `connect()` fails at once without trying, so an outage costs each call no
/// connect timeout. The pause is one for the store's two connections (the pipeline's and the sweep's): a connect that
/// works again ends it for both.
///
/// Credentials go out with `AUTH` on every new connection and nowhere else: no error this type throws holds them.
@usableFromInline
final class RedisEndpoint: Sendable {
    let host: String
    let port: Int
    let database: Int
    /// For `AUTH`: a password alone (the default user), or an ACL user and its password.
    private let user: String?
    private let password: String?
    private let nextConnectAttempt = Lock<ContinuousClock.Instant?>(nil)

    /// `url` is `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]`, port 6379 and DB 0 by default; the user and password
    /// may be percent-encoded (`%40` for `@`). `rediss://` (TLS) is refused: hiredis 0.14 has none.
    init(url: String) throws(SessionStoreError) {
        let shown = Self.redacted(url)
        let invalid = SessionStoreError.unavailable("invalid Redis URL \"\(shown)\" (expected redis://[[USER]:PASSWORD@]HOST[:PORT][/DB])")
        if url.hasPrefix("rediss://") {
            throw .unavailable(
                "rediss:// (Redis over TLS) is not supported: the Redis client library (hiredis 0.14) has no TLS. "
                    + "Reach Redis through a local TLS tunnel (stunnel, or a TLS-terminating sidecar) and give its plain redis:// address")
        }
        guard url.hasPrefix("redis://") else { throw invalid }
        var rest = Substring(url.dropFirst("redis://".count))
        // The credentials end at the last "@": a password may hold "@", ":" and "/" (encoded or not).
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
            guard let colon = credentials.firstIndex(of: ":") else { throw invalid }
            guard let user = Self.percentDecoded(credentials[..<colon]),
                let password = Self.percentDecoded(credentials[credentials.index(after: colon)...]), !password.isEmpty
            else { throw invalid }
            self.user = user.isEmpty ? nil : user
            self.password = password
        } else {
            user = nil
            password = nil
        }
        var database = 0
        if let slash = rest.firstIndex(of: "/") {
            let path = rest[rest.index(after: slash)...]
            if !path.isEmpty {
                guard let number = Int(path), number >= 0 else { throw invalid }
                database = number
            }
            rest = rest[..<slash]
        }
        var port = 6379
        if let colon = rest.lastIndex(of: ":") {
            guard let number = Int(rest[rest.index(after: colon)...]), (1...65535).contains(number) else { throw invalid }
            port = number
            rest = rest[..<colon]
        }
        guard !rest.isEmpty else { throw invalid }
        self.host = String(rest)
        self.port = port
        self.database = database
    }

    /// The same credentials at another address (a cluster's node), on database 0.
    init(host: String, port: Int, credentialsOf other: RedisEndpoint) {
        self.host = host
        self.port = port
        database = 0
        user = other.user
        password = other.password
    }

    /// The seed nodes of `redis-cluster://[[USER]:PASSWORD@]HOST:PORT[,HOST:PORT…]`, each with the URL's
    /// credentials. A cluster has no databases but 0, so a path is refused.
    static func clusterSeeds(url: String) throws(SessionStoreError) -> [RedisEndpoint] {
        let invalid = SessionStoreError.unavailable(
            "invalid Redis Cluster URL \"\(redacted(url))\" (expected redis-cluster://[[USER]:PASSWORD@]HOST:PORT[,HOST:PORT…])")
        guard url.hasPrefix("redis-cluster://") else { throw invalid }
        let rest = url.dropFirst("redis-cluster://".count)
        let at = rest.lastIndex(of: "@")
        let credentials = at.map { String(rest[...$0]) } ?? ""
        let hosts = at.map { rest[rest.index(after: $0)...] } ?? rest
        let addresses = hosts.split(separator: ",", omittingEmptySubsequences: false)
        guard !addresses.isEmpty, addresses.allSatisfy({ !$0.isEmpty && !$0.contains("/") }) else { throw invalid }
        do {
            return try addresses.map { address throws(SessionStoreError) in try RedisEndpoint(url: "redis://" + credentials + address) }
        } catch {
            throw invalid
        }
    }

    /// A new connection with short timeouts, authenticated, on `database`; `.unavailable` when Redis cannot be reached
    /// or refuses the credentials.
    func connect() throws -> RedisConnection {
        let clock = ContinuousClock()
        if let notBefore = nextConnectAttempt.withLock({ $0 }), clock.now < notBefore {
            throw SessionStoreError.unavailable("redis: \(host):\(port) was unreachable moments ago")
        }
        do {
            let connection = try RedisConnection(host: host, port: port, connectTimeoutMilliseconds: 500, commandTimeoutMilliseconds: 2_000)
            if let password {
                let reply = try connection.command((["AUTH"] + (user.map { [$0] } ?? []) + [password]).map { Array($0.utf8) })
                guard reply == .status("OK") else { throw SessionStoreError.unavailable("redis: AUTH failed: \(Self.described(reply))") }
            }
            if database != 0 {
                let reply = try connection.command("SELECT", String(database))
                guard reply == .status("OK") else { throw SessionStoreError.unavailable("redis: SELECT \(database) failed: \(reply)") }
            }
            nextConnectAttempt.withLock { $0 = nil }
            return connection
        } catch let error as RedisIOError {
            nextConnectAttempt.withLock { $0 = clock.now.advanced(by: .milliseconds(250)) }
            throw SessionStoreError.unavailable("redis: \(error.message)")
        }
    }

    /// `url` for a log line or an error: whatever stands between the scheme and the last "@" becomes `***`.
    static func redacted(_ url: String) -> String {
        guard let at = url.lastIndex(of: "@") else { return url }
        let scheme = url.firstRange(of: "://").map { url[..<$0.upperBound] } ?? ""
        return scheme + "***" + url[at...]
    }

    /// An error reply's text (which names no credentials), or the kind of an unexpected reply.
    private static func described(_ reply: RedisReply) -> String {
        if case .error(let message) = reply { return message }
        return "unexpected reply"
    }

    /// `%XX` escapes decoded; nil when one is malformed or the result is not UTF-8.
    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
