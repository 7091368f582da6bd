#if canImport(Glibc)
import Glibc
#endif

/// Wakes one sleeping thread (a POSIX semaphore): the thread of a batch queue sleeps on one while nothing is queued,
/// and a caller that waits for one write (a sweep) sleeps on its own, so it alone is woken.
public final class WakeSignal: @unchecked Sendable {
    // The semaphore must not move, so it lives in its own allocation.
    private let semaphore: UnsafeMutablePointer<sem_t>

    public init() {
        semaphore = .allocate(capacity: 1)
        semaphore.initialize(to: sem_t())
        sem_init(semaphore, 0, 0)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    /// Sleeps until `signal()` (returns at once if it already came); what the signaller wrote before is visible.
    public func wait() {
        while sem_wait(semaphore) != 0 && errno == EINTR {}
    }

    /// Sleeps until `signal()` or until `seconds` have passed; true when signalled.
    public func wait(seconds: Double) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let whole = seconds.rounded(.down)
        var nanoseconds = Int(deadline.tv_nsec) + Int((seconds - whole) * 1e9)
        deadline.tv_sec += Int(whole) + nanoseconds / 1_000_000_000
        nanoseconds %= 1_000_000_000
        deadline.tv_nsec = nanoseconds
        while true {
            if sem_timedwait(semaphore, &deadline) == 0 { return true }
            if errno != EINTR { return false }
        }
    }

    public func signal() {
        sem_post(semaphore)
    }
}
