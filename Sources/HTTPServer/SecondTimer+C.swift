import CMicroHTTPD
import Glibc

/// A descriptor that becomes readable once a second while the timer runs (a timerfd): an event loop polls it beside
/// its daemon, so the time is read from the clock only when a second has passed, never on a request's way through.
final class SecondTimer {
    let readable: Int32
    private var running = false

    init() throws {
        readable = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK) | Int32(TFD_CLOEXEC))
        guard readable >= 0 else {
            throw HTTPServerError.startFailed("cannot create a timer: \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(readable)
    }

    func start() {
        guard !running else { return }
        running = true
        set(seconds: 1)
    }

    func stop() {
        guard running else { return }
        running = false
        set(seconds: 0)
    }

    /// The seconds that have passed since the last call (0 when the timer has not fired).
    func takeElapsedSeconds() -> Int {
        var expirations: UInt64 = 0
        let count = withUnsafeMutableBytes(of: &expirations) { read(readable, $0.baseAddress, $0.count) }
        return count == MemoryLayout<UInt64>.size ? Int(clamping: expirations) : 0
    }

    /// Fires every `seconds` from now; 0 disarms the timer.
    private func set(seconds: Int) {
        let period = timespec(tv_sec: seconds, tv_nsec: 0)
        var setting = itimerspec(it_interval: period, it_value: period)
        _ = timerfd_settime(readable, 0, &setting, nil)
    }
}
