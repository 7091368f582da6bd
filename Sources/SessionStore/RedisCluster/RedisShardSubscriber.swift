import Threading

/// The changes made to sessions on a Redis Cluster, as `RedisSubscriber` reports them on one server, over sharded
/// pub/sub: the write scripts `SPUBLISH` on the session's key (`RedisScripts.shardedCompareAndSet`), a channel in the
/// session's slot that only its master and that master's replicas carry, and this subscriber `SSUBSCRIBE`s to each
/// followed session on its slot's master: one connection per master, on one thread.
///
/// A subscription that ends unasked (the slot moved away: the node sends `sunsubscribe`), a connection that breaks
/// (the master died), or an error reply (`MOVED`: the map was out of date) makes the sessions subscribed there go again
/// to the master the cluster's map names then (`RedisCluster`, which reads the map again meanwhile), at most every
/// 250 ms. Each confirmation is reported as `.following`, so the follower reads the session again and a change made
/// meanwhile is not missed. Every second the subscriptions are checked against the map, so a slot that moved is
/// followed even when its old node said nothing.
public final class RedisShardSubscriber<Value: Sendable>: SessionChangeFeed {
    public typealias Change = SessionChange<Value>

    private struct Requests {
        var followed: Set<SessionID> = []
        var changed = false
        var isClosed = false
    }

    /// One master's connection.
    private struct Link {
        let connection: RedisConnection
    }

    private static var subscribe: [UInt8] { Array("SSUBSCRIBE".utf8) }
    private static var unsubscribe: [UInt8] { Array("SUNSUBSCRIBE".utf8) }

    private let requests = Lock(Requests())
    private let cluster: RedisCluster
    private let keys: RedisKeys
    private let codec: SessionCodec<Value>
    private let doorbell: RedisSubscriber<Value>.Doorbell
    private let thread = Lock<JoinableThread?>(nil)

    init(cluster: RedisCluster, keys: RedisKeys, codec: SessionCodec<Value>) throws {
        self.cluster = cluster
        self.keys = keys
        self.codec = codec
        doorbell = try RedisSubscriber<Value>.Doorbell()
    }

    deinit {
        close()
    }

    public func start(_ report: @escaping @Sendable (Change) -> Void) throws {
        try thread.start { [self] in serve(report) }
    }

    public func follow(_ id: SessionID) {
        requests.withLock { requests in
            requests.followed.insert(id)
            requests.changed = true
        }
        doorbell.ring()
    }

    public func unfollow(_ id: SessionID) {
        requests.withLock { requests in
            requests.followed.remove(id)
            requests.changed = true
        }
        doorbell.ring()
    }

    public func close() {
        requests.withLock { $0.isClosed = true }
        doorbell.ring()
        thread.joinTaken()
    }

    /// The thread's state: the connections by master address, and where each followed session is subscribed.
    private struct Subscriptions {
        var links: [String: Link] = [:]
        var placed: [SessionID: String] = [:]
        /// Set when some session may need subscribing again (a broken link, an unasked unsubscription, an error).
        var needsPlacing = false
    }

    private func serve(_ report: @Sendable (Change) -> Void) {
        var state = Subscriptions()
        let clock = ContinuousClock()
        var lastPlacing = clock.now - .seconds(10)
        while true {
            let (followed, changed, isClosed) = requests.withLock { requests in
                defer { requests.changed = false }
                return (requests.followed, requests.changed, requests.isClosed)
            }
            if isClosed { return }
            let due = clock.now - lastPlacing >= .seconds(1) || (state.needsPlacing && clock.now - lastPlacing >= .milliseconds(250))
            if changed || due {
                state.needsPlacing = !place(followed, &state)
                lastPlacing = clock.now
            }
            let links = Array(state.links)
            let ready = doorbell.wait(sockets: links.map { $0.value.connection.socket }, milliseconds: 250)
            for ((address, link), isReady) in zip(links, ready) where isReady {
                do {
                    for reply in try link.connection.readAvailable() {
                        handle(reply, from: address, &state, report)
                    }
                } catch {
                    drop(address, &state)
                }
            }
        }
    }

    /// Subscribes each followed session on its slot's master (moving it when the master changed) and unsubscribes
    /// the sessions no longer followed; false when some session could not be placed.
    private func place(_ followed: Set<SessionID>, _ state: inout Subscriptions) -> Bool {
        var complete = true
        for (id, address) in state.placed where !followed.contains(id) {
            state.placed[id] = nil
            send([Self.unsubscribe, keys.session(id)], to: address, &state)
        }
        for id in followed {
            let channel = keys.session(id)
            guard let owner = cluster.owner(ofSlot: RedisHashSlot.of(channel)) else {
                complete = false
                continue
            }
            if state.placed[id] == owner { continue }
            if let old = state.placed[id] {
                state.placed[id] = nil
                send([Self.unsubscribe, channel], to: old, &state)
            }
            if state.links[owner] == nil {
                guard let endpoint = cluster.endpoint(of: owner), let connection = try? endpoint.connect() else {
                    cluster.mapMayBeStale()
                    complete = false
                    continue
                }
                state.links[owner] = Link(connection: connection)
            }
            if send([Self.subscribe, channel], to: owner, &state) {
                state.placed[id] = owner
            } else {
                complete = false
            }
        }
        return complete
    }

    /// Sends one command on the link to `address`; a link that fails is dropped. True when sent.
    @discardableResult
    private func send(_ command: [[UInt8]], to address: String, _ state: inout Subscriptions) -> Bool {
        guard let link = state.links[address] else { return false }
        do {
            try link.connection.append(command)
            try link.connection.flush()
            return true
        } catch {
            drop(address, &state)
            return false
        }
    }

    /// Forgets the link to `address`: its sessions are subscribed again elsewhere once the map names their master.
    private func drop(_ address: String, _ state: inout Subscriptions) {
        state.links[address] = nil
        for (id, placedAt) in state.placed where placedAt == address { state.placed[id] = nil }
        state.needsPlacing = true
        cluster.mapMayBeStale()
    }

    private func handle(_ reply: RedisReply, from address: String, _ state: inout Subscriptions, _ report: @Sendable (Change) -> Void) {
        if case .error = reply {
            // A refused subscription (MOVED): every session of this link is placed again from a fresh map.
            return drop(address, &state)
        }
        if case .array(let parts) = reply, parts.count == 3, case .string(let kind) = parts[0], kind.elementsEqual("sunsubscribe".utf8),
            case .string(let channel) = parts[1], let id = keys.session(ofChannel: channel)
        {
            // Unasked when the session is still placed here: its slot moved away.
            if state.placed[id] == address {
                state.placed[id] = nil
                state.needsPlacing = true
                cluster.mapMayBeStale()
            }
            return
        }
        if let change = RedisSubscriber<Value>.change(from: reply, keys: keys, codec: codec) { report(change) }
    }
}
