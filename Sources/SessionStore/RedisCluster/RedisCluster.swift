import Synchronization
import Threading

/// The routing of a Redis store's calls over a Redis Cluster: which master serves each hash slot, and one
/// `RedisPipeline` (one connection, one thread) per master.
///
/// - A call goes to the master of its first key's slot (every key of a session's script shares that slot, see
///   `RedisKeys`). A master that no longer serves the slot answers `MOVED`: the slot's owner is noted, the map read
///   again soon, and the call sent there. A slot being migrated answers `ASK`: the call is sent once to the node named,
///   after `ASKING`, and the map stays. A call redirected five times fails as not sent (`.unavailable`, or
///   `.outcomeUnknown` for a call sent again after a lost reply).
/// - The map (`CLUSTER SLOTS`, from any node that answers: the masters known, then the URL's seeds) is read when the
///   store opens, every 5 seconds, and within 100 ms of a sign that it is out of date (a redirect, a node
///   unreachable or answering that it cannot serve). So when a master dies, its calls fail as today's single Redis
///   does when it is unreachable, until the cluster has promoted a replica and the map names it; then they go there.
/// - Per node, the calls, the failed calls, the redirects and the time spent in round trips are counted
///   (`nodeStatistics`), for the service's metrics.
@usableFromInline
final class RedisCluster: Sendable {
    private static var maximumRedirects: Int { 5 }

    /// A master and its pipeline.
    struct Node: Sendable {
        let address: String
        let pipeline: RedisPipeline
    }

    private struct Map: Sendable {
        /// For each slot, the index in `nodes` of its master; -1 when none is known.
        var owners = [Int16](repeating: -1, count: RedisHashSlot.count)
        var nodes: [Node] = []
        var isClosed = false
    }

    let seeds: [RedisEndpoint]
    private let acknowledgement: ReplicaAcknowledgement
    private let map = Lock(Map())
    private let statistics = Lock<[String: StoreNodeStatistics]>([:])
    /// Whether each master answered the last count (`shards`).
    private let answers = Lock<[String: Bool]>([:])
    private let wake = WakeSignal()
    private let refresher = Lock<JoinableThread?>(nil)

    /// Reads the map once (a failure leaves it empty: calls fail as unavailable until a later reading works) and starts
    /// the thread that keeps it current.
    init(url: String, acknowledgement: ReplicaAcknowledgement) throws {
        seeds = try RedisEndpoint.clusterSeeds(url: url)
        self.acknowledgement = acknowledgement
        refresh()
        let thread = try JoinableThread { [weak self] in
            while let cluster = self {
                if !cluster.keepCurrent() { return }
            }
        }
        refresher.withLock { $0 = thread }
    }

    deinit {
        close()
    }

    /// Sends `call` to the master of its first key's slot.
    func send(_ call: ScriptCall, completion: @escaping @Sendable (Result<RedisReply, SessionStoreError>, _ isRetry: Bool) -> Void) {
        route(PipelinedCall(call: call, completion: completion), slot: RedisHashSlot.of(call.keys[0]))
    }

    /// Each master with the slots it serves, for the calls that go over all of them (count, sweep).
    func masters() throws(SessionStoreError) -> [(address: String, pipeline: RedisPipeline, slots: [Int])] {
        let (nodes, slots, unserved) = slotsByNode()
        if let unserved {
            wake.signal()
            throw .unavailable("redis cluster: no master is known for slot \(unserved)")
        }
        return zip(nodes, slots).filter { !$0.1.isEmpty }.map { ($0.0.address, $0.0.pipeline, $0.1) }
    }

    /// Notes whether the master at `address` answered a count (`shards`).
    func noteCount(by address: String, answered: Bool) {
        answers.withLock { $0[address] = answered }
    }

    /// Each master of the map, the number of slots it serves and whether it answered the last count.
    func shards() -> [StoreShard] {
        let (nodes, slots, _) = slotsByNode()
        let answered = answers.withLock { $0 }
        return zip(nodes, slots).filter { !$0.1.isEmpty }.map { StoreShard(node: $0.0.address, slots: $0.1.count, answered: answered[$0.0.address]) }
    }

