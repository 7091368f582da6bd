import Bytes
import CHiredis

#if canImport(Glibc)
import Glibc
#endif

/// A Redis reply, copied out of hiredis's reply object.
@usableFromInline
enum RedisReply: Equatable, Sendable {
    case string([UInt8])
    case status(String)
    case integer(Int64)
    case array([RedisReply])
    case null
    case error(String)
}

/// The connection broke or timed out: the command may or may not have run.
struct RedisIOError: Error {
    let message: String
}

/// One hiredis synchronous context. Not thread-safe: the owner keeps it behind a Lock (hence `@unchecked Sendable`).
/// Every unsafe pointer of hiredis stays in this file.
final class RedisConnection: @unchecked Sendable {
    private let context: UnsafeMutablePointer<redisContext>
    /// How long one reply may take, all of it (each read is limited to this too).
    private let replyTimeoutMilliseconds: Int
    /// SHA1 (hex) of each script loaded on this connection.
    var scriptDigests: [RedisScript: [UInt8]] = [:]

    init(host: String, port: Int, connectTimeoutMilliseconds: Int, commandTimeoutMilliseconds: Int) throws {
        Self.ignoreBrokenPipes
        guard let context = chiredis_connect(host, Int32(port), connectTimeoutMilliseconds) else {
            throw RedisIOError(message: "cannot allocate a redis context")
        }
        if chiredis_error(context) != 0 {
            let message = String(cString: chiredis_error_string(context))
            chiredis_free(context)
            throw RedisIOError(message: "cannot connect to \(host):\(port): \(message)")
        }
        self.context = context
        self.replyTimeoutMilliseconds = commandTimeoutMilliseconds
        if chiredis_set_timeout(context, commandTimeoutMilliseconds) != REDIS_OK {
            throw RedisIOError(message: "cannot set the command timeout")
        }
    }

    deinit {
        chiredis_free(context)
    }

    /// hiredis writes with write(2), so writing to a connection Redis has closed (a restart) raises SIGPIPE, whose
    /// default action kills the process. Ignore it (once, and only if nobody installed a handler) so the write
    /// fails with EPIPE and the store reconnects instead.
    private static let ignoreBrokenPipes: Void = {
        var current = sigaction()
        guard sigaction(SIGPIPE, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else { return }
        signal(SIGPIPE, SIG_IGN)
    }()

    /// Sends one binary-safe command and waits for its reply.
    func command(_ arguments: [[UInt8]]) throws -> RedisReply {
        let reply = Self.withArgv(arguments) { argc, argv, lengths in chiredis_command(context, argc, argv, lengths, replyTimeoutMilliseconds) }
        return try take(reply)
    }

    /// Runs the loaded script `digest` (EVALSHA) and waits for its reply.
    func evaluate(_ digest: [UInt8], keys: [[UInt8]], arguments: [[UInt8]]) throws -> RedisReply {
        let reply = Self.withEvaluationArgv(digest, keys, arguments) { argc, argv, lengths in
            chiredis_command(context, argc, argv, lengths, replyTimeoutMilliseconds)
        }
        return try take(reply)
    }

    /// Queues EVALSHA of the loaded script `digest` in hiredis's output buffer without sending it: `nextReply()`
    /// sends every queued command at once, so a batch costs one write and as few reads as its replies need.
    func appendEvaluation(_ digest: [UInt8], keys: [[UInt8]], arguments: [[UInt8]]) throws {
        let status = Self.withEvaluationArgv(digest, keys, arguments) { argc, argv, lengths in
            chiredis_append(context, argc, argv, lengths)
        }
        guard status == REDIS_OK else { throw RedisIOError(message: "cannot queue a command") }
    }

    /// The reply to the oldest appended command whose reply was not taken yet (sending what is still queued first).
    func nextReply() throws -> RedisReply {
        try take(chiredis_next_reply(context, replyTimeoutMilliseconds))
    }

    private func take(_ reply: UnsafeMutablePointer<redisReply>?) throws -> RedisReply {
        guard let reply else {
            let message = chiredis_error(context) != 0 ? String(cString: chiredis_error_string(context)) : "no reply"
            throw RedisIOError(message: message)
        }
        defer { freeReplyObject(reply) }
        return Self.copy(reply.pointee)
    }

    /// Calls `body` with hiredis's argv form of `arguments`, valid only during the call.
    private static func withArgv<T>(
        _ arguments: [[UInt8]],
        _ body: (Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int>?) -> T
    ) -> T {
        // One contiguous buffer keeps every argument alive and addressable for the call.
        let joined = arguments.flatMap { $0 }
        let lengths = arguments.map { $0.count }
        return joined.withUnsafeBufferPointer { bytes in
            let base = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!).assumingMemoryBound(to: CChar.self)
            var pointers: [UnsafePointer<CChar>?] = []
            pointers.reserveCapacity(arguments.count)
            var offset = 0
            for length in lengths {
                pointers.append(base + offset)
                offset += length
            }
            return pointers.withUnsafeBufferPointer { argv in
                lengths.withUnsafeBufferPointer { argvlen in
                    body(Int32(arguments.count), argv.baseAddress, argvlen.baseAddress)
                }
            }
        }
    }

