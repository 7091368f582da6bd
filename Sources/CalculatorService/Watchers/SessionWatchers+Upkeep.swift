import Dispatch
import HTTPServer
import SessionStore
import Synchronization
import Threading

/// What the watchers ask of the store, as closures made for its concrete type (`init(_:)`).
struct SessionLookups: Sendable {
    /// Whether a session lives, as a probe found it.
    enum Liveness: Sendable {
        case live(version: UInt64)
        case gone
        /// The store did not answer.
        case unknown
    }

    /// What a read found.
    enum Reading: Sendable {
        case found(Versioned<SessionRecord>)
        case gone
        /// The store did not answer.
        case unknown
    }

    /// The session, refreshing its expiry.
    let read: @Sendable (SessionID, @escaping @Sendable (Reading) -> Void) -> Void
    /// Whether the session lives, without refreshing its expiry (watching a session does not keep it alive).
    let probe: @Sendable (SessionID, @escaping @Sendable (Liveness) -> Void) -> Void

    init<Store: SessionStore<SessionRecord>>(_ store: Store) {
        read = { id, completion in
            store.read(id) { result in
                switch result {
                case .success(let stored): completion(.found(stored))
                case .failure(.notFound): completion(.gone)
                case .failure: completion(.unknown)
                }
            }
        }
        // The store has no read that leaves the expiry alone; a delete that expects version 0, which no session has
        // (versions start at 1), answers with the current version and deletes nothing, or finds the session gone.
        probe = { id, completion in
            store.delete(id, expectedVersion: 0) { result in
                switch result {
                case .failure(.versionMismatch(let current)): completion(.live(version: current))
                case .failure(.notFound), .success: completion(.gone)
                case .failure: completion(.unknown)
                }
            }
        }
    }
}

extension SessionWatchers {
    /// How often the upkeep runs: it sends the heartbeats, lets go of watchers whose streams have ended, and asks the
    /// store about sessions that may have expired.
    private var upkeepInterval: Double { min(1, heartbeatInterval) }

    /// The next turn of the upkeep, unless the watchers are closed by then; each turn schedules the next.
    func scheduleUpkeep() {
        upkeep.asyncAfter(deadline: .now() + upkeepInterval) { [self] in
            guard !state.withLock({ $0.isClosed }) else { return }
            runUpkeep()
            scheduleUpkeep()
        }
    }

    /// One turn of the upkeep. A heartbeat is a comment line, which clients ignore: it keeps proxies from closing an
    /// idle stream and lets a client see that it is still connected; queued on a stream whose client has gone, it
    /// fails, and the watcher is let go. A watcher whose token has expired ends as a revoked one does. A session whose
    /// last read found the store silent is read again.
    func runUpkeep() {
        let time = now()
        var probes: [SessionID] = []
        var rereads: [SessionID] = []
        var expired: [(SessionID, ResponseStream)] = []
        let (woken, watching) = state.withLock { state -> ([ResponseStream], Int) in
            let heartbeat = time - state.lastHeartbeat >= heartbeatInterval
            if heartbeat { state.lastHeartbeat = time }
            let anyClosed = streamClosed.isSet.exchange(false, ordering: .relaxed)
            var woken: [ResponseStream] = []
            var unwatched: [SessionID] = []
            for (id, watched) in state.sessions {
                if heartbeat {
                    woken += queue(Self.heartbeat, to: watched, in: &state)
                } else if anyClosed {
                    Self.removeClosed(from: watched, askingSockets: false, in: &state)
                }
                Self.removeExpiredAccess(from: watched, at: time, in: &state) { expired.append((id, $0)) }
                if watched.watchers.isEmpty {
                    unwatched.append(id)
                    continue
                }
                if watched.needsReading {
                    watched.needsReading = false
                    rereads.append(id)
                }
                if watched.expiresAt <= time, !watched.isProbing {
                    watched.isProbing = true
                    probes.append(id)
                }
            }
            for id in unwatched {
                state.sessions[id] = nil
                stopWatching(id, in: &state)
            }
            return (woken, state.watchers)
        }
        for stream in woken { stream.flush() }
        for (id, stream) in expired { stream.finish(with: Rendering.endEvent(EndReason.revoked.eventName, id: id)) }
        metrics.watching(watching)
        for id in probes {
            lookups.probe(id) { [self] liveness in probed(id, liveness) }
        }
        for id in rereads { refresh(id) }
    }

    /// Removes the watchers of `watched` whose token has expired at `time`, handing each one's stream to `ended`.
    private static func removeExpiredAccess(
        from watched: Watched, at time: Double, in state: inout State, _ ended: (ResponseStream) -> Void
    ) {
        watched.watchers.removeAll { watcher in
            guard watcher.holderExpiresAt != 0, watcher.holderExpiresAt <= time else { return false }
            ended(watcher.stream)
            forget(watcher, in: &state)
            return true
        }
    }

    /// What a probe found: a session gone, or replaced by a new one under its id (an older version than was sent),
    /// has expired; a live one is asked about again a heartbeat later, as its expiry is not known.
    private func probed(_ id: SessionID, _ liveness: SessionLookups.Liveness) {
        let retry = now() + min(heartbeatInterval, ttl)
        let outcome = state.withLock { state -> ProbeOutcome in
            guard let watched = state.sessions[id] else { return .nothing }
            watched.isProbing = false
            switch liveness {
            case .gone:
                return .expired
            case .live(let version) where version < watched.version:
                return .expired
            case .live(let version):
                watched.expiresAt = max(watched.expiresAt, retry)
                return version > watched.version ? .behind : .nothing
            case .unknown:
                watched.expiresAt = max(watched.expiresAt, retry)
                return .nothing
            }
        }
        switch outcome {
        case .expired: ended(id, .expired)
        case .behind: refresh(id)
        case .nothing: break
        }
    }

    private enum ProbeOutcome {
        case nothing
        case expired
        /// The session has versions the watchers were not sent (a change whose report was lost).
        case behind
    }

    static let heartbeat = Array(":\n\n".utf8)
}
