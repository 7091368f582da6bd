import SessionStore

/// POST /sessions/{id}/tokens and /stream-tickets: a grant added to the session, a change like a press (its version
/// moves on, so every instance learns it through the store and its change feed). Expired grants are dropped on the way,
/// and a session keeps at most `limit` live grants of the kind: tokens, and stream tickets apart (a room of viewers
/// each opening a stream within a ticket's life takes no token's place).
struct GrantMinting: SessionUpdate {
    let grant: AccessGrant
    /// The token the request came with; for a stream ticket, also the grant the ticket is minted from.
    let access: AccessCheck
    let limit: Int

    /// The session after, and the grant as it holds it: expiring no later than the token that minted it.
    struct Minted: Sendable {
        let record: SessionRecord
        let grant: AccessGrant
    }

    func check(_ record: borrowing SessionRecord, version: UInt64) throws -> Check<Minted> {
        _ = try access.admit(record)
        let (isTicket, now) = (grant.scope == .streamTicket, access.now)
        let live = record.grants.count { ($0.scope == .streamTicket) == isTicket && !$0.hasExpired(at: now) }
        guard live < limit else {
            throw Problem(
                .tooManyTokens,
                isTicket
                    ? "this session has as many live stream tickets as it may (\(limit)); try again in a minute"
                    : "this session has as many tokens as it may (\(limit)); revoke one first")
        }
        return .change
    }

    func change(_ record: inout SessionRecord, version: UInt64) -> Minted {
        var grant = grant
        if let index = try? access.admit(record) {
            let minter = record.grants[index]
            grant = grant.expiring(noLaterThan: minter)
            if grant.scope == .streamTicket {
                grant = AccessGrant(id: grant.id, scope: grant.scope, hash: grant.hash, expiresAt: grant.expiresAt, issuer: minter.holder)
            }
        }
        let now = access.now
        var grants = record.grants.filter { !$0.hasExpired(at: now) }
        grants.append(grant)
        record.grants = grants
        return Minted(record: record, grant: grant)
    }
}

/// DELETE /sessions/{id}/tokens/{tokenId}: the grant removed, with the stream tickets minted from it. The new version
/// reaches every instance's watchers, which end the streams the grant opened (`SessionWatchers.changed`).
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
        record.grants.removeAll { $0.id == grantID || $0.issuer == grantID }
        return record
    }
}
