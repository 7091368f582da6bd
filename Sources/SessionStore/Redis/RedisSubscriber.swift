import Threading

/// The changes made to sessions in Redis, by this instance and every other one on the same server, as they happen:
/// for the sessions this instance follows (those it has watchers of), over one connection of its own, on a thread of
/// its own.
///
/// The store's scripts publish each write on a channel named after the session's key, in the script that writes it:
/// the message is the record as written (header and bytes), or empty for a deletion. So the messages of one session
/// come in the order of its versions, carry the state itself (no read, which would move the expiry, and no round trip
/// per change), and cost nothing where nobody follows the session. Keyspace notifications would need a server setting
/// that managed Redis services often refuse, and would name the key only.
///
/// Following starts with a `SUBSCRIBE`, whose confirmation is reported (`.following`): changes made before it were
/// not, so the follower reads the session then. After a lost connection the thread reconnects and subscribes to every
/// followed session again, reporting each confirmation the same way. The store hands one out as its change feed
/// (`RedisSessionStore.makeChangeFeed`).
public final class RedisSubscriber<Value: Sendable>: SessionChangeFeed {
    public typealias Change = SessionChange<Value>

    struct Requests {
        /// The sessions followed: subscribed to again after a reconnect.
        var followed: Set<SessionID> = []
        /// Subscriptions (true) and unsubscriptions to send, in order.
        var pending: [(SessionID, Bool)] = []
        var isClosed = false
    }

    let requests = Lock(Requests())
    /// Where to subscribe: the server, or a cluster's seed nodes, tried in turn (a plain `PUBLISH` on a cluster
    /// reaches the subscribers of every node).
    let endpoints: [RedisEndpoint]
    let keys: RedisKeys
    let codec: SessionCodec<Value>
    let doorbell: Doorbell
    private let thread = Lock<JoinableThread?>(nil)

    /// A subscriber to the sessions of `store` (same server, database and key prefix). Nothing connects until `start`.
    public init(following store: RedisSessionStore<Value>) throws {
        switch store.route {
        case .server(let endpoint, _): endpoints = [endpoint]
        case .cluster(let cluster): endpoints = cluster.seeds
        }
        keys = store.keys
        codec = store.codec
        doorbell = try Doorbell()
    }

    deinit {
        close()
    }

    /// Starts the thread, which reports every change to `report` (on that thread: it must be quick).
    public func start(_ report: @escaping @Sendable (Change) -> Void) throws {
        try thread.start { [self] in serve(report) }
    }

    /// Reports the changes of `id` from now on, starting with `.following` once subscribed.
    public func follow(_ id: SessionID) {
        request(id, follow: true)
    }

    /// Stops reporting the changes of `id`.
    public func unfollow(_ id: SessionID) {
        request(id, follow: false)
    }

    private func request(_ id: SessionID, follow: Bool) {
        requests.withLock { requests in
            if follow {
                requests.followed.insert(id)
            } else {
                requests.followed.remove(id)
            }
            requests.pending.append((id, follow))
        }
        doorbell.ring()
    }

    /// Stops the thread and waits for it; no change is reported after this returns.
    public func close() {
        requests.withLock { $0.isClosed = true }
        doorbell.ring()
        thread.joinTaken()
    }

    /// What one reply on the connection reports: a published write, or a subscription's confirmation.
    func change(from reply: RedisReply) -> Change? {
        Self.change(from: reply, keys: keys, codec: codec)
    }

    /// What a reply on a subscribed connection reports, plain (`message`, `subscribe`) or sharded (`smessage`,
    /// `ssubscribe`, `RedisShardSubscriber`).
    static func change(from reply: RedisReply, keys: RedisKeys, codec: SessionCodec<Value>) -> Change? {
        guard case .array(let parts) = reply, parts.count == 3, case .string(var kind) = parts[0], case .string(let channel) = parts[1],
            let id = keys.session(ofChannel: channel)
        else { return nil }
        if kind.first == UInt8(ascii: "s") && (kind.elementsEqual("smessage".utf8) || kind.elementsEqual("ssubscribe".utf8)) {
            kind.removeFirst()
        }
        if kind.elementsEqual("subscribe".utf8) { return .following(id) }
        guard kind.elementsEqual("message".utf8), case .string(let record) = parts[2] else { return nil }
        if record.isEmpty { return .deleted(id) }
        guard let stored = try? RedisRecord.parse(record), let value = try? codec.decodeAnyForm(stored.bytes) else { return nil }
        return .changed(id, Versioned(value: value, version: stored.version), expiresAt: stored.expiresAt)
    }

    /// The commands that send `pending`: runs of subscriptions or unsubscriptions, a few hundred channels a command.
    func commands(for pending: [(SessionID, Bool)]) -> [[[UInt8]]] {
        var commands: [[[UInt8]]] = []
        var current: [[UInt8]] = []
        var currentKind: Bool?
        for (id, follow) in pending {
            if currentKind != follow || current.count > 256 {
                if !current.isEmpty { commands.append(current) }
                current = [follow ? Self.subscribeCommand : Self.unsubscribeCommand]
                currentKind = follow
            }
            current.append(keys.session(id))
        }
        if current.count > 1 { commands.append(current) }
        return commands
    }

    private static var subscribeCommand: [UInt8] { Array("SUBSCRIBE".utf8) }
    private static var unsubscribeCommand: [UInt8] { Array("UNSUBSCRIBE".utf8) }
}

extension Lock where State == JoinableThread? {
    /// Starts a thread running `body` and keeps it here.
    func start(_ body: @escaping @Sendable () -> Void) throws {
        let started = try JoinableThread(body)
        withLock { $0 = started }
    }

    /// Takes the thread out and waits for it to end; a second call finds none (a thread is joined once).
    func joinTaken() {
        let running = withLock { thread in
            defer { thread = nil }
            return thread
        }
        running?.join()
    }
}
