import Foundation
import Logging
import Threading

/// Log lines on standard error, as `--log-format` chooses: `text` for people, in the layout of swift-log's
/// `StreamLogHandler` (time, level, label, `key=value` metadata, message), or `json`, one object per line for log
/// collectors (`JSONLogLine`). Either way the time is UTC to the microsecond (`LogTimestamp`).
struct StandardErrorLogHandler: LogHandler {
    enum Format {
        case text, json
    }

    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    private let label: String
    private let format: Format
    /// Standard error, written one line at a time, whole, whichever thread logs it.
    private static let output = Lock(FileHandle.standardError)

    init(label: String, format: Format) {
        self.label = label
        self.format = format
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
        Self.output.withLock { $0.write(Data(line)) }
    }
}
