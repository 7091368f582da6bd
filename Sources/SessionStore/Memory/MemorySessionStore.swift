// Public: the `@inlinable` methods below use Lock and Atomic, so clients must see them.
public import Synchronization
public import Threading

/// Sessions in process memory: 64 shards, each a dictionary behind its own `Lock`, so presses on different sessions
/// rarely contend. Every call completes before it returns. An update (`VersionedUpdates`) fetches the value, checks
/// and changes it outside any lock, and compare-and-sets it by version and generation: the shard's lock is held only
/// for a lookup and a store, never for a calculation. Expired sessions are
/// dropped lazily when touched, when the cap is reached, and by `sweepExpired`; a sweep that drops many hands the
/// memory back to the system (`FreedMemory`).
///
/// Per session it costs the dictionary slot (the id and a reference) and the entry object (the value, a version and
/// an expiry): well under 1 KiB beyond the value itself.
///
/// The operations are `@inlinable`, and so is what they touch, so that a caller that knows `Value` gets them
/// specialized: unspecialized, every call asks the runtime for the metadata of `Entry`, the shard dictionary and
/// `Versioned`.
public final class MemorySessionStore<Value: Sendable>: ImmediateSessionBackend {
    /// A class, so one dictionary lookup finds an entry that is then read and changed in place. Only touched under its
    /// shard's lock, so no two accesses can overlap: its fields skip the run-time exclusivity checks (Benchmarks/
    /// README.md, "Performance attributes"). An access outside the lock would race, which the ThreadSanitizer run of
    /// the store's concurrent tests reports.
    @usableFromInline
    final class Entry: @unchecked Sendable {
        @usableFromInline @exclusivity(unchecked) var value: Value
        @usableFromInline @exclusivity(unchecked) var version: UInt64
        @usableFromInline @exclusivity(unchecked) var expiresAt: Double
        @usableFromInline @exclusivity(unchecked) var generation: UInt64

        @inlinable
        init(value: Value, version: UInt64, expiresAt: Double, generation: UInt64) {
            self.value = value
            self.version = version
            self.expiresAt = expiresAt
            self.generation = generation
        }

        @inlinable
        var write: StoredWrite { StoredWrite(bytes: [], version: version, expiresAt: expiresAt, generation: generation) }
    }

    /// `ended` holds the last version of each session that was deleted or expired, kept for a TTL (`until`) so that
    /// a session made again under its id goes on from there: an ETag or event id of the one before never names a
    /// version of the new one. It is only taken with `entries` held, so the two locks are always taken in that order.
    @usableFromInline
    final class Shard: Sendable {
        @usableFromInline let entries = Lock<[SessionID: Entry]>([:])
        @usableFromInline let ended = Lock<[SessionID: (version: UInt64, until: Double)]>([:])

        @usableFromInline
        init() {}

        /// The first version of a new session under `id`: one above the last of the session that ended under it.
        @inlinable
        func firstVersion(of id: SessionID) -> UInt64 {
            (ended.withLock { $0.removeValue(forKey: id) }?.version ?? 0) + 1
        }

        @inlinable
        func end(_ id: SessionID, _ entry: Entry, now: Double, ttl: Double) {
            ended.withLock { $0[id] = (entry.version, now + ttl) }
        }
    }

    @inlinable
    static var shardCount: Int { 64 }

    @usableFromInline let shards: [Shard]
    public let options: SessionStoreOptions
    public let updates = VersionedUpdates<Value>(remembering: nil, answersAtOnce: true)
    @usableFromInline let generations = Atomic<UInt64>(0)
    /// The creates made once per key (`CreationClaim`), by key. Taken before a shard's locks, never inside them.
    let claims = Lock<[String: (id: SessionID, version: UInt64, fingerprint: String, until: Double)]>([:])
    @usableFromInline let ttl: Double
    /// Entries held, expired or not; exact live counts come from `count`.
    @usableFromInline let stored = Atomic<Int>(0)
    @usableFromInline let closed = Atomic<Bool>(false)
    /// Bit pattern of the `now` of the last sweep forced by the cap.
    private let lastCapacitySweep = Atomic<UInt64>((-Double.infinity).bitPattern)
    /// Sweeps that handed freed memory back to the system (`FreedMemory`).
    let memoryReturns = Atomic<Int>(0)

    /// A sweep that removes at least this many sessions hands the memory they held back to the system: otherwise the
    /// process keeps its peak size after a crowd of sessions expires. Fewer are not worth the walk over the heap.
    static var memoryReturnThreshold: Int { 1_000 }

    public init(options: SessionStoreOptions = .init()) {
        self.options = options
        self.ttl = options.ttlSeconds
        self.shards = (0..<Self.shardCount).map { _ in Shard() }
    }

    @inlinable
    func shard(for id: SessionID) -> Shard {
        shards[Int(truncatingIfNeeded: id.spread >> 32) & (Self.shardCount - 1)]
    }

    @inlinable
    func ensureOpen() throws(SessionStoreError) {
        if closed.load(ordering: .acquiring) { throw .closed }
    }

