#if canImport(Glibc)
import Glibc
#endif
import Threading
import Synchronization

/// Calls `sweepExpired()` on a store at a fixed interval on its own thread, so abandoned sessions are reclaimed in
/// the background (memory for the memory store, rows for SQLite, the `#live` index for Redis). Sweep errors go to
/// `onError` (e.g. Redis briefly unreachable) and the next tick tries again.
public final class ExpirySweeper: Sendable {
    private final class Flag: Sendable {
        let isSet = Atomic<Bool>(false)
    }

    private let stopped: Flag
    private let thread: JoinableThread

    public init(
        store: any SessionStore,
        every interval: Duration,
        onError: @escaping @Sendable (any Error) -> Void = { _ in }
    ) throws {
        let stopped = Flag()
        self.stopped = stopped
        // Sleeps in short ticks so that `stop()` takes effect quickly.
        let intervalMicroseconds = Self.microseconds(of: interval)
        let tick = min(Self.microseconds(of: .milliseconds(50)), intervalMicroseconds)
        thread = try JoinableThread { [stopped] in
            var waited: UInt64 = 0
            while !stopped.isSet.load(ordering: .acquiring) {
                usleep(UInt32(tick))
                waited += tick
                guard waited >= intervalMicroseconds, !stopped.isSet.load(ordering: .acquiring) else { continue }
                waited = 0
                do {
                    try store.sweepExpired()
                } catch {
                    onError(error)
                }
            }
        }
    }

    /// Stops sweeping and waits until the thread has finished its current sweep.
    public func stop() {
        guard !stopped.isSet.exchange(true, ordering: .acquiringAndReleasing) else { return }
        thread.join()
    }

    private static func microseconds(of duration: Duration) -> UInt64 {
        let parts = duration.components
        return max(1, UInt64(max(0, parts.seconds)) * 1_000_000 + UInt64(max(0, parts.attoseconds)) / 1_000_000_000_000)
    }
}
