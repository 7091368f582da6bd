import Synchronization

/// Whether the server has begun to drain (SIGTERM): set once, read by /readyz.
final class Draining: Sendable {
    private let begun = Atomic<Bool>(false)

    init() {}

    var hasBegun: Bool { begun.load(ordering: .relaxed) }

    func begin() {
        begun.store(true, ordering: .relaxed)
    }
}
