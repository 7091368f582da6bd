import Synchronization
import Threading

/// A Lua script, told apart by identity: a connection finds each one's SHA1 without hashing its text per call.
@usableFromInline
final class RedisScript: Hashable, Sendable {
    let text: String
    /// Whether the script writes what a client is told about (a create, an update, a deletion): with
    /// `--redis-replicas N` its reply waits until N replicas have it.
    let isAcknowledgedWrite: Bool

    init(_ text: String, isAcknowledgedWrite: Bool = false) {
        self.text = text
        self.isAcknowledgedWrite = isAcknowledgedWrite
    }

    @usableFromInline static func == (lhs: RedisScript, rhs: RedisScript) -> Bool { lhs === rhs }
    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// One Lua script run with its keys and arguments (EVALSHA).
@usableFromInline
struct ScriptCall: Sendable {
    let script: RedisScript
    let keys: [[UInt8]]
    let arguments: [[UInt8]]

    @usableFromInline
    init(script: RedisScript, keys: [[UInt8]], arguments: [[UInt8]]) {
        self.script = script
        self.keys = keys
        self.arguments = arguments
    }
}

/// A script call waiting in the pipeline, with what to do with its reply.
struct PipelinedCall: Sendable {
    let call: ScriptCall
    /// Runs on the pipeline thread with the reply (an error reply comes as `.unavailable`, or `.outcomeUnknown` to a
    /// call sent again), and `isRetry` true when the call was sent again after its first reply was lost, so it may meet
    /// its own earlier effect.
    let completion: @Sendable (Result<RedisReply, SessionStoreError>, _ isRetry: Bool) -> Void
    var isRetry = false
    /// Times Redis answered NOSCRIPT (it forgot the script: restart, SCRIPT FLUSH), so the script was loaded again.
    var reloads = 0
    /// Sent after `ASKING`: a cluster node is handing the call's slot to this one (`RedisCluster`).
    var isAsking = false
    /// Times a cluster node sent the call on to another (MOVED, ASK).
    var redirects = 0

    init(call: ScriptCall, completion: @escaping @Sendable (Result<RedisReply, SessionStoreError>, _ isRetry: Bool) -> Void) {
        self.call = call
        self.completion = completion
    }
}

/// What a pipeline that serves one node of a cluster tells the cluster (`RedisCluster`); a single server's pipeline
/// has none.
struct RedisNodeHooks: Sendable {
    /// A reply that sends the call to another node (`MOVED`, `ASK`): the hook takes the call over.
    let redirect: @Sendable (PipelinedCall, RedisRedirect) -> Void
    /// The node could not be reached, broke a connection, or answered that it serves no longer (`CLUSTERDOWN`...):
    /// the cluster's map may be out of date.
    let trouble: @Sendable () -> Void
    /// A batch's round trip: calls, failed calls, and its duration in seconds.
    let batch: @Sendable (_ calls: Int, _ failed: Int, _ seconds: Double) -> Void
}

/// A cluster node's answer that a key's slot is served elsewhere: for good (`MOVED`) or while the slot migrates
/// (`ASK`, good for one call, sent after `ASKING`).
struct RedisRedirect: Sendable, Equatable {
    let isMoved: Bool
    let slot: Int
    let host: String
    let port: Int

    /// The redirect an error reply names; nil for any other error.
    init?(_ message: String) {
        let parts = message.split(separator: " ")
        guard parts.count == 3, parts[0] == "MOVED" || parts[0] == "ASK", let slot = Int(parts[1]),
            let colon = parts[2].lastIndex(of: ":"), let port = Int(parts[2][parts[2].index(after: colon)...])
        else { return nil }
        isMoved = parts[0] == "MOVED"
        self.slot = slot
        host = String(parts[2][..<colon])
        self.port = port
    }
}

/// How many replicas must hold a write before its reply (`--redis-replicas`), and how long to wait for them.
struct ReplicaAcknowledgement: Sendable {
    var replicas = 0
    var timeoutMilliseconds = 1_000
}

/// The one thread that talks to Redis for a Redis store's sessions, over one connection it owns.
///
/// It takes every queued call, appends them all to the connection's output buffer, sends them in one write, then reads
/// the replies in order and runs each call's completion with its reply. Calls queued meanwhile form the next batch, so
/// a batch costs one round trip however many calls it holds, and no server thread waits for Redis.
/// - Completions run on this thread: they must not wait for Redis themselves. A follow-up (the read after a failed
///   compare-and-set) is queued like any call and goes out with the next batch.
/// - A broken connection is dropped and the next batch reconnects, at most once per 250 ms after a failed connect
///   (within that pause every call fails with `.unavailable` at once). A call whose reply was lost (a timeout, a
///   broken connection) may have run: it is sent once more, with `isRetry` set. Every store script is safe to repeat
///   (write tokens make a repeated create or compare-and-set recognise its own earlier write; a repeated delete that
///   finds nothing deleted it). When the second sending gets no answer either (lost again, or the reconnect or its
///   `SCRIPT LOAD` fails), the call fails with `.outcomeUnknown`, never `.unavailable`: the first may have run.
/// - Scripts are loaded (`SCRIPT LOAD`) on first use per connection; a call answered NOSCRIPT did nothing, so it
///   waits for the next batch, which loads the script again.
@usableFromInline
final class RedisPipeline: Sendable {
    private static var batchLimit: Int { 512 }

