import CalculatorService
import Foundation
import Logging
import SessionStore
import Synchronization

/// Removes expired sessions once a minute, so idle sessions free their memory or rows even if never read again.
final class ExpirySweeper: Sendable {
    private let store: any SessionStore<SessionRecord>
    private let logger: Logger
    private let stopped = Mutex(false)
    private let wakeup = NSCondition()

    init(store: any SessionStore<SessionRecord>, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    func start() {
        let thread = Thread { [self] in
            while true {
                wakeup.lock()
                _ = wakeup.wait(until: Date(timeIntervalSinceNow: 60))
                wakeup.unlock()
                if stopped.withLock({ $0 }) { return }
                do {
                    let removed = try store.sweepExpired()
                    if removed > 0 { logger.debug("expired sessions removed", metadata: ["count": "\(removed)"]) }
                } catch {
                    logger.warning("sweeping expired sessions failed", metadata: ["error": "\(error)"])
                }
            }
        }
        thread.name = "expiry-sweeper"
        thread.start()
    }

    func stop() {
        stopped.withLock { $0 = true }
        wakeup.lock()
        wakeup.broadcast()
        wakeup.unlock()
    }
}
