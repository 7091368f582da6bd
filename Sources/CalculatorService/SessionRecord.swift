public import CalculatorEngine
public import SessionStore
import Foundation

/// What the store keeps per session: the brain's state and the replies to recent idempotent presses.
public struct SessionRecord: Codable, Sendable, Equatable {
    public var state: CalculatorState
    var idempotency: [IdempotentReply]

    public init(state: CalculatorState) {
        self.state = state
        self.idempotency = []
    }

    /// JSON for the stores that persist bytes (SQLite, Redis); the engine's state keeps its own versioned form inside.
    public static let codec = SessionCodec<SessionRecord>(
        encode: { record in Array(try JSONEncoder().encode(record)) },
        decode: { bytes in try JSONDecoder().decode(SessionRecord.self, from: Data(bytes)) }
    )

    /// Drops replies older than the retention and keeps at most `limit`, newest last.
    mutating func pruneIdempotency(now: Double, retention: Double, limit: Int) {
        idempotency.removeAll { now - $0.createdAt > retention }
        if idempotency.count >= limit { idempotency.removeFirst(idempotency.count - limit + 1) }
    }
}

/// The first reply to a press sent with an Idempotency-Key, replayed byte for byte to retries.
struct IdempotentReply: Codable, Sendable, Equatable {
    var key: String
    var fingerprint: String
    var status: Int
    var version: UInt64
    var body: String
    var createdAt: Double
}
