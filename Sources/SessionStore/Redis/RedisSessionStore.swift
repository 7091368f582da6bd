import Bytes
import Synchronization
import Threading

/// Sessions in Redis, shared by every instance that points at the same server, prefix and DB.
///
/// - Layout: one string key per session, `keyPrefix + id`, holding a `RedisRecord` (a header with the version, the
///   expiry and a write token, then the codec's bytes). The key also carries a Redis TTL (`PX`) of twice the store's
///   TTL, refreshed on use, so Redis forgets abandoned sessions by itself, and an expired session's version outlives
///   it by a TTL (see `RedisScripts`: a session made again under its id goes on above it). The expiry in the header
///   is what decides liveness, so an injected clock works and every instance agrees.
/// - Atomicity: every read-modify-write is a Lua script run by Redis as one step. An update reads, runs the check and
///   change here, then compare-and-sets on the version it read; on a conflict it reads again and runs them again
///   (bounded). The write token makes a compare-and-set that is retried after a lost reply recognise its own write.
/// - One round trip per press: when this process last wrote or read the session, an update first runs on that value
///   and compare-and-sets on its version *and* write token (which names one write, so a session deleted and created
///   again at the same version does not match); only when that fails does it read as above.
/// - Calls run on a `RedisPipeline`: one connection owned by one thread that sends every call queued meanwhile in one
///   write and reads the replies in order, so no caller's thread waits for a round trip. Completions run on that
///   thread. `count` and `checkHealth` go through the pipeline too; `sweepExpired` waits for its replies on a
///   connection of its own.
/// - Count: a sorted set `keyPrefix + "#live"` scores each session id by its expiry; `count` is the number of
///   entries whose expiry is ahead (`ZCOUNT`). It is approximate only when keys vanish behind the store's back (Redis
///   eviction, `FLUSHDB`, a Redis TTL firing before the header expiry because clocks differ) until `sweepExpired()`
///   reconciles the set. The cap check uses the same count, atomically with the insert.
/// - Outages: a broken connection is dropped and the next call reconnects, so the store recovers by itself after
///   Redis restarts. While Redis is unreachable every call fails with `.unavailable` (within 250 ms of a failed
///   connect, without trying again), with nothing half-written.
/// - Cluster: with a `redis-cluster://` URL the same scripts run on the master of each session's hash slot
///   (`RedisRoute`, `RedisCluster`, key names in `RedisKeys`); what differs there is in `RedisSessionStore+Cluster`.
/// - Replicas: with `replicas` above 0, writes are answered once that many replicas hold them (`RedisPipeline`).
/// - Stored bytes in a form the codec no longer reads are read with `SessionCodec.decodeEarlierForm`; the session's
///   next write stores the current form.
public final class RedisSessionStore<Value: Sendable>: SessionBackend {
    private static var sweepBatch: Int { 500 }

    @usableFromInline let route: RedisRoute
    /// The connection of the calls that wait for their reply.
    private let maintenance = Lock<RedisConnection?>(nil)
    @usableFromInline let keys: RedisKeys
    @usableFromInline let codec: SessionCodec<Value>
    @usableFromInline let recent: RecentValues<Value>
    public let updates: VersionedUpdates<Value>
    public let options: SessionStoreOptions
    private let ttl: Double
    private let closed = Atomic<Bool>(false)
    /// Write tokens: a random per-process prefix and a counter, unique across instances without a syscall per write.
    private let tokenPrefix: String
    private let tokenCounter = Atomic<UInt32>(0)
    /// On a cluster, the live sessions last counted, for the session cap (`RedisSessionStore+Cluster`).
    let clusterCount = Lock(ClusterCount())

