#if canImport(Glibc)
import Glibc
#endif

/// A mutex whose waiters sleep at once (glibc's default `pthread_mutex_t` does not spin).
///
/// For the SQLite writer, which holds its lock through a commit's disk sync: `Synchronization.Mutex` spins before
/// it sleeps on Linux, and the profile of SQLite presses showed 9% of the CPU in its `_lockSlow` while another
/// thread committed.
///
/// It also has a condition variable, so threads can sleep until the state says they may go on (`wait(until:)`),
/// woken by `withLockWakingWaiters` — how the SQLite store's writers wait for the commit of their batch.
final class SleepingMutex<State>: @unchecked Sendable {
    // The pthread mutex and condition must not move, so they live in their own allocations.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var state: State

    init(_ state: sending State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
        self.state = state
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<T>(_ body: (inout State) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }

    /// Like `withLock`, then wakes every thread sleeping in `wait(until:)` to look at the state again.
    func withLockWakingWaiters<T>(_ body: (inout State) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return try body(&state)
    }

    /// Runs `check` under the lock until it returns a value, sleeping between tries until woken.
    func wait<T>(until check: (inout State) throws -> T?) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = try check(&state) { return result }
            pthread_cond_wait(condition, mutex)
        }
    }
}
