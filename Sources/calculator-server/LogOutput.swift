import Bytes
import Threading

/// Where log lines go: a file (standard error, or a test run's copy) written in batches by a thread of its own, so
/// that the thread that logs a line, an event loop above all, only copies it into a buffer and never waits for a
/// write. Woken by the first line after it went idle, the thread lets `batchWindow` pass before it writes, so that a
/// busy server's lines share one `write(2)` (nginx's buffered access log, with a shorter flush time).
///
/// `flush()` writes what is pending at once, on the caller's thread, in order with the batches: the lines logged
/// apart from requests (start, stop, warnings) call it, so the last line of a clean stop, and everything before it,
/// is written before the process ends. Should the file not keep up, pending bytes stop growing at `pendingLimit` and
/// later lines are counted as dropped rather than holding up the event loops; the count is written at `close()`.
final class LogOutput: Sendable {
    private struct Pending: ~Copyable {
        var buffer = ByteBuffer(capacity: 64 * 1024)
        var timestamp = LogTimestamp()
        /// The writer thread sleeps on `wake`; whoever appends the first bytes after that wakes it.
        var idle = false
        var closing = false
        var dropped = 0
    }

    /// The file and the buffer of the last batch, held while a batch is taken and written so that batches reach the
    /// file in the order they were taken.
    private struct Writer: ~Copyable {
        let file: LogFile
        var spare = ByteBuffer(capacity: 64 * 1024)
    }

    static let pendingLimit = 8 * 1024 * 1024
    static let batchWindow = 0.01

    private let pending = SleepingMutex(Pending())
    private let writer: SleepingMutex<Writer>
    private let wake = WakeSignal()
    private let thread: Lock<JoinableThread?> = Lock(nil)

    init(_ file: LogFile) throws {
        writer = SleepingMutex(Writer(file: file))
        let started = try JoinableThread { [self] in run() }
        thread.withLock { $0 = started }
    }

    /// Appends one line, which `body` writes into the buffer (the newline too), given the clock of line times.
    func write(_ body: (inout ByteBuffer, inout LogTimestamp) -> Void) {
        let wakeWriter = pending.withLock { pending -> Bool in
            guard pending.buffer.count < Self.pendingLimit else {
                pending.dropped += 1
                return false
            }
            body(&pending.buffer, &pending.timestamp)
            defer { pending.idle = false }
            return pending.idle
        }
        if wakeWriter { wake.signal() }
    }

    /// Writes what is pending now, on this thread.
    func flush() {
        writer.withLock { writer in
            pending.withLock { swap(&$0.buffer, &writer.spare) }
            writer.file.write(writer.spare)
            writer.spare.removeAll(from: 0)
        }
    }

    /// Writes what is pending, the count of dropped lines if any, and ends the thread.
    func close() {
        pending.withLock { $0.closing = true }
        wake.signal()
        let ended = thread.withLock { thread -> JoinableThread? in
            defer { thread = nil }
            return thread
        }
        ended?.join()
        flush()
        let dropped = pending.withLock { $0.dropped }
        if dropped > 0 { writer.withLock { $0.file.write("log: \(dropped) lines dropped: the output did not keep up\n") } }
    }

    private func run() {
        while true {
            let ready = pending.withLock { pending -> Bool? in
                if pending.buffer.count > 0 { return true }
                if pending.closing { return false }
                pending.idle = true
                return nil
            }
            switch ready {
            case true?:
                // A close ends the window early: its signal wakes the thread.
                _ = wake.wait(seconds: Self.batchWindow)
                flush()
            case false?: return
            case nil: wake.wait()
            }
        }
    }
}
