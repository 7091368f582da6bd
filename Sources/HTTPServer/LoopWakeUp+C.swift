import Glibc
import Synchronization

/// Wakes one `EventLoop` from another thread: a pipe whose read end the loop polls beside its daemon. libmicrohttpd
/// 0.9.75 does not put its own wake-up (used by `MHD_resume_connection`) in the epoll set of a daemon it does not
/// run, so a resume is followed by a write here. The pipe closes when the last holder (the loop, a parked reply) is
/// gone, so a late writer never reaches a reused descriptor.
final class LoopWakeUp: Sendable {
    let readable: Int32
    private let writable: Int32
    /// Set by the first wake after the loop last drained the pipe: the wakes of a batch (a commit resuming many
    /// connections) then cost one write, not one each.
    private let signalled = Atomic<Bool>(false)

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw HTTPServerError.startFailed("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        readable = ends[0]
        writable = ends[1]
    }

    deinit {
        close(readable)
        close(writable)
    }

    /// Call after the change the loop should see (a resume, under libmicrohttpd's lock). A wake that finds the flag
    /// set writes nothing: the loop has not yet cleared it, which it does only after draining the pipe and before
    /// running the daemon, under that same lock, so that run sees the change.
    func wake() {
        guard !signalled.exchange(true, ordering: .sequentiallyConsistent) else { return }
        var byte: UInt8 = 1
        // A full pipe is already readable: the loop wakes either way.
        _ = write(writable, &byte, 1)
    }

    /// Called by the loop after `poll` reported the pipe readable, before it runs the daemon. The flag is cleared
    /// after the read: cleared before, a wake could set it again and have its byte consumed by this read, and the
    /// next wakes, finding it set, would write nothing for a loop about to sleep.
    func drain() {
        var bytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        while withUnsafeMutableBytes(of: &bytes, { read(readable, $0.baseAddress, $0.count) }) == MemoryLayout.size(ofValue: bytes) {}
        signalled.store(false, ordering: .sequentiallyConsistent)
    }

    /// The wake-up of the loop running on this thread, if it is a loop's thread.
    static var current: LoopWakeUp? {
        get {
            pthread_getspecific(currentKey).map { Unmanaged<LoopWakeUp>.fromOpaque($0).takeUnretainedValue() }
        }
        set {
            // The loop keeps its wake-up alive while registered, so the thread-specific pointer is not retained.
            _ = pthread_setspecific(currentKey, newValue.map { Unmanaged.passUnretained($0).toOpaque() })
        }
    }

    private static let currentKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
