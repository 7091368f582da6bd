#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Sessions in Redis, shared by every instance that points at the same server, prefix and DB.
///
/// - Layout: one string key per session, `keyPrefix + id`, holding a 52-byte ASCII header (20-digit version, 16-digit
///   expiry in ms on the store's clock, 16-character write token) followed by the codec's bytes. The key also carries a
///   Redis TTL (`PX`) of the store's TTL, refreshed on use, so Redis forgets abandoned sessions by itself. The expiry in
///   the header is what decides liveness, so an injected clock works and every instance agrees.
/// - Atomicity: every read-modify-write is a Lua script run by Redis as one step. `update` reads, runs the body here,
///   then compare-and-sets on the version it read; on a conflict it reads again and reruns the body (bounded, with
///   jittered backoff). The write token makes a compare-and-set that is retried after a lost reply idempotent.
/// - One round trip per press: when this process last wrote or read the session, `update` first runs the body on
///   that value and compare-and-sets on its version *and* write token (which names one write, so a session deleted
///   and created again at the same version does not match); only when that fails does it read as above.
/// - Count: a sorted set `keyPrefix + "#live"` scores each session id by its expiry; `count()` is the number of
///   entries whose expiry is ahead (`ZCOUNT`). It is approximate only when keys vanish behind the store's back (Redis
///   eviction, `FLUSHDB`, a Redis TTL firing before the header expiry because clocks differ) until `sweepExpired()`
///   reconciles the set. The cap check uses the same count, atomically with the insert.
/// - Connections: a small pool of hiredis contexts, each behind a `Mutex` (a context is not thread-safe), with short
///   connect and command timeouts. A broken context is dropped; the next call reconnects, so the store recovers by
///   itself after Redis restarts. While Redis is unreachable every call throws `.unavailable` (and within 250 ms of a
///   failed connect, without trying again), with nothing half-written.
/// - Completion forms (`completesLater` is true): they run on a `RedisPipeline`, one more connection owned by one
///   thread that sends every call queued meanwhile in one write and reads the replies in order, so a server thread
///   never waits for a round trip. They keep the plain forms' semantics (one round trip for a known session, the
///   read-and-compare-and-set retries, the same errors); the plain forms stay on the pool.
public final class RedisSessionStore<Value: Sendable>: SessionStore {
    private final class ConnectionSlot: Sendable {
        let connection = Mutex<RedisConnection?>(nil)
    }

    private static var poolSize: Int { 4 }
    private static var headerLength: Int { 52 }
    private static var maxUpdateAttempts: Int { 500 }
    private static var sweepBatch: Int { 500 }

    private let endpoint: RedisEndpoint
    private let pipeline: RedisPipeline
    private let keyPrefix: [UInt8]
    private let indexKey: [UInt8]
    private let codec: SessionCodec<Value>
    /// Spares decoding a record whose payload is what this process last wrote or read.
    private let recent = RecentValues<Value>()
    private let options: SessionStoreOptions
    private let ttl: Double
    private let slots: [ConnectionSlot]
    private let nextSlot = Atomic<Int>(0)
    private let closed = Atomic<Bool>(false)
    /// Write tokens: a random per-process prefix and a counter, unique across instances without a syscall per write.
    private let tokenPrefix: String
    private let tokenCounter = Atomic<UInt32>(0)
    /// Per session, the value this process last wrote or read with its version and write token.
    private let known = Mutex<[SessionID: KnownRedisRecord]>([:])
    private static var knownLimit: Int { 4_096 }