    // MARK: SessionStore

    public func create(
        _ id: SessionID, _ value: Value, claiming claim: CreationClaim?,
        completion: @escaping @Sendable (Result<ClaimedCreation, SessionStoreError>) -> Void
    ) {
        completion(
            Result { () throws(SessionStoreError) in
                guard let claim else { return .created(version: try insert(id, value)) }
                try ensureOpen()
                let now = options.now()
                return try claims.withLock { claims throws(SessionStoreError) -> ClaimedCreation in
                    if let first = claims[claim.key], first.until > now {
                        return .claimed(id: first.id, version: first.version, fingerprint: first.fingerprint)
                    }
                    let version = try insert(id, value)
                    claims[claim.key] = (id, version, claim.fingerprint, now + claim.retention)
                    return .created(version: version)
                }
            })
    }

    @inlinable
    public func read(_ id: SessionID, completion: @escaping @Sendable (Result<Versioned<Value>, SessionStoreError>) -> Void) {
        completion(Result { () throws(SessionStoreError) in try lookUp(id) })
    }

    /// Runs as one loop on the caller's stack, unless it is given a worker or its session has a line
    /// (`VersionedUpdates`).
    @inlinable
    public func update<Update: SessionUpdate<Value>>(
        _ id: SessionID, _ update: Update, completion: @escaping UpdateCompletion<Update.Output>
    ) {
        updates.run(id, update, at: self, worker: nil, completion: completion)
    }

    /// Hands out the stored value (one more reference to it; the update's change copies what it changes).
    @inlinable
    public func fetchNow(_ id: SessionID) throws(SessionStoreError) -> StoredSession<Value>? {
        do throws(SessionStoreError) {
            return try lookUpSession(id)
        } catch .notFound {
            return nil
        }
    }

    /// Under the shard's lock, only a comparison and a store: the update's work was done before, outside it.
    @inlinable
    public func compareAndSetNow(
        _ id: SessionID, over expected: StoredWrite, with value: Value
    ) throws(SessionStoreError) -> WriteOutcome<Value> {
        try replace(id, over: expected, with: value)
    }

    @inlinable
    public func fetch(_ id: SessionID, completion: @escaping @Sendable (Result<StoredSession<Value>?, SessionStoreError>) -> Void) {
        completion(Result { () throws(SessionStoreError) in try fetchNow(id) })
    }

    @inlinable
    public func compareAndSet(
        _ id: SessionID, over expected: StoredWrite, with value: Value,
        completion: @escaping @Sendable (Result<WriteOutcome<Value>, SessionStoreError>) -> Void
    ) {
        completion(Result { () throws(SessionStoreError) in try compareAndSetNow(id, over: expected, with: value) })
    }

    @inlinable
    public func delete(_ id: SessionID, expectedVersion: UInt64?, completion: @escaping @Sendable (Result<Void, SessionStoreError>) -> Void) {
        completion(Result { () throws(SessionStoreError) in try remove(id, expectedVersion: expectedVersion) })
    }

    /// Exact: walks every shard and counts the entries that have not expired.
    public func count(completion: @escaping @Sendable (Result<Int, SessionStoreError>) -> Void) {
        completion(
            Result { () throws(SessionStoreError) in
                try ensureOpen()
                let now = options.now()
                var live = 0
                for shard in shards {
                    live += shard.entries.withLock { entries in entries.values.reduce(0) { $0 + ($1.expiresAt > now ? 1 : 0) } }
                }
                return live
            })
    }

    @discardableResult
    public func sweepExpired() throws -> Int {
        try ensureOpen()
        let now = options.now()
        claims.withLock { claims in
            if claims.values.contains(where: { $0.until <= now }) { claims = claims.filter { $0.value.until > now } }
        }
        return sweep(now: now)
    }

    public func checkHealth(completion: @escaping @Sendable (Result<Void, SessionStoreError>) -> Void) {
        completion(Result { () throws(SessionStoreError) in try ensureOpen() })
    }

    public func close() {
        updates.close()  // the updates under way finish first
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        for shard in shards {
            shard.entries.withLock { entries in
                entries = [:]
                shard.ended.withLock { $0 = [:] }
            }
        }
        stored.store(0, ordering: .relaxed)
        claims.withLock { $0 = [:] }
    }

    // MARK: Under the shard's lock

    /// The new session's version: 1, or one above the last of a session that ended under this id.
    @inlinable
    func insert(_ id: SessionID, _ value: Value) throws(SessionStoreError) -> UInt64 {
        try ensureOpen()
        let now = options.now()
        try reserveSlot(now: now)
        let entry = Entry(value: value, version: 1, expiresAt: now + ttl, generation: nextGeneration())
        let shard = shard(for: id)
        let inserted = shard.entries.withLock { entries -> Bool in
            // Inserted first, checked after: one hash lookup where a check first took two, and an id that is already
            // taken (128 random bits) does not happen in practice.
            guard let replaced = entries.updateValue(entry, forKey: id) else {
                entry.version = shard.firstVersion(of: id)
                return true
            }
            if replaced.expiresAt > now {
                entries[id] = replaced  // a live session keeps its id
                return false
            }
            // An expired entry under this id is replaced; it was already counted, so give back our reservation.
            entry.version = replaced.version + 1
            stored.subtract(1, ordering: .relaxed)
            return true
        }
        guard inserted else {
            stored.subtract(1, ordering: .relaxed)
            throw .alreadyExists
        }
        return entry.version
    }

