import Threading

/// Token buckets per client: `rate` tokens a second, holding at most `burst`. Buckets live in shards so that clients
/// rarely wait on each other's lock; a shard forgets full (idle) buckets once it holds many, so memory stays bounded.
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Double
    }

    /// A Lock cannot sit in an array, so each shard is a small class around one.
    private final class Shard: Sendable {
        let buckets = Lock<[String: Bucket]>([:])
    }

    private static let shardCount = 16
    private static let bucketsPerShard = 4_096
    private let shards: [Shard]
    private let rate: Double
    private let burst: Double
    private let now: @Sendable () -> Double

    init(rate: Double, burst: Double, now: @escaping @Sendable () -> Double) {
        precondition(rate > 0 && burst >= 1)
        self.rate = rate
        self.burst = burst
        self.now = now
        self.shards = (0..<Self.shardCount).map { _ in Shard() }
    }

    /// What a bucket held after a request took its tokens, or was refused them.
    struct Admission: Sendable {
        /// Nil when allowed; otherwise the whole seconds until it would be.
        var wait: Int?
        /// Whole tokens left (0 when in debt or refused).
        var remaining: Int
        /// Whole seconds until the bucket is full again.
        var untilFull: Int
    }

    /// The most a client may take at once.
    var quota: Int { Int(burst) }
    /// Whole seconds an empty bucket takes to fill.
    var window: Int { max(1, Int((burst / rate).rounded(.up))) }

    /// Takes `cost` tokens for `client`, or refuses them (`Admission.wait`), and says what the bucket holds after.
    ///
    /// A cost beyond the burst is allowed once the bucket is full, and leaves it in debt (below zero): a batch of
    /// keys is paid for in full, by the client waiting afterwards, and is never refused for ever.
    func admit(_ client: String, cost: Int = 1) -> Admission {
        let time = now()
        let needed = min(Double(cost), burst)
        let shard = shards[Int(UInt(bitPattern: client.hashValue) % UInt(Self.shardCount))]
        return shard.buckets.withLock { buckets -> Admission in
            var bucket = buckets[client] ?? Bucket(tokens: burst, updated: time)
            bucket.tokens = min(burst, bucket.tokens + max(0, time - bucket.updated) * rate)
            bucket.updated = time
            guard bucket.tokens >= needed else {
                buckets[client] = bucket
                return Admission(
                    wait: max(1, Int(((needed - bucket.tokens) / rate).rounded(.up))), remaining: 0, untilFull: untilFull(bucket))
            }
            bucket.tokens -= Double(cost)
            if buckets[client] == nil && buckets.count >= Self.bucketsPerShard {
                // A full bucket is the same as no bucket: forget those first.
                buckets = buckets.filter { min(burst, $0.value.tokens + (time - $0.value.updated) * rate) < burst }
            }
            buckets[client] = bucket
            return Admission(wait: nil, remaining: max(0, Int(bucket.tokens.rounded(.down))), untilFull: untilFull(bucket))
        }
    }

    private func untilFull(_ bucket: Bucket) -> Int {
        Int(((burst - bucket.tokens) / rate).rounded(.up))
    }
}
