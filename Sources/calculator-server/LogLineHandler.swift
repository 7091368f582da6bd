import ArgumentParser
import Bytes
import Foundation
import Logging

/// Log lines other than the requests' (`AccessLog`) on a `LogOutput`, as `--log-format` chooses: `text` for people, in
/// the layout of swift-log's `StreamLogHandler` (time, level, label, `key=value` metadata, message), or `json`, one
/// object per line for log collectors (`JSONLogLine`). Either way the time is UTC to the microsecond (`LogTimestamp`).
/// These lines are few (start, stop, warnings), so each is flushed at once, with the request lines before it.
struct LogLineHandler: LogHandler {
    enum Format {
        case text, json
    }

    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    private let label: String
    private let format: Format
    private let output: LogOutput

    init(label: String, format: Format, output: LogOutput) {
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
        let line: [UInt8]
        switch format {
        case .json:
            line = JSONLogLine.render(level: event.level, message: event.message.description, label: label, metadata: fields)
        case .text:
            let shown = fields.keys.sorted().map { " \($0)=\(fields[$0]!)" }.joined()
            line = Array("\(LogTimestamp.now()) \(event.level) \(label):\(shown) \(event.message)".utf8)
        }
        output.write { buffer, _ in
            buffer.append(contentsOf: line)
            buffer.append(0x0A)
        }
        output.flush()
    }

    /// A new file in `directory` (made if missing) for this process's lines, named by its process id and a random
    /// number so that servers sharing the directory never share a file.
    static func file(in directory: String) throws -> LogOutput {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = "\(directory)/calculator-server-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).jsonl"
        guard let file = LogFile.create(path: path) else { throw ValidationError("--test-log-dir: cannot create \(path)") }
        return try LogOutput(file)
    }
}
