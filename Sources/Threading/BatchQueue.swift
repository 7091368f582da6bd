#if canImport(Glibc)
import Glibc
#endif

/// Work queued for one thread that takes it in batches: SQLite's committer and Redis's pipeline. Anyone may queue;
/// the thread takes everything queued (up to a limit) at once, so what arrives while it works on one batch forms
/// the next, and it sleeps on a semaphore while nothing is queued.
///
/// Inlinable, so that the stores' queues run specialized for their items: unspecialized, every call asks the runtime
/// for the metadata of the item arrays.
public final class BatchQueue<Item: Sendable>: Sendable {
    @usableFromInline
    struct State {
        @usableFromInline var items: [Item] = []
        /// The thread sleeps on `wake`; whoever queues the first item after that wakes it.
        @usableFromInline var idle = false
        /// Set by `close()`: later items are refused, queued ones are still taken.
        @usableFromInline var closing = false

        @inlinable
        init() {}
    }

    @usableFromInline let state = SleepingMutex(State())
    @usableFromInline let wake = WakeSignal()

    public init() {}

    /// Queues `item`; false when the queue is closing (the caller then fails the item itself).
    @inlinable
    public func enqueue(_ item: Item) -> Bool {
        let (accepted, wakeThread) = state.withLock { state -> (Bool, Bool) in
            if state.closing { return (false, false) }
            state.items.append(item)
            defer { state.idle = false }
            return (true, state.idle)
        }
        if wakeThread { wake.signal() }
        return accepted
    }

    /// Refuses later items and wakes the thread so that it takes what is left and ends. True only for the first
    /// call, whose caller then joins the thread (a thread is joined once).
    public func close() -> Bool {
        let (first, wakeThread) = state.withLock { state -> (Bool, Bool) in
            if state.closing { return (false, false) }
            state.closing = true
            defer { state.idle = false }
            return (true, state.idle)
        }
        if wakeThread { wake.signal() }
        return first
    }

    /// For the thread: fills `batch` (which may already hold items) up to `limit` with queued items, sleeping while
    /// there are none. False once the queue is closing and nothing is left: the thread ends.
    ///
    /// It first yields its core once. Where the threads that queue share a core with it (a small machine, a pinned
    /// server), the ones it woke with its last batch's reports then run first and queue what their replies
    /// bring in, so batches grow and their fixed cost (a disk sync, a round trip) is shared by more items. On a core
    /// of its own, the yield returns at once.
    @inlinable
    public func next(into batch: inout [Item], limit: Int) -> Bool {
        yieldCore()
        while true {
            let ready = state.withLock { state -> Bool? in
                Self.move(from: &state, into: &batch, limit: limit)
                if !batch.isEmpty { return true }
                if state.closing { return false }
                state.idle = true
                return nil
            }
            if let ready { return ready }
            wake.wait()
        }
    }

    /// For the thread: tops `batch` up to `limit` with what is queued now, without waiting.
    @inlinable
    public func topUp(_ batch: inout [Item], limit: Int) {
        state.withLock { Self.move(from: &$0, into: &batch, limit: limit) }
    }

    @inlinable
    static func move(from state: inout State, into batch: inout [Item], limit: Int) {
        let room = limit - batch.count
        if state.items.isEmpty || room <= 0 { return }
        if state.items.count <= room {
            batch.append(contentsOf: state.items)
            state.items.removeAll(keepingCapacity: true)
        } else {
            batch.append(contentsOf: state.items[..<room])
            state.items.removeSubrange(..<room)
        }
    }
}

/// Lets the other threads ready on this core run first (`BatchQueue.next`).
@usableFromInline
func yieldCore() {
    sched_yield()
}