    /// `url` is `redis://HOST[:PORT][/DB]` (port 6379 and DB 0 by default). Nothing connects until the first call.
    public init(
        url: String,
        codec: SessionCodec<Value>,
        options: SessionStoreOptions = .init(),
        keyPrefix: String = "calc:session:"
    ) throws {
        let (host, port, database) = try Self.parse(url)
        endpoint = RedisEndpoint(host: host, port: port, database: database)
        pipeline = try RedisPipeline(endpoint: endpoint)
        self.keyPrefix = Array(keyPrefix.utf8)
        self.indexKey = Array((keyPrefix + "#live").utf8)
        self.codec = codec
        self.options = options
        self.ttl = options.ttlSeconds
        self.slots = (0..<Self.poolSize).map { _ in ConnectionSlot() }
        var generator = SystemRandomNumberGenerator()
        self.tokenPrefix = Self.hex(UInt32.random(in: .min ... .max, using: &generator))
    }

    static func parse(_ url: String) throws -> (host: String, port: Int, database: Int) {
        let invalid = SessionStoreError.unavailable("invalid Redis URL \"\(url)\" (expected redis://HOST:PORT[/DB])")
        guard url.hasPrefix("redis://") else { throw invalid }
        var rest = Substring(url.dropFirst("redis://".count))
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
        return (String(rest), port, database)
    }

    // MARK: Connections

    /// Runs `operation` on a pooled connection. When a connection that served earlier calls turns out broken (Redis
    /// restarted), it is replaced and the operation tried once more with `isRetry` set, so it can recognise its own
    /// earlier effect.
    private func withConnection<T>(_ operation: (RedisConnection, _ isRetry: Bool) throws -> T) throws -> T {
        let slot = slots[nextSlot.wrappingAdd(1, ordering: .relaxed).oldValue & (slots.count - 1)]
        return try slot.connection.withLock { connection throws -> T in
            if closed.load(ordering: .acquiring) { throw SessionStoreError.unavailable("session store is closed") }
            var isFresh = false
            if connection == nil {
                connection = try endpoint.connect()
                isFresh = true
            }
            do {
                return try operation(connection!, false)
            } catch let error as RedisIOError {
                connection = nil
                if isFresh { throw SessionStoreError.unavailable("redis: \(error.message)") }
            }
            connection = try endpoint.connect()
            do {
                return try operation(connection!, true)
            } catch let error as RedisIOError {
                connection = nil
                throw SessionStoreError.unavailable("redis: \(error.message)")
            }
        }
    }

