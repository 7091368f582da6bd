import CalculatorEngine
import Dispatch
import HTTPServer
import SessionStore
import Synchronization
import Threading

/// The clients following sessions on this instance (GET /sessions/{id}/events), each session's with the last version
/// they were sent. A change that completes here (a press, a settings change, a deletion), or that another instance
/// reports through the store's change feed (`SessionChangeFeed`), becomes one event, rendered once and queued on every watcher's stream.
///
/// Versions never go backwards for a watcher: each session's events are queued under one lock, and an event whose
/// version is not above the last one sent is dropped (two updates of one session may complete out of order, and a
/// change made here comes back through the feed as well). A session's watchers end with an event that says why: it was
/// deleted, or it expired, which `SessionWatchers+Upkeep` finds out by asking the store. Calls to the feed (its
/// subscriptions) are made under the lock, so they follow the watched sessions in order.
///
/// The press path asks `isWatched` first, an atomic load: a change of a session nobody watches here (whether or not
/// others are watched) usually looks nothing up.
final class SessionWatchers: Sendable {
    /// How many watchers a session and a client address may have; 0 turns a limit off.
    struct Limits: Sendable {
        var perSession: Int
        var perClient: Int
    }

    /// One client following one session.
    struct Watcher {
        let stream: ResponseStream
        /// The client's address, which the per-client limit counts.
        let client: String
        /// The version the client said it has (Last-Event-ID).
        let lastEventID: UInt64?
        /// It waits for its first event until the session is followed (`Watched.isFollowed`).
        var isWaiting: Bool
        /// The grant whose revocation ends the stream: the token's, or the one that minted its ticket; nil with open
        /// access.
        let holder: String?
        /// When that grant expires, which ends the stream as its revocation does (`SessionWatchers+Upkeep`); 0: never.
        let holderExpiresAt: Double
    }

    /// A watched session. Only touched under the state's lock, which is what makes it Sendable.
    final class Watched: @unchecked Sendable {
        var watchers: [Watcher] = []
        /// The last version sent, and its event for a watcher that joins.
        var version: UInt64 = 0
        var event: [UInt8] = []
        /// The earliest the session may expire, in the store's clock: every read and write moves its expiry later.
        var expiresAt: Double
        /// A question to the store whether the session still lives is under way.
        var isProbing = false
        /// The last read (`refresh`) found the store silent: the upkeep reads again.
        var needsReading = false
        /// Changes made elsewhere reach this instance (always, without a feed). Until then, watchers wait for their
        /// first event: a version written between their read and the subscription would not be reported.
        var isFollowed: Bool

        init(expiresAt: Double, isFollowed: Bool) {
            self.expiresAt = expiresAt
            self.isFollowed = isFollowed
        }
    }

    struct State {
        var sessions: [SessionID: Watched] = [:]
        /// Watchers per client address.
        var clients: [String: Int] = [:]
        var watchers = 0
        var lastHeartbeat: Double
        var isClosed = false
    }

    /// Most bytes a watcher's stream holds unsent before the watcher is dropped: a few dozen events.
    static let streamCapacity = 32_768

    let state: Lock<State>
    /// The watched sessions counted by their id's hash in buckets, read without the lock by the press path: a
    /// session whose bucket is empty is not watched. Sequentially consistent, so that a watcher registered after its
    /// read is not missed by a change completed in between: either the change sees the count, or the read that follows
    /// a new registration (`refresh`) sees the change.
    private let watchedBuckets: InlineArray<8192, Atomic<UInt16>> = InlineArray { _ in Atomic(0) }
    /// A stream has closed since the upkeep last looked, so some watcher is gone. An object of its own, which the
    /// streams hold: a weak reference to the watchers would give them a side table, and every retain of them on the
    /// press path (an update holds them) would take the runtime's slow path.
    let streamClosed = Flag()

