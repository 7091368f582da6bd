import Bytes
import Glibc

/// A file descriptor that log lines are written to whole: `write(2)` again for what a short write left, and again
/// after a signal interrupted it. An error (a closed pipe) drops the batch: a log never stops the server.
struct LogFile: Sendable {
    let descriptor: Int32

    static let standardError = LogFile(descriptor: STDERR_FILENO)

    /// A new file at `path`, open for the process's lifetime; nil when it cannot be made.
    static func create(path: String) -> LogFile? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o644)
        return descriptor < 0 ? nil : LogFile(descriptor: descriptor)
    }

    func write(_ buffer: borrowing ByteBuffer) {
        buffer.withBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    func write(_ text: String) {
        var buffer = ByteBuffer(capacity: text.utf8.count)
        buffer.append(text)
        write(buffer)
    }
}
