// Public: the `@inlinable` hot paths below use Mutex and Atomic, so clients must see them.
public import Synchronization

/// Sessions in process memory: 64 shards, each a dictionary behind its own `Mutex`, so presses on different sessions
/// rarely contend. `update` runs the body under the shard lock. Expired sessions are dropped lazily when touched, when
/// the cap is reached, and by `sweepExpired`. The body of `update` must not call back into the store: it holds a
/// shard lock, which is not reentrant.
///
/// Per session it costs the dictionary slot (the id and a reference), the entry object (the value, a version and an
/// expiry) and the id's heap bytes: well under 1 KiB beyond the value itself.
///
/// The hot methods (`create`, `get`, `update`, `delete`) are `@inlinable`, and so is what they touch, so that a caller
/// that knows `Value` gets them specialized: unspecialized, every call asks the runtime for the metadata of
/// `Entry`, the shard dictionary and `Versioned` (about 7k instructions per press in the service's profile).
public final class MemorySessionStore<Value: Sendable>: SessionStore {
    /// A class, so one dictionary lookup finds an entry that is then read and changed in place; a struct value
    /// would be reached through the dictionary's subscript on every access. Only touched under its shard's lock, so
    /// no two accesses can overlap: its fields skip the run-time exclusivity checks (four per press).
    @usableFromInline
    final class Entry: @unchecked Sendable {
        @usableFromInline @exclusivity(unchecked) var value: Value
        @usableFromInline @exclusivity(unchecked) var version: UInt64
        @usableFromInline @exclusivity(unchecked) var expiresAt: Double

        @inlinable
        init(value: Value, version: UInt64, expiresAt: Double) {
            self.value = value
            self.version = version
            self.expiresAt = expiresAt
        }
    }

    @usableFromInline
    final class Shard: Sendable {
        @usableFromInline let entries = Mutex<[SessionID: Entry]>([:])

        @usableFromInline
        init() {}
    }

    @inlinable
    static var shardCount: Int { 64 }

    @usableFromInline let shards: [Shard]
    @usableFromInline let options: SessionStoreOptions
    @usableFromInline let ttl: Double
    /// Entries held, expired or not; exact live counts come from `count()`.
    @usableFromInline let stored = Atomic<Int>(0)
    @usableFromInline let closed = Atomic<Bool>(false)
    /// Bit pattern of the `now` of the last sweep forced by the cap.
    private let lastCapacitySweep = Atomic<UInt64>((-Double.infinity).bitPattern)

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
    func ensureOpen() throws {
        if closed.load(ordering: .acquiring) { throw SessionStoreError.unavailable("session store is closed") }
    }

    @inlinable
    public func create(_ id: SessionID, _ value: Value) throws -> Versioned<Value> {
        try ensureOpen()
        let now = options.now()
        try reserveSlot(now: now)
        let entry = Entry(value: value, version: 1, expiresAt: now + ttl)
        let inserted = shard(for: id).entries.withLock { entries -> Bool in
            // Inserted first, checked after: one hash lookup where a check first took two, and an id that is already
            // taken (128 random bits) does not happen in practice.
            guard let replaced = entries.updateValue(entry, forKey: id) else { return true }
            if replaced.expiresAt > now {
                entries[id] = replaced  // a live session keeps its id
                return false
            }
            // An expired entry under this id is replaced; it was already counted, so give back our reservation.
            stored.subtract(1, ordering: .relaxed)
            return true
        }
        guard inserted else {
            stored.subtract(1, ordering: .relaxed)
            throw SessionStoreError.alreadyExists
        }
        return Versioned(value: value, version: 1)
    }

    /// Counts the new session in `stored` before inserting it, so concurrent creates cannot overshoot the cap.
    /// At the cap, expired sessions are swept to make room (never live ones), at most once a second: a full sweep
    /// walks every session, and a flood of refused creates must not turn into a flood of sweeps.
    @usableFromInline
    func reserveSlot(now: Double) throws {
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
        throw SessionStoreError.capacityReached
    }

    @inlinable
    public func get(_ id: SessionID) throws -> Versioned<Value>? {
        try read(id) { value, version in Versioned(value: copy value, version: version) }
    }

    /// `get` for a caller that only looks (it renders its reply inside `body`): `body` sees the value in place,
    /// under the shard's lock, so nothing is copied out. Nil when there is no live session under `id`.
    @inlinable
    public func read<T>(_ id: SessionID, _ body: (borrowing Value, _ version: UInt64) throws -> T) throws -> T? {
        try ensureOpen()
        let now = options.now()
        var result: T?
        try shard(for: id).entries.withLock { entries throws in
            guard let entry = entries[id] else { return }
            if entry.expiresAt <= now {
                entries[id] = nil
                stored.subtract(1, ordering: .relaxed)
                return
            }
            entry.expiresAt = now + ttl
            // Lent through an in-place (inout) access: reading the class's property as a value would copy it,
            // which is a retain and a release of every field of the record.
            result = try Self.lend(&entry.value, entry.version, body)
        }
        return result
    }

    @inlinable
    static func lend<T>(_ value: inout Value, _ version: UInt64, _ body: (borrowing Value, UInt64) throws -> T) rethrows -> T {
        try body(value, version)
    }

