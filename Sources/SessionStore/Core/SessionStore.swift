#if canImport(Glibc)
import Glibc
#endif

/// A stored value with the version that optimistic concurrency (ETag / If-Match) compares against.
public struct Versioned<Value: Sendable>: Sendable {
    public var value: Value
    /// 1 on the first create of an id, +1 per write; a session made again under an id whose session was deleted or
    /// expired goes on above the last version of that one, so a version never repeats under one id.
    public var version: UInt64

    @inlinable
    public init(value: Value, version: UInt64) {
        self.value = value
        self.version = version
    }
}

public enum SessionStoreError: Error, Sendable, Equatable {
    case notFound
    case alreadyExists
    case versionMismatch(current: UInt64)
    case capacityReached
    /// The store could not be reached, or refused the call: nothing was changed.
    case unavailable(String)
    /// A write went out but its reply was lost, and sending it again did not settle it: it may or may not have taken
    /// effect (Redis). Reading the session tells.
    case outcomeUnknown(String)
    case corrupt(String)
    /// The value's stored form would have `bytes` bytes, more than its codec's `maximumBytes`: nothing was written.
    case tooLarge(bytes: Int, limit: Int)
}

/// What an update's check decided: keep the session as it is and answer with `output`, or go on and change it.
public enum Check<Output: Sendable>: Sendable {
    case keep(Output)
    case change
}

/// What a store answers an update with: the session's version after it (the current one after `.keep`) and the
/// update's output, once the write is durable.
public struct Committed<Output: Sendable>: Sendable {
    public var version: UInt64
    public var output: Output

    @inlinable
    public init(version: UInt64, output: Output) {
        self.version = version
        self.output = output
    }
}

/// One change of one session, as a value that checks and changes the session and knows nothing else: not who asked,
/// nor how the answer is delivered.
///
/// The store runs `check` and then, when it says `.change`, `change`, atomically: concurrent updates of one session
/// never interleave and never lose a write, across threads and (Redis) across processes. An expected version (If-Match)
/// is part of the check: it throws when the version is not the one it expects. Both may run more than once, each time
/// on a fresh value, so they depend on nothing but the value, the version and what the update holds (randomness is
/// drawn before the update is made).
public protocol SessionUpdate<Value>: Sendable {
    associatedtype Value: Sendable
    associatedtype Output: Sendable
    /// Looks at the current value: throws to refuse (nothing is written), `.keep(output)` to answer without writing,
    /// `.change` to go on.
    func check(_ value: borrowing Value, version: UInt64) throws -> Check<Output>
    /// Changes the value; it cannot fail.
    func change(_ value: inout Value, version: UInt64) -> Output
}

/// The one report of an update: committed, or the failure (a thrown check's error, or a `SessionStoreError`).
public typealias UpdateCompletion<Output: Sendable> = @Sendable (Result<Committed<Output>, any Error>) -> Void

