import Bytes
import Threading

/// The live sessions of a cluster as last counted, and the creates since: the session cap's estimate.
struct ClusterCount: Sendable {
    var counted: Int?
    var createdSince = 0
    var countedAt = ContinuousClock.now
}

/// What differs on a cluster: creates with a claim, the session cap, counting and sweeping, per-node statistics.
extension RedisSessionStore {
    /// Each cluster node's calls, failures, redirects and round trips; empty on a single server.
    public func nodeStatistics() -> [StoreNodeStatistics] {
        guard case .cluster(let cluster) = route else { return [] }
        return cluster.nodeStatistics()
    }

    /// The cluster's masters as the map last showed them; empty on a single server.
    public func shards() -> [StoreShard] {
        guard case .cluster(let cluster) = route else { return [] }
        return cluster.shards()
    }

    private static var sweepBatch: Int { 500 }

    /// On a cluster a claim has a slot of its own (a retry brings another session id), so a claimed create is three
    /// steps: the claim script takes the claim for this session (or finds an earlier create's), the create script
    /// makes the session, and a definite failure removes the claim again (or a first version above 1 is recorded in
    /// it). A crash between the steps leaves a claim naming a session that was never made: the retry is told of that
    /// session, and finds it absent. The session cap is checked before (`checkCapacity`).
    func createOnCluster(
        _ id: SessionID, _ value: Value, payload: [UInt8], claiming claim: CreationClaim?,
        completion: @escaping @Sendable (Result<ClaimedCreation, SessionStoreError>) -> Void
    ) {
        checkCapacity { [self] room in
            if let error = room { return completion(.failure(error)) }
            guard let claim else {
                return createScript(id, value, payload: payload, claiming: nil) { [self] result in
                    if case .success = result { clusterCount.withLock { $0.createdSince += 1 } }
                    completion(result)
                }
            }
            let claimKey = keys.claim(claim.key)
            let call = ScriptCall(script: RedisClusterScripts.claim, keys: [claimKey], arguments: [
                ByteBuffer.decimal(clock().nowMilliseconds), id.bytes, Array(claim.fingerprint.utf8),
                ByteBuffer.decimal(max(1, Int64((claim.retention * 1000).rounded(.up)))),
            ])
            route.send(call) { [self] reply, _ in
                switch reply {
                case .success(.string(let mine)) where mine.elementsEqual("mine".utf8):
                    createScript(id, value, payload: payload, claiming: nil) { [self] result in
                        settle(claimKey, of: id, after: result, completion: completion)
                    }
                case .success(.array(let parts)):
                    guard let first = Self.firstCreation(parts) else { return completion(.failure(Self.unexpected(.array(parts)))) }
                    completion(.success(first))
                case .success(let other): completion(.failure(Self.unexpected(other)))
                case .failure(let error): completion(.failure(error))
                }
            }
        }
    }

    /// After the create a claim was taken for: a definite failure removes the claim, a first version above 1 is
    /// written into it; then the create's result is reported.
    private func settle(
        _ claimKey: [UInt8], of id: SessionID, after result: Result<ClaimedCreation, SessionStoreError>,
        completion: @escaping @Sendable (Result<ClaimedCreation, SessionStoreError>) -> Void
    ) {
        let version: [UInt8]
        switch result {
        case .success(.created(let first)) where first == 1:
            clusterCount.withLock { $0.createdSince += 1 }
            return completion(result)
        case .success(.created(let first)):
            clusterCount.withLock { $0.createdSince += 1 }
            version = ByteBuffer.decimal(first)
        case .failure(.outcomeUnknown), .success(.claimed):
            return completion(result)
        case .failure:
            version = []
        }
        let call = ScriptCall(script: RedisClusterScripts.settleClaim, keys: [claimKey], arguments: [id.bytes, version])
        route.send(call) { _, _ in completion(result) }
    }

    /// Calls `then` with nil when a session may be made, or `.capacityReached`. A cluster's sessions are counted over
    /// all its masters, which no one script can do atomically with a create, so the cap is checked against the last
    /// count plus the creates since: counted again when that is within 1% of the cap or a second old. Creates through
    /// several instances in that second can pass the cap by what they make meanwhile.
    private func checkCapacity(then: @escaping @Sendable (SessionStoreError?) -> Void) {
        let cap = options.maxSessions
        let estimate = clusterCount.withLock { count -> Int? in
            guard let counted = count.counted, ContinuousClock.now - count.countedAt < .seconds(1) else { return nil }
            return counted + count.createdSince
        }
        if let estimate, estimate + max(1, cap / 100) < cap { return then(nil) }
        count { result in
            switch result {
            case .success(let live): then(live >= cap ? .capacityReached : nil)
            case .failure(let error): then(error)
            }
        }
    }