    // Always inlined: a generic caller (generic in `R`) is otherwise not specialized at all, `Value` included.
    @inlinable @inline(__always)
    public func update<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        _ body: (inout Value, _ currentVersion: UInt64) throws -> Mutation<R>
    ) throws -> (Versioned<Value>, R) {
        var result: R?
        let (version, value) = try updateEntry(id, expectedVersion: expectedVersion, copyingOut: true) { value, version in
            try Self.run(body, on: &value, version: version, into: &result)
        }
        // `copyingOut: true` always returns the value.
        return (Versioned(value: value!, version: version), result!)
    }

    /// `update` for a caller that needs only the new version (it renders its reply inside `body`): the value stays
    /// in the store instead of being copied out, which saves a retain and a release of every field it holds.
    @inlinable @inline(__always)
    public func updateInPlace<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        _ body: (inout Value, _ currentVersion: UInt64) throws -> Mutation<R>
    ) throws -> (version: UInt64, result: R) {
        var result: R?
        let (version, _) = try updateEntry(id, expectedVersion: expectedVersion, copyingOut: false) { value, version in
            try Self.run(body, on: &value, version: version, into: &result)
        }
        return (version, result!)
    }

    /// `updateInPlace` whose change cannot fail once it starts (see the protocol): the stored value is changed where
    /// it lies, so neither it nor the arrays it holds are copied (no copy to fall back on is needed).
    @inlinable @inline(__always)
    public func updateChecked<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        check: (borrowing Value, _ currentVersion: UInt64) throws -> Check<R>,
        change: (inout Value, _ currentVersion: UInt64) -> R
    ) throws -> (version: UInt64, result: R) {
        try ensureOpen()
        let now = options.now()
        var result: R?
        let version = try shard(for: id).entries.withLock { entries throws -> UInt64 in
            let entry = try liveEntry(id, in: &entries, now: now, expectedVersion: expectedVersion)
            let version = entry.version
            // Lent in place, as in `read`: passing `entry.value` would copy the record out of the class.
            switch try Self.lend(&entry.value, version, check) {
            case .keep(let kept):
                result = kept
            case .change:
                result = change(&entry.value, version)
                entry.version = version + 1
            }
            entry.expiresAt = now + ttl
            return entry.version
        }
        return (version, result!)
    }

    /// Runs an update's body; its result goes to `result`, and the return value says whether to write.
    @inlinable @inline(__always)
    static func run<R>(
        _ body: (inout Value, UInt64) throws -> Mutation<R>, on value: inout Value, version: UInt64, into result: inout R?
    ) rethrows -> Bool {
        switch try body(&value, version) {
        case .write(let written):
            result = written
            return true
        case .keep(let kept):
            result = kept
            return false
        }
    }

    /// The locked part of `update` and `updateInPlace`, generic in `Value` only (their body's result goes around
    /// it), so that a caller that knows `Value` but not `R` (a call through `any SessionStore<Value>`) still gets it
    /// specialized. `body` returns whether to write. Returns the version afterwards and, with `copyingOut`, the value.
    @inlinable
    func updateEntry(
        _ id: SessionID,
        expectedVersion: UInt64?,
        copyingOut: Bool,
        _ body: (inout Value, _ currentVersion: UInt64) throws -> Bool
    ) throws -> (version: UInt64, value: Value?) {
        try ensureOpen()
        let now = options.now()
        return try shard(for: id).entries.withLock { entries throws -> (version: UInt64, value: Value?) in
            let entry = try liveEntry(id, in: &entries, now: now, expectedVersion: expectedVersion)
            let version = entry.version
            // The body works on a copy so that a throw halfway leaves the stored value untouched.
            var value = entry.value
            let write = try body(&value, version)
            entry.expiresAt = now + ttl
            if write {
                entry.value = value
                entry.version = version + 1
            }
            return (entry.version, copyingOut ? entry.value : nil)
        }
    }

    /// The entry under `id` if it has not expired (an expired one is dropped) and its version is `expectedVersion`
    /// when one is given. Called under the shard's lock.
    @inlinable
    func liveEntry(_ id: SessionID, in entries: inout [SessionID: Entry], now: Double, expectedVersion: UInt64?) throws -> Entry {
        guard let entry = entries[id] else { throw SessionStoreError.notFound }
        if entry.expiresAt <= now {
            entries[id] = nil
            stored.subtract(1, ordering: .relaxed)
            throw SessionStoreError.notFound
        }
        if let expectedVersion, expectedVersion != entry.version {
            throw SessionStoreError.versionMismatch(current: entry.version)
        }
        return entry
    }

    @inlinable
    public func delete(_ id: SessionID, expectedVersion: UInt64?) throws {
        try ensureOpen()
        let now = options.now()
        try shard(for: id).entries.withLock { entries throws in
            _ = try liveEntry(id, in: &entries, now: now, expectedVersion: expectedVersion)
            entries[id] = nil
            stored.subtract(1, ordering: .relaxed)
        }
    }

    /// Exact: walks every shard and counts the entries that have not expired.
    public func count() throws -> Int {
        try ensureOpen()
        let now = options.now()
        var live = 0
        for shard in shards {
            live += shard.entries.withLock { entries in entries.values.reduce(0) { $0 + ($1.expiresAt > now ? 1 : 0) } }
        }
        return live
    }

    @discardableResult
    public func sweepExpired() throws -> Int {
        try ensureOpen()
        return sweep(now: options.now())
    }

    @discardableResult
    private func sweep(now: Double) -> Int {
        var removed = 0
        for shard in shards {
            removed += shard.entries.withLock { entries -> Int in
                let before = entries.count
                guard entries.values.contains(where: { $0.expiresAt <= now }) else { return 0 }
                entries = entries.filter { $0.value.expiresAt > now }
                return before - entries.count
            }
        }
        stored.subtract(removed, ordering: .relaxed)
        return removed
    }

    public func checkHealth() throws {
        try ensureOpen()
    }

    public func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        for shard in shards {
            shard.entries.withLock { $0 = [:] }
        }
        stored.store(0, ordering: .relaxed)
    }
}