    /// `call` on a pooled connection (the plain forms).
    private func evaluate(_ call: ScriptCall) throws -> RedisReply {
        try withConnection { connection, _ in try evaluate(call.script, on: connection, keys: call.keys, arguments: call.arguments) }
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

    // MARK: Encoding

    private struct Clock {
        let nowMilliseconds: Int64
        let expiresMilliseconds: Int64
        let redisTTLMilliseconds: Int64
    }

    private func clock() -> Clock {
        let now = options.now()
        let nowMilliseconds = Int64((now * 1000).rounded(.down))
        let ttlMilliseconds = max(1, Int64((ttl * 1000).rounded(.up)))
        return Clock(nowMilliseconds: nowMilliseconds, expiresMilliseconds: nowMilliseconds + ttlMilliseconds, redisTTLMilliseconds: ttlMilliseconds)
    }

    private func key(_ id: SessionID) -> [UInt8] { id.withUTF8 { keyPrefix + $0 } }

    private static func hex(_ value: UInt32) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 8 - text.utf8.count) + text
    }

    private func newToken() -> [UInt8] {
        Array((tokenPrefix + Self.hex(tokenCounter.wrappingAdd(1, ordering: .relaxed).newValue)).utf8)
    }

    private func remember(_ id: SessionID, version: UInt64, token: [UInt8], value: Value) {
        known.withLock { known in
            if known.count >= Self.knownLimit, known[id] == nil { known.remove(at: known.startIndex) }
            known[id] = KnownRedisRecord(version: version, token: token, boxed: ValueBox(value))
        }
    }

    private func knownValue(_ record: KnownRedisRecord) -> Value {
        ValueBox<Value>.unboxed(record.boxed)
    }

    private func record(version: UInt64, expires: Int64, token: [UInt8], payload: [UInt8]) -> [UInt8] {
        var record = decimalBytes(version, width: 20)
        record.reserveCapacity(Self.headerLength + payload.count)
        record += decimalBytes(expires, width: 16)
        record += token
        record += payload
        return record
    }

    private static func version(fromHeader bytes: some Collection<UInt8>) throws -> UInt64 {
        guard let version = UInt64(String(decoding: bytes.prefix(20), as: UTF8.self)) else {
            throw SessionStoreError.corrupt("redis: session record has no version header")
        }
        return version
    }

    private func decode(record: [UInt8], of id: SessionID) throws -> Versioned<Value> {
        guard record.count >= Self.headerLength else { throw SessionStoreError.corrupt("redis: session record is too short") }
        let version = try Self.version(fromHeader: record)
        let value = try recent.value(of: id, storedAs: Array(record[Self.headerLength...])) { payload in
            do {
                return try codec.decode(payload)
            } catch {
                throw SessionStoreError.corrupt("cannot decode a stored session: \(error)")
            }
        }
        remember(id, version: version, token: Array(record[36..<Self.headerLength]), value: value)
        return Versioned(value: value, version: version)
    }

    private static func unexpected(_ reply: RedisReply) -> SessionStoreError {
        .unavailable("redis: unexpected reply \(reply)")
    }

    // MARK: Script calls (shared by the plain and the completion forms)

    private func createCall(_ id: SessionID, record: [UInt8], token: [UInt8], _ time: Clock) -> ScriptCall {
        ScriptCall(script: Scripts.create, keys: [key(id), indexKey], arguments: [
            record, decimalBytes(time.nowMilliseconds), decimalBytes(time.redisTTLMilliseconds),
            decimalBytes(time.expiresMilliseconds), id.withUTF8 { Array($0) }, decimalBytes(Int64(options.maxSessions)),
            token, decimalBytes(time.redisTTLMilliseconds + 60_000),
        ])
    }

    private func created(_ reply: RedisReply, _ id: SessionID, _ value: Value, payload: [UInt8], token: [UInt8]) throws -> Versioned<Value> {
        switch reply {
        case .integer(1):
            recent.remember(value, storedAs: payload, for: id)
            remember(id, version: 1, token: token, value: value)
            return Versioned(value: value, version: 1)
        case .integer(0): throw SessionStoreError.alreadyExists
        case .integer(-1): throw SessionStoreError.capacityReached
        default: throw Self.unexpected(reply)
        }
    }

    /// Reads the record as stored (old expiry in its header) and refreshes its expiry.
    private func getCall(_ id: SessionID, _ time: Clock) -> ScriptCall {
        ScriptCall(script: Scripts.get, keys: [key(id), indexKey], arguments: [
            decimalBytes(time.nowMilliseconds), decimalBytes(time.redisTTLMilliseconds),
            decimalBytes(time.expiresMilliseconds, width: 16), id.withUTF8 { Array($0) },
            decimalBytes(time.redisTTLMilliseconds + 60_000),
        ])
    }

    /// The record a `getCall` returned; nil when absent or expired.
    private static func fetched(_ reply: RedisReply) throws -> [UInt8]? {
        switch reply {
        case .string(let record): return record
        case .null: return nil
        default: throw unexpected(reply)
        }
    }

    /// A new record for `value` at `version`, and the call that writes it over the record whose header starts with
    /// `expectedHeader` (`compareAndSet`), or, with `knownToken`, over exactly the record this process knows.
    private func write(
        _ id: SessionID, _ value: Value, version: UInt64, over expectedHeader: [UInt8], knownToken: [UInt8]? = nil, _ time: Clock
    ) throws -> RedisWrite {
        let token = newToken()
        let payload = try codec.encode(value)
        let newRecord = record(version: version, expires: time.expiresMilliseconds, token: token, payload: payload)
        var arguments = [
            expectedHeader, newRecord, decimalBytes(time.nowMilliseconds),
            decimalBytes(time.redisTTLMilliseconds), decimalBytes(time.expiresMilliseconds),
            id.withUTF8 { Array($0) }, token, decimalBytes(time.redisTTLMilliseconds + 60_000),
        ]
        if let knownToken { arguments.append(knownToken) }
        let script = knownToken == nil ? Scripts.compareAndSet : Scripts.compareKnownAndSet
        return RedisWrite(call: ScriptCall(script: script, keys: [key(id), indexKey], arguments: arguments), token: token, payload: payload)
    }

    /// After a written compare-and-set: the new record is what this process knows.
    private func wrote(_ write: RedisWrite, _ id: SessionID, _ value: Value, version: UInt64) {
        recent.remember(value, storedAs: write.payload, for: id)
        remember(id, version: version, token: write.token, value: value)
    }

    /// What a `compareAndSet` reply means for an update: written (true), try again after reading (false), or an error.
    private static func compareAndSetWrote(_ reply: RedisReply, expectedVersion: UInt64?) throws -> Bool {
        switch reply {
        case .integer(1): return true
        case .null: throw SessionStoreError.notFound
        case .string(let currentHeader):
            let current = try version(fromHeader: currentHeader)
            if expectedVersion != nil { throw SessionStoreError.versionMismatch(current: current) }
            return false
        default: throw unexpected(reply)
        }
    }

    private func deleteCall(_ id: SessionID, expectedVersion: UInt64?, _ time: Clock) -> ScriptCall {
        ScriptCall(script: Scripts.delete, keys: [key(id), indexKey], arguments: [
            expectedVersion.map { decimalBytes($0, width: 20) } ?? [], decimalBytes(time.nowMilliseconds),
            id.withUTF8 { Array($0) },
        ])
    }

    private static func deleted(_ reply: RedisReply, isRetry: Bool) throws {
        switch reply {
        case .integer(1): return
        case .null:
            // On a retry after a lost reply, "absent" means the first attempt deleted it.
            if isRetry { return }
            throw SessionStoreError.notFound
        case .string(let currentHeader): throw SessionStoreError.versionMismatch(current: try version(fromHeader: currentHeader))
        default: throw unexpected(reply)
        }
    }

    // MARK: SessionStore

    public func create(_ id: SessionID, _ value: Value) throws -> Versioned<Value> {
        let payload = try codec.encode(value)
        let time = clock()
        let token = newToken()
        let record = record(version: 1, expires: time.expiresMilliseconds, token: token, payload: payload)
        let reply = try evaluate(createCall(id, record: record, token: token, time))
        return try created(reply, id, value, payload: payload, token: token)
    }

    public func get(_ id: SessionID) throws -> Versioned<Value>? {
        try Self.fetched(evaluate(getCall(id, clock()))).map { try decode(record: $0, of: id) }
    }

    public func update<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        _ body: (inout Value, _ currentVersion: UInt64) throws -> Mutation<R>
    ) throws -> (Versioned<Value>, R) {
        if let written = try updateKnown(id, expectedVersion: expectedVersion, body) { return written }
        var generator = SystemRandomNumberGenerator()
        for attempt in 1...Self.maxUpdateAttempts {
            let time = clock()
            guard let record = try Self.fetched(evaluate(getCall(id, time))) else { throw SessionStoreError.notFound }
            let stored = try decode(record: record, of: id)
            if let expectedVersion, expectedVersion != stored.version {
                throw SessionStoreError.versionMismatch(current: stored.version)
            }
            var value = stored.value
            let result: R
            switch try body(&value, stored.version) {
            case .keep(let kept):
                return (stored, kept)  // the read already refreshed the expiry
            case .write(let written):
                result = written
            }
            let write = try write(id, value, version: stored.version + 1, over: Array(record.prefix(20)), time)
            if try Self.compareAndSetWrote(evaluate(write.call), expectedVersion: expectedVersion) {
                wrote(write, id, value, version: stored.version + 1)
                return (Versioned(value: value, version: stored.version + 1), result)
            }
            // Someone else wrote first: back off a little, growing with the conflicts, then read again.
            if attempt > 2 {
                usleep(UInt32.random(in: 0...UInt32(min(attempt * 200, 5_000)), using: &generator))
            }
        }
        throw Self.gaveUp
    }

    private static var gaveUp: SessionStoreError {
        .unavailable("redis: gave up after \(maxUpdateAttempts) conflicting writes to one session")
    }

    /// The one-round-trip update: the body on the value this process knows, written only if the stored record is
    /// still that one (same version and write token). Nil when there is nothing known, the body does not write or
    /// throws (the read path runs it again on the stored value), or the record changed: the caller then reads.
    private func updateKnown<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        _ body: (inout Value, _ currentVersion: UInt64) throws -> Mutation<R>
    ) throws -> (Versioned<Value>, R)? {
        guard let base = knownRecord(id, expectedVersion: expectedVersion) else { return nil }
        var value = knownValue(base)
        guard case .write(let result)? = try? body(&value, base.version) else { return nil }
        let write = try knownWrite(id, value, over: base)
        guard case .integer(1) = try evaluate(write.call) else { return nil }
        wrote(write, id, value, version: base.version + 1)
        return (Versioned(value: value, version: base.version + 1), result)
    }

    /// The record this process knows for `id`, if it knows one (at `expectedVersion`, when given).
    private func knownRecord(_ id: SessionID, expectedVersion: UInt64?) -> KnownRedisRecord? {
        guard let base = known.withLock({ $0[id] }), expectedVersion == nil || expectedVersion == base.version else { return nil }
        return base
    }

    /// The call that writes `value` over exactly the known record `base` (same version and write token).
    private func knownWrite(_ id: SessionID, _ value: Value, over base: KnownRedisRecord) throws -> RedisWrite {
        try write(id, value, version: base.version + 1, over: decimalBytes(base.version, width: 20), knownToken: base.token, clock())
    }

    public func delete(_ id: SessionID, expectedVersion: UInt64?) throws {
        let call = deleteCall(id, expectedVersion: expectedVersion, clock())
        let (reply, isRetry) = try withConnection { connection, isRetry in
            (try evaluate(call.script, on: connection, keys: call.keys, arguments: call.arguments), isRetry)
        }
        recent.forget(id)
        known.withLock { _ = $0.removeValue(forKey: id) }
        try Self.deleted(reply, isRetry: isRetry)
    }

    // MARK: Completion forms, on the pipeline

    public var completesLater: Bool { true }
    public var readsCompleteLater: Bool { true }

    public func create(_ id: SessionID, _ value: Value, completion: @escaping @Sendable (Result<Versioned<Value>, any Error>) -> Void) {
        let payload: [UInt8]
        do {
            payload = try codec.encode(value)
        } catch {
            return completion(.failure(error))
        }
        let time = clock()
        let token = newToken()
        let record = record(version: 1, expires: time.expiresMilliseconds, token: token, payload: payload)
        pipeline.send(createCall(id, record: record, token: token, time)) { [self] reply, _ in
            completion(Result { try created(reply.get(), id, value, payload: payload, token: token) })
        }
    }

    public func read<T: Sendable>(
        _ id: SessionID,
        _ body: @escaping @Sendable (borrowing Value, _ version: UInt64) throws -> T,
        completion: @escaping @Sendable (Result<T?, any Error>) -> Void
    ) {
        pipeline.send(getCall(id, clock())) { [self] reply, _ in
            completion(
                Result {
                    guard let record = try Self.fetched(reply.get()) else { return nil }
                    let stored = try decode(record: record, of: id)
                    return try body(stored.value, stored.version)
                })
        }
    }

    public func updateInPlace<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        _ body: @escaping @Sendable (inout Value, _ currentVersion: UInt64) throws -> Mutation<R>,
        completion: @escaping @Sendable (Result<(version: UInt64, result: R), any Error>) -> Void
    ) {
        // The one-round-trip path of `updateKnown`; the body runs again on the stored value when it cannot be taken.
        guard let base = knownRecord(id, expectedVersion: expectedVersion) else {
            return updateByReading(id, expectedVersion: expectedVersion, body, attempt: 1, completion: completion)
        }
        var value = knownValue(base)
        guard case .write(let result)? = try? body(&value, base.version) else {
            return updateByReading(id, expectedVersion: expectedVersion, body, attempt: 1, completion: completion)
        }
        let write: RedisWrite
        do {
            write = try knownWrite(id, value, over: base)
        } catch {
            return completion(.failure(error))
        }
        pipeline.send(write.call) { [self, value] reply, _ in
            switch reply {
            case .success(.integer(1)):
                wrote(write, id, value, version: base.version + 1)
                completion(.success((base.version + 1, result)))
            case .failure(let error):
                completion(.failure(error))
            case .success:
                updateByReading(id, expectedVersion: expectedVersion, body, attempt: 1, completion: completion)
            }
        }
    }

    /// The read-and-compare-and-set path of `updateInPlace(_:expectedVersion:_:completion:)`: each step is a call
    /// queued from the previous one's completion. After a conflict it reads again at once: waiting for the next batch
    /// is the backoff (sleeping here would hold up every other call on the pipeline).
    private func updateByReading<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        _ body: @escaping @Sendable (inout Value, _ currentVersion: UInt64) throws -> Mutation<R>,
        attempt: Int,
        completion: @escaping @Sendable (Result<(version: UInt64, result: R), any Error>) -> Void
    ) {
        let time = clock()
        pipeline.send(getCall(id, time)) { [self] reply, _ in
            let value: Value
            let version: UInt64
            let result: R
            let write: RedisWrite
            do {
                guard let record = try Self.fetched(reply.get()) else { throw SessionStoreError.notFound }
                let stored = try decode(record: record, of: id)
                if let expectedVersion, expectedVersion != stored.version {
                    throw SessionStoreError.versionMismatch(current: stored.version)
                }
                var changed = stored.value
                switch try body(&changed, stored.version) {
                case .keep(let kept):
                    return completion(.success((stored.version, kept)))  // the read already refreshed the expiry
                case .write(let written):
                    result = written
                }
                (value, version) = (changed, stored.version + 1)
                write = try self.write(id, value, version: version, over: Array(record.prefix(20)), time)
            } catch {
                return completion(.failure(error))
            }
            pipeline.send(write.call) { [self] reply, _ in
                let written: Bool
                do {
                    written = try Self.compareAndSetWrote(reply.get(), expectedVersion: expectedVersion)
                } catch {
                    return completion(.failure(error))
                }
                if written {
                    wrote(write, id, value, version: version)
                    completion(.success((version, result)))
                } else if attempt >= Self.maxUpdateAttempts {
                    completion(.failure(Self.gaveUp))
                } else {
                    updateByReading(id, expectedVersion: expectedVersion, body, attempt: attempt + 1, completion: completion)
                }
            }
        }
    }

    public func delete(_ id: SessionID, expectedVersion: UInt64?, completion: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        pipeline.send(deleteCall(id, expectedVersion: expectedVersion, clock())) { [self] reply, isRetry in
            recent.forget(id)
            known.withLock { _ = $0.removeValue(forKey: id) }
            completion(Result { try Self.deleted(reply.get(), isRetry: isRetry) })
        }
    }

    /// Entries of the `#live` sorted set whose expiry is ahead (see the type's documentation for when it is approximate).
    public func count() throws -> Int {
        let time = clock()
        let reply = try withConnection { connection, _ in
            try connection.command([Array("ZCOUNT".utf8), indexKey, Array("(\(time.nowMilliseconds)".utf8), Array("+inf".utf8)])
        }
        guard case .integer(let live) = reply else { throw Self.unexpected(reply) }
        return Int(live)
    }

    /// Deletes the sessions whose header expiry has passed and drops them from the `#live` set, in batches.
    @discardableResult
    public func sweepExpired() throws -> Int {
        let time = clock()
        var removed = 0
        while true {
            let reply = try withConnection { connection, _ in
                try evaluate(Scripts.sweep, on: connection, keys: [indexKey], arguments: [
                    decimalBytes(time.nowMilliseconds), keyPrefix, decimalBytes(Int64(Self.sweepBatch)),
                ])
            }
            guard case .array(let parts) = reply, parts.count == 2, case .integer(let seen) = parts[0], case .integer(let gone) = parts[1] else {
                throw Self.unexpected(reply)
            }
            removed += Int(gone)
            if seen < Self.sweepBatch { return removed }
        }
    }

    public func checkHealth() throws {
        let reply = try withConnection { connection, _ in try connection.command("PING") }
        guard reply == .status("PONG") else { throw SessionStoreError.unavailable("redis: PING answered \(reply)") }
    }

    /// Drops every connection; the data stays in Redis.
    public func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        pipeline.close()
        recent.forgetAll()
        known.withLock { $0 = [:] }
        for slot in slots {
            slot.connection.withLock { $0 = nil }
        }
    }
}