    /// `url` is `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]` (port 6379 and DB 0 by default; with a password, every
    /// connection sends `AUTH` first; nothing connects until the first call), or
    /// `redis-cluster://[[USER]:PASSWORD@]HOST:PORT[,HOST:PORT…]` for a Redis Cluster reached through any of those
    /// nodes (its map is read at once, see `RedisCluster`). With `replicas` above 0, a write's reply waits until that
    /// many replicas hold it (`WAIT`, up to `replicaTimeout`); one not replicated in time fails as `.outcomeUnknown`.
    public init(
        url: String,
        codec: SessionCodec<Value>,
        options: SessionStoreOptions = .init(),
        keyPrefix: String = "calc:session:",
        replicas: Int = 0,
        replicaTimeout: Duration = .seconds(1)
    ) throws {
        let acknowledgement = ReplicaAcknowledgement(
            replicas: replicas, timeoutMilliseconds: Int(replicaTimeout.components.seconds * 1000 + replicaTimeout.components.attoseconds / 1_000_000_000_000_000))
        if url.hasPrefix("redis-cluster://") {
            route = .cluster(try RedisCluster(url: url, acknowledgement: acknowledgement))
        } else {
            let endpoint = try RedisEndpoint(url: url)
            route = .server(endpoint, try RedisPipeline(endpoint: endpoint, acknowledgement: acknowledgement))
        }
        keys = RedisKeys(prefix: keyPrefix, isCluster: url.hasPrefix("redis-cluster://"))
        self.codec = codec
        self.options = options
        self.ttl = options.ttlSeconds
        recent = RecentValues()
        updates = VersionedUpdates(remembering: recent)
        var generator = SystemRandomNumberGenerator()
        self.tokenPrefix = Self.hex(UInt32.random(in: .min ... .max, using: &generator))
    }

    /// Other instances on the same server write these sessions too: their changes arrive through a subscriber.
    public func makeChangeFeed() throws -> (any SessionChangeFeed<Value>)? {
        if case .cluster(let cluster) = route { return try RedisShardSubscriber(cluster: cluster, keys: keys, codec: codec) }
        return try RedisSubscriber(following: self)
    }

    // MARK: SessionStore

    /// A claim is a key of its own (`keyPrefix + "#claim:" + key`, with the Redis TTL of its retention), looked up
    /// and written by the create script, so a retry through any instance finds it.
    public func create(
        _ id: SessionID, _ value: Value, claiming claim: CreationClaim?,
        completion: @escaping @Sendable (Result<ClaimedCreation, SessionStoreError>) -> Void
    ) {
        let payload: [UInt8]
        do {
            payload = try codec.bytes(of: value)
        } catch {
            return completion(.failure(error))
        }
        if keys.isCluster { return createOnCluster(id, value, payload: payload, claiming: claim, completion: completion) }
        createScript(id, value, payload: payload, claiming: claim, completion: completion)
    }

    /// The create script: the session, with its claim when given (on one server, where they are written together).
    func createScript(
        _ id: SessionID, _ value: Value, payload: [UInt8], claiming claim: CreationClaim?,
        completion: @escaping @Sendable (Result<ClaimedCreation, SessionStoreError>) -> Void
    ) {
        let time = clock()
        let token = newToken()
        let record = RedisRecord.bytes(version: 1, expires: time.expiresMilliseconds, token: token, payload: payload)
        let sessionKey = keys.session(id)
        var keys = [sessionKey, self.keys.index(ofSessionKey: sessionKey)]
        var arguments = [
            record, ByteBuffer.decimal(time.nowMilliseconds), ByteBuffer.decimal(time.redisTTLMilliseconds),
            ByteBuffer.decimal(time.expiresMilliseconds), id.bytes, ByteBuffer.decimal(Int64(options.maxSessions)),
            token, ByteBuffer.decimal(time.redisTTLMilliseconds + 60_000),
        ]
        if let claim {
            keys.append(self.keys.claim(claim.key))
            arguments += [Array(claim.fingerprint.utf8), ByteBuffer.decimal(max(1, Int64((claim.retention * 1000).rounded(.up))))]
        }
        route.send(ScriptCall(script: RedisScripts.create, keys: keys, arguments: arguments)) { [self] reply, _ in
            switch reply {
            case .success(.integer(let version)) where version > 0:
                let version = UInt64(version)
                recent.wrote(value, as: StoredWrite(bytes: payload, version: version, expiresAt: time.expires, token: token), for: id)
                completion(.success(.created(version: version)))
            case .success(.integer(0)): completion(.failure(.alreadyExists))
            case .success(.integer(-1)): completion(.failure(.capacityReached))
            case .success(.array(let parts)) where claim != nil:
                guard let first = Self.firstCreation(parts) else { return completion(.failure(Self.unexpected(.array(parts)))) }
                // This create's own claim, found by a retry after a lost reply: it created the session.
                if case .claimed(id, let version, _) = first { return completion(.success(.created(version: version))) }
                completion(.success(first))
            case .success(let other): completion(.failure(Self.unexpected(other)))
            case .failure(let error): completion(.failure(error))
            }
        }
    }

