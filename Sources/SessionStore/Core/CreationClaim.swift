/// A create that is made at most once per key (a client's Idempotency-Key): the store keeps the key, the session it
/// created and the request's fingerprint for `retention` seconds, with the session and atomically with it, so a
/// retry on any instance finds the first create rather than making another session.
public struct CreationClaim: Sendable {
    /// The key as the service scopes it (the client and its Idempotency-Key).
    public var key: String
    /// What identifies the request, so that the key used again for another request can be told apart.
    public var fingerprint: String
    public var retention: Double

    public init(key: String, fingerprint: String, retention: Double) {
        (self.key, self.fingerprint, self.retention) = (key, fingerprint, retention)
    }
}

/// What a claimed create did: created the session, or found the key claimed by an earlier create (whose session may
/// since have changed or ended).
public enum ClaimedCreation: Sendable, Equatable {
    case created(version: UInt64)
    case claimed(id: SessionID, version: UInt64, fingerprint: String)

    /// The first version of the session made, by this create or the first.
    public var version: UInt64 {
        switch self {
        case .created(let version), .claimed(_, let version, _): version
        }
    }
}
