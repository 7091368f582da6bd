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

    public func signal() {
        sem_post(semaphore)
    }
}
