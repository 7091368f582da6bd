import CalculatorEngine
import SessionStore

/// What a session token may do.
enum AccessScope: UInt8, Sendable {
    /// Read the session (its state, display, history) and follow its events.
    case viewer = 1
    /// Everything: press, change settings, clear the history, delete, mint and revoke tokens.
    case owner = 2
    /// Open one event stream from a browser (`EventSource` sends no header): a stream ticket, short-lived, minted
    /// by a viewer or an owner (POST /sessions/{id}/stream-tickets) and accepted only as the events route's `ticket`.
    case streamTicket = 3

    var name: String {
        switch self {
        case .viewer: "viewer"
        case .owner: "owner"
        case .streamTicket: "stream"
        }
    }
}

/// One token of a session, kept as its hash with the session (`SessionRecord.grants`): its id (which names it for
/// listing and revoking, and is no secret), scope, expiry and, for a stream ticket, the token that minted it, whose
/// revocation ends the ticket's streams too.
struct AccessGrant: Sendable, Equatable {
    let id: String
    let scope: AccessScope
    let hash: TokenHash
    /// Seconds since 1970 in the store's clock; 0: never.
    let expiresAt: Double
    /// The grant a stream ticket was minted with; empty for a token.
    let issuer: String

    /// The grant whose revocation ends what this one opened: itself, or for a ticket the token that minted it.
    var holder: String { issuer.isEmpty ? id : issuer }

    func hasExpired(at now: Double) -> Bool {
        expiresAt != 0 && expiresAt <= now
    }

    /// This grant, expiring no later than `minter`: a token that expires cannot mint one that does not, nor one that
    /// outlives it.
    func expiring(noLaterThan minter: AccessGrant) -> AccessGrant {
        guard minter.expiresAt != 0, expiresAt == 0 || expiresAt > minter.expiresAt else { return self }
        return AccessGrant(id: id, scope: scope, hash: hash, expiresAt: minter.expiresAt, issuer: issuer)
    }

    /// Id, scope, the 32 bytes of the hash, expiry, issuer.
    func write(to writer: inout StoredFormWriter) {
        writer.string(id)
        writer.byte(scope.rawValue)
        hash.forEachByte { writer.byte($0) }
        writer.double(expiresAt)
        writer.string(issuer)
    }

    /// An empty id and issuer, the scope, the hash and the expiry.
    static let minimumStoredBytes = 1 + 1 + 32 + 8 + 1

    init(id: String, scope: AccessScope, hash: TokenHash, expiresAt: Double, issuer: String = "") {
        self.id = id
        self.scope = scope
        self.hash = hash
        self.expiresAt = expiresAt
        self.issuer = issuer
    }

    init(from reader: inout StoredFormReader) throws {
        id = try reader.string()
        guard let scope = AccessScope(rawValue: try reader.byte()) else { throw StoredFormError("unknown access scope") }
        self.scope = scope
        hash = try TokenHash { try reader.byte() }
        expiresAt = try reader.double()
        issuer = try reader.string()
    }
}

/// A token just made: its secret, shown to the client once, and the grant the session keeps.
struct IssuedToken: Sendable {
    let secret: String
    let grant: AccessGrant

    /// 256 random bits, base64url (43 characters), and an id of 64 random bits.
    init(scope: AccessScope, expiresAt: Double, issuer: String = "") {
        var random = SystemRandomNumberGenerator()
        let words: (UInt64, UInt64, UInt64, UInt64) = (random.next(), random.next(), random.next(), random.next())
        let bits = InlineArray<32, UInt8> { index in
            let word = index < 8 ? words.0 : index < 16 ? words.1 : index < 24 ? words.2 : words.3
            return UInt8(truncatingIfNeeded: word >> (UInt64(index & 7) * 8))
        }
        secret = SessionID.base64URL(bits.span)
        let idWord: UInt64 = random.next()
        let idBits = InlineArray<8, UInt8> { index in UInt8(truncatingIfNeeded: idWord >> (UInt64(index) * 8)) }
        let hash = TokenHash(of: secret.utf8.span)
        grant = AccessGrant(id: SessionID.base64URL(idBits.span), scope: scope, hash: hash, expiresAt: expiresAt, issuer: issuer)
    }
}