    private let queue: BatchQueue<PipelinedCall>
    private let thread: JoinableThread

    /// Starts the thread; nothing connects until the first call.
    init(endpoint: RedisEndpoint, acknowledgement: ReplicaAcknowledgement = .init(), hooks: RedisNodeHooks? = nil) throws {
        let queue = BatchQueue<PipelinedCall>()
        self.queue = queue
        let link = Link(endpoint: endpoint, acknowledgement: acknowledgement, hooks: hooks)
        // The thread holds the queue, not `self`, so the pipeline goes away with its store.
        thread = try JoinableThread { Self.serve(queue: queue, link: link) }
    }

    /// Where the thread sends its calls and what it waits for.
    private struct Link: Sendable {
        let endpoint: RedisEndpoint
        let acknowledgement: ReplicaAcknowledgement
        let hooks: RedisNodeHooks?
    }

    deinit {
        close()
    }

    /// Queues `call`; its completion runs on the pipeline thread once the reply is in, or at once (on this thread)
    /// with `.unavailable` when the pipeline is closing.
    @usableFromInline
    func send(_ call: ScriptCall, completion: @escaping @Sendable (Result<RedisReply, SessionStoreError>, _ isRetry: Bool) -> Void) {
        send(PipelinedCall(call: call, completion: completion))
    }

    /// Queues a call as it stands (one a cluster sent on from another node, keeping its retry and redirects).
    func send(_ call: PipelinedCall) {
        if !queue.enqueue(call) { Self.fail(call, "session store is closed") }
    }

    /// Refuses later calls, lets the thread answer what is queued, and waits for it to end. Only the first call
    /// waits (a thread is joined once); `deinit` calls it again after the store's `close()`.
    func close() {
        if queue.close() { thread.join() }
    }

