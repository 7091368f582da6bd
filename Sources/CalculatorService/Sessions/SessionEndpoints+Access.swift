import CalculatorEngine
import HTTPServer
import SessionStore

extension SessionRecord {
    /// A new session's record, with its owner's grant when access needs tokens.
    init(state: CalculatorState, owner: IssuedToken?) {
        self.init(state: state, idempotency: [], grants: owner.map { [$0.grant] } ?? [])
    }
}

/// The session's tokens (`AccessGrant`): the check every session route makes, and the routes that mint, list and revoke
/// them and hand out stream tickets.
extension SessionEndpoints {
    /// Most tokens a session keeps at once.
    static var grantLimit: Int { 32 }

    /// What the request may do with its session: the route table's scope for its method, and the token it sent
    /// (hashed here, once); 401 at once when it sent none. Open access checks nothing.
    func access(_ request: borrowing Request, _ route: Route) throws(Problem) -> AccessCheck {
        guard configuration.sessionAccess == .tokens, let needs = route.scope(for: request.method) else { return .open }
        guard let token = AccessCheck.bearerToken(request) else { throw AccessCheck.missingToken }
        return AccessCheck(token: token, needs: needs, clock: now)
    }

    /// The event stream's: a browser's `EventSource` sends no header, so a stream ticket may come as `?ticket=`; a
    /// request without one needs a viewer's token as any read does. A ticket not shaped as one is refused as a
    /// ticket the session does not know, after the read, as any other (`StreamTicket.admit`).
    func streamAccess(_ request: borrowing Request, _ id: SessionID) throws(Problem) -> AccessCheck {
        guard configuration.sessionAccess == .tokens, let query = request.query, !query.isEmpty else { return try access(request, .events) }
        guard let text = try QueryParameters(query, allowed: ["ticket"])["ticket"], !text.isEmpty else { throw AccessCheck.missingToken }
        return AccessCheck(ticket: StreamTicket(text, session: id) ?? StreamTicket.unknown(session: id), clock: now)
    }

    /// A new session's owner token, when access needs tokens.
    func ownerToken() -> IssuedToken? {
        configuration.sessionAccess == .tokens ? IssuedToken(scope: .owner, expiresAt: 0) : nil
    }

    /// POST /sessions/{id}/tokens: a new token, `{"scope": "viewer" | "owner", "expiresIn": seconds}` (a viewer's
    /// that never expires by default, and never after the token that mints it); 201 with its secret, shown this once,
    /// and its expiry as capped.
    func mintToken(_ id: SessionID, _ access: AccessCheck, _ request: borrowing Request) throws(Problem) -> Response {
        try request.requireJSONBody()
        let members = request.body.isEmpty ? [] : try parseObject(request.body, allowed: ["scope", "expiresIn"])
        let scope: AccessScope
        switch members[member: "scope"] {
        case nil, .string("viewer")?: scope = .viewer
        case .string("owner")?: scope = .owner
        default: throw Problem(.invalidRequest, "\"scope\" is \"viewer\" or \"owner\"")
        }
        var expiresAt: Double = 0
        if let value = members[member: "expiresIn"] {
            guard case let .number(text) = value, let seconds = Double(text), seconds.rounded() == seconds, seconds >= 1,
                seconds <= 31_536_000
            else {
                throw Problem(.invalidRequest, "\"expiresIn\" is a whole number of seconds from 1 to 31536000 (a year)")
            }
            expiresAt = (now() + seconds).rounded(.up)
        }
        let issued = IssuedToken(scope: scope, expiresAt: expiresAt)
        let update = GrantMinting(grant: issued.grant, access: access, limit: Self.grantLimit)
        return change(id, update, access, route: "/tokens", changed: { $0.record }) { [replies] committed in
            replies.json(201, Rendering.issued(issued.secret, committed.output.grant))
        }
    }

    /// POST /sessions/{id}/stream-tickets: a ticket for one `EventSource` (`StreamTicket`), valid for its lifetime at
    /// most and no longer than the token that mints it; the streams it opens end when that token is revoked or
    /// expires. A read: nothing of the session changes, so its version, its watchers and its owner's If-Match are
    /// untouched however many viewers open streams.
    func streamTicket(_ id: SessionID, _ access: AccessCheck) -> Response {
        checkedRead(id, access, route: "/stream-tickets") { [replies, now] record, admitted in
            // With open access nothing checks a ticket: one is signed by no token.
            let grant = admitted.map { record.grants[$0] } ?? StreamTicket.openAccess
            let (text, expiresAt) = StreamTicket.text(session: id, grant: grant, now: now())
            return replies.json(201, Rendering.ticket(text, mintedBy: grant.id, expiresAt: expiresAt))
        }
    }

    /// GET /sessions/{id}/tokens: the ids, scopes and expiries of the session's tokens, never their secrets.
    func listTokens(_ id: SessionID, _ access: AccessCheck) -> Response {
        checkedRead(id, access, route: "/tokens") { [replies, now] record, _ in
            replies.json(200, Rendering.grants(record.grants, now: now()))
        }
    }

    /// A read for a token route: the token checked on the session the read returns, then `answer` given the session
    /// and the index of the grant admitted (nil with open access).
    private func checkedRead(
        _ id: SessionID, _ access: AccessCheck, route: StaticString, answer: @escaping @Sendable (SessionRecord, Int?) -> Response
    ) -> Response {
        .awaiting { deliver in
            let started = ServiceMetrics.now()
            store.read(id) { [replies] result in
                replies.metrics.storeOperation(.get, since: started)
                do {
                    let stored = try result.get()
                    deliver(answer(stored.value, try access.admit(stored.value)))
                } catch {
                    deliver(replies.failure(error, operation: .get, session: id, route: route, access: access))
                }
            }
        }
    }

    /// DELETE /sessions/{id}/tokens/{tokenId}: the token fails from now on, on every instance, and the streams it
    /// opened end.
    func revokeToken(_ id: SessionID, _ access: AccessCheck, _ parameters: RouteParameters) -> Response {
        let grantID = parameters["tokenId"].map { String($0) } ?? ""
        let update = GrantRevocation(grantID: grantID, access: access)
        return change(id, update, access, route: "/tokens", changed: { $0 }) { _ in Response(status: 204) }
    }
}
