import Foundation
import SessionStore
import Threading
import Testing

#if canImport(Glibc)
import Glibc
#endif

private let crashDatabaseVariable = "SESSION_STORE_CRASH_DB"
private let crashSession = SessionID("crash-counter")!

/// kill -9 while writes are in flight loses no acknowledged write. The writer is this test binary run again as a
/// child, executing only `crashWriterChild`, which prints "ack" after every update its thread waited for and "ack
/// later" after every update reported success to a thread that went on without waiting.
@Suite struct SQLiteCrashTests {
    @Test func killNineLosesNoAcknowledgedWrite() throws {
        let path = TemporaryPath.make(suffix: ".sqlite")
        defer { TemporaryPath.remove(sqlite: path) }
        do {
            let store = try SQLiteSessionStore(path: path, codec: Tally.codec)
            try store.create(crashSession, Tally(count: 0, note: "crash"))
            store.close()
        }

        let child = Process()
        child.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        child.arguments = ["--testing-library", "swift-testing", "--filter", "crashWriterChild"]
        child.environment = ProcessInfo.processInfo.environment.merging([crashDatabaseVariable: path]) { $1 }
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()

        var text = ""
        func acks(_ kinds: Set<String> = ["ack", "ack later"]) -> Int {
            text.components(separatedBy: "\n").filter { kinds.contains($0) }.count
        }
        while acks() < 1_000 {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // the child ended early; the counts below will say so
            text += String(decoding: chunk, as: UTF8.self)
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let acknowledged = acks()
        #expect(acknowledged >= 1_000)
        #expect(acks(["ack later"]) > 0)  // updates not waited for were among them

        let store = try SQLiteSessionStore(path: path, codec: Tally.codec)
        defer { store.close() }
        let stored = try #require(try store.get(crashSession))
        #expect(stored.value.count >= acknowledged)
        // At most the writes in flight at the kill.
        #expect(stored.value.count <= acknowledged + CrashWriter.threads + CrashWriter.updatesInFlight)
        #expect(stored.version == UInt64(stored.value.count + 1))
    }

    @Test(.enabled(
        if: ProcessInfo.processInfo.environment[crashDatabaseVariable] != nil,
        "runs only as the child of killNineLosesNoAcknowledgedWrite"
    ))
    func crashWriterChild() throws {
        try CrashWriter.run(path: try #require(ProcessInfo.processInfo.environment[crashDatabaseVariable]))
    }
}

private enum CrashWriter {
    static let threads = 4
    /// Updates kept in flight by one more thread without waiting, beside the threads that wait for theirs.
    static let updatesInFlight = 8

    static func run(path: String) throws {
        let store = try SQLiteSessionStore(path: path, codec: Tally.codec)
        let output = Lock(FileHandle.standardOutput)
        // write(2) straight to the pipe: nothing sits in a buffer when the kill comes.
        let ack: @Sendable (String) -> Void = { line in output.withLock { $0.write(Data(line.utf8)) } }
        onThreads(threads + 1) { thread in
            guard thread < threads else {
                let permits = DispatchSemaphore(value: updatesInFlight)
                for _ in 0..<100_000 {
                    permits.wait()
                    store.startIncrement(crashSession) { result in
                        if case .success = result { ack("ack later\n") }
                        permits.signal()
                    }
                }
                return
            }
            for _ in 0..<100_000 {
                guard (try? store.increment(crashSession)) != nil else { continue }
                ack("ack\n")
            }
        }
    }
}