    /// The map's nodes with the slots each serves, and the first slot no master is known for.
    private func slotsByNode() -> (nodes: [Node], slots: [[Int]], unserved: Int?) {
        let (nodes, owners) = map.withLock { ($0.nodes, $0.owners) }
        var slots = [[Int]](repeating: [], count: nodes.count)
        var unserved: Int?
        for (slot, owner) in owners.enumerated() {
            if owner >= 0 {
                slots[Int(owner)].append(slot)
            } else if unserved == nil {
                unserved = slot
            }
        }
        return (nodes, slots, unserved)
    }

    /// The address ("host:port") of the master of `slot`; nil when none is known (the map is read again soon).
    func owner(ofSlot slot: Int) -> String? {
        let owner = map.withLock { map -> String? in
            let owner = Int(map.owners[slot])
            return owner >= 0 && owner < map.nodes.count ? map.nodes[owner].address : nil
        }
        if owner == nil { wake.signal() }
        return owner
    }

    /// Where to connect to the node at `address`, with the URL's credentials.
    func endpoint(of address: String) -> RedisEndpoint? {
        guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]) else { return nil }
        return RedisEndpoint(host: String(address[..<colon]), port: port, credentialsOf: seeds[0])
    }

    /// Reads the map again soon (within 100 ms of the last reading): a node failed or answered that it no longer
    /// serves a slot.
    func mapMayBeStale() {
        wake.signal()
    }

    /// What was counted, per node address.
    func nodeStatistics() -> [StoreNodeStatistics] {
        statistics.withLock { $0.values.sorted { $0.node < $1.node } }
    }

    /// Stops the map's thread and closes every pipeline, each answering what is queued first.
    func close() {
        let nodes = map.withLock { map in
            map.isClosed = true
            defer { (map.nodes, map.owners) = ([], map.owners.map { _ in -1 }) }
            return map.nodes
        }
        wake.signal()
        let thread = refresher.withLock { thread in
            defer { thread = nil }
            return thread
        }
        if let thread, !thread.isCurrent { thread.join() }
        for node in nodes { node.pipeline.close() }
    }

    // MARK: Routing

    private func route(_ call: PipelinedCall, slot: Int) {
        let (pipeline, isClosed) = map.withLock { map -> (RedisPipeline?, Bool) in
            let owner = Int(map.owners[slot])
            return (owner >= 0 && owner < map.nodes.count ? map.nodes[owner].pipeline : nil, map.isClosed)
        }
        if isClosed { return Self.fail(call, "session store is closed") }
        guard let pipeline else {
            wake.signal()
            return Self.fail(call, "redis cluster: no master is known for slot \(slot)")
        }
        pipeline.send(call)
    }

    private static func fail(_ call: PipelinedCall, _ message: String) {
        call.completion(.failure(call.isRetry ? .outcomeUnknown(message) : .unavailable(message)), call.isRetry)
    }

    /// A node answered `MOVED` or `ASK` to `call`.
    private func redirect(_ call: PipelinedCall, _ redirect: RedisRedirect, from address: String) {
        statistics.withLock { $0[address, default: .init(node: address)].redirects += 1 }
        guard call.redirects < Self.maximumRedirects else {
            return Self.fail(call, "redis cluster: slot \(redirect.slot) was redirected \(call.redirects) times")
        }
        var next = call
        next.redirects += 1
        next.isAsking = !redirect.isMoved
        let target = map.withLock { map -> RedisPipeline? in
            guard !map.isClosed, let index = node(at: redirect.host, redirect.port, in: &map) else { return nil }
            if redirect.isMoved { map.owners[redirect.slot] = Int16(index) }
            return map.nodes[index].pipeline
        }
        if redirect.isMoved { wake.signal() }
        guard let target else { return Self.fail(call, "session store is closed") }
        target.send(next)
    }

    /// The index of the node at `host:port` in `map`, its pipeline started when it is new; nil when it cannot start.
    private func node(at host: String, _ port: Int, in map: inout Map) -> Int? {
        let address = "\(host):\(port)"
        if let index = map.nodes.firstIndex(where: { $0.address == address }) { return index }
        let endpoint = RedisEndpoint(host: host, port: port, credentialsOf: seeds[0])
        let hooks = RedisNodeHooks(
            redirect: { [weak self] call, redirect in
                guard let self else { return Self.fail(call, "session store is closed") }
                self.redirect(call, redirect, from: address)
            },
            trouble: { [weak self] in self?.wake.signal() },
            batch: { [weak self] calls, failed, seconds in
                self?.statistics.withLock { statistics in
                    var node = statistics[address] ?? StoreNodeStatistics(node: address)
                    node.calls += calls
                    node.failedCalls += failed
                    node.roundTrips += 1
                    node.roundTripSeconds += seconds
                    statistics[address] = node
                }
            })
        guard let pipeline = try? RedisPipeline(endpoint: endpoint, acknowledgement: acknowledgement, hooks: hooks) else { return nil }
        map.nodes.append(Node(address: address, pipeline: pipeline))
        return map.nodes.count - 1
    }

    // MARK: The map

    /// Waits for a sign that the map is out of date (or 5 seconds), then reads it; false once the cluster closes.
    private func keepCurrent() -> Bool {
        _ = wake.wait(seconds: 5)
        if map.withLock({ $0.isClosed }) { return false }
        refresh()
        // Signs that come meanwhile are answered by the next reading, at most ten times a second.
        _ = wake.wait(seconds: 0.1)
        return !map.withLock { $0.isClosed }
    }

    /// Reads `CLUSTER SLOTS` from the first node that answers and routes by it; the pipelines of nodes that serve no
    /// slot any more are closed (each answers its queued calls first: a `MOVED` sends them on).
    func refresh() {
        let known = map.withLock { map in map.nodes.map(\.address) }
        let candidates = known.compactMap(endpoint(of:)) + seeds
        for endpoint in candidates {
            guard let connection = try? endpoint.connect(), let reply = try? connection.command("CLUSTER", "SLOTS"),
                let ranges = Self.ranges(reply), !ranges.isEmpty
            else { continue }
            let retired = map.withLock { map -> [Node] in
                guard !map.isClosed else { return [] }
                var owners = [Int16](repeating: -1, count: RedisHashSlot.count)
                for range in ranges {
                    guard let index = node(at: range.host, range.port, in: &map) else { continue }
                    for slot in range.slots { owners[slot] = Int16(index) }
                }
                let serving = Set(owners.filter { $0 >= 0 })
                let kept = map.nodes.indices.filter { serving.contains(Int16($0)) }
                let renumbered = Dictionary(uniqueKeysWithValues: kept.enumerated().map { (Int16($0.element), Int16($0.offset)) })
                let retired = map.nodes.indices.filter { !serving.contains(Int16($0)) }.map { map.nodes[$0] }
                map.nodes = kept.map { map.nodes[$0] }
                map.owners = owners.map { $0 >= 0 ? renumbered[$0]! : -1 }
                return retired
            }
            for node in retired { node.pipeline.close() }
            return
        }
    }

    /// The slot ranges of a `CLUSTER SLOTS` reply, each with its master's address.
    private static func ranges(_ reply: RedisReply) -> [(slots: ClosedRange<Int>, host: String, port: Int)]? {
        guard case .array(let entries) = reply else { return nil }
        var ranges: [(slots: ClosedRange<Int>, host: String, port: Int)] = []
        for entry in entries {
            guard case .array(let parts) = entry, parts.count >= 3, case .integer(let first) = parts[0], case .integer(let last) = parts[1],
                case .array(let master) = parts[2], master.count >= 2, case .string(let host) = master[0], case .integer(let port) = master[1],
                first <= last, last < RedisHashSlot.count
            else { return nil }
            ranges.append((Int(first)...Int(last), String(decoding: host, as: UTF8.self), Int(port)))
        }
        return ranges
    }
}
