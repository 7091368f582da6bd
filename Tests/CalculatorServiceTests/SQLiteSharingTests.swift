import Foundation
import TestSupport
import Testing

/// One server per SQLite file: the session cap is counted in the server, so a second server on the same file is
/// refused at start, with a message that says why and what shares sessions instead (Redis).
@Suite struct SQLiteSharingTests {
    @Test func aSecondServerOnTheSameFileIsRefusedAtStartAndTheCapHolds() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = "sqlite:\(directory.path)/sessions.sqlite"
        let first = try ServerProcess(["--store", store, "--max-sessions", "10"])
        do {
            _ = try ServerProcess(["--store", store, "--max-sessions", "10"])
            Issue.record("a second server started on the same SQLite file")
        } catch ServerProcessError.didNotStart(let stderr) {
            #expect(stderr.contains("in use by another server") && stderr.contains("Redis"), "\(stderr)")
        }
        // The one server enforces the cap for the file.
        let client = try first.client()
        let statuses = try (0..<12).map { _ in try client.send("POST", "/sessions").status }
        #expect(statuses.filter { $0 == 201 }.count == 10)
        #expect(statuses.suffix(2).allSatisfy { $0 == 503 })

        // Stopped (or killed: the kernel drops the lock with the process), the file takes a new server.
        first.killHard()
        let next = try ServerProcess(["--store", store, "--max-sessions", "10"])
        #expect(try next.client().send("POST", "/sessions").status == 503, "the file still holds 10 live sessions")
    }
}
