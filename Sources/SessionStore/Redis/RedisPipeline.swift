import Synchronization
import Threading

/// A Lua script, told apart by identity: a connection finds each one's SHA1 without hashing its text per call.
@usableFromInline
final class RedisScript: Hashable, Sendable {
    let text: String

    init(_ text: String) {
        self.text = text
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
    init(endpoint: RedisEndpoint) throws {
        let queue = BatchQueue<PipelinedCall>()
        self.queue = queue
        // The thread holds the queue, not `self`, so the pipeline goes away with its store.
        thread = try JoinableThread { Self.serve(queue: queue, endpoint: endpoint) }
    }

    deinit {
        close()
    }

    /// Queues `call`; its completion runs on the pipeline thread once the reply is in, or at once (on this thread)
    /// with `.unavailable` when the pipeline is closing.
    @usableFromInline
    func send(_ call: ScriptCall, completion: @escaping @Sendable (Result<RedisReply, SessionStoreError>, _ isRetry: Bool) -> Void) {
        if !queue.enqueue(PipelinedCall(call: call, completion: completion)) {
            completion(.failure(.unavailable("session store is closed")), false)
        }
    }

    /// Refuses later calls, lets the thread answer what is queued, and waits for it to end. Only the first call
    /// waits (a thread is joined once); `deinit` calls it again after the store's `close()`.
    func close() {
        if queue.close() { thread.join() }
    }

    private static func serve(queue: BatchQueue<PipelinedCall>, endpoint: RedisEndpoint) {
        var connection: RedisConnection?
        var batch: [PipelinedCall] = []
        // Calls to send again (lost reply, NOSCRIPT) go first in the next batch.
        var again: [PipelinedCall] = []
        while true {
            swap(&batch, &again)
            guard queue.next(into: &batch, limit: batchLimit) else { break }
            run(batch, connection: &connection, endpoint: endpoint, again: &again)
            batch.removeAll(keepingCapacity: true)
        }
        // The connection closes when it goes away with this function.
    }

    /// Fails `call` with `message`: `.unavailable` when this was its first sending, which did not run; else
    /// `.outcomeUnknown`, as the first sending may have run.
    private static func fail(_ call: PipelinedCall, _ message: String) {
        call.completion(.failure(call.isRetry ? .outcomeUnknown(message) : .unavailable(message)), call.isRetry)
    }

    /// One round trip for `batch`; calls to send again are appended to `again`.
    private static func run(
        _ batch: [PipelinedCall], connection open: inout RedisConnection?, endpoint: RedisEndpoint, again: inout [PipelinedCall]
    ) {
        let connection: RedisConnection
        do {
            connection = try open ?? endpoint.connect()
            open = connection
            // Load the scripts this batch needs that this connection does not know yet (a new connection, NOSCRIPT).
            for call in batch where connection.scriptDigests[call.call.script] == nil {
                let reply = try connection.command("SCRIPT", "LOAD", call.call.script.text)
                guard case .string(let digest) = reply else { throw SessionStoreError.unavailable("redis: SCRIPT LOAD failed: \(reply)") }
                connection.scriptDigests[call.call.script] = digest
            }
            for call in batch {
                let digest = connection.scriptDigests[call.call.script]!
                try connection.appendEvaluation(digest, keys: call.call.keys, arguments: call.call.arguments)
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
            return
        }
        for (index, call) in batch.enumerated() {
            let reply: RedisReply
            do {
                reply = try connection.nextReply()
            } catch {
                // The connection broke: the replies from here on are lost, and the calls may or may not have run.
                open = nil
                let message = "redis: \((error as? RedisIOError)?.message ?? "\(error)")"
                for lost in batch[index...] {
                    if lost.isRetry {
                        fail(lost, message)
                    } else {
                        var retry = lost
                        retry.isRetry = true
                        again.append(retry)
                    }
                }
                return
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
                } else {
                    fail(call, "redis: \(message)")
                }
                continue
            }
            call.completion(.success(reply), call.isRetry)
        }
    }
}
