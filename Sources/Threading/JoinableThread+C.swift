#if canImport(Glibc)
import Glibc
#endif

/// A thread that can be waited for (Foundation's `Thread` cannot be joined), so closing its owner (a store's
/// committer, pipeline or sweeper, the long-work threads) does not leave it running.
public final class JoinableThread: Sendable {
    private let thread: pthread_t

    /// Why a thread could not start (the system's limit on threads or memory).
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(_ body: @escaping @Sendable () -> Void) throws(StartError) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, Self.start, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw StartError(description: "cannot start a thread: \(String(cString: strerror(status)))")
        }
        self.thread = thread
    }

    /// True on the thread itself.
    public var isCurrent: Bool { pthread_equal(pthread_self(), thread) != 0 }

    /// Waits until the body has returned. Called on the thread itself (its last work dropped the last reference to
    /// the owner), it lets the thread finish alone instead: joining oneself would deadlock.
    public func join() {
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
