#if canImport(Glibc)
import Glibc
#endif

/// A mutex whose waiters sleep at once (glibc's default `pthread_mutex_t` does not spin).
///
/// For the SQLite writer, which holds its lock through a commit's disk sync: `Synchronization.Mutex` spins before
/// it sleeps on Linux, and the profile of SQLite presses showed 9% of the CPU in its `_lockSlow` while another
/// thread committed.
final class SleepingMutex<State>: @unchecked Sendable {
    // The pthread mutex must not move, so it lives in its own allocation.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    init(_ state: sending State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.state = state
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<T>(_ body: (inout State) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
