/// The names of a Redis store's keys, on one server or across a cluster.
///
/// On one server: the session `prefix + id`, the `#live` index `prefix + "#live"`, a claim `prefix + "#claim:" + key`.
/// On a cluster every key a script touches must sit in one hash slot, so the session's id is its hash tag
/// (`prefix + "{" + id + "}"`), and the index is one sorted set per slot, `prefix + "#live{" + tag + "}"` with a tag
/// of that slot (`RedisHashSlot.tags`): a session's write stays one script on one node, and counting or sweeping goes
/// over the slots each master holds. A claim is found by its key alone (a retry brings a new session id), so on a
/// cluster it has a slot of its own, `prefix + "#claim:{" + key + "}"`. The single-server names are unchanged from
/// before the cluster existed, so a single Redis needs no migration.
@usableFromInline
struct RedisKeys: Sendable {
    let prefix: [UInt8]
    @usableFromInline let isCluster: Bool
    /// The index on one server; on a cluster, what each slot's index name starts with.
    let serverIndex: [UInt8]

    init(prefix: String, isCluster: Bool) {
        self.prefix = Array(prefix.utf8)
        self.isCluster = isCluster
        serverIndex = Array((prefix + "#live").utf8)
    }

    /// The session's key, which is also the channel its writes are published on.
    @usableFromInline
    func session(_ id: SessionID) -> [UInt8] {
        isCluster ? prefix + [UInt8(ascii: "{")] + id.bytes + [UInt8(ascii: "}")] : prefix + id.bytes
    }

    /// The index the session is counted in, given its key.
    @usableFromInline
    func index(ofSessionKey key: [UInt8]) -> [UInt8] {
        isCluster ? index(ofSlot: RedisHashSlot.of(key)) : serverIndex
    }

    /// The index of the sessions of `slot` (a cluster's).
    func index(ofSlot slot: Int) -> [UInt8] {
        serverIndex + [UInt8(ascii: "{")] + RedisHashSlot.tags[slot] + [UInt8(ascii: "}")]
    }

    func claim(_ key: String) -> [UInt8] {
        isCluster ? prefix + Array("#claim:{\(key)}".utf8) : prefix + Array("#claim:\(key)".utf8)
    }

    /// The session a publication's channel (its key) names; nil for another channel.
    func session(ofChannel channel: [UInt8]) -> SessionID? {
        guard channel.starts(with: prefix) else { return nil }
        var rest = channel.dropFirst(prefix.count)
        if isCluster {
            guard rest.first == UInt8(ascii: "{"), rest.last == UInt8(ascii: "}") else { return nil }
            rest = rest.dropFirst().dropLast()
        }
        return SessionID(String(decoding: rest, as: UTF8.self))
    }
}
