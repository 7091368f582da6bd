import Foundation
import SessionStore
import Testing

@Suite struct SQLiteSessionStoreTests {
    /// The last version of a deleted session is in the file, so a server started again goes on above it when the id
    /// is used again.
    @Test func aDeletedSessionsLastVersionOutlivesARestart() throws {
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        let id = SessionID.random()
        let first = try SQLiteSessionStore(path: path, codec: Tally.codec)
        try first.create(id, Tally(count: 1, note: "old"))
        try first.update(id) { tally, _ in tally.count += 1 }
        try first.delete(id)
        first.close()

        let second = try SQLiteSessionStore(path: path, codec: Tally.codec)
        defer { second.close() }
        #expect(try second.create(id, Tally(count: 0, note: "new")) == 3)
        #expect(try second.get(id)?.version == 3)
    }

    @Test func reopeningTheFileFindsEverySession() throws {
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        let clock = TestClock()
        let options = SessionStoreOptions(ttl: .seconds(100), now: clock.now)
        var expected: [SessionID: (Tally, UInt64)] = [:]

        let first = try SQLiteSessionStore(path: path, codec: Tally.codec, options: options)
        for index in 0..<20 {
            let id = SessionID.random()
            try first.create(id, Tally(count: index, note: "n\(index)"))
            var version: UInt64 = 1
            for _ in 0..<(index % 3) {
                version = try first.update(id, expectedVersion: version) { tally, _ in
                    tally.count += 100
                }.version
            }
            expected[id] = (Tally(count: index + 100 * (index % 3), note: "n\(index)"), version)
        }
        first.close()

        let second = try SQLiteSessionStore(path: path, codec: Tally.codec, options: options)
        defer { second.close() }
        #expect(try second.count() == 20)
        for (id, (value, version)) in expected {
            let read = try #require(try second.get(id))
            #expect(read.value == value)
            #expect(read.version == version)
        }
    }

    /// A write leaves the expiry alone when it would move by less than 1% of the TTL (sparing the expiry index a
    /// write per press), so a session lives between 99% and 100% of the TTL after its last write.
    @Test func writesKeepTheSlidingExpiryWithinOnePercent() throws {
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        let clock = TestClock()
        let store = try SQLiteSessionStore(path: path, codec: Tally.codec, options: SessionStoreOptions(ttl: .seconds(100), now: clock.now))
        defer { store.close() }
        let early = SessionID.random(), late = SessionID.random(), moved = SessionID.random()
        for id in [early, late, moved] { try store.create(id, Tally(count: 0, note: "")) }
        func write(_ id: SessionID) throws {
            try store.update(id) { tally, _ in
                tally.count += 1
            }
        }
        clock.advance(by: 0.5)
        try write(early)
        try write(late)
        clock.advance(by: 30)
        try write(moved)  // more than 1% of the TTL later: the expiry moves to 130.5 s
        clock.advance(by: 69.1)  // 99.1% of the TTL after the writes at 0.5 s: alive
        #expect(try store.get(early)?.value.count == 1)
        clock.advance(by: 1.0)  // 100.1% after them: gone
        #expect(try store.get(late) == nil)
        #expect(try store.get(moved)?.value.count == 1)
    }

    @Test func sessionsWrittenWithoutCloseAreFoundByAnotherStore() throws {
        // No close: what a SIGKILL leaves behind is the WAL, which a new connection must replay.
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        let writer = try SQLiteSessionStore(path: path, codec: Tally.codec)
        defer { writer.close() }
        let id = SessionID.random()
        try writer.create(id, Tally(count: 1, note: "acknowledged"))
        try writer.update(id, expectedVersion: 1) { tally, _ in
            tally.count = 2
        }
        let reader = try SQLiteSessionStore(path: path, codec: Tally.codec)
        defer { reader.close() }
        #expect(try reader.get(id)?.value == Tally(count: 2, note: "acknowledged"))
        #expect(try reader.get(id)?.version == 2)
    }

    @Test func migrationsAreIdempotent() throws {
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        let id = SessionID.random()
        do {
            let store = try SQLiteSessionStore(path: path, codec: Tally.codec)
            #expect(try store.schemaVersion() == SQLiteSessionStore<Tally>.latestSchemaVersion)
            try store.create(id, Tally(count: 3, note: "kept"))
            store.close()
        }
        for _ in 0..<3 {
            let store = try SQLiteSessionStore(path: path, codec: Tally.codec)
            #expect(try store.schemaVersion() == SQLiteSessionStore<Tally>.latestSchemaVersion)
            #expect(try store.get(id)?.value == Tally(count: 3, note: "kept"))
            store.close()
        }
    }

    @Test func closeCheckpointsTheWriteAheadLog() throws {
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        let store = try SQLiteSessionStore(path: path, codec: Tally.codec)
        for index in 0..<10 { try store.create(SessionID.random(), Tally(count: index, note: "")) }
        store.close()
        let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(walSize == 0)
    }

    @Test func undecodableRowIsReportedAsCorrupt() throws {
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        let id = SessionID.random()
        let writer = try SQLiteSessionStore(path: path, codec: SessionCodec<Int>(encode: { _ in [1, 2] }, decode: { _ in 0 }))
        try writer.create(id, 0)
        writer.close()
        let store = try SQLiteSessionStore(path: path, codec: Tally.codec)  // needs at least 8 bytes
        defer { store.close() }
        #expect {
            _ = try store.get(id)
        } throws: { error in
            guard case .corrupt = error as? SessionStoreError else { return false }
            return true
        }
    }

    @Test func unopenableFileIsUnavailable() {
        #expect {
            _ = try SQLiteSessionStore(path: "/nonexistent-dir/x/sessions.sqlite", codec: Tally.codec)
        } throws: { error in
            guard case .unavailable = error as? SessionStoreError else { return false }
            return true
        }
    }
}

