import Threading

/// Connections open per client address, across every loop: each daemon would count only its own, so the limit is
/// kept here instead. An address is checked when a connection is offered and counted once it is open; two
/// connections from one address offered to two loops at the same instant can both pass, so the limit may be
/// passed by at most one connection per other loop.
final class ConnectionsPerAddress: Sendable {
    struct Address: Hashable {
        let high: UInt64
        let low: UInt64
    }

    let limit: Int
    private let counts = Lock<[Address: Int]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    func admits(_ address: Address) -> Bool {
        counts.withLock { ($0[address] ?? 0) < limit }
    }

    func opened(_ address: Address) {
        counts.withLock { $0[address, default: 0] += 1 }
    }

    func closed(_ address: Address) {
        counts.withLock { counts in
            guard let count = counts[address] else { return }
            counts[address] = count > 1 ? count - 1 : nil
        }
    }
}
