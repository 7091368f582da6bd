import Foundation

/// A private `redis-server` on a free port, with an append-only file so a restart keeps its data.
final class RedisProcess: @unchecked Sendable {
    let port: Int
    let directory: URL
    private var process: Process?
    /// More configuration, e.g. `--requirepass`.
    private let extraArguments: [String]

    var url: String { "redis://127.0.0.1:\(port)" }

    static var isAvailable: Bool {
        ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    init(_ extraArguments: [String] = []) throws {
        self.extraArguments = extraArguments
        port = try freePort()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("redis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        } ?? "/usr/bin/redis-server")
        process.arguments = [
            "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes", "--appendfsync", "always",
            "--dir", directory.path, "--logfile", directory.appendingPathComponent("redis.log").path,
        ] + extraArguments
        // Not the test runner's: an inherited pipe would stay open while a leaked server lives.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        // Ready when it accepts a connection.
        for _ in 0..<200 {
            if (try? HTTPClient(port: port)) != nil { return }
            usleep(25_000)
        }
        throw ServerProcessError.didNotStart("redis-server on port \(port)")
    }

    /// Runs one command with redis-cli (beside redis-server) against this server and waits for it; its output.
    @discardableResult
    func run(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ["/usr/bin/redis-cli", "/usr/local/bin/redis-cli"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        } ?? "/usr/bin/redis-cli")
        process.arguments = ["-p", String(port)] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    /// SIGKILL, as a crash would: with `appendfsync always` every acknowledged write is already on disk. (SIGTERM is no
    /// use here: children spawned from dispatch threads inherit a mask that blocks it.)
    func stop() {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }
}

/// A TCP port that nothing listens on at this moment.
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
            bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
        }
    }
    guard bound else { throw ServerProcessError.didNotStart("no free port") }
    return Int(UInt16(bigEndian: address.sin_port))
}
