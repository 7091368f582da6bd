// Public: the `@inlinable` methods below use Lock, so clients must see it.
public import Threading
// Public: the `@inlinable` update writes its record's numbers through ByteBuffer.
public import Bytes

extension RedisSessionStore {
    /// Runs one update of a session at a time in this process (the next starts when one has completed), so they do
    /// not conflict with each other; writes from other processes are what `attempt` retries on.
    ///
    /// Inlinable, as what it runs is: so the update's steps run specialized for the caller's types.
    @inlinable
    public func update<Update: SessionUpdate<Value>>(_ update: consuming Update) {
        let update = copy update
        if !updating.begin(update.id), updating.wait(update.id, then: { [self] in start(update) }) { return }
        start(update)
    }

    /// Starts from the session as this process last wrote or read it, when it remembers it (one round trip), and
    /// reads it otherwise; then `attempt`.
    @inlinable
    func start<Update: SessionUpdate<Value>>(_ update: Update) {
        guard let (known, value) = recent.take(update.id, liveAfter: clock().now) else { return read(update) }
        attempt(update, on: value, stored: known, isFresh: false, attempt: 1)
    }

    /// Reports, and starts the next update of the session waiting in this process.
    @inlinable
    func finish<Update: SessionUpdate<Value>>(_ update: Update, _ result: Result<(version: UInt64, output: Update.Output), any Error>) {
        update.complete(result)
        updating.end(update.id)
    }

    /// Reads the session (which moves its expiry) and attempts the update on it.
    @inlinable
    func read<Update: SessionUpdate<Value>>(_ update: Update) {
        let time = clock()
        pipeline.send(getCall(update.id, time)) { [self] reply, _ in
            do {
                guard let record = try Self.fetched(reply) else { throw SessionStoreError.notFound }
                let (stored, value) = try decode(record, of: update.id, expiresAt: time.expires)
                attempt(update, on: value, stored: stored, isFresh: true, attempt: 1)
            } catch {
                finish(update, .failure(error))
            }
        }
    }

    /// Runs the update on `value`, stored as `stored`, and writes the result over exactly that stored write (same
    /// version and write token). When another write came first, the compare-and-set answers with the record as it is
    /// now, and the update goes again from there at once: no read, and one of the writers that conflict wins each
    /// round trip. `isFresh`: `stored` comes from a read just made (which moved the expiry), so a refusal or a keep is
    /// the answer; otherwise (remembered, or a conflict's answer) they are checked again on a read.
    @inlinable
    func attempt<Update: SessionUpdate<Value>>(_ update: Update, on value: Value, stored: StoredWrite, isFresh: Bool, attempt: Int) {
        let id = update.id
        let verdict: Check<Update.Output>
        do {
            verdict = try update.check(value, version: stored.version)
        } catch {
            guard isFresh else {
                recent.wrote(value, as: stored, for: id)  // unchanged: put back
                return read(update)
            }
            return finish(update, .failure(error))
        }
        guard case .change = verdict else {
            guard isFresh else {
                recent.wrote(value, as: stored, for: id)
                return read(update)
            }
            if case .keep(let output) = verdict { finish(update, .success((stored.version, output))) }
            return
        }
        var value = value
        let output = update.change(&value, version: stored.version)
        let time = clock()
        let write: Written
        do {
            write = try written(id, value, over: stored, time)
        } catch {
            return finish(update, .failure(error))
        }
        pipeline.send(write.call) { [self, value] reply, isRetry in
            do {
                switch try reply.get() {
                case .integer(1):
                    recent.wrote(value, as: write.stored, for: id)
                    finish(update, .success((write.stored.version, output)))
                case .null:
                    throw SessionStoreError.notFound
                case .string where isRetry:
                    // Sent again after a lost reply, it finds another write in its place: one that came before the
                    // first sending ran, or after it. Running the update again could apply it twice.
                    throw SessionStoreError.outcomeUnknown("redis: a write sent again after its reply was lost found another write in its place")
                case .string(let record):
                    guard attempt < Self.maxUpdateAttempts else {
                        throw SessionStoreError.unavailable("redis: gave up after \(attempt) conflicting writes to one session")
                    }
                    let (current, currentValue) = try decode(record, of: id, expiresAt: nil)
                    self.attempt(update, on: currentValue, stored: current, isFresh: false, attempt: attempt + 1)
                case let other:
                    throw Self.unexpected(other)
                }
            } catch {
                finish(update, .failure(error))
            }
        }
    }

