#if canImport(Glibc)
import Glibc
#endif

/// Worker threads for work that grows with its input (presses and evaluations whose precision climbs or whose keys
/// are many), off the threads that call it (event loops) and off the threads that wait for a disk or a server.
///
/// Fair: work is queued by its owner (a client), and the workers take the owners in turn, one piece of work each, so a
/// client with many long requests queued delays another client's by at most the pieces already running. Bounded: the
/// workers are few (one per core by default) and run below the event loops' priority, so that requests of a few keys
/// go first when both want a core.
public final class LongWork: Sendable {
    /// Work for a worker, and what to do instead when the workers have closed.
    private struct Work: Sendable {
        let run: @Sendable () -> Void
        let refuse: @Sendable () -> Void
    }

    private struct Queues: ~Copyable {
        /// Each owner's work, first in first out.
        var byOwner: [String: [Work]] = [:]
        /// The owners with work queued, in the order the workers serve them.
        var turns: [String] = []
        var closing = false

        mutating func next() -> Work? {
            guard !turns.isEmpty else { return nil }
            let owner = turns.removeFirst()
            // An owner is in `turns` only while it has work queued.
            guard let work = byOwner[owner]?.removeFirst() else { return nil }
            if byOwner[owner]?.isEmpty == true {
                byOwner[owner] = nil
            } else {
                turns.append(owner)
            }
            return work
        }
    }

    private let queues = SleepingMutex(Queues())
    /// Counts the work queued (and one wake per worker at close).
    private let ready = WakeSignal()
    private let threads: [JoinableThread]

    /// One worker per core the process may run on.
    public static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// `workers` threads (nil: one per core).
    public init(workers: Int? = nil) throws {
        var threads: [JoinableThread] = []
        let (queues, ready) = (queues, ready)
        for _ in 0..<max(1, workers ?? Self.cores) {
            threads.append(
                try JoinableThread {
                    // Below the event loops' priority (a Linux thread has its own nice value).
                    _ = nice(10)
                    while true {
                        ready.wait()
                        let (work, ended) = queues.withLock { queues -> (Work?, Bool) in (queues.next(), queues.closing) }
                        if let work {
                            work.run()
                        } else if ended {
                            return
                        }
                    }
                })
        }
        self.threads = threads
    }

    deinit {
        close()  // ends the threads
    }

    /// Whether the caller runs on one of the workers.
    public var isCurrent: Bool { threads.contains { $0.isCurrent } }

    /// Runs `work` on a worker in `owner`'s turn, or `ifClosed` (on the caller's thread) once the workers have closed.
    public func run(owner: String, _ work: @escaping @Sendable () -> Void, ifClosed: @escaping @Sendable () -> Void) {
        let queued = Work(run: work, refuse: ifClosed)
        let accepted = queues.withLock { queues -> Bool in
            if queues.closing { return false }
            if queues.byOwner[owner, default: []].isEmpty { queues.turns.append(owner) }
            queues.byOwner[owner, default: []].append(queued)
            return true
        }
        if accepted { ready.signal() } else { queued.refuse() }
    }

    /// The same queue for one owner, as the store is handed it.
    public func lane(for owner: String) -> Lane { Lane(work: self, owner: owner) }

    /// Lets the workers finish what is queued, and waits for them to end; later work is refused.
    public func close() {
        let first = queues.withLock { queues -> Bool in
            defer { queues.closing = true }
            return !queues.closing
        }
        guard first else { return }
        for _ in threads { ready.signal() }
        for thread in threads { thread.join() }
    }

    /// Long work on behalf of one owner: what a store is given to run an update's check and change on.
    public struct Lane: Sendable {
        public let work: LongWork
        public let owner: String

        public var isCurrent: Bool { work.isCurrent }

        public func run(_ body: @escaping @Sendable () -> Void, ifClosed: @escaping @Sendable () -> Void) {
            work.run(owner: owner, body, ifClosed: ifClosed)
        }
    }
}