/// The Lua scripts; KEYS[1] is the session key and KEYS[2] the `#live` sorted set unless noted. Header bytes: 1–20
/// version, 21–36 expiry in ms, 37–52 write token.
private enum Scripts {
    /// ARGV: now, redis ttl, new expiry (16 digits), id, set ttl → the record before the refresh, or nil.
    static let get = RedisScript(
        """
        local v = redis.call('GET', KEYS[1])
        if not v then return false end
        if tonumber(string.sub(v, 21, 36)) <= tonumber(ARGV[1]) then
          redis.call('DEL', KEYS[1])
          redis.call('ZREM', KEYS[2], ARGV[4])
          return false
        end
        redis.call('SETRANGE', KEYS[1], 20, ARGV[3])
        redis.call('PEXPIRE', KEYS[1], ARGV[2])
        redis.call('ZADD', KEYS[2], tonumber(ARGV[3]), ARGV[4])
        redis.call('PEXPIRE', KEYS[2], ARGV[5])
        return v
        """)

    /// ARGV: record, now, redis ttl, expiry, id, max sessions, token, set ttl → 1 created, 0 exists, -1 at capacity.
    static let create = RedisScript(
        """
        local v = redis.call('GET', KEYS[1])
        if v then
          if tonumber(string.sub(v, 21, 36)) > tonumber(ARGV[2]) then
            if string.sub(v, 37, 52) == ARGV[7] then return 1 end
            return 0
          end
          redis.call('ZREM', KEYS[2], ARGV[5])
        end
        if redis.call('ZCOUNT', KEYS[2], '(' .. ARGV[2], '+inf') >= tonumber(ARGV[6]) then return -1 end
        redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
        redis.call('ZADD', KEYS[2], tonumber(ARGV[4]), ARGV[5])
        redis.call('PEXPIRE', KEYS[2], ARGV[8])
        return 1
        """)

