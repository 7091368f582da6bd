import ArgumentParser
import Foundation
import Logging
import Threading

/// Log lines on an output, standard error unless told otherwise, as `--log-format` chooses: `text` for people, in the
/// layout of swift-log's `StreamLogHandler` (time, level, label, `key=value` metadata, message), or `json`, one object
/// per line for log collectors (`JSONLogLine`). Either way the time is UTC to the microsecond (`LogTimestamp`).
struct LogLineHandler: LogHandler {
    enum Format {
        case text, json
    }

    /// Where lines go, written one at a time, whole, whichever thread logs them.
    final class Output: Sendable {
        private let handle: Lock<FileHandle>

        init(_ handle: FileHandle) {
            self.handle = Lock(handle)
        }

        func write(_ line: [UInt8]) {
            handle.withLock { $0.write(Data(line)) }
        }
    }

    static let standardError = Output(FileHandle.standardError)

    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    private let label: String
    private let format: Format
    private let output: Output

    init(label: String, format: Format, output: Output = Self.standardError) {
        self.label = label
        self.format = format
        self.output = output
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let fields = metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 })
        var line: [UInt8]
        switch format {
        case .json:
            line = JSONLogLine.render(level: event.level, message: event.message.description, label: label, metadata: fields)
        case .text:
            let shown = fields.keys.sorted().map { " \($0)=\(fields[$0]!)" }.joined()
            line = Array("\(LogTimestamp.now()) \(event.level) \(label):\(shown) \(event.message)".utf8)
        }
        line.append(0x0A)
        output.write(line)
    }

    /// A new file in `directory` (made if missing) for this process's lines, named by its process id and a random
    /// number so that servers sharing the directory never share a file.
    static func file(in directory: String) throws -> Output {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = "\(directory)/calculator-server-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).jsonl"
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw ValidationError("--test-log-dir: cannot create \(path)")
        }
        return Output(handle)
    }
}