    final class Flag: Sendable {
        let isSet = Atomic<Bool>(false)
    }
    let limits: Limits
    let heartbeatInterval: Double
    /// The store's clock and idle expiry, for when a session may expire.
    let now: @Sendable () -> Double
    let ttl: Double
    let metrics: ServiceMetrics
    let lookups: SessionLookups
    let feed: (any SessionChangeFeed<SessionRecord>)?
    let upkeep = DispatchQueue(label: "calculator.session-watchers")

    init(
        limits: Limits, heartbeat: Duration, sessions: SessionStoreOptions, metrics: ServiceMetrics, lookups: SessionLookups,
        feed: (any SessionChangeFeed<SessionRecord>)?
    ) throws {
        self.limits = limits
        self.heartbeatInterval = heartbeat.seconds
        self.now = sessions.now
        self.ttl = sessions.ttl.seconds
        self.metrics = metrics
        self.lookups = lookups
        self.feed = feed
        self.state = Lock(State(lastHeartbeat: sessions.now()))
        // Held until `close`, which stops the feed's thread.
        try feed?.start { [self] change in apply(change) }
        scheduleUpkeep()
    }

    /// Whether `id` may be watched here (false: it is not); read first by every change, without a lock.
    func isWatched(_ id: SessionID) -> Bool {
        watchedBuckets[Self.bucket(id)].load(ordering: .sequentiallyConsistent) != 0
    }

    private static func bucket(_ id: SessionID) -> Int {
        Int(truncatingIfNeeded: id.spread) & 8191
    }

    // MARK: Watchers

    /// A new watcher of the session `stored` was just read from, as its stream: the current state is queued first,
    /// unless `lastEventID` says the client has it already (with a feed, once the session is followed). The stream
    /// ends when the grant `holder` is revoked or expires (at `holderExpiresAt`, unless 0). Throws the problem of a
    /// limit reached.
    func watch(
        _ id: SessionID, _ stored: Versioned<SessionRecord>, lastEventID: UInt64?, client: String, holder: String? = nil,
        holderExpiresAt: Double = 0
    ) throws(Problem) -> ResponseStream {
        let stream = ResponseStream(capacity: Self.streamCapacity) { [streamClosed] in
            streamClosed.isSet.store(true, ordering: .relaxed)
        }
        let expiresAt = now() + ttl
        let (watching, isNew) = try state.withLock { state throws(Problem) -> (Int, Bool) in
            guard !state.isClosed else { throw Problem(.storeUnavailable, "the service is stopping") }
            try admit(id, client, in: &state)
            let watched = state.sessions[id] ?? Watched(expiresAt: expiresAt, isFollowed: feed == nil)
            let isNew = state.sessions[id] == nil
            // The read moved the expiry; a version newer than the one read was already sent to the others.
            watched.expiresAt = max(watched.expiresAt, expiresAt)
            if stored.version > watched.version {
                watched.version = stored.version
                watched.event = stored.value.withState { Rendering.event($0, id: id, version: stored.version) }
            }
            if watched.isFollowed, lastEventID != watched.version { _ = stream.enqueue(watched.event) }
            watched.watchers.append(
                Watcher(
                    stream: stream, client: client, lastEventID: lastEventID, isWaiting: !watched.isFollowed, holder: holder,
                    holderExpiresAt: holderExpiresAt))
            state.clients[client, default: 0] += 1
            state.watchers += 1
            if isNew {
                state.sessions[id] = watched
                watchedBuckets[Self.bucket(id)].wrappingAdd(1, ordering: .sequentiallyConsistent)
                feed?.follow(id)
            }
            return (state.watchers, isNew)
        }
        metrics.watching(watching)
        // A change that completed between the read and now did not see the session watched; with a feed, the read
        // comes once the session is followed.
        if isNew, feed == nil { refresh(id) }
        return stream
    }

