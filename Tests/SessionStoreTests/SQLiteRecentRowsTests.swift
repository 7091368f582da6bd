@testable import SessionStore
import Testing

/// What the committer remembers of the rows it wrote: never a row of a batch that did not commit.
@Suite struct SQLiteRecentRowsTests {
    private static func write(_ count: Int, version: UInt64, for id: SessionID, to rows: RecentRows<Tally>) throws {
        let value = Tally(count: count, note: "")
        rows.wrote(value, storedAs: try Tally.codec.encode(value), version: version, expiresAt: 100, for: id)
    }

    @Test func aRolledBackBatchLeavesNoneOfItsRowsBehind() throws {
        let rows = RecentRows<Tally>()
        let kept = SessionID.random(), rewritten = SessionID.random(), new = SessionID.random()
        try Self.write(1, version: 2, for: kept, to: rows)
        try Self.write(1, version: 2, for: rewritten, to: rows)
        rows.batchEnded(committed: true)

        try Self.write(2, version: 3, for: rewritten, to: rows)
        try Self.write(5, version: 1, for: new, to: rows)
        #expect(rows.written(new).map(rows.value(in:))?.count == 5)  // a later write of the same batch starts from it
        rows.batchEnded(committed: false)

        #expect(rows.written(kept)?.version == 2)
        #expect(rows.written(rewritten) == nil)
        #expect(rows.written(new) == nil)
    }

    @Test func whatOnlyAReaderSawIsNotTakenForAWrittenRow() throws {
        let rows = RecentRows<Tally>()
        let id = SessionID.random()
        let bytes = try Tally.codec.encode(Tally(count: 3, note: ""))
        #expect(try rows.value(of: id, storedAs: bytes) { try Tally.codec.decode($0) }.count == 3)
        #expect(rows.written(id) == nil)
        // A reader's older snapshot does not replace the committer's row.
        try Self.write(4, version: 5, for: id, to: rows)
        #expect(try rows.value(of: id, storedAs: bytes) { try Tally.codec.decode($0) }.count == 3)
        #expect(rows.written(id)?.version == 5)
    }
}
