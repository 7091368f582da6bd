// Public: the `@inlinable` methods below use Lock and Atomic, so clients must see them.
public import Synchronization
public import Threading

/// The updates of each session waiting in this process, one line per session with an update in flight: the next
/// begins when the one before has reported.
///
/// A line is worked by a loop, not by recursion: an update that reports before its `begin` returns (the memory
/// backend, or a fetch answered at once) marks itself done, and the loop that began it begins the next; one that
/// reports later, from another thread, begins the next there. So a long line on a backend that answers at once never
/// deepens the stack.
public final class SessionUpdateLines: Sendable {
    @usableFromInline
    struct Line: Sendable {
        @usableFromInline var waiting: [@Sendable () -> Void] = []
        /// A loop is beginning the line's current update: `end` leaves the next to it.
        @usableFromInline var looping = true
        /// The current update ended while its loop was still beginning it.
        @usableFromInline var endedInLoop = false

        @inlinable
        init() {}
    }

    @usableFromInline
    final class Shard: Sendable {
        @usableFromInline let lines = Lock<[SessionID: Line]>([:])
        /// Signalled when the shard's last line ends while the lines are closing.
        let drained = WakeSignal()

        @usableFromInline
        init() {}

        @usableFromInline
        func signalDrained() { drained.signal() }
    }

    @usableFromInline let shards: [Shard] = (0..<16).map { _ in Shard() }
    /// Set by `close`: later updates are refused, those in the lines go on.
    @usableFromInline let closing = Atomic<Bool>(false)
    /// Lines open now, so that `join` looks for one only when there may be one.
    @usableFromInline let open = Atomic<Int>(0)

    @usableFromInline
    init() {}

    @inlinable
    func shard(_ id: SessionID) -> Shard {
        shards[Int(truncatingIfNeeded: id.spread >> 40) & (shards.count - 1)]
    }

    /// Begins `begin` now when no update of `id` is in flight, else queues it behind the line; false (and nothing
    /// begins) once the lines are closing.
    @inlinable
    func submit(_ id: SessionID, _ begin: @escaping @Sendable () -> Void) -> Bool {
        if closing.load(ordering: .acquiring) { return false }
        let queued = shard(id).lines.withLock { lines -> Bool in
            if lines[id] != nil {
                lines[id]!.waiting.append(begin)
                return true
            }
            lines[id] = Line()
            open.add(1, ordering: .relaxed)
            return false
        }
        if !queued { loop(id, from: begin) }
        return true
    }

    /// Whether a line is open now, so that `join` is worth trying (one may open meanwhile: an update that then
    /// meets its session's line in a compare-and-set tries again).
    @inlinable
    var mayHaveLines: Bool { open.load(ordering: .relaxed) > 0 }

    /// Queues `begin` behind the line of `id` when there is one: true. False, and no line is made, when there is none
    /// (the caller then begins at once, in no line) or when the lines are closing.
    @inlinable
    func join(_ id: SessionID, _ begin: @escaping @Sendable () -> Void) -> Bool {
        if closing.load(ordering: .acquiring) { return false }
        return shard(id).lines.withLock { lines -> Bool in
            guard lines[id] != nil else { return false }
            lines[id]!.waiting.append(begin)
            return true
        }
    }

    /// Refuses later updates and waits until every update in the lines has reported: a store closes its connections
    /// only after that. Must not be called from a completion of the store (which an update waits for).
    public func close() {
        closing.store(true, ordering: .releasing)
        for shard in shards {
            while !shard.lines.withLock({ $0.isEmpty }) { shard.drained.wait() }
            // Passed on: another caller of `close` may be waiting on the same shard.
            shard.drained.signal()
        }
    }

    /// The next update waiting in the line of `id`, whose update before has ended, taken out of it; or nil, and the
    /// line removed, when none waits. Under the shard's lock.
    @inlinable
    func takeNext(
        _ id: SessionID, _ line: consuming Line, from lines: inout [SessionID: Line], of shard: Shard
    ) -> (@Sendable () -> Void)? {
        guard !line.waiting.isEmpty else {
            lines[id] = nil
            open.subtract(1, ordering: .relaxed)
            if lines.isEmpty, closing.load(ordering: .acquiring) { shard.signalDrained() }
            return nil
        }
        let next = line.waiting.removeFirst()
        lines[id] = line
        return next
    }

    /// The update of `id` in flight has reported.
    @inlinable
    func end(_ id: SessionID) {
        let shard = shard(id)
        let next = shard.lines.withLock { lines -> (@Sendable () -> Void)? in
            guard var line = lines[id] else { return nil }
            if line.looping {
                line.endedInLoop = true
                lines[id] = line
                return nil
            }
            line.looping = true
            return takeNext(id, line, from: &lines, of: shard)
        }
        if let next { loop(id, from: next) }
    }

    /// Begins `first`, then each next update whose one before ended while being begun here.
    @inlinable
    func loop(_ id: SessionID, from first: @escaping @Sendable () -> Void) {
        let shard = shard(id)
        var next: (@Sendable () -> Void)? = first
        while let begin = next {
            begin()
            next = shard.lines.withLock { lines -> (@Sendable () -> Void)? in
                guard var line = lines[id] else { return nil }
                guard line.endedInLoop else {
                    // In flight: whoever it reports on begins the next.
                    line.looping = false
                    lines[id] = line
                    return nil
                }
                line.endedInLoop = false
                return takeNext(id, line, from: &lines, of: shard)
            }
        }
    }
}
