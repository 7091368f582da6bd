import SessionStore

/// POST /sessions/{id}/tokens: a grant added to the session, a change like a press (its version moves on, so every
/// instance learns it through the store and its change feed). Expired grants are dropped on the way, and a session
/// keeps at most `limit` live grants.
struct GrantMinting: SessionUpdate {
    let grant: AccessGrant
    /// The token the request came with, which mints the grant.
    let access: AccessCheck
    let limit: Int

    /// The session after, and the grant as it holds it: expiring no later than the token that minted it.
    struct Minted: Sendable {
        let record: SessionRecord
        let grant: AccessGrant
    }

    func check(_ record: borrowing SessionRecord, version: UInt64) throws -> Check<Minted> {
        _ = try access.admit(record)
        let now = access.now
        guard record.grants.count(where: { !$0.hasExpired(at: now) }) < limit else {
            throw Problem(.tooManyTokens, "this session has as many tokens as it may (\(limit)); revoke one first")
        }
        return .change
    }

    func change(_ record: inout SessionRecord, version: UInt64) -> Minted {
        var grant = grant
        if let index = try? access.admit(record) { grant = grant.expiring(noLaterThan: record.grants[index]) }
        let now = access.now
        var grants = record.grants.filter { !$0.hasExpired(at: now) }
        grants.append(grant)
        record.grants = grants
        return Minted(record: record, grant: grant)
    }
}

/// DELETE /sessions/{id}/tokens/{tokenId}: the grant removed, and with it the stream tickets it minted (which name it).
/// The new version reaches every instance's watchers, which end the streams the grant opened, with its tickets too
/// (`SessionWatchers.changed`).
struct GrantRevocation: SessionUpdate {
    let grantID: String
    let access: AccessCheck

    func check(_ record: borrowing SessionRecord, version: UInt64) throws -> Check<SessionRecord> {
        _ = try access.admit(record)
        guard record.grants.contains(where: { $0.id == grantID }) else {
            throw Problem(.tokenNotFound, "this session has no token with this id; it may have been revoked")
        }
        return .change
    }

    func change(_ record: inout SessionRecord, version: UInt64) -> SessionRecord {
        record.grants.removeAll { $0.id == grantID }
        return record
    }
}
