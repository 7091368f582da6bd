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
        /// A shutdown is draining; a second one waits for `stopped`.
        case stopping(stopped: WakeSignal)
        case stopped
    }

    private let configuration: ServerConfiguration
    private let dispatcher: Dispatcher
    // Held only to move from one phase to the next, never while draining; the request path never takes it.
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
    /// joined. Idempotent. Returns how many requests were still in progress when the drain ended (cut short by
    /// the timeout; 0 when every one finished), so that the operator learns what a stop interrupted.
    @discardableResult
    public func shutdown(drainTimeout: Duration = .seconds(10)) -> Int {
        enum Step {
            case drain(Daemon, stopped: WakeSignal)
            case wait(WakeSignal)
            case none
        }
        let step = phase.withLock { phase -> Step in
            switch phase {
            case .running(let daemon):
                let stopped = WakeSignal()
                phase = .stopping(stopped: stopped)
                return .drain(daemon, stopped: stopped)
            case .stopping(let stopped):
                return .wait(stopped)
            case .idle, .stopped:
                phase = .stopped
                return .none
            }
        }
        switch step {
        case .drain(let daemon, let stopped):
            // Draining first, so that every response from now on asks its client to close the connection.
            dispatcher.startDraining()
            daemon.stopAccepting()
            let deadline = ContinuousClock.now.advanced(by: drainTimeout)
            // Each wake is the last request ending; a request that began since keeps the drain going.
            while dispatcher.inFlight.load(ordering: .sequentiallyConsistent) > 0, case let left = deadline - ContinuousClock.now, left > .zero {
                _ = dispatcher.drained.wait(seconds: Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
            }
            let interrupted = dispatcher.inFlight.load(ordering: .sequentiallyConsistent)
            daemon.stop()
            phase.withLock { $0 = .stopped }
            stopped.signal()
            return interrupted
        case .wait(let stopped):
            stopped.wait()
            stopped.signal()  // passed on to any other caller waiting
            return 0
        case .none:
            return 0
        }
    }
}
