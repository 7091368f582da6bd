import Foundation
import TestSupport

/// The real `calculator-server` binary, started on a free port for one test.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    private let output = Pipe()
    /// The server's stderr goes to a file, not a pipe: draining a pipe takes a dispatch source, and one that
    /// outlived its descriptor (closed, then reused by another test's pipe) crashed libdispatch's event loop in about
    /// one full test run in five.
    private let errorLog: URL
    /// The store's file or redis-server, removed or stopped once the server is gone.
    private var store: StoreFixture?

    /// The server on a fresh store of kind `store`, with more flags.
    convenience init(store: TestStore, _ arguments: [String] = []) throws {
        let fixture = try StoreFixture(store)
        try self.init(["--store", fixture.flag] + arguments)
        self.store = fixture
    }

    /// Where `swift build` put the binary: $CALC_SERVER_BIN (set by scripts/test), else .build/debug beside this package.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["CALC_SERVER_BIN"] { return URL(fileURLWithPath: path) }
        var root = URL(fileURLWithPath: #filePath)
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/calculator-server")
    }

    /// Starts the server with `--port 0` and waits for the line that names the bound port: text, or with
    /// `--log-format json` an object with `server.port`.
    init(_ arguments: [String] = ["--store", "memory"], environment: [String: String] = [:]) throws {
        process.executableURL = Self.binary
        process.arguments = ["--port", "0", "--log-level", "warning"] + arguments
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CALC_") }
        // Open access unless a test asks for tokens (`--session-access tokens`, which the flag beats this with): the
        // tests of other things use sessions by their id alone; AccessTests check the tokens.
        env["CALC_SESSION_ACCESS"] = "open"
        // scripts/test gathers every server's log, at every level, and checks that no session token is in any.
        env["CALC_TEST_LOG_DIR"] = ProcessInfo.processInfo.environment["CALC_TEST_LOG_DIR"]
        env.merge(environment) { $1 }
        process.environment = env
        process.standardOutput = output
        errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("calculator-server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        let errors = try FileHandle(forWritingTo: errorLog)
        defer { try? errors.close() }  // the child holds its own copy
        process.standardError = errors
        try process.run()
        guard let line = Self.readLine(output.fileHandleForReading), let port = Self.port(announcedBy: line) else {
            process.terminate()
            process.waitUntilExit()
            let stderr = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: errorLog)
            throw ServerProcessError.didNotStart(stderr)
        }
        self.port = port
    }

    deinit {
        process.killHard()
        try? FileManager.default.removeItem(at: errorLog)
    }

    func client() throws -> HTTPClient { try HTTPClient(port: port) }

    /// What the server has written to standard error so far.
    var errorOutput: String { (try? String(contentsOf: errorLog, encoding: .utf8)) ?? "" }

    private static func port(announcedBy line: String) -> Int? {
        if line.hasPrefix("{") {
            let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            return object?["server.port"] as? Int
        }
        guard let range = line.range(of: ":", options: .backwards) else { return nil }
        return Int(line[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// SIGTERM, then the exit status.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func killHard() {
        process.killHard()
    }

    private static func readLine(_ handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while true {
            let chunk = handle.readData(ofLength: 1)
            guard let byte = chunk.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}

enum ServerProcessError: Error {
    case didNotStart(String)
}
