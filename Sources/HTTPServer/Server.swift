import Glibc
import Synchronization
import Threading

/// An HTTP/1.1 server on libmicrohttpd. The responder runs synchronously on the server's event-loop threads.
///
/// Lifecycle: `start()` once, then `shutdown(drainTimeout:)` once or more; a stopped server cannot be restarted.
public final class Server: Sendable {
    private enum Phase {
        case idle
        case running(Daemon)
        case stopped
    }

    private let configuration: ServerConfiguration
    private let dispatcher: Dispatcher
    // Start and shutdown hold this lock for their whole duration, so a second `shutdown` returns only once
    // the server has stopped. The request path never takes it.
    private let phase = Lock<Phase>(.idle)
    private let boundPort = Atomic<Int>(0)

    public init(configuration: ServerConfiguration, responder: @escaping Responder) {
        self.configuration = configuration
        self.dispatcher = Dispatcher(
            responder: responder, maxBodySize: configuration.maxBodySize,
            perAddressConnectionLimit: configuration.perIPConnectionLimit
        )
    }

    deinit {
        phase.withLock { phase in
            if case .running(let daemon) = phase {
                daemon.stopAccepting()
                daemon.stop()
            }
        }
    }

    /// Binds to `configuration.host`/`port` and starts serving.
    public func start() throws {
        try phase.withLock { phase in
            guard case .idle = phase else { throw HTTPServerError.alreadyStarted }
            let daemon = try Daemon(configuration: configuration, dispatcher: dispatcher)
            boundPort.store(daemon.port, ordering: .releasing)
            phase = .running(daemon)
        }
    }

    /// The bound port (the real one when configured with port 0); 0 before `start()`.
    public var port: Int {
        boundPort.load(ordering: .acquiring)
    }

    /// Requests between their request line and the end of their response (for tests and diagnostics).
    var requestsInProgress: Int {
        dispatcher.inFlight.load(ordering: .acquiring)
    }

    /// Stops accepting connections (new ones are refused), lets requests already in progress finish for up to
    /// `drainTimeout`, then closes every connection and stops the threads. Responses sent while draining carry
    /// `Connection: close`. A responder still running after the timeout is waited for, as its thread must be
    /// joined. Idempotent.
    public func shutdown(drainTimeout: Duration = .seconds(10)) {
        phase.withLock { phase in
            guard case .running(let daemon) = phase else {
                phase = .stopped
                return
            }
            dispatcher.draining.store(true, ordering: .relaxed)
            daemon.stopAccepting()
            let deadline = ContinuousClock.now.advanced(by: drainTimeout)
            while dispatcher.inFlight.load(ordering: .acquiring) > 0, ContinuousClock.now < deadline {
                usleep(1_000)
            }
            daemon.stop()
            phase = .stopped
        }
    }
}
