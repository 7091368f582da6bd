import Foundation
@testable import SessionStore
import Threading
import Testing

/// The committer's writes in one batch: a write that fails in its only modifying statement undoes only itself, and
/// the batch around it commits.
@Suite struct SQLiteQueuedWriteTests {
    @Test func aFailingWriteUndoesOnlyItself() throws {
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        let connection = try SQLiteConnection(path: path)
        try connection.execute("PRAGMA journal_mode = WAL; CREATE TABLE marks (name TEXT PRIMARY KEY NOT NULL);")
        let batches = Lock<[Bool]>([])
        let committer = try SQLiteCommitter(writer: connection, batchLimit: 16) { committed in
            batches.withLock { $0.append(committed) }
        }

        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), reported = DispatchSemaphore(value: 0)
        let failures = Lock<[String: String]>([:])
        func queue(_ name: String, _ work: @escaping (SQLiteConnection) throws -> Void) {
            committer.enqueue(work, report: { result in
                failures.withLock { failures in
                    switch result {
                    case .success: failures[name] = "none"
                    case .failure(let error): failures[name] = "\(type(of: error))"
                    }
                }
                reported.signal()
            })
        }
        func insert(_ mark: String, _ connection: SQLiteConnection) throws {
            try connection.run("INSERT INTO marks (name) VALUES (?)", [.text(mark)])
        }
        // The gate holds the committer inside the batch until the rest is queued behind it.
        queue("gate") { connection in
            entered.signal()
            release.wait()
            try insert("gate", connection)
        }
        entered.wait()
        queue("before") { try insert("before", $0) }
        queue("refused") { _ in throw BodyFailure() }
        // Fails in its only statement (a duplicate key), which SQLite undoes alone.
        queue("duplicate") { try insert("before", $0) }
        queue("after") { try insert("after", $0) }
        release.signal()
        for _ in 0..<5 { reported.wait() }
        committer.close()

        #expect(batches.withLock { $0 } == [true])
        #expect(failures.withLock { $0 } == [
            "gate": "none", "before": "none", "refused": "BodyFailure", "duplicate": "SessionStoreError", "after": "none",
        ])
        let reader = try SQLiteConnection(path: path)
        var marks: [String] = []
        try reader.run("SELECT name FROM marks ORDER BY name") { marks.append(String(decoding: $0.blob(0), as: UTF8.self)) }
        #expect(marks == ["after", "before", "gate"])
    }
}