    /// A claim as the create script stores it: "<id> <version> <fingerprint>".
    static func firstCreation(_ parts: [RedisReply]) -> ClaimedCreation? {
        guard case .string(let bytes)? = parts.first else { return nil }
        let fields = bytes.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, let id = SessionID(String(decoding: fields[0], as: UTF8.self)),
            let version = UInt64(String(decoding: fields[1], as: UTF8.self))
        else { return nil }
        return .claimed(id: id, version: version, fingerprint: String(decoding: fields[2], as: UTF8.self))
    }

    public func read(_ id: SessionID, completion: @escaping @Sendable (Result<Versioned<Value>, SessionStoreError>) -> Void) {
        let time = clock()
        route.send(getCall(id, time)) { [self] reply, _ in
            completion(
                Result { () throws(SessionStoreError) in
                    guard let record = try Self.fetched(reply) else { throw .notFound }
                    let (stored, value) = try decode(record, of: id, expiresAt: time.expires)
                    return Versioned(value: value, version: stored.version)
                })
        }
    }

    public func delete(_ id: SessionID, expectedVersion: UInt64?, completion: @escaping @Sendable (Result<Void, SessionStoreError>) -> Void) {
        let time = clock()
        let call = ScriptCall(script: keys.isCluster ? RedisScripts.shardedDelete : RedisScripts.delete, keys: sessionKeys(id), arguments: [
            expectedVersion.map(RedisRecord.versionField) ?? [], ByteBuffer.decimal(time.nowMilliseconds), id.bytes,
            ByteBuffer.decimal(time.redisTTLMilliseconds),
        ])
        route.send(call) { [self] reply, isRetry in
            recent.forget(id)
            completion(
                Result { () throws(SessionStoreError) in
                    switch try reply.get() {
                    case .integer(1): return
                    // On a retry after a lost reply, "absent" means the first attempt deleted it.
                    case .null: if !isRetry { throw .notFound }
                    case .string(let currentHeader): throw .versionMismatch(current: try RedisRecord.version(fromHeader: currentHeader))
                    case let other: throw Self.unexpected(other)
                    }
                })
        }
    }

    /// Entries of the `#live` sorted set whose expiry is ahead (see the type's documentation for when it is
    /// approximate), from the pipeline: reported from its thread, so no caller waits for Redis.
    public func count(completion: @escaping @Sendable (Result<Int, SessionStoreError>) -> Void) {
        if case .cluster(let cluster) = route { return countOnCluster(cluster, completion: completion) }
        let call = ScriptCall(
            script: RedisScripts.liveCount, keys: [keys.serverIndex], arguments: [ByteBuffer.decimal(clock().nowMilliseconds)])
        route.send(call) { reply, _ in
            completion(
                Result { () throws(SessionStoreError) in
                    switch reply {
                    case .success(.integer(let live)): return Int(live)
                    case .success(let other): throw Self.unexpected(other)
                    case .failure(.outcomeUnknown(let message)): throw .unavailable(message)
                    case .failure(let error): throw error
                    }
                })
        }
    }

