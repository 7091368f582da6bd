#if canImport(Glibc)
import Glibc
#endif

/// One worker thread for work that grows with its input (the service's long presses and long evaluations), off the
/// threads that call it (event loops) and off the threads that wait for a disk or a server: one thread taking the work
/// in turn bounds what such work together may take of the machine, one core, below the event loops' priority.
public final class LongWork: Sendable {
    private let queue = BatchQueue<Work>()
    private let thread: JoinableThread

    /// Work for the thread, and what to do instead when it has closed.
    private struct Work: Sendable {
        let run: @Sendable () -> Void
        let refuse: @Sendable () -> Void
    }

    public init() throws {
        thread = try JoinableThread { [queue] in
            // Below the event loops' priority (a Linux thread has its own nice value): when both want a core, requests
            // of a few keys go first, and long work takes what is left.
            _ = nice(10)
            var queued: [Work] = []
            while queue.next(into: &queued, limit: 1) {
                for work in queued { work.run() }
                queued.removeAll(keepingCapacity: true)
            }
        }
    }

    deinit {
        close()  // ends the thread
    }

    /// Whether the caller runs on this worker's thread.
    public var isCurrent: Bool { thread.isCurrent }

    /// Runs `work` on this worker's thread, after what is queued, or `ifClosed` (on the caller's thread) once the worker
    /// has closed.
    public func run(_ work: @escaping @Sendable () -> Void, ifClosed: @escaping @Sendable () -> Void) {
        let queued = Work(run: work, refuse: ifClosed)
        if !queue.enqueue(queued) { queued.refuse() }
    }

    /// Lets the thread finish what is queued, and waits for it to end; later work is refused.
    public func close() {
        if queue.close() { thread.join() }
    }
}
