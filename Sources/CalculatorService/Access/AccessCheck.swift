import HTTPServer

/// Whether a session answers the token a request presented, checked on the session as the store hands it to the read
/// or the update (so no store call is added): the grant whose hash matches, unexpired and of enough scope. Made by
/// the route's handler from the route table's scope (`Route.scope(for:)`) and the request's token, hashed once.
struct AccessCheck: Sendable {
    /// nil: the service runs with `--session-access open`, and every request is let through.
    let token: TokenHash?
    let needs: AccessScope
    /// The service's clock, for the grants' expiry: asked only of a grant that has one.
    let clock: @Sendable () -> Double
    /// A stream ticket presented instead of a token (the events route's `?ticket=`), checked against the grant that
    /// minted it.
    var ticket: StreamTicket? = nil

    static let open = AccessCheck(token: nil, needs: .viewer, clock: { 0 })

    /// The events route's access with a stream ticket.
    init(ticket: StreamTicket, clock: @escaping @Sendable () -> Double) {
        self.init(token: nil, needs: .viewer, clock: clock)
        self.ticket = ticket
    }

    init(token: TokenHash?, needs: AccessScope, clock: @escaping @Sendable () -> Double) {
        self.token = token
        self.needs = needs
        self.clock = clock
    }

    /// Whether nothing is checked: `--session-access open`.
    var isOpen: Bool { token == nil && ticket == nil }

    var now: Double { clock() }

    /// The index of the grant the token matches in `record` (or that minted the ticket), nil when access is open.
    /// Every grant is compared (no early exit), each in constant time. Throws 401 for a token the session does not know
    /// (or one expired), 403 for one of too little scope.
    func admit(_ record: borrowing SessionRecord) throws(Problem) -> Int? {
        if let ticket { return try ticket.admit(record, now: now) }
        guard let token else { return nil }
        let grants = record.grants
        var found = -1
        for index in grants.indices where grants[index].hash.matches(token) { found = index }
        guard found >= 0, grants[found].expiresAt == 0 || !grants[found].hasExpired(at: now) else { throw Self.invalidToken }
        guard Self.grants(grants[found].scope, needs) else { throw Self.insufficientScope(needs) }
        return found
    }

    /// Whether a grant of `scope` may do what needs `needed`.
    static func grants(_ scope: AccessScope, _ needed: AccessScope) -> Bool {
        scope == .owner || needed == .viewer
    }

    // MARK: Problems (RFC 6750 §3)

    static let challenge = #"Bearer realm="calculator""#

    static let missingToken = Problem(
        .unauthorized, "this session needs its token: Authorization: Bearer <session token>",
        headers: [("WWW-Authenticate", challenge)])

    static let invalidToken = Problem(
        .unauthorized, "this token is not one of this session's, or it has expired or been revoked",
        headers: [("WWW-Authenticate", challenge + #", error="invalid_token""#)])

    static func insufficientScope(_ needed: AccessScope) -> Problem {
        Problem(
            .forbidden, "this token may only watch the session; pressing, changing, deleting and minting tokens need an owner token",
            headers: [("WWW-Authenticate", challenge + #", error="insufficient_scope", scope=""# + needed.name + #"""#)])
    }
}

extension AccessCheck {
    /// The token of `Authorization: Bearer <token>`, hashed where it lies in the request; nil when there is none.
    static func bearerToken(_ request: borrowing Request) -> TokenHash? {
        withBearerCredential(request) { credential in credential.count <= 256 ? TokenHash(of: credential) : nil } ?? nil
    }

    /// The credential of `Authorization: Bearer <credential>` (the scheme's name in any case, RFC 9110 §11.1), lent to
    /// `body` where it lies in the request; nil when the field is missing, of another scheme or empty. The one reader
    /// of the field: session tokens and the API key alike.
    static func withBearerCredential<Result>(_ request: borrowing Request, _ body: (Span<UInt8>) -> Result) -> Result? {
        request.headers.withValue(.authorization) { value -> Result? in
            let bearer = "bearer ".utf8
            guard value.count > bearer.count else { return nil }
            var index = 0
            for letter in bearer {
                guard value[index] | (letter == 0x20 ? 0 : 0x20) == letter else { return nil }
                index += 1
            }
            return body(value.extracting(bearer.count...))
        } ?? nil
    }
}
