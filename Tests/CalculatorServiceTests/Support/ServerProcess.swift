import Foundation
import TestSupport
import Testing

/// The store behind the server under test: the memory store answers at once; SQLite's writes wait for a disk sync,
/// so the server answers them later, from the store's completion (`Response.later`); Redis answers reads and writes
/// later, from its pipeline thread (only when CALC_TEST_REDIS_URL is set, as for the store's own Redis tests; each
/// server gets a private redis-server, so a session cap or count sees only its own sessions).
enum TestStore: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory
    case sqlite
    case redis

    static var allCases: [TestStore] {
        let redisWanted = ProcessInfo.processInfo.environment["CALC_TEST_REDIS_URL"].map { !$0.isEmpty } ?? false
        return redisWanted && RedisServer.isAvailable ? [.memory, .sqlite, .redis] : [.memory, .sqlite]
    }

    var testDescription: String { rawValue }
}

/// The real `calculator-server` binary, started on a free port for one test.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    private let output = Pipe()
    /// The server's stderr goes to a file, not a pipe: draining a pipe takes a dispatch source, and one that
    /// outlived its descriptor (closed, then reused by another test's pipe) crashed libdispatch's event loop in about
    /// one full test run in five.
    private let errorLog: URL
    /// The SQLite store's directory, removed with the server.
    private var scratch: URL?
    /// The Redis store's server, stopped with this one.
    private var redis: RedisServer?

    /// The server on `store` (a fresh file for SQLite), with more flags.
    convenience init(store: TestStore, _ arguments: [String] = []) throws {
        if store == .redis {
            let redis = try RedisServer()
            try self.init(["--store", redis.url] + arguments)
            self.redis = redis
            return
        }
        guard store == .sqlite else {
            try self.init(["--store", "memory"] + arguments)
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("server-\(UUID().uuidString)")
        do {
            try self.init(["--store", "sqlite:\(directory.path)/sessions.sqlite"] + arguments)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        scratch = directory
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
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
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