    /// `withArgv` for `EVALSHA digest numkeys keys… arguments…`, with the pointers and lengths in temporary buffers
    /// that point into the arrays themselves: a press's call is a dozen small arrays, and joining them first would
    /// allocate and copy each time. Each array is lent by one level of recursion, so a call naming more than
    /// `maximumLentParts` (a cluster's count or sweep names a key per slot, thousands) is joined instead: lending
    /// those would take a stack frame each and overflow a server thread's stack.
    private static func withEvaluationArgv<T>(
        _ digest: [UInt8], _ keys: [[UInt8]], _ arguments: [[UInt8]],
        _ body: (Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int>?) -> T
    ) -> T {
        let keyCount = ByteBuffer.decimal(UInt64(keys.count))
        let count = 3 + keys.count + arguments.count
        guard count <= maximumLentParts else {
            return withArgv([evalSHA, digest, keyCount] + keys + arguments, body)
        }
        return withUnsafeTemporaryAllocation(of: UnsafePointer<CChar>?.self, capacity: count) { argv in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { lengths in
                // The arrays outlive the call, but their storage is only lent inside `withUnsafeBufferPointer`: each
                // is lent in turn by recursion, so every pointer is valid while `body` runs.
                func lend(_ index: Int, _ parts: [[UInt8]], _ next: Int, then rest: () -> T) -> T {
                    if next == parts.count { return rest() }
                    return parts[next].withUnsafeBufferPointer { bytes in
                        argv[index] = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!).assumingMemoryBound(to: CChar.self)
                        lengths[index] = bytes.count
                        return lend(index + 1, parts, next + 1, then: rest)
                    }
                }
                return lend(0, [evalSHA, digest, keyCount], 0) {
                    lend(3, keys, 0) {
                        lend(3 + keys.count, arguments, 0) {
                            body(Int32(count), UnsafePointer(argv.baseAddress), UnsafePointer(lengths.baseAddress))
                        }
                    }
                }
            }
        }
    }

    private static let evalSHA = Array("EVALSHA".utf8)

    /// More parts than any session's script takes (a press names a few keys and about ten arguments).
    private static let maximumLentParts = 64

    func command(_ arguments: String...) throws -> RedisReply {
        try command(arguments.map { Array($0.utf8) })
    }

    private static func copy(_ reply: redisReply) -> RedisReply {
        func bytes() -> [UInt8] {
            guard let str = reply.str, reply.len > 0 else { return [] }
            return Array(UnsafeRawBufferPointer(start: str, count: reply.len))
        }
        switch reply.type {
        case REDIS_REPLY_STRING: return .string(bytes())
        case REDIS_REPLY_STATUS: return .status(String(decoding: bytes(), as: UTF8.self))
        case REDIS_REPLY_ERROR: return .error(String(decoding: bytes(), as: UTF8.self))
        case REDIS_REPLY_INTEGER: return .integer(reply.integer)
        case REDIS_REPLY_ARRAY:
            guard let elements = reply.element else { return .array([]) }
            return .array((0..<reply.elements).map { index in elements[index].map { copy($0.pointee) } ?? .null })
        default: return .null
        }
    }
}

// MARK: Subscriptions

extension RedisConnection {
    /// The connection's socket, for a thread that polls it (`RedisSubscriber`).
    var socket: Int32 { chiredis_fd(context) }

    /// Queues a command in the output buffer without sending it or waiting for its reply.
    func append(_ arguments: [[UInt8]]) throws {
        let status = Self.withArgv(arguments) { argc, argv, lengths in chiredis_append(context, argc, argv, lengths) }
        guard status == REDIS_OK else { throw RedisIOError(message: "cannot queue a command") }
    }

    /// Sends every queued command.
    func flush() throws {
        guard chiredis_flush(context) == REDIS_OK else { throw RedisIOError(message: String(cString: chiredis_error_string(context))) }
    }

    /// Reads what the socket holds (it must be readable, or this waits), and returns the replies complete so far.
    func readAvailable() throws -> [RedisReply] {
        guard chiredis_read_available(context) == REDIS_OK else {
            throw RedisIOError(message: chiredis_error(context) != 0 ? String(cString: chiredis_error_string(context)) : "closed")
        }
        var replies: [RedisReply] = []
        while true {
            var reply: UnsafeMutablePointer<redisReply>?
            guard chiredis_buffered_reply(context, &reply) == REDIS_OK else { throw RedisIOError(message: "malformed reply") }
            guard let reply else { return replies }
            replies.append(try take(reply))
        }
    }
}
