// Public: the `@inlinable` methods below use Mutex, so clients must see it.
public import Synchronization

/// Rows of a SQLite store that this process wrote or read lately: their stored bytes with the decoded value, and for
/// the rows the committer wrote itself also their version and expiry, so that its next update of the session needs
/// neither a SELECT nor a decode.
///
/// - Readers (any thread) use only bytes -> value: when the bytes they read equal the remembered ones, the remembered
///   value is what decoding would give, whoever wrote them. They copy it under the lock and never replace a row the
///   committer wrote.
/// - The committer is the only writer in this process, so the row it last wrote is the row in the file, unless another
///   process wrote the file since: its UPDATE keeps `WHERE version = ? AND state = ?`, so a stale row changes nothing
///   and the committer forgets it and reads the row itself (comparing the state too covers a session deleted and
///   created again elsewhere, whose version starts again at 1).
/// - The committer updates a session on the remembered value itself: it takes the value out of its row
///   (`takeWritten`), changes it, and puts it back with the new bytes (`wrote`), in the same row. Copying it out and
///   boxing the new one cost a copy and a destroy of the whole record per press (each retains or releases every
///   reference in it), an allocation and a second insertion. While the value is out, or when a write fails after
///   taking it, the row has bytes but no value, and whoever needs the value decodes the bytes.
/// - A row the committer writes inside a batch is remembered at once (a later write in the same transaction sees it);
///   when the batch does not commit, `batchEnded(committed: false)` forgets every row it wrote, so nothing uncommitted
///   outlives a rollback.
/// Bounded: at the limit an arbitrary row makes room. Its table is not generic (it holds each `RememberedRow` as an
/// object of any type): the store is generic and called from another module, so most of its code runs unspecialized,
/// and every generic type it touches costs a metadata lookup (a dozen per press with a generic table). The methods
/// the store's update path calls are `@inlinable`, as that path is.
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
        var known: Value?
        rows.withLock { rows in
            guard let row = rows.row(id, of: Value.self), row.state == bytes else { return }
            known = row.value
        }
        if let known { return known }
        let value = try decode(bytes)
        let row = RememberedRow(state: bytes, version: 0, expiresAt: 0, value: value)
        rows.withLock { rows in
            if let known = rows.row(id, of: Value.self), known.version != 0 {
                // The committer's row, without its value (a write took it and failed, or it is out now): the same
                // bytes decode to the same value, so the row may have it, which spares its next update a decode.
                if known.value == nil, known.state == bytes { known.value = value }
                return
            }
            rows.makeRoom(for: id, limit: limit)
            rows.byID[id] = row
        }
        return value
    }

    /// Committer only: the row it last wrote for `id`, when it still remembers it with its value, the row expires
    /// after `now` and its version is `expectedVersion` (when given). The value moves out of the row into `value`;
    /// `wrote` puts the changed one back. The committer may read the row's fields without the lock: it alone
    /// changes a row it wrote.
    @inlinable
    func takeWritten(_ id: SessionID, liveAfter now: Double, expectedVersion: UInt64?, value: inout Value?) -> RememberedRow<Value>? {
        rows.withLock { rows in
            guard let row = rows.row(id, of: Value.self), row.version != 0, row.expiresAt > now, row.value != nil,
                expectedVersion == nil || expectedVersion == row.version
            else { return nil }
            value = row.value.take()
            return row
        }
    }

    /// Committer only, inside a batch: `id`'s row now holds `value`, stored as `state`. The row `takeWritten` gave
    /// (`row`), or else the one remembered for `id`, is changed in place; without either, a new row is remembered.
    @inlinable
    func wrote(
        _ value: consuming Value, storedAs state: [UInt8], version: UInt64, expiresAt: Double, for id: SessionID,
        in row: RememberedRow<Value>? = nil
    ) {
        // Moved into the lock's closure through an Optional: a consuming parameter cannot be captured.
        var pending: Value? = consume value
        rows.withLock { rows in
            if let row = row ?? rows.row(id, of: Value.self) {
                // A row that made room for another meanwhile is changed in vain: the next update reads the session.
                row.state = state
                row.version = version
                row.expiresAt = expiresAt
                row.value = pending.take()
            } else {
                rows.makeRoom(for: id, limit: limit)
                rows.byID[id] = RememberedRow(state: state, version: version, expiresAt: expiresAt, value: pending.take())
            }
            rows.writtenInBatch.append(id)
        }
    }

    /// Committer only, inside a batch: `id`'s row at `version` now expires at `expiresAt`.
    @inlinable
    func moved(_ id: SessionID, version: UInt64, expiresAt: Double) {
        rows.withLock { rows in
            guard let row = rows.row(id, of: Value.self), row.version == version else { return }
            row.expiresAt = expiresAt
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
        rows.withLock { rows in rows.byID = rows.byID.filter { RememberedRow<Value>.in($0.value).expiresAt > now } }
    }

    func forgetAll() {
        rows.withLock { $0 = RememberedRows() }
    }
}

/// A row as `RecentRows` remembers it. A class, so that the committer changes the row it found in place, without a
/// second lookup. Read and written under `RecentRows.rows`' lock, except by the committer, which alone changes the
/// rows it wrote (so its own reads cannot overlap a write) and reads them without it: the fields skip the run-time
/// exclusivity checks.
@usableFromInline
final class RememberedRow<Value: Sendable>: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var state: [UInt8]
    /// 0 when only a reader saw the row: the committer does not trust it (versions start at 1).
    @usableFromInline @exclusivity(unchecked) var version: UInt64
    @usableFromInline @exclusivity(unchecked) var expiresAt: Double
    /// nil while the committer has taken it out, or after a write that took it failed.
    @usableFromInline @exclusivity(unchecked) var value: Value?

    @inlinable
    init(state: [UInt8], version: UInt64, expiresAt: Double, value: consuming Value?) {
        self.state = state
        self.version = version
        self.expiresAt = expiresAt
        self.value = value
    }

    /// The row in a table entry, all of which this type made.
    @inlinable
    static func `in`(_ entry: any AnyObject & Sendable) -> RememberedRow {
        unsafeDowncast(entry, to: RememberedRow.self)
    }
}

@usableFromInline
struct RememberedRows: Sendable {
    /// `RememberedRow`s of the store's value type (see `row(_:of:)`).
    @usableFromInline var byID: [SessionID: any AnyObject & Sendable] = [:]
    /// Sessions whose row the running batch wrote, forgotten when it does not commit.
    @usableFromInline var writtenInBatch: [SessionID] = []

    @usableFromInline
    init() {}

    @inlinable
    func row<Value: Sendable>(_ id: SessionID, of _: Value.Type) -> RememberedRow<Value>? {
        byID[id].map { RememberedRow<Value>.in($0) }
    }

    @inlinable
    mutating func makeRoom(for id: SessionID, limit: Int) {
        if byID.count >= limit, byID[id] == nil { byID.remove(at: byID.startIndex) }
    }
}
