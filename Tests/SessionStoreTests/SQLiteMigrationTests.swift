@testable import SessionStore
import Threading
import Testing

/// A file written before rows were migrated to the codec's current form (schema version 1), holding rows in an
/// earlier form: opening it rewrites them once, in the current form, with their version and expiry.
@Suite struct SQLiteMigrationTests {
    @Test func rowsInAnEarlierFormAreRewrittenOnceWhenTheFileIsOpened() throws {
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        let old = Tally(count: 7, note: "from before"), current = Tally(count: 8, note: "now")
        let oldID = SessionID.random(), currentID = SessionID.random()
        let expiresAt = SessionStoreOptions.wallClock() + 3_600
        do {
            let connection = try SQLiteConnection(path: path)
            guard case .schema(let schema) = SQLiteSessionStore<Tally>.migrations[0] else {
                Issue.record("the first migration is not the schema")
                return
            }
            try connection.execute(schema + "PRAGMA user_version = 1;")
            let insert: StaticString = "INSERT INTO sessions (id, state, version, expires_at) VALUES (?, ?, ?, ?)"
            try connection.run(insert, [.id(oldID), .blob(old.earlierForm), .integer(5), .real(expiresAt)])
            try connection.run(insert, [.id(currentID), .blob(try Tally.codec.encode(current)), .integer(3), .real(expiresAt)])
        }
        let earlierForms = Lock(0)
        let counting = SessionCodec<Tally>(encode: Tally.codec.encode, decode: Tally.codec.decode) { bytes in
            let value = try Tally.codec.decodeEarlierForm(bytes)
            if value != nil { earlierForms.withLock { $0 += 1 } }
            return value
        }

        for _ in 0..<2 {
            let store = try SQLiteSessionStore(path: path, codec: counting)
            #expect(try store.schemaVersion() == SQLiteSessionStore<Tally>.latestSchemaVersion)
            #expect(try store.get(oldID)?.value == old)
            #expect(try store.get(currentID)?.value == current)
            store.close()
        }
        #expect(earlierForms.withLock { $0 } == 1)  // the second opening found nothing to rewrite

        let connection = try SQLiteConnection(path: path)
        var rows: [String: ([UInt8], Int64, Double)] = [:]
        try connection.run("SELECT id, state, version, expires_at FROM sessions") { row in
            rows[String(decoding: row.blob(0), as: UTF8.self)] = (row.blob(1), row.integer(2), row.real(3))
        }
        let oldRow = try #require(rows[oldID.rawValue])
        #expect(oldRow.0 == (try Tally.codec.encode(old)))
        #expect(oldRow.1 == 5)
        #expect(oldRow.2 >= expiresAt)
        #expect(rows[currentID.rawValue]?.0 == (try Tally.codec.encode(current)))
        #expect(rows[currentID.rawValue]?.1 == 3)

        // The file has the later steps too: a deleted session's id used again goes on above its last version.
        let store = try SQLiteSessionStore(path: path, codec: Tally.codec)
        defer { store.close() }
        try store.delete(oldID)
        #expect(try store.create(oldID, old) == 6)
    }
}
