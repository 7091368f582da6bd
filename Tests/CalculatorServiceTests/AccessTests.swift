import Foundation
import HTTPServer
import TestSupport
import Testing
import Threading

@testable import CalculatorService

/// Session tokens (`--session-access tokens`, the default): every route under /sessions/{id} answers only a token of
/// the scope the route table gives its method (`Route.scope(for:)`), on every store.
@Suite struct AccessTests {
    /// A session made with tokens, and a viewer token its owner minted.
    struct Session {
        let id: String
        let owner: String
        let viewer: String
        let viewerID: String
    }

    static func bearer(_ token: String) -> [(String, String)] { [("Authorization", "Bearer " + token)] }
    static let json = [("Content-Type", "application/json")]

    static func tokenClient(_ store: TestStore) throws -> InProcessClient {
        try InProcessClient(store: store) { $0.sessionAccess = .tokens }
    }

    static func makeSession(_ client: InProcessClient) throws -> Session {
        let created = try client.send("POST", "/sessions")
        #expect(created.status == 201)
        let id = try #require(created.json?["id"] as? String)
        let owner = try #require(created.json?["token"] as? String)
        #expect(owner.utf8.count >= 22)
        let minted = try client.send(
            "POST", "/sessions/\(id)/tokens", headers: bearer(owner) + json, body: Array(#"{"scope":"viewer"}"#.utf8))
        #expect(minted.status == 201)
        #expect(minted.json?["scope"] as? String == "viewer")
        return Session(
            id: id, owner: owner, viewer: try #require(minted.json?["token"] as? String), viewerID: try #require(minted.json?["id"] as? String))
    }

    /// A request of `method` on `route` for `session`, with a body its handler accepts.
    static func send(
        _ client: InProcessClient, _ method: String, _ route: Route, _ session: Session, _ headers: [(String, String)]
    ) throws -> HTTPResponse {
        let path = route.rawValue.replacingOccurrences(of: "{id}", with: session.id).replacingOccurrences(of: "{tokenId}", with: session.viewerID)
        let body: String? =
            switch (route, method) {
            case (.press, "POST"): #"{"key":"7"}"#
            case (.session, "PATCH"): #"{"angle":"rad"}"#
            case (.tokens, "POST"): #"{"scope":"viewer"}"#
            case (.data, "PUT"): #"{"points":[{"x":"1"}]}"#
            default: nil
            }
        return try client.send(method, path, headers: headers + (body == nil ? [] : json), body: body.map { Array($0.utf8) })
    }

    static let sessionRoutes = Route.allCases.filter { route in ["GET", "POST", "PUT", "PATCH", "DELETE"].contains { route.scope(for: $0) != nil } }

    /// The session's version and display, as its owner reads them.
    static func snapshot(_ client: InProcessClient, _ session: Session) throws -> String {
        let read = try client.send("GET", "/sessions/\(session.id)", headers: bearer(session.owner))
        #expect(read.status == 200)
        return "\(read.header("ETag") ?? "-") \(read.json?["display"] as? String ?? "-") \(read.json?["angle"] as? String ?? "-")"
    }

    static func expectChallenge(_ response: HTTPResponse, _ status: Int, _ error: String?, _ what: String) {
        #expect(response.status == status, "\(what)")
        #expect(response.header("Content-Type") == "application/problem+json", "\(what)")
        let challenge = response.header("WWW-Authenticate") ?? ""
        #expect(challenge.hasPrefix("Bearer realm=\"calculator\""), "\(what)")
        if let error { #expect(challenge.contains("error=\"\(error)\""), "\(what): \(challenge)") }
    }

    /// Every route and method of the route table under /sessions/{id}: nothing without a token or with a wrong one, a
    /// viewer's token only where the table says viewer (and then nothing changes), an owner's everywhere.
    @Test(arguments: TestStore.allCases) func everySessionRouteNeedsATokenOfItsScope(_ store: TestStore) throws {
        let client = try Self.tokenClient(store)
        #expect(!Self.sessionRoutes.isEmpty)
        for route in Self.sessionRoutes {
            for method in client.service.http.router.methods(of: route.rawValue) {
                let what = "\(method) \(route.rawValue)"
                let needs = try #require(route.scope(for: method), "\(what) has no scope")
                let session = try Self.makeSession(client)
                let before = try Self.snapshot(client, session)

                Self.expectChallenge(try Self.send(client, method, route, session, []), 401, nil, what + " without a token")
                Self.expectChallenge(
                    try Self.send(client, method, route, session, Self.bearer("not-a-token-of-this-session-000000000000")), 401,
                    "invalid_token", what + " with a wrong token")
                let other = try Self.makeSession(client)
                Self.expectChallenge(
                    try Self.send(client, method, route, session, Self.bearer(other.owner)), 401, "invalid_token",
                    what + " with another session's owner token")

                let asViewer = try Self.send(client, method, route, session, Self.bearer(session.viewer))
                if needs == .owner {
                    Self.expectChallenge(asViewer, 403, "insufficient_scope", what + " as a viewer")
                } else {
                    #expect((200..<300).contains(asViewer.status), "\(what) as a viewer: \(asViewer.status) \(asViewer.text)")
                }
                if method != "GET", method != "HEAD", !(route == .session && method == "PUT") {
                    #expect(try Self.snapshot(client, session) == before, "\(what): a refused request changed the session")
                }

                let asOwner = try Self.send(client, method, route, session, Self.bearer(session.owner))
                #expect((200..<300).contains(asOwner.status), "\(what) as the owner: \(asOwner.status) \(asOwner.text)")
            }
        }
    }

    /// Whoever holds none of a session's tokens cannot tell whether it exists: on every route and method under
    /// /sessions/{id} but PUT (which makes a session by its id), an id no session has and a session there with a
    /// wrong token, or another session's owner token, get the same 401 invalid_token: status, challenge, title and
    /// body, but for the path the body echoes. A deleted session's own owner token gets it too. On every store.
    @Test(arguments: TestStore.allCases) func anUnknownSessionAnswersAsAWrongToken(_ store: TestStore) throws {
        let client = try Self.tokenClient(store)
        let session = try Self.makeSession(client)
        let other = try Self.makeSession(client)
        let unknown = Session(id: "never-made-\(UUID().uuidString.prefix(8))", owner: "", viewer: "", viewerID: session.viewerID)
        let unlike = { (response: HTTPResponse, id: String) in
            "\(response.status) \(response.header("WWW-Authenticate") ?? "-") \(response.text.replacingOccurrences(of: id, with: "{id}"))"
        }
        for route in Self.sessionRoutes {
            for method in client.service.http.router.methods(of: route.rawValue) where !(route == .session && method == "PUT") {
                let what = "\(method) \(route.rawValue)"
                for token in ["not-a-token-of-this-session-000000000000", other.owner] {
                    let there = try Self.send(client, method, route, session, Self.bearer(token))
                    let notThere = try Self.send(client, method, route, unknown, Self.bearer(token))
                    Self.expectChallenge(there, 401, "invalid_token", what + " of a session there")
                    Self.expectChallenge(notThere, 401, "invalid_token", what + " of no session")
                    #expect(unlike(there, session.id) == unlike(notThere, unknown.id), "\(what)")
                    if method != "HEAD" { #expect(notThere.json?["title"] as? String == there.json?["title"] as? String && there.json?["title"] != nil) }
                }
            }
        }
        // The same with a stream ticket in the query: one of another session's, and one not shaped as a ticket.
        let othersTicket = try #require(
            try client.send("POST", "/sessions/\(other.id)/stream-tickets", headers: Self.bearer(other.viewer)).json?["ticket"] as? String)
        for ticket in [othersTicket, "not-a-ticket"] {
            let there = try client.send("GET", "/sessions/\(session.id)/events?ticket=\(ticket)")
            let notThere = try client.send("GET", "/sessions/\(unknown.id)/events?ticket=\(ticket)")
            Self.expectChallenge(notThere, 401, "invalid_token", "a ticket for no session")
            #expect(unlike(there, session.id) == unlike(notThere, unknown.id))
        }
        #expect(try client.send("DELETE", "/sessions/\(other.id)", headers: Self.bearer(other.owner)).status == 204)
        let gone = try client.send("GET", "/sessions/\(other.id)", headers: Self.bearer(other.owner))
        Self.expectChallenge(gone, 401, "invalid_token", "a deleted session's owner token")
        let wrong = try client.send("GET", "/sessions/\(session.id)", headers: Self.bearer(other.owner))
        #expect(unlike(gone, other.id) == unlike(wrong, session.id))
    }

    /// A viewer presses, changes settings, clears the history, deletes, mints and revokes: each 403, and the session
    /// is as it was, on every store.
    @Test(arguments: TestStore.allCases) func aViewerCannotChangeAnything(_ store: TestStore) throws {
        let client = try Self.tokenClient(store)
        let session = try Self.makeSession(client)
        #expect(try client.send("POST", "/sessions/\(session.id)/press", headers: Self.bearer(session.owner) + Self.json, body: Array(#"{"keys":"1 + 2 ="}"#.utf8)).status == 200)
        let before = try Self.snapshot(client, session)
        for (method, suffix, body) in [
            ("POST", "/press", #"{"keys":"AC 9"}"#), ("PATCH", "", #"{"angle":"rad"}"#), ("DELETE", "/history", nil), ("DELETE", "", nil),
            ("POST", "/tokens", #"{"scope":"owner"}"#), ("GET", "/tokens", nil), ("DELETE", "/tokens/\(session.viewerID)", nil),
        ] as [(String, String, String?)] {
            let response = try client.send(
                method, "/sessions/\(session.id)\(suffix)", headers: Self.bearer(session.viewer) + (body == nil ? [] : Self.json),
                body: body.map { Array($0.utf8) })
            Self.expectChallenge(response, 403, "insufficient_scope", "\(method) \(suffix) as a viewer")
        }
        #expect(try Self.snapshot(client, session) == before)
        #expect(try client.send("GET", "/sessions/\(session.id)/display", headers: Self.bearer(session.viewer)).json?["display"] as? String == "3")
    }

    /// A revoked token fails at the next request; the list shows ids and scopes, never secrets.
    @Test(arguments: TestStore.allCases) func aRevokedTokenFailsAtOnce(_ store: TestStore) throws {
        let client = try Self.tokenClient(store)
        let session = try Self.makeSession(client)
        let display = "/sessions/\(session.id)/display"
        #expect(try client.send("GET", display, headers: Self.bearer(session.viewer)).status == 200)
        let list = try client.send("GET", "/sessions/\(session.id)/tokens", headers: Self.bearer(session.owner))
        #expect(list.status == 200)
        let listed = try #require(list.json?["tokens"] as? [[String: Any]])
        #expect(Set(listed.compactMap { $0["scope"] as? String }) == ["owner", "viewer"])
        #expect(!list.text.contains(session.viewer) && !list.text.contains(session.owner))

        #expect(try client.send("DELETE", "/sessions/\(session.id)/tokens/\(session.viewerID)", headers: Self.bearer(session.owner)).status == 204)
        Self.expectChallenge(try client.send("GET", display, headers: Self.bearer(session.viewer)), 401, "invalid_token", "revoked")
        #expect(try client.send("DELETE", "/sessions/\(session.id)/tokens/\(session.viewerID)", headers: Self.bearer(session.owner)).status == 404)
        #expect(try client.send("GET", display, headers: Self.bearer(session.owner)).status == 200)
    }

    /// A token minted with an expiry works until then and fails after, by the service's clock.
    @Test func anExpiredTokenFails() throws {
        let clock = Lock<Double>(1_800_000_000)
        let client = try InProcessClient(store: .memory, { $0.sessionAccess = .tokens }, now: { clock.withLock { $0 } })
        let session = try Self.makeSession(client)
        let minted = try client.send(
            "POST", "/sessions/\(session.id)/tokens", headers: Self.bearer(session.owner) + Self.json,
            body: Array(#"{"scope":"viewer","expiresIn":60}"#.utf8))
        #expect(minted.json?["expiresAt"] as? Int == 1_800_000_060)
        let token = try #require(minted.json?["token"] as? String)
        let display = "/sessions/\(session.id)/display"
        clock.withLock { $0 += 59 }
        #expect(try client.send("GET", display, headers: Self.bearer(token)).status == 200)
        clock.withLock { $0 += 2 }
        Self.expectChallenge(try client.send("GET", display, headers: Self.bearer(token)), 401, "invalid_token", "expired")
        #expect(try client.send("GET", display, headers: Self.bearer(session.viewer)).status == 200)
    }

    /// A viewer's stream tickets change nothing of the session: however many are minted (past the 256 an earlier
    /// build kept at most), its version and ETag stay, its tokens are the same, and the owner's If-Match still holds;
    /// the owner gets a ticket too. On every store.
    @Test(arguments: TestStore.allCases) func aViewersTicketsChangeNothing(_ store: TestStore) throws {
        let client = try Self.tokenClient(store)
        let session = try Self.makeSession(client)
        let before = try client.send("GET", "/sessions/\(session.id)", headers: Self.bearer(session.owner))
        let etag = try #require(before.header("ETag"))
        let tokens = try client.send("GET", "/sessions/\(session.id)/tokens", headers: Self.bearer(session.owner)).text
        var tickets = Set<String>()
        for _ in 0..<300 {
            let issued = try client.send("POST", "/sessions/\(session.id)/stream-tickets", headers: Self.bearer(session.viewer))
            #expect(issued.status == 201, "\(issued.text)")
            #expect(issued.json?["scope"] as? String == "stream" && issued.json?["id"] as? String == session.viewerID)
            tickets.insert(try #require(issued.json?["ticket"] as? String))
        }
        #expect(tickets.count >= 1)
        let after = try client.send("GET", "/sessions/\(session.id)", headers: Self.bearer(session.owner))
        #expect(after.header("ETag") == etag)
        #expect(after.json?["version"] as? Int == before.json?["version"] as? Int)
        #expect(try client.send("GET", "/sessions/\(session.id)/tokens", headers: Self.bearer(session.owner)).text == tokens)
        let patched = try client.send(
            "PATCH", "/sessions/\(session.id)", headers: Self.bearer(session.owner) + Self.json + [("If-Match", etag)],
            body: Array(#"{"angle":"rad"}"#.utf8))
        #expect(patched.status == 200, "the owner's If-Match: \(patched.text)")
        let owners = try client.send("POST", "/sessions/\(session.id)/stream-tickets", headers: Self.bearer(session.owner))
        #expect(owners.status == 201 && owners.json?["ticket"] is String)
    }

    /// A ticket opens only the stream of the session it was minted for, only whole, only within its lifetime and only
    /// while the token that minted it is there: another session's ticket, one altered, one past its expiry or whose
    /// token was revoked, and a token in its place are each 401 invalid_token. On every store, by the service's clock.
    @Test(arguments: TestStore.allCases) func aTicketIsCheckedAgainstItsToken(_ store: TestStore) throws {
        let clock = Lock<Double>(1_800_000_000)
        let client = try InProcessClient(store: store, { $0.sessionAccess = .tokens }, now: { clock.withLock { $0 } })
        let session = try Self.makeSession(client)
        let other = try Self.makeSession(client)
        let mintTicket = { (session: Session, token: String) throws -> String in
            let issued = try client.send("POST", "/sessions/\(session.id)/stream-tickets", headers: Self.bearer(token))
            #expect(issued.json?["expiresAt"] as? Int == Int(clock.withLock { $0 }) + 60)
            return try #require(issued.json?["ticket"] as? String)
        }
        let events = { (session: Session, ticket: String) in try client.send("HEAD", "/sessions/\(session.id)/events?ticket=\(ticket)") }
        let ticket = try mintTicket(session, session.viewer)
        #expect(try events(session, ticket).status == 200)
        let parts = ticket.split(separator: ".").map(String.init)
        try #require(parts.count == 3 && Int(parts[1]) != nil, "\(ticket)")
        let refused: [(String, Session, String)] = [
            ("another session's ticket", other, ticket),
            ("a token in a ticket's place", session, session.viewer),
            ("a later expiry", session, "\(parts[0]).\((Int(parts[1]) ?? 0) + 1).\(parts[2])"),
            ("another token's id", session, "\(other.viewerID).\(parts[1]).\(parts[2])"),
            ("an altered MAC", session, "\(parts[0]).\(parts[1]).\(String(parts[2].reversed()))"),
            ("no MAC", session, "\(parts[0]).\(parts[1])"),
            ("its expiry written otherwise", session, "\(parts[0]).+\(parts[1]).\(parts[2])"),
            ("not a ticket", session, "x"),
        ]
        for (what, target, text) in refused {
            Self.expectChallenge(try events(target, text), 401, "invalid_token", what)
        }
        clock.withLock { $0 += 59 }
        #expect(try events(session, ticket).status == 200)
        clock.withLock { $0 += 1 }
        Self.expectChallenge(try events(session, ticket), 401, "invalid_token", "past its expiry")
        let fresh = try mintTicket(session, session.viewer)
        #expect(fresh.count > 0)
        clock.withLock { $0 -= 60 }
        // Minted at the later clock: from the earlier, its expiry is further ahead than a ticket lives.
        Self.expectChallenge(try events(session, fresh), 401, "invalid_token", "an expiry beyond the lifetime")
        clock.withLock { $0 += 60 }
        #expect(try client.send("DELETE", "/sessions/\(session.id)/tokens/\(session.viewerID)", headers: Self.bearer(session.owner)).status == 204)
        Self.expectChallenge(try events(session, fresh), 401, "invalid_token", "its token revoked")
    }

    /// A token that expires mints none that outlives it: a token or a stream ticket it mints expires when it does at
    /// the latest (the 201 and the list show the expiry capped), and after it they all fail while the owner's goes on.
    /// On every store, by the service's clock.
    @Test(arguments: TestStore.allCases) func aMintedTokenExpiresNoLaterThanItsMinter(_ store: TestStore) throws {
        let clock = Lock<Double>(1_800_000_000)
        let client = try InProcessClient(store: store, { $0.sessionAccess = .tokens }, now: { clock.withLock { $0 } })
        let session = try Self.makeSession(client)
        let mint = { (token: String, body: String) in
            try client.send("POST", "/sessions/\(session.id)/tokens", headers: Self.bearer(token) + Self.json, body: Array(body.utf8))
        }
        let maker = try mint(session.owner, #"{"scope":"owner","expiresIn":2}"#)
        #expect(maker.json?["expiresAt"] as? Int == 1_800_000_002)
        let makerToken = try #require(maker.json?["token"] as? String)
        let forever = try mint(makerToken, #"{"scope":"owner"}"#)
        #expect(forever.status == 201)
        #expect(forever.json?["expiresAt"] as? Int == 1_800_000_002, "\(forever.text)")
        let longer = try mint(makerToken, #"{"scope":"viewer","expiresIn":3600}"#)
        #expect(longer.json?["expiresAt"] as? Int == 1_800_000_002, "\(longer.text)")
        let shorter = try mint(makerToken, #"{"scope":"viewer","expiresIn":1}"#)
        #expect(shorter.json?["expiresAt"] as? Int == 1_800_000_001)
        let issued = try client.send("POST", "/sessions/\(session.id)/stream-tickets", headers: Self.bearer(makerToken))
        #expect(issued.status == 201)
        let ticket = try #require(issued.json?["ticket"] as? String)
        let listed = try client.send("GET", "/sessions/\(session.id)/tokens", headers: Self.bearer(session.owner)).json?["tokens"] as? [[String: Any]]
        let foreverID = try #require(forever.json?["id"] as? String)
        #expect(listed?.first { $0["id"] as? String == foreverID }?["expiresAt"] as? Int == 1_800_000_002)

        let minted = try [forever, longer].map { try #require($0.json?["token"] as? String) }
        let display = "/sessions/\(session.id)/display"
        for token in minted { #expect(try client.send("GET", display, headers: Self.bearer(token)).status == 200) }
        clock.withLock { $0 += 3 }
        for token in [makerToken] + minted {
            Self.expectChallenge(try client.send("GET", display, headers: Self.bearer(token)), 401, "invalid_token", "past the maker's expiry")
        }
        Self.expectChallenge(try client.send("GET", "/sessions/\(session.id)/events?ticket=\(ticket)"), 401, "invalid_token", "its ticket")
        #expect(try client.send("GET", display, headers: Self.bearer(session.owner)).status == 200)
    }

    /// Tokens die with the session: made again under the same id (PUT), the old owner token opens nothing.
    @Test(arguments: TestStore.allCases) func tokensDieWithTheSession(_ store: TestStore) throws {
        let client = try Self.tokenClient(store)
        let made = try client.send("PUT", "/sessions/mine")
        #expect(made.status == 201)
        let owner = try #require(made.json?["token"] as? String)
        Self.expectChallenge(try client.send("PUT", "/sessions/mine"), 401, nil, "PUT of a session that exists, without its token")
        #expect(try client.send("PUT", "/sessions/mine", headers: Self.bearer(owner)).status == 200)
        #expect(try client.send("DELETE", "/sessions/mine", headers: Self.bearer(owner)).status == 204)
        let again = try client.send("PUT", "/sessions/mine")
        #expect(again.status == 201)
        Self.expectChallenge(try client.send("GET", "/sessions/mine", headers: Self.bearer(owner)), 401, "invalid_token", "old owner token")
    }

    /// A session keeps at most 32 tokens; stream tickets are none of them (nothing of a ticket is kept), so viewers
    /// opening streams take no token's place. The one past the limit is refused and changes nothing.
    @Test func aSessionHoldsAtMost32Tokens() throws {
        let client = try Self.tokenClient(.memory)
        let session = try Self.makeSession(client)
        let mint = { try client.send(
            "POST", "/sessions/\(session.id)/tokens", headers: Self.bearer(session.owner) + Self.json, body: Array(#"{"scope":"viewer"}"#.utf8)) }
        for _ in 0..<30 { #expect(try mint().status == 201) }
        let ticket = try client.send("POST", "/sessions/\(session.id)/stream-tickets", headers: Self.bearer(session.viewer))
        #expect(ticket.status == 201)
        let refused = try mint()
        #expect(refused.status == 422)
        #expect(refused.json?["type"] as? String == "https://calculator.invalid/problems/too-many-tokens")
        let listed = try client.send("GET", "/sessions/\(session.id)/tokens", headers: Self.bearer(session.owner)).json?["tokens"] as? [[String: Any]]
        #expect(listed?.count == 32)
    }

    /// A retried create (the same Idempotency-Key) gets the first 201 again, the first reply's state, id and version
    /// (not the session as it is now) and no token: the token is shown once, in the first reply, and it still works.
    /// However often the key is sent again, the session holds the one owner token. On every store.
    @Test(arguments: TestStore.allCases) func aReplayedCreateCarriesNoToken(_ store: TestStore) throws {
        let client = try Self.tokenClient(store)
        let key = [("Idempotency-Key", "order-42")]
        let first = try client.send("POST", "/sessions", headers: key)
        #expect(first.status == 201)
        let id = try #require(first.json?["id"] as? String)
        let owner = try #require(first.json?["token"] as? String)
        #expect(try client.send("POST", "/sessions/\(id)/press", headers: Self.bearer(owner) + Self.json, body: Array(#"{"keys":"4 2"}"#.utf8)).status == 200)
        let tokenID = try #require(first.json?["tokenId"] as? String)
        let firstWithoutToken = first.text.replacingOccurrences(of: #","token":"\#(owner)","tokenId":"\#(tokenID)""#, with: "")
        #expect(firstWithoutToken != first.text)
        for _ in 0..<3 {
            let again = try client.send("POST", "/sessions", headers: key)
            #expect(again.status == 201)
            #expect(again.header("Idempotent-Replayed") == "true")
            #expect(again.json?["token"] == nil && again.json?["tokenId"] == nil, "\(again.text)")
            #expect(!again.text.contains(owner))
            #expect(again.text == firstWithoutToken, "the first reply, not the session as it is now")
            #expect(again.header("ETag") == first.header("ETag") && again.header("Location") == first.header("Location"))
        }
        let display = try client.send("GET", "/sessions/\(id)/display", headers: Self.bearer(owner))
        #expect(display.status == 200 && display.json?["display"] as? String == "42")
        let listed = try client.send("GET", "/sessions/\(id)/tokens", headers: Self.bearer(owner)).json?["tokens"] as? [[String: Any]]
        #expect(listed?.count == 1, "the replays minted tokens: \(listed ?? [])")
    }

    @Test func tokensAreTheDefault() {
        #expect(ServiceConfiguration().sessionAccess == .tokens)
    }
}
