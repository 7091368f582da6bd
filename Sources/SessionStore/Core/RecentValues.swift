// Public: the `@inlinable` methods below use Lock, so clients must see it.
public import Threading

/// What a persisting store (SQLite, Redis) wrote or read of each session lately: the stored bytes, the value they
/// decode to, and the write they belong to. Decoding is the costliest step of a press on these stores, and what a
/// store reads back is usually exactly what this process last wrote or read.
///
/// - When the bytes read back equal the remembered ones, the remembered value is what decoding would give, whoever
///   wrote them (bytes are compared, not versions, so another process's write is never mistaken for ours).
/// - An update starts from the remembered write without reading the session (`take`): it moves the value out,
///   changes it, and puts the new one back (`wrote`), so the value is never copied. While it is out, or after a write
///   that took it failed, the entry has bytes but no value, and whoever needs the value decodes the bytes (which puts
///   it back). The remembered write may be stale (another process wrote since): the store's write checks it (SQLite's
///   UPDATE compares the version and the bytes, Redis's script the version and the write token), and when that fails
///   the store reads the session afresh.
/// - A read never replaces the entry of a later write (a reader's snapshot may lag SQLite's committer).
/// - SQLite's committer remembers what it writes inside a batch at once (a later write of the same batch starts from
///   it); `batchEnded(committed: false)` forgets those entries again, so nothing uncommitted outlives a rollback.
///
/// Bounded: at the limit an arbitrary entry makes room. The methods an update uses are `@inlinable`, as the stores'
/// update paths are: run unspecialized, a generic table asks the runtime for type metadata on every use.
public final class RecentValues<Value: Sendable>: Sendable {
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var write: StoredWrite
        @usableFromInline var value: Value?

        @inlinable
        init(write: StoredWrite, value: consuming Value?) {
            self.write = write
            self.value = value
        }
    }

    @usableFromInline
    struct Table: Sendable {
        @usableFromInline var entries: [SessionID: Entry] = [:]
        /// Sessions the running SQLite batch wrote, forgotten when it does not commit.
        @usableFromInline var writtenInBatch: [SessionID] = []

        @usableFromInline
        init() {}

        @inlinable
        mutating func makeRoom(for id: SessionID, limit: Int) {
            if entries.count >= limit, entries[id] == nil { entries.remove(at: entries.startIndex) }
        }
    }

    @usableFromInline let table = Lock(Table())
    @usableFromInline let limit: Int

    public init(limit: Int = 4_096) {
        self.limit = limit
    }

    /// The value of `id` stored as `write`: the remembered one when the bytes are the same, else decoded (and then
    /// remembered, unless a later write of the session is).
    @inlinable
    func value(of id: SessionID, storedAs write: StoredWrite, decode: ([UInt8]) throws -> Value) rethrows -> Value {
        let known = table.withLock { table -> Value? in
            guard let entry = table.entries[id], entry.write.bytes == write.bytes else { return nil }
            return entry.value
        }
        if let known { return known }
        let value = try decode(write.bytes)
        table.withLock { table in
            if let entry = table.entries[id] {
                if entry.write.names(write) {
                    // The same write (its value was taken, or a write that took it failed): it gets its value back.
                    if entry.value == nil { table.entries[id]?.value = value }
                    return
                }
                if entry.write.version > write.version { return }
            }
            table.makeRoom(for: id, limit: limit)
            table.entries[id] = Entry(write: write, value: value)
        }
        return value
    }

    /// Moves the remembered value of `id` out, with the write it belongs to, when there is one and that write
    /// expires after `now`. `wrote` puts the changed value back.
    @inlinable
    func take(_ id: SessionID, liveAfter now: Double) -> (write: StoredWrite, value: Value)? {
        table.withLock { table in
            guard let write = table.entries[id]?.write, write.expiresAt > now, let value = table.entries[id]?.value.take() else {
                return nil
            }
            return (write, value)
        }
    }

    /// `id` is now stored as `write`, which holds `value`. `inBatch`: written inside a SQLite batch not committed yet.
    @inlinable
    func wrote(_ value: consuming Value, as write: StoredWrite, for id: SessionID, inBatch: Bool = false) {
        let entry = Entry(write: write, value: value)
        table.withLock { table in
            table.makeRoom(for: id, limit: limit)
            table.entries[id] = entry
            if inBatch { table.writtenInBatch.append(id) }
        }
    }

    /// `id`'s write at `version` now expires at `expiresAt`; `inBatch` as for `wrote`.
    @inlinable
    func moved(_ id: SessionID, version: UInt64, expiresAt: Double, inBatch: Bool = false) {
        table.withLock { table in
            guard table.entries[id]?.write.version == version else { return }
            table.entries[id]?.write.expiresAt = expiresAt
            if inBatch { table.writtenInBatch.append(id) }
        }
    }

    /// SQLite's committer, after a batch's COMMIT (`committed`) or its rollback.
    func batchEnded(committed: Bool) {
        table.withLock { table in
            if !committed {
                for id in table.writtenInBatch { table.entries[id] = nil }
            }
            table.writtenInBatch.removeAll(keepingCapacity: true)
        }
    }

    @inlinable
    func forget(_ id: SessionID) {
        table.withLock { _ = $0.entries.removeValue(forKey: id) }
    }

    /// Forgets the writes that expire by `now` (a sweep deletes them).
    func forgetExpired(now: Double) {
        table.withLock { table in table.entries = table.entries.filter { $0.value.write.expiresAt > now } }
    }

    func forgetAll() {
        table.withLock { $0 = Table() }
    }
}

/// One stored write of a session: its version and expiry, and what names that write among all made under its id
/// (its bytes for SQLite, a write token for Redis, a generation for memory).
public struct StoredWrite: Sendable {
    @usableFromInline var bytes: [UInt8]
    public var version: UInt64
    /// In the store's clock (`SessionStoreOptions.now`).
    public var expiresAt: Double
    /// Redis: the write token that names this write; SQLite and memory: empty.
    @usableFromInline var token: [UInt8]
    /// Memory: the write's number in its store; SQLite and Redis: 0.
    @usableFromInline var generation: UInt64

    @inlinable
    init(bytes: [UInt8], version: UInt64, expiresAt: Double, token: [UInt8] = [], generation: UInt64 = 0) {
        self.bytes = bytes
        self.version = version
        self.expiresAt = expiresAt
        self.token = token
        self.generation = generation
    }

    /// Whether `other` is this same write (its expiry may have moved since).
    @inlinable
    func names(_ other: StoredWrite) -> Bool {
        version == other.version && generation == other.generation && token == other.token && bytes == other.bytes
    }
}
