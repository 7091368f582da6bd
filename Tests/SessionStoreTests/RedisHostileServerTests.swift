import Foundation
import SessionStore
import Testing
import Threading

#if canImport(Glibc)
import Glibc
#endif

/// A broken or hostile server behind the Redis URL: what it answers may cost a call its timeout, never more, and
/// never more memory than a reply the store could use.
@Suite struct RedisHostileServerTests {
    /// "*2147483647": an array header whose element table hiredis 0.14 would allocate at once (16 GiB).
    @Test func hugeArrayHeaderIsRefusedWithoutReservingMemory() throws {
        let server = try FakeRedis { _, send in send(Array("*2147483647\r\n".utf8)) }
        defer { server.stop() }
        let store = try RedisSessionStore(url: server.url, codec: Tally.codec)
        defer { store.close() }
        let peakBefore = peakVirtualMemoryKiB()
        for _ in 0..<3 {
            // Failed at once by the header, not at the reply's timeout as a reply still awaited would be.
            expectTooLarge { _ = try store.get(SessionID.random()) }
            expectTooLarge { try store.create(SessionID.random(), Tally(count: 0, note: "")) }
            expectTooLarge { _ = try store.increment(SessionID.random()) }
            expectTooLarge { try store.checkHealth() }
            usleep(300_000)  // past the reconnect pause, so every round connects and reads the reply again
        }
        // The peak is the whole test process's, which the suites running meanwhile raise too (their threads' stacks,
        // malloc's arenas: hundreds of MiB as a run starts): the bound is half the 16 GiB table the header asks for.
        let grown = peakVirtualMemoryKiB() - peakBefore
        #expect(grown < 8 << 20, "peak virtual memory grew by \(grown) KiB")
        // Nested headers share one reply's budget.
        let nested = try FakeRedis { _, send in send(Array(String(repeating: "*1000\r\n", count: 8).utf8)) }
        defer { nested.stop() }
        let other = try RedisSessionStore(url: nested.url, codec: Tally.codec)
        defer { other.close() }
        expectUnavailable { _ = try other.get(SessionID.random()) }
    }

    /// Expects `call` to fail as unavailable because a reply was larger than the store accepts.
    private func expectTooLarge(_ call: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) {
            try call()
        } throws: { error in
            guard case .unavailable(let reason) = error as? SessionStoreError else { return false }
            return reason.contains("larger than the store accepts")
        }
    }

    /// A server that trickles a reply one byte at a time, each within the socket's timeout: the call still ends
    /// after the timeout of the whole reply (2 s), not after the trickle.
    @Test func trickledReplyEndsAtTheTimeout() throws {
        let trickled = Lock<Int>(0)
        let server = try FakeRedis { _, send in
            guard send(Array("$64\r\n".utf8)) else { return false }
            for _ in 0..<66 {
                usleep(200_000)
                guard send([UInt8(ascii: "a")]) else { return false }
                trickled.withLock { $0 += 1 }
            }
            return true
        }
        defer { server.stop() }
        let store = try RedisSessionStore(url: server.url, codec: Tally.codec)
        defer { store.close() }
        expectUnavailable { _ = try store.get(SessionID.random()) }
        // Given up while the reply was still trickling (66 bytes at 200 ms take 13 s), not after it.
        let sent = trickled.withLock { $0 }
        #expect(sent < 66, "gave up only after the whole reply: \(sent) bytes")
    }

    /// A bulk string larger than any session record: refused once the bytes read pass the bound, with no need to
    /// wait for the rest.
    @Test func oversizedStringIsRefused() throws {
        let server = try FakeRedis { _, send in
            guard send(Array("$1000000000\r\n".utf8)) else { return false }
            let block = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
            for _ in 0..<64 where !send(block) { return false }
            return true
        }
        defer { server.stop() }
        let store = try RedisSessionStore(url: server.url, codec: Tally.codec)
        defer { store.close() }
        expectUnavailable { _ = try store.get(SessionID.random()) }
    }
}
