@testable import SessionStore
import Testing

/// What the committer remembers of the rows it wrote: never a row of a batch that did not commit, and never a value
/// it has taken out to change.
@Suite struct SQLiteRecentRowsTests {
    private static func write(_ count: Int, version: UInt64, for id: SessionID, to rows: RecentRows<Tally>) throws {
        let value = Tally(count: count, note: "")
        rows.wrote(value, storedAs: try Tally.codec.encode(value), version: version, expiresAt: 100, for: id)
    }

    /// What `takeWritten` gives for `id`: the row's version and the value taken out of it.
    private static func take(
        _ id: SessionID, from rows: RecentRows<Tally>, now: Double = 0, expectedVersion: UInt64? = nil
    ) -> (version: UInt64, value: Tally?)? {
        var value: Tally?
        guard let row = rows.takeWritten(id, liveAfter: now, expectedVersion: expectedVersion, value: &value) else { return nil }
        return (row.version, value)
    }

    @Test func aRolledBackBatchLeavesNoneOfItsRowsBehind() throws {
        let rows = RecentRows<Tally>()
        let kept = SessionID.random(), rewritten = SessionID.random(), new = SessionID.random()
        try Self.write(1, version: 2, for: kept, to: rows)
        try Self.write(1, version: 2, for: rewritten, to: rows)
        rows.batchEnded(committed: true)

        try Self.write(2, version: 3, for: rewritten, to: rows)
        try Self.write(5, version: 1, for: new, to: rows)
        #expect(Self.take(new, from: rows)?.value?.count == 5)  // a later write of the same batch starts from it
        try Self.write(6, version: 2, for: new, to: rows)
        rows.batchEnded(committed: false)

        #expect(Self.take(kept, from: rows)?.version == 2)
        #expect(Self.take(rewritten, from: rows) == nil)
        #expect(Self.take(new, from: rows) == nil)
    }

    @Test func whatOnlyAReaderSawIsNotTakenForAWrittenRow() throws {
        let rows = RecentRows<Tally>()
        let id = SessionID.random()
        let bytes = try Tally.codec.encode(Tally(count: 3, note: ""))
        #expect(try rows.value(of: id, storedAs: bytes) { try Tally.codec.decode($0) }.count == 3)
        #expect(Self.take(id, from: rows) == nil)
        // A reader's older snapshot does not replace the committer's row.
        try Self.write(4, version: 5, for: id, to: rows)
        #expect(try rows.value(of: id, storedAs: bytes) { try Tally.codec.decode($0) }.count == 3)
        #expect(Self.take(id, from: rows)?.version == 5)
    }

    @Test func aTakenValueIsGoneUntilAWritePutsOneBack() throws {
        let rows = RecentRows<Tally>()
        let id = SessionID.random()
        try Self.write(7, version: 2, for: id, to: rows)
        let bytes = try Tally.codec.encode(Tally(count: 7, note: ""))
        #expect(Self.take(id, from: rows)?.value?.count == 7)

        // Taken (and, say, its write failed): not taken twice, and a reader of the same bytes decodes them...
        #expect(Self.take(id, from: rows) == nil)
        var decodes = 0
        let decode: ([UInt8]) throws -> Tally = { decodes += 1; return try Tally.codec.decode($0) }
        #expect(try rows.value(of: id, storedAs: bytes, decode: decode).count == 7)
        #expect(decodes == 1)
        // ...which gives the row its value again.
        #expect(try rows.value(of: id, storedAs: bytes, decode: decode).count == 7)
        #expect(decodes == 1)
        #expect(Self.take(id, from: rows)?.value?.count == 7)

        try Self.write(8, version: 3, for: id, to: rows)
        #expect(Self.take(id, from: rows)?.value?.count == 8)
    }

    @Test func aRowIsNotTakenWhenExpiredOrAtAnotherVersion() throws {
        let rows = RecentRows<Tally>()
        let id = SessionID.random()
        try Self.write(1, version: 4, for: id, to: rows)  // expires at 100
        #expect(Self.take(id, from: rows, expectedVersion: 3) == nil)
        #expect(Self.take(id, from: rows, now: 100) == nil)
        #expect(Self.take(id, from: rows, now: 99, expectedVersion: 4)?.value?.count == 1)
    }
}
