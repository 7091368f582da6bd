import Synchronization

/// Durations counted into fixed buckets, in atomics: recording one is a bucket search and two relaxed atomic adds,
/// without a lock or an allocation. Rendered as a Prometheus histogram when /metrics is read.
struct LatencyHistogram: ~Copyable, Sendable {
    /// Upper bounds of the buckets in nanoseconds, then their `le` labels (and +Inf). Requests and store operations
    /// take microseconds to milliseconds: the usual buckets (from 5 ms) would put nearly all of them in the first one.
    static let bounds: [Int64] = [
        10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000, 50_000_000,
        250_000_000, 1_000_000_000,
    ]
    static let labels = [
        "0.00001", "0.000025", "0.00005", "0.0001", "0.00025", "0.0005", "0.001", "0.002", "0.005", "0.01", "0.05",
        "0.25", "1.0", "+Inf",
    ]

    /// Durations per bucket, the last one above every bound; made cumulative when rendered.
    private let buckets: InlineArray<14, Atomic<UInt64>>
    private let nanoseconds: Atomic<UInt64>

    init() {
        buckets = InlineArray { _ in Atomic(0) }
        nanoseconds = Atomic(0)
    }

    /// A duration on a bound counts in that bound's bucket (Prometheus's `le`).
    func record(nanoseconds elapsed: Int64) {
        var bucket = 0
        while bucket < Self.bounds.count, elapsed > Self.bounds[bucket] { bucket += 1 }
        buckets[bucket].wrappingAdd(1, ordering: .relaxed)
        nanoseconds.wrappingAdd(UInt64(clamping: elapsed), ordering: .relaxed)
    }

    /// Whether anything was recorded.
    var isEmpty: Bool {
        for bucket in buckets.indices where buckets[bucket].load(ordering: .relaxed) != 0 { return false }
        return true
    }

    /// The `_bucket`, `_sum` and `_count` samples of the family `name`, with `labels` (`a="b",c="d"`, or empty) before
    /// each `le`. The count is the last cumulative bucket, so the two agree even while durations are recorded.
    func write(_ name: String, labels: String, into text: inout String) {
        let prefix = labels.isEmpty ? "" : labels + ","
        var cumulative: UInt64 = 0
        for bucket in Self.labels.indices {
            cumulative &+= buckets[bucket].load(ordering: .relaxed)
            text += "\(name)_bucket{\(prefix)le=\"\(Self.labels[bucket])\"} \(cumulative)\n"
        }
        let braced = labels.isEmpty ? "" : "{\(labels)}"
        text += "\(name)_sum\(braced) \(Double(nanoseconds.load(ordering: .relaxed)) / 1e9)\n"
        text += "\(name)_count\(braced) \(cumulative)\n"
    }
}
