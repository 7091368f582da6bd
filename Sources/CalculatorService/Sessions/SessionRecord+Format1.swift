import CalculatorEngine
import Foundation

/// Format 1: how builds before the binary stored form kept a record, its Foundation JSON
/// (`{"state":{…},"idempotency":[…]}`, so always starting with `{`, which no later form does). It is only read, to
/// migrate: SQLite rewrites such rows once when it opens the file, and Redis stores the current form with the
/// session's next write (`SessionCodec.decodeEarlierForm`). No other code knows this form.
extension SessionRecord {
    /// The record `bytes` hold in format 1; nil when they are in another form. Throws on malformed format 1.
    init?(format1 bytes: [UInt8]) throws {
        guard bytes.first == UInt8(ascii: "{") else { return nil }
        let stored = try JSONDecoder().decode(Format1.self, from: Data(bytes))
        let replies = stored.idempotency.map { reply in
            IdempotentReply(
                key: reply.key, fingerprint: reply.fingerprint, status: reply.status, version: reply.version, body: reply.body,
                createdAt: reply.createdAt)
        }
        self.init(state: stored.state.state, idempotency: replies)
    }

    private struct Format1: Decodable {
        var state: CalculatorState.Format1
        var idempotency: [Reply]

        struct Reply: Decodable {
            var key: String
            var fingerprint: String
            var status: Int
            var version: UInt64
            var body: String
            var createdAt: Double
        }
    }
}