@Suite struct SQLiteGroupCommitTests {
    /// Two stores on one file, as two processes would be: each one's committer remembers the row it wrote last, yet
    /// writing the same session alternately loses no write and each sees the other's versions.
    @Test func twoStoresOnOneFileWritingOneSessionAlternatelyLoseNothing() throws {
        try Self.withTwoStoresOnOneFile { first, second in
            let id = SessionID.random()
            try first.create(id, Tally(count: 0, note: ""))
            var version: UInt64 = 1
            for round in 1...12 {
                let writer = round % 2 == 0 ? second : first
                // Every third round names the version the other store wrote, which the writer's remembered row lags.
                let expected: UInt64? = round % 3 == 0 ? version : nil
                let (written, (seen, stored)) = try writer.update(id, expectedVersion: expected) { tally, current in
                    tally.count += 1
                    tally.note += round % 2 == 0 ? "s" : "f"
                    return (current, tally)
                }
                #expect(seen == version)
                version += 1
                #expect(written == version)
                #expect(stored.count == round)
            }
            let expectedNote = (1...12).map { $0 % 2 == 0 ? "s" : "f" }.joined()
            for reader in [first, second] {
                let read = try #require(try reader.get(id))
                #expect(read.value == Tally(count: 12, note: expectedNote))
                #expect(read.version == 13)
            }
            #expect(throws: SessionStoreError.versionMismatch(current: 13)) {
                try first.update(id, expectedVersion: 12) { _, _ in }
            }
        }
    }

    /// A session deleted and created again by another store goes on at version 2, above the version 1 the first
    /// store remembers from its own create: its update starts from the new row, not from the one it remembers, and an
    /// If-Match of the old session's version names nothing.
    @Test func aSessionCreatedAgainElsewhereIsNotMistakenForTheRememberedOne() throws {
        try Self.withTwoStoresOnOneFile { first, second in
            let id = SessionID.random()
            try first.create(id, Tally(count: 0, note: "first"))
            try second.delete(id, expectedVersion: 1)
            #expect(try second.create(id, Tally(count: 100, note: "second")) == 2)
            #expect(throws: SessionStoreError.versionMismatch(current: 2)) { try first.update(id, expectedVersion: 1) { _, _ in } }
            let (version, stored) = try first.update(id, expectedVersion: 2) { tally, _ in
                tally.count += 1
                return tally
            }
            #expect(stored == Tally(count: 101, note: "second"))
            #expect(version == 3)
            let read = try #require(try second.get(id))
            #expect(read.value == Tally(count: 101, note: "second"))
            #expect(read.version == 3)
        }
    }

    private static func withTwoStoresOnOneFile(
        _ body: (SQLiteSessionStore<Tally>, SQLiteSessionStore<Tally>) throws -> Void
    ) throws {
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        let first = try SQLiteSessionStore(path: path, codec: Tally.codec)
        defer { first.close() }
        let second = try SQLiteSessionStore(path: path, codec: Tally.codec)
        defer { second.close() }
        try body(first, second)
    }

    /// Writes that share a group-committed transaction: failing ones roll back alone, and every write that returned
    /// is committed (a second store on the file, which sees only committed data, finds all of them).
    @Test func failingWritesInABatchLeaveTheOthersCommitted() throws {
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        let store = try SQLiteSessionStore(path: path, codec: Tally.codec)
        defer { store.close() }
        let shared = SessionID.random()
        try store.create(shared, Tally(count: 0, note: "shared"))
        let threads = 12
        let rounds = 15
        let ownIDs = (0..<threads).map { _ in SessionID.random() }
        onThreads(threads) { thread in
            for round in 0..<rounds {
                do {
                    if thread % 3 == 0 {
                        // Always refused by its check.
                        try store.update(shared, check: { _, _ -> Check<Void> in throw BodyFailure() }) { tally, _ in
                            tally.count += 1000
                        }
                    } else {
                        try store.update(shared) { tally, _ in
                            tally.count += 1
                        }
                    }
                } catch {
                    #expect(error as? BodyFailure == BodyFailure())
                }
                // Each thread also creates its own session once, fails to create it again, and keeps updating it.
                if round == 0 {
                    _ = try? store.create(ownIDs[thread], Tally(count: 0, note: "own"))
                } else {
                    #expect(throws: SessionStoreError.alreadyExists) { try store.create(ownIDs[thread], Tally(count: 0, note: "")) }
                    _ = try? store.update(ownIDs[thread], expectedVersion: UInt64(round)) { tally, _ in
                        tally.count = round
                    }
                }
            }
        }
        let writers = (0..<threads).filter { $0 % 3 != 0 }.count
        let observer = try SQLiteSessionStore(path: path, codec: Tally.codec)
        defer { observer.close() }
        for reader in [store, observer] {
            #expect(try reader.get(shared)?.value.count == writers * rounds)
            #expect(try reader.get(shared)?.version == UInt64(writers * rounds + 1))
            for id in ownIDs {
                #expect(try reader.get(id)?.value.count == rounds - 1)
                #expect(try reader.get(id)?.version == UInt64(rounds))
            }
        }
    }
}