    /// Refuses a watcher past a limit. Watchers whose streams have ended, or whose clients have left, are let go
    /// first, so a client that reconnects is not refused for the connection it has just left.
    private func admit(_ id: SessionID, _ client: String, in state: inout State) throws(Problem) {
        if limits.perSession > 0, let watched = state.sessions[id], watched.watchers.count >= limits.perSession {
            Self.removeClosed(from: watched, askingSockets: true, in: &state)
            if watched.watchers.count >= limits.perSession {
                metrics.watcherRefused("session")
                throw Problem(
                    .tooManySessionWatchers, "this session has as many watchers as it may (\(limits.perSession)); try again later",
                    headers: [("Retry-After", "5")])
            }
        }
        if limits.perClient > 0, state.clients[client, default: 0] >= limits.perClient {
            for watched in state.sessions.values { Self.removeClosed(from: watched, askingSockets: true, in: &state) }
            if state.clients[client, default: 0] >= limits.perClient {
                metrics.watcherRefused("client")
                throw Problem(
                    .tooManyWatchers, "this client watches as many sessions as it may (\(limits.perClient)); close one first",
                    headers: [("Retry-After", "5")])
            }
        }
    }

    /// Removes the watchers of `watched` whose streams have ended (closed, dropped or finished), and with
    /// `askingSockets` (a system call each) those whose clients have left.
    static func removeClosed(from watched: Watched, askingSockets: Bool, in state: inout State) {
        watched.watchers.removeAll { watcher in
            guard !watcher.stream.isOpen || (askingSockets && watcher.stream.endIfClientLeft()) else { return false }
            forget(watcher, in: &state)
            return true
        }
    }

    /// `id` was removed from the watched sessions: the press path and the feed learn it.
    func stopWatching(_ id: SessionID, in state: inout State) {
        watchedBuckets[Self.bucket(id)].wrappingSubtract(1, ordering: .sequentiallyConsistent)
        feed?.unfollow(id)
    }

    /// Takes a removed watcher off the counts.
    static func forget(_ watcher: Watcher, in state: inout State) {
        state.watchers -= 1
        if let count = state.clients[watcher.client], count > 1 {
            state.clients[watcher.client] = count - 1
        } else {
            state.clients[watcher.client] = nil
        }
    }

    // MARK: Changes

    /// The session is at `version` with `record`: each watcher gets the event, unless it has this version or a later
    /// one; a watcher whose token the record no longer grants (revoked) gets `revoked` instead, and its stream ends.
    /// `expiresAt` is the session's new expiry when known (a change through the feed carries it); a change made here
    /// has just moved it by the idle expiry.
    func changed(_ id: SessionID, version: UInt64, record: SessionRecord, expiresAt: Double? = nil) {
        // Rendered outside the lock, only for a session watched at an older version.
        guard let sent = state.withLock({ $0.sessions[id]?.version }), version > sent else { return }
        let event = record.withState { Rendering.event($0, id: id, version: version) }
        let expiry = expiresAt ?? now() + ttl
        let (woken, revoked) = state.withLock { state -> ([ResponseStream], [Watcher]) in
            guard let watched = state.sessions[id], version > watched.version else { return ([], []) }
            watched.version = version
            watched.event = event
            watched.expiresAt = max(watched.expiresAt, expiry)
            let revoked = Self.removeRevoked(from: watched, record, in: &state)
            return (queue(event, to: watched, in: &state), revoked)
        }
        for stream in woken { stream.flush() }
        guard !revoked.isEmpty else { return }
        let end = Rendering.endEvent(EndReason.revoked.eventName, id: id)
        for watcher in revoked { watcher.stream.finish(with: end) }
    }

    /// Removes the watchers whose grant `record` no longer holds.
    private static func removeRevoked(from watched: Watched, _ record: SessionRecord, in state: inout State) -> [Watcher] {
        var revoked: [Watcher] = []
        watched.watchers.removeAll { watcher in
            guard let holder = watcher.holder, !record.grants.contains(where: { $0.id == holder }) else { return false }
            revoked.append(watcher)
            forget(watcher, in: &state)
            return true
        }
        return revoked
    }

