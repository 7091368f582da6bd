import CalculatorEngine
import SessionStore

/// What a session token may do.
enum AccessScope: UInt8, Sendable {
    /// Read the session (its state, display, history) and follow its events.
    case viewer = 1
    /// Everything: press, change settings, clear the history, delete, mint and revoke tokens.
    case owner = 2

    var name: String {
        switch self {
        case .viewer: "viewer"
        case .owner: "owner"
        }
    }

    /// The scope byte under which builds before `StreamTicket` stored a stream ticket as a grant: such a grant is read
    /// past and dropped (`AccessGrant.read`).
    static let storedTicket: UInt8 = 3
}

/// One token of a session, kept as its hash with the session (`SessionRecord.grants`): its id (which names it for
/// listing and revoking, and is no secret), scope and expiry.
struct AccessGrant: Sendable, Equatable {
    let id: String
    let scope: AccessScope
    let hash: TokenHash
    /// Seconds since 1970 in the store's clock; 0: never.
    let expiresAt: Double

    func hasExpired(at now: Double) -> Bool {
        expiresAt != 0 && expiresAt <= now
    }

    /// This grant, expiring no later than `minter`: a token that expires cannot mint one that does not, nor one that
    /// outlives it.
    func expiring(noLaterThan minter: AccessGrant) -> AccessGrant {
        guard minter.expiresAt != 0, expiresAt == 0 || expiresAt > minter.expiresAt else { return self }
        return AccessGrant(id: id, scope: scope, hash: hash, expiresAt: minter.expiresAt)
    }

    /// Id, scope, the 32 bytes of the hash, expiry, and an empty string where a stream ticket kept the token that
    /// minted it: the stored form stays the one earlier builds read, so instances of both can share a store.
    func write(to writer: inout StoredFormWriter) {
        writer.string(id)
        writer.byte(scope.rawValue)
        hash.forEachByte { writer.byte($0) }
        writer.double(expiresAt)
        writer.string("")
    }

    /// An empty id and issuer, the scope, the hash and the expiry.
    static let minimumStoredBytes = 1 + 1 + 32 + 8 + 1

    init(id: String, scope: AccessScope, hash: TokenHash, expiresAt: Double) {
        self.id = id
        self.scope = scope
        self.hash = hash
        self.expiresAt = expiresAt
    }

    /// The next stored grant; nil for a stream ticket an earlier build stored as a grant, read past and dropped (a
    /// ticket is no part of the session now, and the streams it opened end with the token that minted it).
    static func read(from reader: inout StoredFormReader) throws -> AccessGrant? {
        let id = try reader.string()
        let scopeByte = try reader.byte()
        let hash = try TokenHash { try reader.byte() }
        let expiresAt = try reader.double()
        _ = try reader.string()
        if scopeByte == AccessScope.storedTicket { return nil }
        guard let scope = AccessScope(rawValue: scopeByte) else { throw StoredFormError("unknown access scope") }
        return AccessGrant(id: id, scope: scope, hash: hash, expiresAt: expiresAt)
    }
}

/// A token just made: its secret, shown to the client once, and the grant the session keeps.
struct IssuedToken: Sendable {
    let secret: String
    let grant: AccessGrant

    /// 256 random bits, base64url (43 characters), and an id of 64 random bits.
    init(scope: AccessScope, expiresAt: Double) {
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
        grant = AccessGrant(id: SessionID.base64URL(idBits.span), scope: scope, hash: hash, expiresAt: expiresAt)
    }
}