    /// A compare-and-set ready to send, with the write it stores.
    @usableFromInline
    struct Written: Sendable {
        @usableFromInline let call: ScriptCall
        @usableFromInline let stored: StoredWrite

        @inlinable
        init(call: ScriptCall, stored: StoredWrite) {
            self.call = call
            self.stored = stored
        }
    }

    /// The call that writes `value` at the next version over exactly the stored write `stored`.
    @inlinable
    func written(_ id: SessionID, _ value: Value, over stored: StoredWrite, _ time: Clock) throws -> Written {
        let token = newToken()
        let payload: [UInt8]
        do {
            payload = try codec.encode(value)
        } catch {
            throw SessionStoreError.corrupt("cannot encode a session: \(error)")
        }
        let version = stored.version + 1
        let call = ScriptCall(script: RedisScripts.compareAndSet, keys: [key(id), indexKey], arguments: [
            RedisRecord.versionField(stored.version),
            RedisRecord.bytes(version: version, expires: time.expiresMilliseconds, token: token, payload: payload),
            ByteBuffer.decimal(time.nowMilliseconds), ByteBuffer.decimal(time.redisTTLMilliseconds), ByteBuffer.decimal(time.expiresMilliseconds),
            id.bytes, token, ByteBuffer.decimal(time.redisTTLMilliseconds + 60_000), stored.token,
        ])
        return Written(call: call, stored: StoredWrite(bytes: payload, version: version, expiresAt: time.expires, token: token))
    }
}

/// The sessions with an update in flight in this process, each with the updates waiting for it.
@usableFromInline
final class SessionUpdateQueues: Sendable {
    private struct Waiting {
        var queued: [@Sendable () -> Void] = []
        /// A thread is running the start of the next update (`end`).
        var starting = false
        /// That update ended before its start returned (a failure reported at once, as a closing pipeline does).
        var endedWhileStarting = false
    }

    private let waiting = Lock<[SessionID: Waiting]>([:])

    /// True when no update of `id` was in flight: the caller's is now, and it calls `end` when done.
    @usableFromInline
    func begin(_ id: SessionID) -> Bool {
        waiting.withLock { waiting in
            if waiting[id] != nil { return false }
            waiting[id] = Waiting()
            return true
        }
    }

    /// Queues `next` behind the update of `id` in flight: true. False when that one has ended meanwhile: the caller's
    /// update is in flight now, as after `begin`.
    @usableFromInline
    func wait(_ id: SessionID, then next: @escaping @Sendable () -> Void) -> Bool {
        waiting.withLock { waiting in
            guard waiting[id] != nil else {
                waiting[id] = Waiting()
                return false
            }
            waiting[id]?.queued.append(next)
            return true
        }
    }

    /// The update of `id` in flight is done: the next one waiting starts (on this thread), if there is one. An update
    /// that ends while its start is running does not start the one after it from inside that start: the thread
    /// running the start does, once it returns. Otherwise every update refused at once (the pipeline closing) would
    /// start the next from inside its own report, one stack frame deeper each, and a long queue overflowed the stack.
    @usableFromInline
    func end(_ id: SessionID) {
        var next = waiting.withLock { waiting -> (@Sendable () -> Void)? in
            guard var session = waiting[id] else { return nil }
            if session.starting {
                session.endedWhileStarting = true
                waiting[id] = session
                return nil
            }
            return Self.takeNext(of: id, session, in: &waiting)
        }
        while let start = next {
            start()
            next = waiting.withLock { waiting in
                guard var session = waiting[id] else { return nil }
                session.starting = false
                guard session.endedWhileStarting else {
                    waiting[id] = session
                    return nil
                }
                session.endedWhileStarting = false
                return Self.takeNext(of: id, session, in: &waiting)
            }
        }
    }

    /// The first update waiting for `id`, marked as starting; nil, and `id` no longer in flight, when none waits.
    private static func takeNext(
        of id: SessionID, _ session: Waiting, in waiting: inout [SessionID: Waiting]
    ) -> (@Sendable () -> Void)? {
        var session = session
        guard !session.queued.isEmpty else {
            waiting[id] = nil
            return nil
        }
        let first = session.queued.removeFirst()
        session.starting = true
        waiting[id] = session
        return first
    }
}
