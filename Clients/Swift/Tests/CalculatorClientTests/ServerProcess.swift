import Foundation

/// The real `calculator-server` binary ($CALC_SERVER_BIN), started on a free port for one test with open access
/// unless the flags ask for tokens. The client's own, so that this package needs nothing of the server's tree.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let port: Int

    /// No $CALC_SERVER_BIN, or the binary did not say where it listens.
    struct DidNotStart: Error {}

    init(_ flags: [String] = []) throws {
        guard let binary = ProcessInfo.processInfo.environment["CALC_SERVER_BIN"] else { throw DidNotStart() }
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--port", "0", "--store", "memory", "--log-level", "warning", "--session-access", "open"] + flags
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line names the bound port: `calculator-server listening on http://127.0.0.1:PORT`.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        guard let port = String(decoding: line, as: UTF8.self).split(separator: ":").last.flatMap({ Int($0) }) else {
            process.terminate()
            throw DidNotStart()
        }
        self.port = port
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }
}