    /// The sum of each master's count over its slots' indexes, one script per master. An index the master may not
    /// read (its slot is migrating and the index has left, or the map is out of date) is counted by a call of its
    /// own, which the router sends where the index is (following `ASK` and `MOVED`), so every index counts once.
    func countOnCluster(_ cluster: RedisCluster, completion: @escaping @Sendable (Result<Int, SessionStoreError>) -> Void) {
        let masters: [(address: String, pipeline: RedisPipeline, slots: [Int])]
        do {
            masters = try cluster.masters()
        } catch {
            return completion(.failure(error))
        }
        let now = ByteBuffer.decimal(clock().nowMilliseconds)
        let started = ContinuousClock.now
        let tally = Lock<(remaining: Int, total: Int, error: SessionStoreError?)>((masters.count, 0, nil))
        // Adds one reply's count to the tally, sends the calls for the indexes it names as elsewhere, and reports once
        // nothing remains.
        @Sendable func record(_ reply: Result<RedisReply, SessionStoreError>, _ read: (RedisReply) -> (live: Int, elsewhere: [Int])?) {
            var elsewhere: [Int] = []
            let done = tally.withLock { tally -> (Int, SessionStoreError?)? in
                switch reply {
                case .success(let reply):
                    guard let counted = read(reply) else {
                        tally.error = tally.error ?? Self.unexpected(reply)
                        break
                    }
                    tally.total += counted.live
                    tally.remaining += counted.elsewhere.count
                    elsewhere = counted.elsewhere
                case .failure(.outcomeUnknown(let message)): tally.error = tally.error ?? .unavailable(message)
                case .failure(let error): tally.error = tally.error ?? error
                }
                tally.remaining -= 1
                return tally.remaining == 0 ? (tally.total, tally.error) : nil
            }
            for slot in elsewhere {
                let call = ScriptCall(script: RedisScripts.liveCount, keys: [keys.index(ofSlot: slot)], arguments: [now])
                route.send(call) { reply, _ in record(reply) { if case .integer(let live) = $0 { (Int(live), []) } else { nil } } }
            }
            guard let (total, error) = done else { return }
            if let error { return completion(.failure(error)) }
            clusterCount.withLock { $0 = ClusterCount(counted: total, createdSince: 0, countedAt: started) }
            completion(.success(total))
        }
        for master in masters {
            let call = ScriptCall(
                script: RedisClusterScripts.count, keys: [], arguments: [now, keys.serverIndex] + master.slots.map { RedisHashSlot.tags[$0] })
            master.pipeline.send(call) { reply, _ in
                cluster.noteCount(by: master.address, answered: (try? reply.get()) != nil)
                record(reply) { reply in
                    guard case .array(let parts) = reply, case .integer(let live) = parts.first else { return nil }
                    let elsewhere = parts.dropFirst().compactMap { part -> Int? in
                        guard case .integer(let offset) = part, offset >= 0, offset < master.slots.count else { return nil }
                        return master.slots[Int(offset)]
                    }
                    return elsewhere.count == parts.count - 1 ? (Int(live), elsewhere) : nil
                }
            }
        }
    }

    /// Each master sweeps its slots' indexes (`RedisClusterScripts.sweep`), again while one had a full batch.
    func sweepOnCluster(_ cluster: RedisCluster) throws -> Int {
        let time = clock()
        var removed = 0
        for master in try cluster.masters() {
            let arguments = [
                ByteBuffer.decimal(time.nowMilliseconds), keys.prefix, ByteBuffer.decimal(Int64(Self.sweepBatch)),
                ByteBuffer.decimal(time.redisTTLMilliseconds),
            ] + master.slots.map { RedisHashSlot.tags[$0] }
            while true {
                let reply = try Self.waitFor(master.pipeline, ScriptCall(script: RedisClusterScripts.sweep, keys: [], arguments: arguments))
                guard case .array(let parts) = reply, parts.count == 3, case .integer(let full) = parts[0], case .integer(let gone) = parts[1],
                    case .integer(let passed) = parts[2]
                else {
                    throw Self.unexpected(reply)
                }
                removed += Int(gone)
                if passed > 0 { cluster.mapMayBeStale() }
                if full == 0 { break }
            }
        }
        return removed
    }

    /// Sends `call` on `pipeline` and sleeps until its reply.
    private static func waitFor(_ pipeline: RedisPipeline, _ call: ScriptCall) throws(SessionStoreError) -> RedisReply {
        let arrived = WakeSignal()
        let result = Lock<Result<RedisReply, SessionStoreError>?>(nil)
        pipeline.send(call) { reply, _ in
            result.withLock { $0 = reply }
            arrived.signal()
        }
        while true {
            if let reply = result.withLock({ $0 }) {
                switch reply {
                case .success(let reply): return reply
                case .failure(.outcomeUnknown(let message)): throw .unavailable(message)
                case .failure(let error): throw error
                }
            }
            arrived.wait()
        }
    }
}
