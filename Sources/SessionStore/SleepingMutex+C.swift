#if canImport(Glibc)
import Glibc
#endif

/// A mutex whose waiters sleep at once (glibc's default `pthread_mutex_t` does not spin).
///
/// For the queues of SQLite's committer and Redis's pipeline, which many threads and the queue's own thread take:
/// `Synchronization.Mutex` spins before it sleeps on Linux, which wastes the core that the thread holding the lock
/// needs to let it go.
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

/// Wakes one sleeping thread (a POSIX semaphore): the thread of a batch queue sleeps on one while nothing is queued,
/// and a caller that waits for one write (a sweep) sleeps on its own, so it alone is woken.
final class WakeSignal: @unchecked Sendable {
    // The semaphore must not move, so it lives in its own allocation.
    private let semaphore: UnsafeMutablePointer<sem_t>

    init() {
        semaphore = .allocate(capacity: 1)
        semaphore.initialize(to: sem_t())
        sem_init(semaphore, 0, 0)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    /// Sleeps until `signal()` (returns at once if it already came); what the signaller wrote before is visible.
    func wait() {
        while sem_wait(semaphore) != 0 && errno == EINTR {}
    }

    func signal() {
        sem_post(semaphore)
    }
}

/// A thread that can be waited for (Foundation's `Thread` cannot be joined), so closing a store does not leave its
/// committer, pipeline or sweeper running.
final class JoinableThread: Sendable {
    private let thread: pthread_t

    init(_ body: @escaping @Sendable () -> Void) throws {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, Self.start, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw SessionStoreError.unavailable("cannot start a thread: \(String(cString: strerror(status)))")
        }
        self.thread = thread
    }

    /// True on the thread itself.
    var isCurrent: Bool { pthread_equal(pthread_self(), thread) != 0 }

    /// Waits until the body has returned. Called on the thread itself (its last work dropped the last reference to
    /// the owner), it lets the thread finish alone instead: joining oneself would deadlock.
    func join() {
        if isCurrent {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private static let start: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
        guard let context else { return nil }
        Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }
}