    /// Deletes the sessions whose header expiry has passed and drops them from the `#live` set, in batches.
    @discardableResult
    public func sweepExpired() throws -> Int {
        if closed.load(ordering: .acquiring) { throw SessionStoreError.closed }
        if case .cluster(let cluster) = route { return try sweepOnCluster(cluster) }
        let time = clock()
        var removed = 0
        while true {
            let reply = try withConnection { connection in
                try evaluate(RedisScripts.sweep, on: connection, keys: [keys.serverIndex], arguments: [
                    ByteBuffer.decimal(time.nowMilliseconds), keys.prefix, ByteBuffer.decimal(Int64(Self.sweepBatch)),
                    ByteBuffer.decimal(time.redisTTLMilliseconds),
                ])
            }
            guard case .array(let parts) = reply, parts.count == 2, case .integer(let seen) = parts[0], case .integer(let gone) = parts[1] else {
                throw Self.unexpected(reply)
            }
            removed += Int(gone)
            if seen < Self.sweepBatch { return removed }
        }
    }

    /// Healthy when a script call through the pipeline is answered: what every session call needs.
    public func checkHealth(completion: @escaping @Sendable (Result<Void, SessionStoreError>) -> Void) {
        count { completion($0.map { _ in }) }
    }

    /// Lets the pipeline answer what is queued and drops every connection; the data stays in Redis.
    public func close() {
        updates.close()  // the updates under way finish first
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        route.close()
        recent.forgetAll()
        maintenance.withLock { $0 = nil }
    }

    // MARK: Records and calls

    @usableFromInline
    struct Clock: Sendable {
        @usableFromInline let now: Double
        @usableFromInline let nowMilliseconds: Int64
        @usableFromInline let expiresMilliseconds: Int64
        @usableFromInline let redisTTLMilliseconds: Int64
        /// The new expiry, in the store's clock.
        @usableFromInline var expires: Double { Double(expiresMilliseconds) / 1000 }
    }

    @usableFromInline
    func clock() -> Clock {
        let now = options.now()
        let nowMilliseconds = Int64((now * 1000).rounded(.down))
        let ttlMilliseconds = max(1, Int64((ttl * 1000).rounded(.up)))
        // Keys outlive the header's expiry by a TTL, so that an expired session's version is still there to go on
        // from when its id is used again.
        return Clock(
            now: now, nowMilliseconds: nowMilliseconds, expiresMilliseconds: nowMilliseconds + ttlMilliseconds,
            redisTTLMilliseconds: 2 * ttlMilliseconds)
    }

    @usableFromInline
    func key(_ id: SessionID) -> [UInt8] {
        keys.session(id)
    }

    /// The session's key and the index it is counted in: the keys of every script on one session.
    @usableFromInline
    func sessionKeys(_ id: SessionID) -> [[UInt8]] {
        let key = keys.session(id)
        return [key, keys.index(ofSessionKey: key)]
    }

