import SessionStore

/// What a browser's `EventSource`, which sends no header, presents as `?ticket=` to open a session's event stream,
/// and nothing else. Nothing of it is stored, so minting one changes nothing of the session: it names the token that
/// minted it (its grant's id) and its expiry, and carries a MAC over the session's id, that grant's id and the expiry,
/// keyed by a key derived from the grant's stored hash. Any instance that reads the session can check it, and it dies
/// with its token (revoked or expired) or at its own expiry, whichever comes first. Its text is
/// `<grant id>.<expiry, seconds since 1970>.<HMAC-SHA256, base64url>`.
struct StreamTicket: Sendable {
    let session: SessionID
    let grantID: Substring
    let expiresAt: Double
    let mac: Substring

    /// How long a ticket opens a stream: long enough for the page to connect, and for `EventSource` to reconnect
    /// after a short drop.
    static let lifetime: Double = 60

    /// A ticket's text for `session`, minted by `grant` at `now`: it expires a lifetime later, or with the grant.
    static func text(session: SessionID, grant: AccessGrant, now: Double) -> (text: String, expiresAt: Double) {
        var expiresAt = (now + lifetime).rounded(.up)
        if grant.expiresAt != 0 { expiresAt = min(expiresAt, grant.expiresAt) }
        let signed = "\(grant.id).\(UInt64(expiresAt))"
        return (signed + "." + macText(session: session, signed: signed, key: grant.hash), expiresAt)
    }

    /// With open access, the grant a ticket is signed with: nothing checks it.
    static let openAccess = AccessGrant(id: "open", scope: .viewer, hash: TokenHash(words: (0, 0, 0, 0)), expiresAt: 0)

    /// What stands for a ticket not shaped as one: it names no grant, so the session refuses it as any ticket it does
    /// not know, after the same read.
    static func unknown(session: SessionID) -> StreamTicket {
        StreamTicket(session: session, grantID: "", expiresAt: 0, mac: "")
    }

    private init(session: SessionID, grantID: Substring, expiresAt: Double, mac: Substring) {
        (self.session, self.grantID, self.expiresAt, self.mac) = (session, grantID, expiresAt, mac)
    }

    /// The ticket `text` as presented for `session`; nil for text not shaped as one.
    init?(_ text: String, session: SessionID) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, (1...64).contains(parts[0].utf8.count), (1...12).contains(parts[1].utf8.count),
            parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }), parts[2].utf8.count == 43, let seconds = UInt64(parts[1])
        else { return nil }
        (self.session, grantID, expiresAt, mac) = (session, parts[0], Double(seconds), parts[2])
    }

    /// The index in `record` of the grant that minted the ticket, when the ticket opens this session's stream at `now`:
    /// the grant is there, unexpired, the ticket's expiry is not past and not further ahead than a lifetime, and its MAC
    /// matches (compared in constant time). Otherwise 401, as for a token the session does not know.
    func admit(_ record: borrowing SessionRecord, now: Double) throws(Problem) -> Int {
        let grants = record.grants
        guard mac.utf8.count == 43, let index = grants.firstIndex(where: { $0.id.utf8.elementsEqual(grantID.utf8) }),
            !grants[index].hasExpired(at: now),
            expiresAt > now, expiresAt <= (now + Self.lifetime).rounded(.up)
        else { throw AccessCheck.invalidToken }
        let expected = Self.macText(session: session, signed: "\(grantID).\(UInt64(expiresAt))", key: grants[index].hash)
        var difference: UInt8 = 0
        for (presented, wanted) in zip(mac.utf8, expected.utf8) { difference |= presented ^ wanted }
        guard difference == 0 else { throw AccessCheck.invalidToken }
        return index
    }

    /// HMAC-SHA256 (RFC 2104) of the session's id and `signed`, keyed by the SHA-256 of a label and the grant's hash
    /// (a key for tickets alone), in base64url: 43 characters.
    private static func macText(session: SessionID, signed: String, key hash: TokenHash) -> String {
        let key = TokenHash(of: (Array("calculator stream ticket ".utf8) + hash.bytes).span).bytes
        var inner = [UInt8](repeating: 0x36, count: 64)
        var outer = [UInt8](repeating: 0x5C, count: 64)
        for (index, byte) in key.enumerated() {
            inner[index] ^= byte
            outer[index] ^= byte
        }
        inner.append(contentsOf: "\(session.rawValue).\(signed)".utf8)
        outer.append(contentsOf: TokenHash(of: inner.span).bytes)
        return SessionID.base64URL(TokenHash(of: outer.span).bytes.span)
    }
}
