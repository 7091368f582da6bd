#if !THREAD_SANITIZER
public import Synchronization
#endif

/// The lock for state that threads share: `withLock` lends the state to one thread at a time, as
/// `Synchronization.Mutex` does, which it is. In builds for ThreadSanitizer (`-DTHREAD_SANITIZER`, which
/// scripts/sanitize passes) it is a pthread mutex instead (`SleepingMutex`): a `Mutex` that is contended waits and
/// wakes through a futex inside libswiftSynchronization, which TSan does not instrument, so TSan sees no order between
/// one holder and the next and reports what they touch under the lock as races. It intercepts pthread mutexes.
///
/// `withLock` is inlinable, as `Mutex`'s is, so that a caller's closure is inlined into its body. The state is what
/// the lock guards, never nothing: to write to a stream one line at a time, lock the stream. (A state of no size has
/// no address of its own, and ThreadSanitizer reports its neighbour's accesses as racing with it.)
public struct Lock<State>: ~Copyable, Sendable {
    @usableFromInline let mutex: Exclusion<State>

    @inlinable
    public init(_ state: consuming sending State) {
        assert(MemoryLayout<State>.size > 0, "a Lock guards state: lock the resource itself, not ()")
        mutex = Exclusion(state)
    }

    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending State) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try mutex.withLock(body)
    }
}

#if THREAD_SANITIZER
@usableFromInline typealias Exclusion<State> = SleepingMutex<State>
#else
@usableFromInline typealias Exclusion<State> = Mutex<State>
#endif
