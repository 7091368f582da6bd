// Public: the `@inlinable` methods below use Mutex, so clients must see it.
public import Synchronization

/// Rows of a SQLite store that this process wrote or read lately: their stored bytes with the decoded value, and for
/// the rows the committer wrote itself also their version and expiry, so that its next update of the session needs
/// neither a SELECT nor a decode.
///
/// - Readers (any thread) use only bytes -> value: when the bytes they read equal the remembered ones, the remembered
///   value is what decoding would give, whoever wrote them. They never replace a row the committer wrote.
/// - The committer is the only writer in this process, so the row it last wrote is the row in the file, unless another
///   process wrote the file since: its UPDATE keeps `WHERE version = ? AND state = ?`, so a stale row changes nothing
///   and the committer forgets it and reads the row itself (comparing the state too covers a session deleted and
///   created again elsewhere, whose version starts again at 1).
/// - A row the committer writes inside a batch is remembered at once (a later write in the same transaction sees it);
///   when the batch does not commit, `batchEnded(committed: false)` forgets every row it wrote, so nothing uncommitted
///   outlives a rollback.
/// Bounded: at the limit an arbitrary row makes room. Its table is not generic (the value sits in a box): the store
/// is generic and called from another module, so most of its code runs unspecialized, and every generic type it
/// touches costs a metadata lookup (a dozen per press with a generic row type). The methods the store's update path
/// calls are `@inlinable`, as that path is.
@usableFromInline
final class RecentRows<Value: Sendable>: Sendable {
    @usableFromInline let rows = Mutex(RememberedRows())
    @usableFromInline let limit: Int

    init(limit: Int = 4_096) {
        self.limit = limit
    }

    /// The value for these stored bytes: remembered, or decoded (and then remembered unless the committer's row for
    /// the session is in the way).
    func value(of id: SessionID, storedAs bytes: [UInt8], decode: ([UInt8]) throws -> Value) rethrows -> Value {
        if let known = rows.withLock({ $0.byID[id] }), known.state == bytes { return value(in: known) }
        let value = try decode(bytes)
        let row = RememberedRow(state: bytes, boxed: ValueBox(value), version: 0, expiresAt: 0)
        rows.withLock { rows in
            if let known = rows.byID[id], known.version != 0 { return }
            rows.makeRoom(for: id, limit: limit)
            rows.byID[id] = row
        }
        return value
    }

    /// Committer only: the row it last wrote for `id`, if it still remembers it.
    @inlinable
    func written(_ id: SessionID) -> RememberedRow? {
        rows.withLock { rows in
            guard let row = rows.byID[id], row.version != 0 else { return nil }
            return row
        }
    }

    @inlinable
    func value(in row: RememberedRow) -> Value {
        ValueBox<Value>.unboxed(row.boxed)
    }

    /// Committer only, inside a batch: `id`'s row now holds `value`, stored as `state`.
    @inlinable
    func wrote(_ value: consuming Value, storedAs state: [UInt8], version: UInt64, expiresAt: Double, for id: SessionID) {
        let row = RememberedRow(state: state, boxed: ValueBox(consume value), version: version, expiresAt: expiresAt)
        rows.withLock { rows in
            rows.makeRoom(for: id, limit: limit)
            rows.byID[id] = row
            rows.writtenInBatch.append(id)
        }
    }

    /// Committer only, inside a batch: `id`'s row at `version` now expires at `expiresAt`.
    @inlinable
    func moved(_ id: SessionID, version: UInt64, expiresAt: Double) {
        rows.withLock { rows in
            guard rows.byID[id]?.version == version else { return }
            rows.byID[id]?.expiresAt = expiresAt
            rows.writtenInBatch.append(id)
        }
    }

    /// Committer only: after the batch's COMMIT (`committed`) or its rollback.
    func batchEnded(committed: Bool) {
        rows.withLock { rows in
            if !committed {
                for id in rows.writtenInBatch { rows.byID[id] = nil }
            }
            rows.writtenInBatch.removeAll(keepingCapacity: true)
        }
    }

    @inlinable
    func forget(_ id: SessionID) {
        rows.withLock { _ = $0.byID.removeValue(forKey: id) }
    }

    /// Forgets the rows that expire by `now` (a sweep deletes them) and those only readers saw (whose expiry is not
    /// known here).
    func forgetExpired(now: Double) {
        rows.withLock { rows in rows.byID = rows.byID.filter { $0.value.expiresAt > now } }
    }

    func forgetAll() {
        rows.withLock { $0 = RememberedRows() }
    }
}

/// A row as `RecentRows` remembers it; its value is boxed.
@usableFromInline
struct RememberedRow: Sendable {
    @usableFromInline var state: [UInt8]
    @usableFromInline var boxed: any AnyObject & Sendable
    /// 0 when only a reader saw the row: the committer does not trust it (versions start at 1).
    @usableFromInline var version: UInt64
    @usableFromInline var expiresAt: Double

    @usableFromInline
    init(state: [UInt8], boxed: any AnyObject & Sendable, version: UInt64, expiresAt: Double) {
        self.state = state
        self.boxed = boxed
        self.version = version
        self.expiresAt = expiresAt
    }
}

@usableFromInline
struct RememberedRows: Sendable {
    @usableFromInline var byID: [SessionID: RememberedRow] = [:]
    /// Sessions whose row the running batch wrote, forgotten when it does not commit.
    @usableFromInline var writtenInBatch: [SessionID] = []

    @usableFromInline
    init() {}

    @inlinable
    mutating func makeRoom(for id: SessionID, limit: Int) {
        if byID.count >= limit, byID[id] == nil { byID.remove(at: byID.startIndex) }
    }
}
