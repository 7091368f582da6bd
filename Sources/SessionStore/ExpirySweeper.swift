#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Calls `sweepExpired()` on a store at a fixed interval on its own thread, so abandoned sessions are reclaimed in
/// the background (memory for the memory store, rows for SQLite, the `#live` index for Redis). Sweep errors go to
/// `onError` (e.g. Redis briefly unreachable) and the next tick tries again. The thread keeps the sweeper alive
/// until `stop()`.
public final class ExpirySweeper: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)

    public init(
        store: any SessionStore,
        every interval: Duration,
        onError: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        let tick = Self.microseconds(of: min(interval, .milliseconds(50)))
        let intervalMicroseconds = Self.microseconds(of: interval)
        Self.spawn { [self] in
            var waited: UInt64 = 0
            while !self.stopped.load(ordering: .acquiring) {
                // Sleep in short ticks so stop() takes effect quickly.
                usleep(UInt32(min(tick, intervalMicroseconds)))
                waited += min(tick, intervalMicroseconds)
                guard waited >= intervalMicroseconds, !self.stopped.load(ordering: .acquiring) else { continue }
                waited = 0
                do {
                    try store.sweepExpired()
                } catch {
                    onError(error)
                }
            }
            self.finished.store(true, ordering: .releasing)
        }
    }

    /// Stops sweeping and waits until the thread has finished its current sweep.
    public func stop() {
        stopped.store(true, ordering: .releasing)
        while !finished.load(ordering: .acquiring) { usleep(1_000) }
    }

    private static func microseconds(of duration: Duration) -> UInt64 {
        let parts = duration.components
        return max(1, UInt64(max(0, parts.seconds)) * 1_000_000 + UInt64(max(0, parts.attoseconds)) / 1_000_000_000_000)
    }

    /// A detached pthread running `body`.
    private static func spawn(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, threadEntry, context)
        precondition(status == 0, "pthread_create failed: \(status)")
        pthread_detach(thread)
    }

    private final class Box: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    private static let threadEntry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
        Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
        return nil
    }
}
