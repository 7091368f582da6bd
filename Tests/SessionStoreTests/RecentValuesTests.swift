@testable import SessionStore
import Testing

/// What a persisting store remembers of the sessions it wrote and read: never a write of a batch that did not
/// commit, never a value it has taken out to change, and never an older read in place of a later write.
@Suite struct RecentValuesTests {
    private static func write(_ count: Int, version: UInt64, for id: SessionID, to recent: RecentValues<Tally>, inBatch: Bool = true) throws {
        let value = Tally(count: count, note: "")
        recent.wrote(value, as: StoredWrite(bytes: try Tally.codec.encode(value), version: version, expiresAt: 100), for: id, inBatch: inBatch)
    }

    /// What `take` gives for `id`: the write's version and the value taken out of it.
    private static func take(_ id: SessionID, from recent: RecentValues<Tally>, now: Double = 0) -> (version: UInt64, value: Tally)? {
        recent.take(id, liveAfter: now).map { ($0.write.version, $0.value) }
    }

    @Test func aRolledBackBatchLeavesNoneOfItsWritesBehind() throws {
        let recent = RecentValues<Tally>()
        let kept = SessionID.random(), rewritten = SessionID.random(), new = SessionID.random()
        try Self.write(1, version: 2, for: kept, to: recent)
        try Self.write(1, version: 2, for: rewritten, to: recent)
        recent.batchEnded(committed: true)

        try Self.write(2, version: 3, for: rewritten, to: recent)
        try Self.write(5, version: 1, for: new, to: recent)
        #expect(Self.take(new, from: recent)?.value.count == 5)  // a later write of the same batch starts from it
        try Self.write(6, version: 2, for: new, to: recent)
        recent.batchEnded(committed: false)

        #expect(Self.take(kept, from: recent)?.version == 2)
        #expect(Self.take(rewritten, from: recent) == nil)
        #expect(Self.take(new, from: recent) == nil)
    }

    @Test func anOlderReadDoesNotReplaceALaterWrite() throws {
        let recent = RecentValues<Tally>()
        let id = SessionID.random()
        let older = StoredWrite(bytes: try Tally.codec.encode(Tally(count: 3, note: "")), version: 1, expiresAt: 100)
        #expect(try recent.value(of: id, storedAs: older) { try Tally.codec.decode($0) }.count == 3)
        #expect(Self.take(id, from: recent)?.version == 1)  // a read is remembered with its write
        try Self.write(4, version: 5, for: id, to: recent)
        // A reader's older snapshot reads as itself but does not replace the later write.
        #expect(try recent.value(of: id, storedAs: older) { try Tally.codec.decode($0) }.count == 3)
        #expect(Self.take(id, from: recent)?.version == 5)
    }

    @Test func aTakenValueIsGoneUntilAWriteOrADecodePutsOneBack() throws {
        let recent = RecentValues<Tally>()
        let id = SessionID.random()
        try Self.write(7, version: 2, for: id, to: recent, inBatch: false)
        let stored = StoredWrite(bytes: try Tally.codec.encode(Tally(count: 7, note: "")), version: 2, expiresAt: 100)
        #expect(Self.take(id, from: recent)?.value.count == 7)

        // Taken (and, say, its write failed): not taken twice, and a reader of the same bytes decodes them...
        #expect(Self.take(id, from: recent) == nil)
        var decodes = 0
        let decode: ([UInt8]) throws -> Tally = { decodes += 1; return try Tally.codec.decode($0) }
        #expect(try recent.value(of: id, storedAs: stored, decode: decode).count == 7)
        #expect(decodes == 1)
        // ...which gives the write its value again.
        #expect(try recent.value(of: id, storedAs: stored, decode: decode).count == 7)
        #expect(decodes == 1)
        #expect(Self.take(id, from: recent)?.value.count == 7)

        try Self.write(8, version: 3, for: id, to: recent, inBatch: false)
        #expect(Self.take(id, from: recent)?.value.count == 8)
    }

    @Test func anExpiredWriteIsNotTaken() throws {
        let recent = RecentValues<Tally>()
        let id = SessionID.random()
        try Self.write(1, version: 4, for: id, to: recent)  // expires at 100
        #expect(Self.take(id, from: recent, now: 100) == nil)
        #expect(Self.take(id, from: recent, now: 99)?.value.count == 1)
    }
}