    /// ARGV: expected version header, record, now, redis ttl, expiry, id, token, set ttl
    /// → 1 written, nil absent, or the current version header on a conflict.
    static let compareAndSet = RedisScript(
        """
        local v = redis.call('GET', KEYS[1])
        if (not v) or tonumber(string.sub(v, 21, 36)) <= tonumber(ARGV[3]) then return false end
        if string.sub(v, 1, 20) ~= ARGV[1] then
          if string.sub(v, 37, 52) == ARGV[7] then return 1 end
          return string.sub(v, 1, 20)
        end
        redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[4])
        redis.call('ZADD', KEYS[2], tonumber(ARGV[5]), ARGV[6])
        redis.call('PEXPIRE', KEYS[2], ARGV[8])
        return 1
        """)

    /// `compareAndSet` that also requires the write token the caller knows (ARGV[9])
    /// → 1 written, nil absent, 0 the record is not the known one.
    static let compareKnownAndSet = RedisScript(
        """
        local v = redis.call('GET', KEYS[1])
        if (not v) or tonumber(string.sub(v, 21, 36)) <= tonumber(ARGV[3]) then return false end
        if string.sub(v, 37, 52) == ARGV[7] then return 1 end
        if string.sub(v, 1, 20) ~= ARGV[1] or string.sub(v, 37, 52) ~= ARGV[9] then return 0 end
        redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[4])
        redis.call('ZADD', KEYS[2], tonumber(ARGV[5]), ARGV[6])
        redis.call('PEXPIRE', KEYS[2], ARGV[8])
        return 1
        """)

