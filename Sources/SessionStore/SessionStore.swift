#if canImport(Glibc)
import Glibc
#endif

/// A stored value with the version that optimistic concurrency (ETag / If-Match) compares against.
public struct Versioned<Value: Sendable>: Sendable {
    public var value: Value
    /// 1 on create, +1 per write.
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
    case unavailable(String)
    case corrupt(String)
}

/// What an `update` body decided: `.write` stores the mutated value and bumps the version, `.keep` stores nothing.
public enum Mutation<Result: Sendable>: Sendable {
    case write(Result)
    case keep(Result)
}

/// What an update's check decided (`updateChecked`): keep the value as it is, with the caller's result, or change it.
public enum Check<Result: Sendable>: Sendable {
    case keep(Result)
    case change
}

/// Turns a value into bytes and back, for backends that persist bytes (SQLite, Redis).
public struct SessionCodec<Value>: Sendable {
    public let encode: @Sendable (Value) throws -> [UInt8]
    public let decode: @Sendable ([UInt8]) throws -> Value

    public init(encode: @escaping @Sendable (Value) throws -> [UInt8], decode: @escaping @Sendable ([UInt8]) throws -> Value) {
        self.encode = encode
        self.decode = decode
    }
}

/// One update of one session as a single value: the body and the completion of the `completion:` form of
/// `updateInPlace` together, with what they need. A store that reports later keeps it whole until it reports, where
/// two closures and the contexts they capture were several allocations per write.
public protocol SessionUpdate<Value>: Sendable {
    associatedtype Value: Sendable
    associatedtype Output: Sendable
    var id: SessionID { get }
    var expectedVersion: UInt64? { get }
    /// The body, as in `updateInPlace`: it may run more than once, on a fresh value each time.
    func apply(to value: inout Value, version: UInt64) throws -> Mutation<Output>
    /// The completion: called exactly once, with the new version (the current one after `.keep`) and the body's
    /// result, or with the failure.
    func complete(_ result: Result<(version: UInt64, result: Output), any Error>)
}

/// Sessions keyed by `SessionID`, each holding a `Value` with a version and a sliding idle expiry.
/// Every call is thread-safe. The plain calls are synchronous; the `completion:` forms of the writes let a store whose
/// writes wait (SQLite's disk sync) report later, on its own thread, so a server need not hold a worker for the wait.
public protocol SessionStore<Value>: Sendable {
    associatedtype Value: Sendable
    /// Creates; throws .alreadyExists, .capacityReached (when live sessions ≥ maxSessions), .unavailable.
    func create(_ id: SessionID, _ value: Value) throws -> Versioned<Value>
    /// Reads and refreshes the expiry (sliding TTL); nil when absent or expired.
    func get(_ id: SessionID) throws -> Versioned<Value>?
    /// Atomic read-modify-write of one session: concurrent updates of one session never interleave and never lose a
    /// write, across threads and (Redis) across processes. `expectedVersion` non-nil → .versionMismatch(current:) when it
    /// differs, nothing written. `body` may run more than once (optimistic retries) so it must be pure; if it throws, the error
    /// propagates and nothing is written. Returns the stored value/version after the call and the body's result.
    func update<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        _ body: (inout Value, _ currentVersion: UInt64) throws -> Mutation<R>
    ) throws -> (Versioned<Value>, R)
    /// `update` for a caller that needs only the version afterwards (it renders what it needs inside `body`): a store
    /// that keeps values in memory then need not copy the value out. The default calls `update`.
    func updateInPlace<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        _ body: (inout Value, _ currentVersion: UInt64) throws -> Mutation<R>
    ) throws -> (version: UInt64, result: R)
    /// `updateInPlace` in two steps: `check` looks at the value and version (it may throw, or keep the value with a
    /// result: nothing is written), and only when it says `.change` does `change` alter the value, which cannot fail;
    /// the value is then written with the next version. As nothing can fail once the value is being changed, a store
    /// that keeps values in memory may change its own in place, without the copy that lets `updateInPlace` undo a body
    /// that throws or keeps after changing it. The default calls `updateInPlace`.
    func updateChecked<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        check: (borrowing Value, _ currentVersion: UInt64) throws -> Check<R>,
        change: (inout Value, _ currentVersion: UInt64) -> R
    ) throws -> (version: UInt64, result: R)
    /// `get` for a caller that only looks: `body` sees the value and version; nil when absent or expired. A store that
    /// keeps values in memory lends the value in place. The default calls `get`.
    func read<T>(_ id: SessionID, _ body: (borrowing Value, _ version: UInt64) throws -> T) throws -> T?
    /// Deletes; .notFound when absent, .versionMismatch when expectedVersion differs.
    func delete(_ id: SessionID, expectedVersion: UInt64?) throws

    /// True when the `completion:` forms below may call back after they return, from another thread (the write waits
    /// for something slow). False: they call back before returning, and a caller may as well use the plain forms.
    /// Either way a completion may also run before the call returns, on the caller's thread (a write refused before it
    /// was queued, e.g. by a closed store), so a caller must be ready for both.
    var completesLater: Bool { get }
    /// `create`, reporting through `completion` exactly once. The default calls `create`.
    func create(_ id: SessionID, _ value: Value, completion: @escaping @Sendable (Result<Versioned<Value>, any Error>) -> Void)
    /// `updateInPlace`, reporting through `completion` exactly once, after the write is as durable as the plain form's
    /// return would make it. `body` runs before that, on any thread. The default calls `updateInPlace`.
    func updateInPlace<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        _ body: @escaping @Sendable (inout Value, _ currentVersion: UInt64) throws -> Mutation<R>,
        completion: @escaping @Sendable (Result<(version: UInt64, result: R), any Error>) -> Void
    )
    /// The `completion:` form of `updateInPlace` with its body and completion as one value. The default calls that
    /// form with the value's two methods.
    func updateInPlace<U: SessionUpdate<Value>>(_ update: consuming U)
    /// `delete`, reporting through `completion` exactly once. The default calls `delete`.
    func delete(_ id: SessionID, expectedVersion: UInt64?, completion: @escaping @Sendable (Result<Void, any Error>) -> Void)
    /// True when `read(_:_:completion:)` may call back after it returns, from another thread (a read crosses a
    /// network: Redis). False (the default): it calls back before returning, and a caller may as well use `read`.
    /// Apart from `completesLater`, because a store whose writes wait may read at once (SQLite).
    var readsCompleteLater: Bool { get }
    /// `read`, reporting through `completion` exactly once: the body's result, or nil when the session is absent or
    /// expired. `body` runs before that, on any thread. Like the write forms, it may also report before it returns,
    /// on the caller's thread. The default calls `read`.
    func read<T: Sendable>(
        _ id: SessionID,
        _ body: @escaping @Sendable (borrowing Value, _ version: UInt64) throws -> T,
        completion: @escaping @Sendable (Result<T?, any Error>) -> Void
    )
    /// Live sessions (approximate is acceptable for Redis; each backend says how it counts).
    func count() throws -> Int
    /// Removes expired sessions now; returns how many. Backends may also sweep on their own.
    @discardableResult func sweepExpired() throws -> Int
    /// Throws .unavailable when the backend can't serve (for /readyz).
    func checkHealth() throws
    /// Flushes and releases resources; later calls throw .unavailable.
    func close()
}

