public import Foundation

/// Why a fixture could not be set up.
public enum FixtureError: Error {
    case noFreePort
    case didNotStart(String)
    case commandFailed(String)
}

/// A private `redis-server` child on a loopback port of its own, which a test may stop (as a crash would) and start
/// again on the same port. The port is one the kernel found free; Redis cannot bind port 0 and say which it took, so
/// when another process binds the port first, the server is started again on another. With `keepsWrites` it writes an append-only file synced on every write, so a restart keeps every
/// acknowledged write; without, it keeps nothing, and a restart empties it.
public final class RedisServer: @unchecked Sendable {
    public let port: Int
    /// Its working directory (the append-only file, the log), removed with it.
    public let directory: URL
    private let arguments: [String]
    private var process: Process?

    public var url: String { "redis://127.0.0.1:\(port)" }

    /// The redis-server on the PATH (or in /usr/bin, /usr/local/bin), if any.
    public static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map { "\($0)/redis-server" } + ["/usr/bin/redis-server", "/usr/local/bin/redis-server"])
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The redis-cli beside it.
    public static var cli: String? {
        executable.map { URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("redis-cli").path }
            .flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
    }

    public static var isAvailable: Bool { executable != nil }

    /// The shared server scripts/test starts for the suites that want one (CALC_TEST_REDIS_URL), e.g.
    /// redis://127.0.0.1:6390; nil when it is not set, and those suites are skipped.
    public static var sharedURL: String? {
        ProcessInfo.processInfo.environment["CALC_TEST_REDIS_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The loopback Redis Cluster scripts/test starts with scripts/cluster (CALC_TEST_REDIS_CLUSTER_URL), e.g.
    /// redis-cluster://127.0.0.1:30001,127.0.0.1:30002; nil when it is not set, and the cluster suites are skipped.
    public static var sharedClusterURL: String? {
        ProcessInfo.processInfo.environment["CALC_TEST_REDIS_CLUSTER_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Starts the server with more configuration in `extraArguments` (e.g. `--requirepass`).
    public init(keepsWrites: Bool = true, _ extraArguments: [String] = []) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("redis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let persistence = keepsWrites ? ["--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"]
        do {
            for _ in 0..<20 {
                let port = try freeLoopbackPort()
                let arguments = ["--port", String(port), "--bind", "127.0.0.1", "--save", ""] + persistence + [
                    "--dir", directory.path, "--logfile", directory.appendingPathComponent("redis.log").path,
                ] + extraArguments
                guard let process = try Self.launch(arguments, log: directory.appendingPathComponent("redis.log")) else {
                    continue
                }
                (self.port, self.directory, self.arguments, self.process) = (port, directory, arguments, process)
                return
            }
            throw FixtureError.noFreePort
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts it again on its port and waits until it accepts connections.
    public func start() throws {
        guard let process = try Self.launch(arguments, log: directory.appendingPathComponent("redis.log")) else {
            throw FixtureError.didNotStart("redis-server on port \(port): the port is taken")
        }
        self.process = process
    }

    /// A redis-server with `arguments`, once its log (from where it stands now) says it accepts connections; nil when
    /// it ended first because its port is taken. A connection alone would not tell: it may reach whoever took the port.
    private static func launch(_ arguments: [String], log: URL) throws -> Process? {
        guard let executable else { throw FixtureError.didNotStart("no redis-server is installed") }
        let start = (try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int) ?? 0
        // Read through a FileHandle from where the log stood: FileManager.contents(atPath:) of a file that grows while
        // it is read leaks its buffer (LeakSanitizer finds it in FoundationEssentials' readBytesFromFile).
        let written = { () -> String in
            guard let handle = FileHandle(forReadingAtPath: log.path) else { return "" }
            defer { try? handle.close() }
            guard (try? handle.seek(toOffset: UInt64(start))) != nil, let data = try? handle.readToEnd() else { return "" }
            return String(decoding: data, as: UTF8.self)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // Not the test runner's: an inherited pipe would stay open while a leaked server lives.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard eventually(every: .milliseconds(10), { !process.isRunning || written().contains("Ready to accept connections") }) else {
            process.killHard()
            throw FixtureError.didNotStart("redis-server \(arguments.prefix(2).joined(separator: " "))")
        }
        if process.isRunning { return process }
        process.waitUntilExit()
        if written().contains("Address already in use") { return nil }
        throw FixtureError.didNotStart("redis-server \(arguments.prefix(2).joined(separator: " ")): \(written().suffix(500))")
    }

    /// SIGKILL, as a crash would: with `keepsWrites` every acknowledged write is already on disk.
    public func stop() {
        process?.killHard()
        process = nil
    }

    /// Stops it (SIGSTOP) and waits until the kernel says it has stopped: from then on it answers nothing until
    /// `resume()`, as a Redis held by a slow command answers nothing, while the kernel still accepts connections to
    /// it and takes what is sent.
    public func pause() throws {
        guard let process, process.suspend() else { throw FixtureError.commandFailed("redis-server did not stop") }
        let stat = "/proc/\(process.processIdentifier)/stat"
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            // The state follows the command name in parentheses, which may hold anything but ends at the last ")".
            let fields = (try? String(contentsOfFile: stat, encoding: .utf8)).flatMap { $0.split(separator: ")").last }
            if fields?.split(separator: " ").first == "T" { return }
            Thread.sleep(forTimeInterval: 0.001)
        }
        throw FixtureError.commandFailed("redis-server on port \(port) did not stop")
    }

    /// Lets it go on (SIGCONT) after `pause()`.
    public func resume() {
        _ = process?.resume()
    }

    /// The ports its clients' open connections come from, as the kernel lists them (/proc/net/tcp, "01" being
    /// ESTABLISHED): a connection made while it is paused is there too, accepted by the kernel and waiting for it.
    public var clientPorts: Set<Int> {
        // Read to the end: a /proc file says it is empty, so a read sized by the file's length gets nothing.
        guard let file = FileHandle(forReadingAtPath: "/proc/net/tcp") else { return [] }
        defer { try? file.close() }
        var ports: Set<Int> = []
        for line in String(decoding: file.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 3, fields[3] == "01", let local = fields[1].split(separator: ":").last, Int(local, radix: 16) == port,
                let remote = fields[2].split(separator: ":").last, let peer = Int(remote, radix: 16)
            else { continue }
            ports.insert(peer)
        }
        return ports
    }

    /// Runs one command with redis-cli against this server and waits for it; its output. Throws when redis-cli
    /// fails.
    @discardableResult
    public func run(_ arguments: String...) throws -> String {
        guard let cli = Self.cli else { throw FixtureError.commandFailed("no redis-cli is installed") }
        let (status, text) = try runToEnd(URL(fileURLWithPath: cli), ["-p", String(port)] + arguments, reading: .output)
        guard status == 0 else {
            throw FixtureError.commandFailed("redis-cli \(arguments.joined(separator: " ")): exit \(status)")
        }
        return text
    }
}
