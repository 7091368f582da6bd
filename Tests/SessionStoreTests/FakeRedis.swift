import Foundation
import Synchronization
import Threading

#if canImport(Glibc)
import Glibc
#endif

/// A TCP server on a loopback port that speaks just enough of Redis's protocol to be connected to, and answers every
/// command it reads with what `reply` writes: a stand-in for a broken or hostile server.
final class FakeRedis: @unchecked Sendable {
    /// How the server answers one command on a connection: `send` writes bytes to the client (false once it is gone).
    /// It returns false to close the connection without reading further.
    typealias Reply = @Sendable (_ command: [String], _ send: ([UInt8]) -> Bool) -> Bool

    let port: Int
    private let listener: Int32
    private let stopped = Atomic<Bool>(false)
    private let reply: Reply
    /// Every command read, in order, as its arguments.
    let commands = Lock<[[String]]>([])

    var url: String { "redis://127.0.0.1:\(port)" }

    init(reply: @escaping Reply) throws {
        self.reply = reply
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        guard bound, listen(listener, 16) == 0 else {
            close(listener)
            throw FakeRedisError.cannotListen
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Stops accepting; connections end when their client closes them.
    func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }

    private func acceptLoop() {
        while !stopped.load(ordering: .relaxed) {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            while let (command, used) = Self.parseCommand(buffer) {
                buffer.removeFirst(used)
                commands.withLock { $0.append(command) }
                var open = true
                let keep = reply(command) { bytes in
                    guard open else { return false }
                    open = Self.sendAll(client, bytes)
                    return open
                }
                if !open || !keep { return }
            }
            let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return }
            buffer += chunk[..<count]
        }
    }

    private static func sendAll(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    /// One `*N\r\n$len\r\narg\r\n…` command from the front of `bytes`, and how many bytes it took; nil until whole.
    static func parseCommand(_ bytes: [UInt8]) -> ([String], Int)? {
        var position = 0
        func line() -> String? {
            guard let end = bytes[position...].firstIndex(of: UInt8(ascii: "\r")), end + 1 < bytes.count else { return nil }
            let text = String(decoding: bytes[position..<end], as: UTF8.self)
            position = end + 2
            return text
        }
        guard let header = line(), header.hasPrefix("*"), let count = Int(header.dropFirst()) else { return nil }
        var arguments: [String] = []
        for _ in 0..<count {
            guard let size = line(), size.hasPrefix("$"), let length = Int(size.dropFirst()), position + length + 2 <= bytes.count else {
                return nil
            }
            arguments.append(String(decoding: bytes[position..<position + length], as: UTF8.self))
            position += length + 2
        }
        return (arguments, position)
    }
}

enum FakeRedisError: Error {
    case cannotListen
}

/// This process's peak virtual memory (VmPeak in /proc/self/status), in KiB.
func peakVirtualMemoryKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmPeak:") } ?? ""
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
}