extension SessionStore {
    public func updateInPlace<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        _ body: (inout Value, _ currentVersion: UInt64) throws -> Mutation<R>
    ) throws -> (version: UInt64, result: R) {
        let (stored, result) = try update(id, expectedVersion: expectedVersion, body)
        return (stored.version, result)
    }

    public func updateChecked<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        check: (borrowing Value, _ currentVersion: UInt64) throws -> Check<R>,
        change: (inout Value, _ currentVersion: UInt64) -> R
    ) throws -> (version: UInt64, result: R) {
        try updateInPlace(id, expectedVersion: expectedVersion) { value, version in
            switch try check(value, version) {
            case .keep(let result): .keep(result)
            case .change: .write(change(&value, version))
            }
        }
    }

    public func read<T>(_ id: SessionID, _ body: (borrowing Value, _ version: UInt64) throws -> T) throws -> T? {
        guard let stored = try get(id) else { return nil }
        return try body(stored.value, stored.version)
    }

    public var completesLater: Bool { false }

    public func create(_ id: SessionID, _ value: Value, completion: @escaping @Sendable (Result<Versioned<Value>, any Error>) -> Void) {
        completion(Result { try create(id, value) })
    }

    public func updateInPlace<R: Sendable>(
        _ id: SessionID,
        expectedVersion: UInt64?,
        _ body: @escaping @Sendable (inout Value, _ currentVersion: UInt64) throws -> Mutation<R>,
        completion: @escaping @Sendable (Result<(version: UInt64, result: R), any Error>) -> Void
    ) {
        completion(Result { try updateInPlace(id, expectedVersion: expectedVersion, body) })
    }

    public func updateInPlace<U: SessionUpdate<Value>>(_ update: consuming U) {
        updateInPlace(update.id, expectedVersion: update.expectedVersion, update.apply, completion: update.complete)
    }

    public func delete(_ id: SessionID, expectedVersion: UInt64?, completion: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        completion(Result { try delete(id, expectedVersion: expectedVersion) })
    }

    public var readsCompleteLater: Bool { false }

    public func read<T: Sendable>(
        _ id: SessionID,
        _ body: @escaping @Sendable (borrowing Value, _ version: UInt64) throws -> T,
        completion: @escaping @Sendable (Result<T?, any Error>) -> Void
    ) {
        completion(Result { try read(id, body) })
    }
}

public struct SessionStoreOptions: Sendable {
    /// Idle expiry, refreshed on get/update.
    public var ttl: Duration
    /// Creating beyond this many live sessions throws `.capacityReached` (live sessions are never dropped to make room).
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
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    var ttlSeconds: Double {
        let parts = ttl.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