/// Sessions keyed by `SessionID`, each holding a `Value` with a version and a sliding idle expiry.
///
/// Every call is thread-safe. Each operation reports exactly once, through its completion: before the call returns, on the caller's thread, or later, from the store's own thread (SQLite's
/// committer, Redis's pipeline). A caller must be ready for both. A completion that runs on the store's thread holds
/// up the store's next batch, so it must be quick and must not wait for the store.
public protocol SessionStore<Value>: Sendable {
    associatedtype Value: Sendable
    /// Creates the session and reports `.created` with its first version: 1, or one above the last version of a
    /// session of this id that was deleted or expired (each store keeps that for at least a TTL after the end; see
    /// `Versioned.version`). With a claim, unless `claim.key` was claimed by a create within its retention: then
    /// nothing is created and the first create's session, version and fingerprint are reported (`.claimed`). The
    /// claim is kept with the session, in one step with it, so it holds across instances where the store does.
    /// Fails with `.alreadyExists`, `.capacityReached` (live sessions are never dropped to make room; expired ones
    /// are) or `.unavailable`.
    func create(
        _ id: SessionID, _ value: Value, claiming claim: CreationClaim?,
        completion: @escaping @Sendable (Result<ClaimedCreation, SessionStoreError>) -> Void)
    /// The session's value and version, refreshing its expiry; `.notFound` when absent or expired.
    func read(_ id: SessionID, completion: @escaping @Sendable (Result<Versioned<Value>, SessionStoreError>) -> Void)
    /// Runs `update` on the session `id` (see `SessionUpdate`); `.notFound` when absent or expired. Refreshes the expiry.
    func update<Update: SessionUpdate<Value>>(_ id: SessionID, _ update: Update, completion: @escaping UpdateCompletion<Update.Output>)
    /// Deletes; `.notFound` when absent, `.versionMismatch` when `expectedVersion` is given and differs.
    func delete(_ id: SessionID, expectedVersion: UInt64?, completion: @escaping @Sendable (Result<Void, SessionStoreError>) -> Void)
    /// Live sessions (approximate for Redis; each store says how it counts). Reports like every call: a store that
    /// waits for a server (Redis) reports from its own thread, so a slow server holds up no caller.
    func count(completion: @escaping @Sendable (Result<Int, SessionStoreError>) -> Void)
    /// Removes expired sessions now; returns how many. Stores may also drop them on their own. Waits: call it from
    /// a thread of its own (`ExpirySweeper`).
    @discardableResult func sweepExpired() throws -> Int
    /// Reports `.unavailable` when the store cannot serve (for /readyz); reports as `count` does.
    func checkHealth(completion: @escaping @Sendable (Result<Void, SessionStoreError>) -> Void)
    /// Finishes what is queued and releases resources; every later call fails with `.unavailable`.
    func close()
    /// What each server behind the store has done (a Redis Cluster's nodes), for metrics; empty by default.
    func nodeStatistics() -> [StoreNodeStatistics]
    /// The masters a sharded store (a Redis Cluster) routes to, as last seen, for /readyz; empty by default.
    func shards() -> [StoreShard]
}

extension SessionStore {
    public func nodeStatistics() -> [StoreNodeStatistics] { [] }
    public func shards() -> [StoreShard] { [] }
}

/// A master of a sharded store as its map last showed it: the hash slots it serves, and whether it answered the last
/// count of sessions (each health check counts on every master); nil before the first count.
public struct StoreShard: Sendable, Equatable {
    /// The hash slots of a Redis Cluster, all of which some master must serve.
    public static let slotCount = 16_384

    public var node: String
    public var slots: Int
    public var answered: Bool?

    public init(node: String, slots: Int, answered: Bool?) {
        (self.node, self.slots, self.answered) = (node, slots, answered)
    }
}

/// The calls one server behind a store was sent, those that failed for the server's sake (unreachable, a broken
/// connection, a node that cannot serve), the redirects it answered (a cluster's `MOVED` and `ASK`), and the round
/// trips to it and their time.
public struct StoreNodeStatistics: Sendable, Equatable {
    public var node: String
    public var calls = 0
    public var failedCalls = 0
    public var redirects = 0
    public var roundTrips = 0
    public var roundTripSeconds = 0.0

    public init(node: String) {
        self.node = node
    }
}

public struct SessionStoreOptions: Sendable {
    /// Idle expiry, refreshed by reads and updates.
    public var ttl: Duration
    /// Creating beyond this many live sessions fails with `.capacityReached`.
    public var maxSessions: Int
    /// Wall-clock seconds since 1970; injectable so tests can move time.
    public var now: @Sendable () -> Double

    public init(
        ttl: Duration = .seconds(86_400),
        maxSessions: Int = 1_000_000,
        now: @escaping @Sendable () -> Double = SessionStoreOptions.wallClock
    ) {
        self.ttl = ttl
        self.maxSessions = maxSessions
        self.now = now
    }

    /// Seconds since 1970 from CLOCK_REALTIME (no Foundation on the hot path).
    @Sendable public static func wallClock() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    var ttlSeconds: Double {
        let parts = ttl.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

extension SessionStore {
    /// A create without a claim: the new session's first version.
    public func create(_ id: SessionID, _ value: Value, completion: @escaping @Sendable (Result<UInt64, SessionStoreError>) -> Void) {
        create(id, value, claiming: nil) { completion($0.map(\.version)) }
    }
}

extension SessionStoreError {
    @usableFromInline static var closed: SessionStoreError { .unavailable("session store is closed") }
}