    /// ARGV: expected version header or empty, now, id → 1 deleted, nil absent, or the current version header.
    static let delete = RedisScript(
        """
        local v = redis.call('GET', KEYS[1])
        if not v then return false end
        if tonumber(string.sub(v, 21, 36)) <= tonumber(ARGV[2]) then
          redis.call('DEL', KEYS[1])
          redis.call('ZREM', KEYS[2], ARGV[3])
          return false
        end
        if ARGV[1] ~= '' and string.sub(v, 1, 20) ~= ARGV[1] then return string.sub(v, 1, 20) end
        redis.call('DEL', KEYS[1])
        redis.call('ZREM', KEYS[2], ARGV[3])
        return 1
        """)

    /// KEYS[1]: the `#live` set. ARGV: now, key prefix, batch size → {ids looked at, sessions removed}.
    /// Touches session keys by name, which plain (non-cluster) Redis allows.
    static let sweep = RedisScript(
        """
        local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
        local removed = 0
        for _, id in ipairs(ids) do
          local key = ARGV[2] .. id
          local v = redis.call('GET', key)
          if v and tonumber(string.sub(v, 21, 36)) > tonumber(ARGV[1]) then
            redis.call('ZADD', KEYS[1], tonumber(string.sub(v, 21, 36)), id)
          else
            if v then redis.call('DEL', key) end
            redis.call('ZREM', KEYS[1], id)
            removed = removed + 1
          end
        end
        return {#ids, removed}
        """)
}

