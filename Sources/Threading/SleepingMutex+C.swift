#if canImport(Glibc)
import Glibc
#endif

/// A mutex whose waiters sleep at once (glibc's default `pthread_mutex_t` does not spin).
///
/// For the queues of SQLite's committer and Redis's pipeline, which many threads and the queue's own thread take:
/// `Synchronization.Mutex` spins before it sleeps on Linux, which wastes the core that the thread holding the lock
/// needs to let it go. `Lock` is one in builds for ThreadSanitizer.
public final class SleepingMutex<State: ~Copyable>: @unchecked Sendable {
    // The pthread mutex must not move, so it lives in its own allocation.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var state: State

    public init(_ state: consuming sending State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.state = state
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Inlinable, so that a generic caller's state (`BatchQueue`'s) is not looked up at run time on every call.
    @inlinable
    public func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending State) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        lock()
        defer { unlock() }
        return try body(&state)
    }

    @usableFromInline
    func lock() {
        pthread_mutex_lock(mutex)
    }

    @usableFromInline
    func unlock() {
        pthread_mutex_unlock(mutex)
    }
}
