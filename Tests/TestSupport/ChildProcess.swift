public import Foundation

/// Which of a child's streams a test reads; the other goes to /dev/null, so a full pipe never blocks the child.
public enum ChildStream: Sendable {
    case output
    case errors
}

/// Runs `executable` with `arguments` to its end; its exit status and the text it wrote to `stream`. `environment`,
/// when given, replaces the test runner's.
public func runToEnd(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, reading stream: ChildStream
) throws -> (status: Int32, text: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = stream == .output ? pipe : FileHandle.nullDevice
    process.standardError = stream == .errors ? pipe : FileHandle.nullDevice
    try process.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}
