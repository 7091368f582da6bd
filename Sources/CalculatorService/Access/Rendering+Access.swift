/// The bodies of the token routes.
extension Rendering {
    /// A token just minted: its id, secret (shown this once), scope and expiry (seconds since 1970; null: never), as
    /// the session holds its grant.
    static func issued(_ secret: String, _ grant: AccessGrant) -> [UInt8] {
        JSONWriter.bytes(capacity: 256) { json in
            json.beginObject()
            json.field("id", plain: grant.id)
            json.field("token", plain: secret)
            json.field("scope", plain: grant.scope.name)
            expiry(grant.expiresAt, &json)
            json.endObject()
        }
    }

    /// A stream ticket: the id of the token that minted it (whose revocation ends the streams it opens), the ticket
    /// and its expiry.
    static func ticket(_ text: String, mintedBy grantID: String, expiresAt: Double) -> [UInt8] {
        JSONWriter.bytes(capacity: 160) { json in
            json.beginObject()
            json.field("id", plain: grantID)
            json.field("ticket", plain: text)
            json.field("scope", plain: "stream")
            expiry(expiresAt, &json)
            json.endObject()
        }
    }

    /// The session's live grants, without their hashes.
    static func grants(_ grants: [AccessGrant], now: Double) -> [UInt8] {
        JSONWriter.bytes(capacity: 1024) { json in
            json.beginObject()
            json.key("tokens")
            json.beginArray()
            for grant in grants where !grant.hasExpired(at: now) {
                json.beginObject()
                json.field("id", plain: grant.id)
                json.field("scope", plain: grant.scope.name)
                expiry(grant.expiresAt, &json)
                json.endObject()
            }
            json.endArray()
            json.endObject()
        }
    }

    /// The created session's body with its owner token added: `token` and `tokenId`.
    static func withToken(_ body: [UInt8], _ token: IssuedToken) -> [UInt8] {
        var body = body
        guard body.last == UInt8(ascii: "}") else { return body }
        body.removeLast()
        body.append(contentsOf: #","token":""#.utf8)
        body.append(contentsOf: token.secret.utf8)
        body.append(contentsOf: #"","tokenId":""#.utf8)
        body.append(contentsOf: token.grant.id.utf8)
        body.append(contentsOf: #""}"#.utf8)
        return body
    }

    private static func expiry(_ expiresAt: Double, _ json: inout JSONWriter) {
        json.key("expiresAt")
        if expiresAt == 0 { json.null() } else { json.int(Int64(expiresAt)) }
    }
}