    private static func hex(_ value: UInt32) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 8 - text.utf8.count) + text
    }

    @usableFromInline
    func newToken() -> [UInt8] {
        Array((tokenPrefix + Self.hex(tokenCounter.wrappingAdd(1, ordering: .relaxed).newValue)).utf8)
    }

    /// Reads the record as stored (old expiry in its header) and moves its expiry to `time`'s.
    @usableFromInline
    func getCall(_ id: SessionID, _ time: Clock) -> ScriptCall {
        ScriptCall(script: RedisScripts.get, keys: sessionKeys(id), arguments: [
            ByteBuffer.decimal(time.nowMilliseconds), ByteBuffer.decimal(time.redisTTLMilliseconds),
            ByteBuffer.decimal(time.expiresMilliseconds, width: 16), id.bytes,
            ByteBuffer.decimal(time.redisTTLMilliseconds + 60_000),
        ])
    }

    /// The record a `getCall` returned; nil when absent or expired. A read changes nothing the caller asked for, so
    /// when its reply is lost twice it is `.unavailable`, not `.outcomeUnknown`.
    @usableFromInline
    static func fetched(_ result: Result<RedisReply, SessionStoreError>) throws(SessionStoreError) -> [UInt8]? {
        let reply: RedisReply
        switch result {
        case .success(let got): reply = got
        case .failure(.outcomeUnknown(let message)): throw .unavailable(message)
        case .failure(let error): throw error
        }
        switch reply {
        case .string(let record): return record
        case .null: return nil
        default: throw unexpected(reply)
        }
    }

    /// A record as a stored write, with its value: remembered, or decoded (in any form the codec reads). `expiresAt`:
    /// where a read just moved its expiry (the record's header still has the old one).
    @inlinable
    func decode(_ record: [UInt8], of id: SessionID, expiresAt: Double?) throws(SessionStoreError) -> (StoredWrite, Value) {
        var stored = try RedisRecord.parse(record)
        if let expiresAt { stored.expiresAt = expiresAt }
        do {
            return (stored, try recent.value(of: id, storedAs: stored) { try codec.decodeAnyForm($0) })
        } catch {
            throw .corrupt("cannot decode a stored session: \(error)")
        }
    }

    @usableFromInline
    static func unexpected(_ reply: RedisReply) -> SessionStoreError {
        .unavailable("redis: unexpected reply \(reply)")
    }

    // MARK: The connection of the calls that wait

    /// The single server's address (the maintenance connection is a single server's).
    private func endpoint() throws(SessionStoreError) -> RedisEndpoint {
        guard case .server(let endpoint, _) = route else { throw .unavailable("redis: no single server to connect to") }
        return endpoint
    }

    /// Runs `operation` on the maintenance connection. When a connection that served earlier calls turns out broken
    /// (Redis restarted), it is replaced and the operation tried once more.
    private func withConnection<T>(_ operation: (RedisConnection) throws -> T) throws -> T {
        try maintenance.withLock { connection throws -> T in
            if closed.load(ordering: .acquiring) { throw SessionStoreError.closed }
            var isFresh = false
            if connection == nil {
                connection = try endpoint().connect()
                isFresh = true
            }
            do {
                return try operation(connection!)
            } catch let error as RedisIOError {
                connection = nil
                if isFresh { throw SessionStoreError.unavailable("redis: \(error.message)") }
            }
            connection = try endpoint().connect()
            do {
                return try operation(connection!)
            } catch let error as RedisIOError {
                connection = nil
                throw SessionStoreError.unavailable("redis: \(error.message)")
            }
        }
    }

    /// EVALSHA, loading the script on first use per connection and again after Redis forgot it (restart, SCRIPT FLUSH).
    private func evaluate(_ script: RedisScript, on connection: RedisConnection, keys: [[UInt8]], arguments: [[UInt8]]) throws -> RedisReply {
        for _ in 0..<2 {
            if connection.scriptDigests[script] == nil {
                let reply = try connection.command("SCRIPT", "LOAD", script.text)
                guard case .string(let digest) = reply else { throw SessionStoreError.unavailable("redis: SCRIPT LOAD failed: \(reply)") }
                connection.scriptDigests[script] = digest
            }
            let digest = connection.scriptDigests[script]!
            let reply = try connection.evaluate(digest, keys: keys, arguments: arguments)
            if case .error(let message) = reply {
                if message.hasPrefix("NOSCRIPT") {
                    connection.scriptDigests[script] = nil
                    continue
                }
                throw SessionStoreError.unavailable("redis: \(message)")
            }
            return reply
        }
        throw SessionStoreError.unavailable("redis: script could not be loaded")
    }
}
