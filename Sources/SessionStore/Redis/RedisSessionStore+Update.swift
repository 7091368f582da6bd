// Public: the `@inlinable` update writes its record's numbers through ByteBuffer.
public import Bytes

extension RedisSessionStore {
    /// One round trip through the pipeline: the record, its expiry moved.
    @inlinable
    public func fetch(_ id: SessionID, completion: @escaping @Sendable (Result<StoredSession<Value>?, SessionStoreError>) -> Void) {
        let time = clock()
        route.send(getCall(id, time)) { [self] reply, _ in
            completion(
                Result { () throws(SessionStoreError) -> StoredSession<Value>? in
                    guard let record = try Self.fetched(reply) else { return nil }
                    let (stored, value) = try decode(record, of: id, expiresAt: time.expires)
                    return StoredSession(write: stored, value: value)
                })
        }
    }

    /// One script (`RedisScripts.compareAndSet`, by version and write token). When another write came first, the
    /// script answers with the record as it is now, so the update goes again without a read.
    @inlinable
    public func compareAndSet(
        _ id: SessionID, over expected: StoredWrite, with value: Value,
        completion: @escaping @Sendable (Result<WriteOutcome<Value>, SessionStoreError>) -> Void
    ) {
        let write: Written
        do {
            write = try written(id, value, over: expected, clock())
        } catch {
            return completion(.failure(error))
        }
        route.send(write.call) { [self] reply, isRetry in
            completion(
                Result { () throws(SessionStoreError) -> WriteOutcome<Value> in
                    switch try reply.get() {
                    case .integer(1):
                        return .written(write.stored)
                    case .null:
                        throw .notFound
                    case .string where isRetry:
                        // Sent again after a lost reply, it finds another write in its place: one that came before the
                        // first sending ran, or after it. Running the update again could apply it twice.
                        throw .outcomeUnknown("redis: a write sent again after its reply was lost found another write in its place")
                    case .string(let record):
                        let (current, currentValue) = try decode(record, of: id, expiresAt: nil)
                        return .moved(StoredSession(write: current, value: currentValue))
                    case let other:
                        throw Self.unexpected(other)
                    }
                })
        }
    }

    /// A compare-and-set ready to send, with the write it stores.
    @usableFromInline
    struct Written: Sendable {
        @usableFromInline let call: ScriptCall
        @usableFromInline let stored: StoredWrite

        @inlinable
        init(call: ScriptCall, stored: StoredWrite) {
            self.call = call
            self.stored = stored
        }
    }

    /// The call that writes `value` at the next version over exactly the stored write `stored`.
    @inlinable
    func written(_ id: SessionID, _ value: Value, over stored: StoredWrite, _ time: Clock) throws(SessionStoreError) -> Written {
        let token = newToken()
        let payload = try codec.bytes(of: value)
        let version = stored.version + 1
        let call = ScriptCall(
            script: keys.isCluster ? RedisScripts.shardedCompareAndSet : RedisScripts.compareAndSet, keys: sessionKeys(id), arguments: [
            RedisRecord.versionField(stored.version),
            RedisRecord.bytes(version: version, expires: time.expiresMilliseconds, token: token, payload: payload),
            ByteBuffer.decimal(time.nowMilliseconds), ByteBuffer.decimal(time.redisTTLMilliseconds), ByteBuffer.decimal(time.expiresMilliseconds),
            id.bytes, token, ByteBuffer.decimal(time.redisTTLMilliseconds + 60_000), stored.token,
        ])
        return Written(call: call, stored: StoredWrite(bytes: payload, version: version, expiresAt: time.expires, token: token))
    }
}