    /// Counts the new session in `stored` before inserting it, so concurrent creates cannot overshoot the cap.
    /// At the cap, expired sessions are swept to make room (never live ones), at most once a second: a full sweep
    /// walks every session, and a flood of refused creates must not turn into a flood of sweeps.
    @usableFromInline
    func reserveSlot(now: Double) throws(SessionStoreError) {
        if stored.add(1, ordering: .relaxed).newValue <= options.maxSessions { return }
        stored.subtract(1, ordering: .relaxed)
        let lastSweep = lastCapacitySweep.load(ordering: .relaxed)
        if now - Double(bitPattern: lastSweep) >= 1,
            lastCapacitySweep.compareExchange(expected: lastSweep, desired: now.bitPattern, ordering: .relaxed).exchanged
        {
            sweep(now: now)
            if stored.add(1, ordering: .relaxed).newValue <= options.maxSessions { return }
            stored.subtract(1, ordering: .relaxed)
        }
        throw .capacityReached
    }

    @inlinable
    func lookUp(_ id: SessionID) throws(SessionStoreError) -> Versioned<Value> {
        let session = try lookUpSession(id)
        return Versioned(value: session.value, version: session.write.version)
    }

    @inlinable
    func lookUpSession(_ id: SessionID) throws(SessionStoreError) -> StoredSession<Value> {
        try ensureOpen()
        let now = options.now()
        return try shard(for: id).entries.withLock { entries throws(SessionStoreError) -> StoredSession<Value> in
            let entry = try liveEntry(id, in: &entries, now: now)
            entry.expiresAt = now + ttl
            return StoredSession(write: entry.write, value: entry.value)
        }
    }

    @inlinable
    func replace(_ id: SessionID, over expected: StoredWrite, with value: Value) throws(SessionStoreError) -> WriteOutcome<Value> {
        try ensureOpen()
        let now = options.now()
        let generation = nextGeneration()
        return try shard(for: id).entries.withLock { entries throws(SessionStoreError) -> WriteOutcome<Value> in
            let entry = try liveEntry(id, in: &entries, now: now)
            guard entry.version == expected.version, entry.generation == expected.generation else {
                return .moved(StoredSession(write: entry.write, value: entry.value))
            }
            entry.value = value
            entry.version += 1
            entry.generation = generation
            entry.expiresAt = now + ttl
            return .written(entry.write)
        }
    }

    /// Names a write of this store: a session deleted and made again is never mistaken for the one before.
    @inlinable
    func nextGeneration() -> UInt64 {
        generations.wrappingAdd(1, ordering: .relaxed).newValue
    }

    @inlinable
    func remove(_ id: SessionID, expectedVersion: UInt64?) throws(SessionStoreError) {
        try ensureOpen()
        let now = options.now()
        let shard = shard(for: id)
        try shard.entries.withLock { entries throws(SessionStoreError) in
            let entry = try liveEntry(id, in: &entries, now: now)
            if let expectedVersion, expectedVersion != entry.version { throw .versionMismatch(current: entry.version) }
            entries[id] = nil
            shard.end(id, entry, now: now, ttl: ttl)
            stored.subtract(1, ordering: .relaxed)
        }
    }

    /// The entry under `id` if it has not expired (an expired one is dropped, its version kept). Called under the
    /// shard's lock.
    @inlinable
    func liveEntry(_ id: SessionID, in entries: inout [SessionID: Entry], now: Double) throws(SessionStoreError) -> Entry {
        guard let entry = entries[id] else { throw .notFound }
        if entry.expiresAt <= now {
            entries[id] = nil
            shard(for: id).end(id, entry, now: now, ttl: ttl)
            stored.subtract(1, ordering: .relaxed)
            throw .notFound
        }
        return entry
    }

    @discardableResult
    private func sweep(now: Double) -> Int {
        var removed = 0
        for shard in shards {
            removed += shard.entries.withLock { entries -> Int in
                shard.ended.withLock { ended in
                    if ended.values.contains(where: { $0.until <= now }) { ended = ended.filter { $0.value.until > now } }
                }
                let before = entries.count
                guard entries.values.contains(where: { $0.expiresAt <= now }) else { return 0 }
                for (id, entry) in entries where entry.expiresAt <= now { shard.end(id, entry, now: now, ttl: ttl) }
                entries = entries.filter { $0.value.expiresAt > now }
                return before - entries.count
            }
        }
        stored.subtract(removed, ordering: .relaxed)
        if removed >= Self.memoryReturnThreshold {
            FreedMemory.returnToSystem()
            memoryReturns.add(1, ordering: .relaxed)
        }
        return removed
    }
}
