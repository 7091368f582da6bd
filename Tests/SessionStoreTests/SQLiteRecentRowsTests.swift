@testable import SessionStore
import Testing

/// What the committer remembers of the rows it wrote: never a row of a batch that did not commit.
@Suite struct SQLiteRecentRowsTests {
    private typealias Row = RecentRows<Tally>.Row

    private static func row(_ count: Int, version: UInt64) throws -> Row {
        Row(state: try Tally.codec.encode(Tally(count: count, note: "")), value: Tally(count: count, note: ""), version: version, expiresAt: 100)
    }

    @Test func aRolledBackBatchLeavesNoneOfItsRowsBehind() throws {
        let rows = RecentRows<Tally>()
        let kept = SessionID.random(), rewritten = SessionID.random(), new = SessionID.random()
        rows.wrote(try Self.row(1, version: 2), for: kept)
        rows.wrote(try Self.row(1, version: 2), for: rewritten)
        rows.batchEnded(committed: true)

        rows.wrote(try Self.row(2, version: 3), for: rewritten)
        rows.wrote(try Self.row(5, version: 1), for: new)
        #expect(rows.written(new)?.value.count == 5)  // a later write of the same batch starts from it
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
        rows.wrote(try Self.row(4, version: 5), for: id)
        #expect(try rows.value(of: id, storedAs: bytes) { try Tally.codec.decode($0) }.count == 3)
        #expect(rows.written(id)?.version == 5)
    }
}
