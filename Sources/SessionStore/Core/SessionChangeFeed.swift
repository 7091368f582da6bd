/// What a change feed reports about one session.
public enum SessionChange<Value: Sendable>: Sendable {
    /// The session was written: its new value and version, and its expiry in the store's clock.
    case changed(SessionID, Versioned<Value>, expiresAt: Double)
    case deleted(SessionID)
    /// Changes of the session are reported from now on (again, after a reconnect). Changes made before were not, so
    /// the follower reads the session then.
    case following(SessionID)
}

/// The changes other instances make to the sessions of a shared store, as they happen, for the sessions followed.
/// A store shared between instances hands one out (`SessionBackend.makeChangeFeed`); a store only this process
/// writes has none.
public protocol SessionChangeFeed<Value>: Sendable {
    associatedtype Value: Sendable
    /// Starts reporting every change to `report`, on the feed's own thread (it must be quick).
    func start(_ report: @escaping @Sendable (SessionChange<Value>) -> Void) throws
    /// Reports the changes of `id` from now on, starting with `.following` once they are.
    func follow(_ id: SessionID)
    /// Stops reporting the changes of `id`.
    func unfollow(_ id: SessionID)
    /// Stops the feed and waits for it; no change is reported after this returns.
    func close()
}