    /// Queues `chunk` on every watcher of `watched` and returns their streams, to be flushed once the lock is let go
    /// (a flush may resume a connection, which waits on libmicrohttpd's lock). A watcher whose stream ends or
    /// overflows is removed; the overflow drops its client, which reconnects and gets the current state.
    func queue(_ chunk: [UInt8], to watched: Watched, in state: inout State) -> [ResponseStream] {
        var woken: [ResponseStream] = []
        woken.reserveCapacity(watched.watchers.count)
        watched.watchers.removeAll { watcher in
            if watcher.isWaiting { return false }
            woken.append(watcher.stream)
            if watcher.stream.enqueue(chunk) { return false }
            if watcher.stream.wasDropped { metrics.watcherDropped() }
            Self.forget(watcher, in: &state)
            return true
        }
        return woken
    }

    /// The session is gone: every watcher gets the event that says how, and its stream ends.
    func ended(_ id: SessionID, _ reason: EndReason) {
        let (watchers, watching) = state.withLock { state -> ([Watcher], Int) in
            guard let watched = state.sessions.removeValue(forKey: id) else { return ([], state.watchers) }
            stopWatching(id, in: &state)
            for watcher in watched.watchers { Self.forget(watcher, in: &state) }
            return (watched.watchers, state.watchers)
        }
        guard !watchers.isEmpty else { return }
        metrics.watching(watching)
        let event = Rendering.endEvent(reason.eventName, id: id)
        for watcher in watchers { watcher.stream.finish(with: event) }
    }

    /// How a session's stream ends.
    enum EndReason {
        case deleted
        case expired
        /// The token the stream was opened with was revoked, or has expired (the session goes on).
        case revoked

        /// The name of the stream's last event.
        var eventName: StaticString {
            switch self {
            case .deleted: "deleted"
            case .expired: "expired"
            case .revoked: "revoked"
            }
        }
    }

    /// What another instance did to a session, as the feed reports it.
    private func apply(_ change: SessionChange<SessionRecord>) {
        switch change {
        case let .changed(id, stored, expiresAt):
            changed(id, version: stored.version, record: stored.value, expiresAt: expiresAt)
        case let .deleted(id):
            ended(id, .deleted)
        case let .following(id):
            followed(id)
        }
    }

    /// Changes of `id` made elsewhere reach this instance from now on: the watchers waiting get the state sent last,
    /// then a read gets the changes made between their read and the subscription, which were not reported. The feed
    /// says so again after it reconnects, so the read also finds what was missed while it was cut off: a newer version,
    /// or the session gone.
    private func followed(_ id: SessionID) {
        let woken = state.withLock { state -> [ResponseStream] in
            guard let watched = state.sessions[id] else { return [] }
            watched.isFollowed = true
            var woken: [ResponseStream] = []
            for index in watched.watchers.indices where watched.watchers[index].isWaiting {
                watched.watchers[index].isWaiting = false
                let watcher = watched.watchers[index]
                if watcher.lastEventID != watched.version, watcher.stream.enqueue(watched.event) { woken.append(watcher.stream) }
            }
            return woken
        }
        for stream in woken { stream.flush() }
        refresh(id)
    }

    /// Reads the session and sends its version to the watchers that lack it. A session found gone was deleted (its
    /// report, if any, was lost): its watchers get `deleted`. When the store does not answer, the upkeep reads again.
    func refresh(_ id: SessionID) {
        lookups.read(id) { [self] reading in
            switch reading {
            case .found(let stored): changed(id, version: stored.version, record: stored.value)
            case .gone: ended(id, .deleted)
            case .unknown: state.withLock { $0.sessions[id]?.needsReading = true }
            }
        }
    }

    /// Ends every stream (each gets its queued events first) and stops the upkeep; watching is refused from now on.
    func close() {
        let all = state.withLock { state -> [Watcher] in
            state.isClosed = true
            let all = state.sessions.values.flatMap(\.watchers)
            for id in state.sessions.keys { watchedBuckets[Self.bucket(id)].wrappingSubtract(1, ordering: .sequentiallyConsistent) }
            state.sessions = [:]
            state.clients = [:]
            state.watchers = 0
            return all
        }
        feed?.close()
        for watcher in all { watcher.stream.finish() }
        upkeep.sync {}
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