    private static func serve(queue: BatchQueue<PipelinedCall>, link: Link) {
        var connection: RedisConnection?
        var batch: [PipelinedCall] = []
        // Calls to send again (lost reply, NOSCRIPT) go first in the next batch.
        var again: [PipelinedCall] = []
        let clock = ContinuousClock()
        while true {
            swap(&batch, &again)
            guard queue.next(into: &batch, limit: batchLimit) else { break }
            // Only a cluster's node counts its round trips: a single server's pipeline reads no clock.
            let started = link.hooks == nil ? nil : clock.now
            let failed = run(batch, connection: &connection, link: link, again: &again)
            if let hooks = link.hooks, let started {
                if failed > 0 { hooks.trouble() }
                let elapsed = (clock.now - started).components
                hooks.batch(batch.count, failed, Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
            }
            batch.removeAll(keepingCapacity: true)
        }
        // The connection closes when it goes away with this function.
    }

    /// Fails `call` with `message`: `.unavailable` when this was its first sending, which did not run; else
    /// `.outcomeUnknown`, as the first sending may have run.
    private static func fail(_ call: PipelinedCall, _ message: String) {
        call.completion(.failure(call.isRetry ? .outcomeUnknown(message) : .unavailable(message)), call.isRetry)
    }

    /// One round trip for `batch`; calls to send again are appended to `again`. Returns how many calls failed for
    /// the node's sake (unreachable, a broken connection, a node that serves no longer), which tells a cluster to
    /// look at its map again.
    private static func run(
        _ batch: [PipelinedCall], connection open: inout RedisConnection?, link: Link, again: inout [PipelinedCall]
    ) -> Int {
        let connection: RedisConnection
        let replicas = link.acknowledgement.replicas
        let waitsForReplicas = replicas > 0 && batch.contains { $0.call.script.isAcknowledgedWrite }
        do {
            connection = try open ?? link.endpoint.connect()
            open = connection
            // Load the scripts this batch needs that this connection does not know yet (a new connection, NOSCRIPT).
            for call in batch where connection.scriptDigests[call.call.script] == nil {
                let reply = try connection.command("SCRIPT", "LOAD", call.call.script.text)
                guard case .string(let digest) = reply else { throw SessionStoreError.unavailable("redis: SCRIPT LOAD failed: \(reply)") }
                connection.scriptDigests[call.call.script] = digest
            }
            for call in batch {
                if call.isAsking { try connection.append([Array("ASKING".utf8)]) }
                let digest = connection.scriptDigests[call.call.script]!
                try connection.appendEvaluation(digest, keys: call.call.keys, arguments: call.call.arguments)
            }
            // One WAIT after the batch's writes covers them all: it answers once the replicas hold everything this
            // connection wrote before it.
            if waitsForReplicas {
                try connection.append(["WAIT", String(replicas), String(link.acknowledgement.timeoutMilliseconds)].map { Array($0.utf8) })
            }
        } catch {
            // Nothing of this batch was sent this time; the calls sent again may have run the first time.
            open = nil
            let message: String
            switch error {
            case SessionStoreError.unavailable(let text): message = text
            case let error as RedisIOError: message = "redis: \(error.message)"
            default: message = "redis: \(error)"
            }
            for call in batch { fail(call, message) }
            return batch.count
        }
        var failed = 0
        // Writes whose replies wait for the replicas' acknowledgement.
        var written: [(PipelinedCall, RedisReply)] = []
        for (index, call) in batch.enumerated() {
            let reply: RedisReply
            do {
                if call.isAsking { _ = try connection.nextReply() }
                reply = try connection.nextReply()
            } catch {
                // The connection broke: the replies from here on are lost, and the calls may or may not have run.
                open = nil
                let message = "redis: \((error as? RedisIOError)?.message ?? "\(error)")"
                for (call, _) in written { call.completion(.failure(.outcomeUnknown(message)), call.isRetry) }
                for lost in batch[index...] {
                    if lost.isRetry {
                        fail(lost, message)
                    } else {
                        var retry = lost
                        retry.isRetry = true
                        again.append(retry)
                    }
                }
                return batch.count - index + written.count
            }
            if case .error(let message) = reply {
                if message.hasPrefix("NOSCRIPT") {
                    connection.scriptDigests[call.call.script] = nil
                    if call.reloads == 0 {
                        var reload = call
                        reload.reloads += 1
                        again.append(reload)
                    } else {
                        fail(call, "redis: script could not be loaded")
                    }
                } else if let hooks = link.hooks, let redirect = RedisRedirect(message) {
                    hooks.redirect(call, redirect)
                } else {
                    if Self.isNodeTrouble(message) { failed += 1 }
                    fail(call, "redis: \(message)")
                }
                continue
            }
            if waitsForReplicas && call.call.script.isAcknowledgedWrite {
                written.append((call, reply))
            } else {
                call.completion(.success(reply), call.isRetry)
            }
        }
        guard waitsForReplicas else { return failed }
        let acknowledged: Int64
        do {
            guard case .integer(let count) = try connection.nextReply() else { throw RedisIOError(message: "unexpected reply to WAIT") }
            acknowledged = count
        } catch {
            open = nil
            acknowledged = -1
            failed += written.count
        }
        for (call, reply) in written {
            if acknowledged >= replicas {
                call.completion(.success(reply), call.isRetry)
            } else {
                // The write may be on the master alone, which a failover would lose.
                let message = acknowledged < 0
                    ? "redis: the connection broke while waiting for replicas"
                    : "redis: \(acknowledged) of \(replicas) replicas acknowledged the write in time"
                call.completion(.failure(.outcomeUnknown(message)), call.isRetry)
            }
        }
        return failed
    }

    /// Error replies of a node that cannot serve the call now, however well formed: the cluster is down or its
    /// map is changing, the node is loading or is a replica.
    private static func isNodeTrouble(_ message: String) -> Bool {
        ["CLUSTERDOWN", "TRYAGAIN", "LOADING", "READONLY", "MASTERDOWN"].contains { message.hasPrefix($0) }
    }
}