// At file scope, not nested in the generic store: the store's code runs unspecialized (it is called from another
// module), and every generic type it touches costs a metadata lookup, several per press with these nested in it.

/// A compare-and-set ready to send, with the write token and payload of the record it writes.
private struct RedisWrite {
    let call: ScriptCall
    let token: [UInt8]
    let payload: [UInt8]
}

/// What this process last wrote or read of a session: its version, write token and value (boxed, so that the table
/// holding these is not generic).
private struct KnownRedisRecord {
    var version: UInt64
    var token: [UInt8]
    var boxed: any AnyObject & Sendable
}

/// `value` in decimal, zero-padded on the left to `width` digits (the record header's fixed-width fields).
func decimalBytes(_ value: UInt64, width: Int = 0) -> [UInt8] {
    // The power of ten of the leading digit, found with the number of digits.
    var divisor: UInt64 = 1
    var digits = 1
    while value / divisor >= 10 {
        divisor *= 10
        digits += 1
    }
    // Appended into reserved room: `Array(unsafeUninitializedCapacity:)` and `Array(repeating:count:)` call the
    // standard library's unspecialized allocation, which looks up the storage's type metadata (about 500
    // instructions, five times per press).
    var bytes: [UInt8] = []
    bytes.reserveCapacity(max(digits, width))
    for _ in digits..<max(digits, width) { bytes.append(UInt8(ascii: "0")) }
    while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / divisor % 10))
        divisor /= 10
    }
    return bytes
}

/// `value` in decimal, as `String(value)` writes it, zero-padded on the left to `width` characters.
func decimalBytes(_ value: Int64, width: Int = 0) -> [UInt8] {
    if value >= 0 { return decimalBytes(UInt64(value), width: width) }
    let text = Array(String(value).utf8)
    return Array(repeating: UInt8(ascii: "0"), count: max(0, width - text.count)) + text
}
