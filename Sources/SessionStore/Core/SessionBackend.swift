// Public: LongWork.Lane, the worker an update may be given, is in these declarations.
public import Threading

/// A session as a backend holds it: the write that stored it (version, expiry, and what names that write) and its
/// value.
public struct StoredSession<Value: Sendable>: Sendable {
    public var write: StoredWrite
    public var value: Value

    @inlinable
    public init(write: StoredWrite, value: Value) {
        self.write = write
        self.value = value
    }
}

/// What a compare-and-set found.
public enum WriteOutcome<Value: Sendable>: Sendable {
    /// The value is stored, as this write.
    case written(StoredWrite)
    /// Another write came first: the session as it is now when the backend's answer carries it (Redis), else nil.
    case moved(StoredSession<Value>?)
}

/// What a store keeps: records of sessions, each fetched, inserted, replaced by compare-and-set, deleted, counted and
/// swept. The store's updates are driven by one type, `VersionedUpdates`, over these calls, so that a backend holds no
/// update semantics of its own: adding a store is a backend (its record calls) and its entry in the contract suite.
///
/// Each call reports exactly once, through its completion: at once on the caller's thread, or later from the
/// backend's own thread. A completion that runs on the backend's thread holds up its next batch, so it must be quick.
public protocol SessionBackend<Value>: SessionStore {
    /// The session as stored now, its expiry moved as a read moves it; nil when absent or expired.
    func fetch(_ id: SessionID, completion: @escaping @Sendable (Result<StoredSession<Value>?, SessionStoreError>) -> Void)
    /// Stores `value` at `expected.version + 1` when the session is still stored exactly as `expected` (the same
    /// version and the same write: a session deleted and made again is not the same write), moving its expiry.
    /// `.notFound` when the session is gone.
    func compareAndSet(
        _ id: SessionID, over expected: StoredWrite, with value: Value,
        completion: @escaping @Sendable (Result<WriteOutcome<Value>, SessionStoreError>) -> Void)
    /// The driver of this backend's updates, with what it remembers of the sessions.
    var updates: VersionedUpdates<Value> { get }
    /// The expiry and the clock the backend keeps sessions by.
    var options: SessionStoreOptions { get }
    /// A new feed of the changes other instances make to this backend's sessions; nil (the default) when no other
    /// instance writes them.
    func makeChangeFeed() throws -> (any SessionChangeFeed<Value>)?
}

extension SessionBackend {
    /// No feed: only this process writes the sessions.
    public func makeChangeFeed() throws -> (any SessionChangeFeed<Value>)? {
        nil
    }
}

extension SessionBackend {
    /// Every backend's update: `VersionedUpdates.run`.
    @inlinable
    public func update<Update: SessionUpdate<Value>>(
        _ id: SessionID, _ update: Update, completion: @escaping UpdateCompletion<Update.Output>
    ) {
        updates.run(id, update, on: self, worker: nil, completion: completion)
    }

    /// An update whose check and change run on `worker` (a press of many keys), and which reports there.
    @inlinable
    public func update<Update: SessionUpdate<Value>>(
        _ id: SessionID, _ update: Update, on worker: LongWork.Lane, completion: @escaping UpdateCompletion<Update.Output>
    ) {
        updates.run(id, update, on: self, worker: worker, completion: completion)
    }
}
