// The POSIX socket and signal calls behind the test clients and fixtures: the only unsafe code in test support.
public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP socket connected to `host` (IPv4, or IPv6 when it has a colon) and `port`, with a receive timeout
/// so that a broken server fails a test instead of hanging it. `receiveBuffer`, when given, is set before connecting,
/// so the window the server sees is that small. Closed here on failure: the caller never holds a descriptor it did
/// not get, so nothing closes a number another test's thread has meanwhile been given.
func connectedSocket(host: String, port: Int, receiveBuffer: Int32?, timeoutMilliseconds: Int) throws -> Int32 {
    let isIPv6 = host.contains(":")
    let fd = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw HTTPClientError.connectFailed(errno: errno) }
    if var size = receiveBuffer {
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    setReceiveTimeout(fd, milliseconds: timeoutMilliseconds)
    let result: Int32
    if isIPv6 {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET6, host, &address.sin6_addr)
        result = connect(fd, to: address)
    } else {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        result = connect(fd, to: address)
    }
    guard result == 0 else {
        let failure = errno
        close(fd)
        throw HTTPClientError.connectFailed(errno: failure)
    }
    return fd
}

/// `connect` to a `sockaddr_in` or `sockaddr_in6`.
private func connect<Address>(_ fd: Int32, to address: Address) -> Int32 {
    withUnsafePointer(to: address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<Address>.size)) }
    }
}

/// The local port of a connected socket (IPv4 or IPv6: the port sits at the same place in both), 0 if unknown.
func localPort(_ fd: Int32) -> Int {
    var address = sockaddr_in6()
    var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
    let result = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return result == 0 ? Int(UInt16(bigEndian: address.sin6_port)) : 0
}

func setReceiveTimeout(_ fd: Int32, milliseconds: Int) {
    var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
}

/// Writes all of `bytes`; a peer that has gone away is an error, not a SIGPIPE.
func sendAll(_ fd: Int32, _ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
        let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard count > 0 else { throw HTTPClientError.writeFailed(errno: errno) }
        sent += count
    }
}

/// One `recv` of at most `limit` bytes: the bytes, or the call's result (0 at end of stream, -1) and its errno.
func receiveOnce(_ fd: Int32, limit: Int) -> (bytes: [UInt8], result: Int, error: Int32) {
    var chunk = [UInt8](repeating: 0, count: limit)
    let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    let error = count < 0 ? errno : 0
    return (count > 0 ? Array(chunk[..<count]) : [], count, error)
}

func shutdownSending(_ fd: Int32) {
    shutdown(fd, Int32(SHUT_WR))
}

func closeSocket(_ fd: Int32) {
    close(fd)
}

/// A loopback TCP port that nothing listens on at this moment (bound to 0, read back, released).
public func freeLoopbackPort() throws -> Int {
    let (fd, port) = try boundLoopbackSocket()
    close(fd)
    return port
}

/// A loopback TCP port held bound and never listened on, until this object goes: a connect to it is refused, and
/// nothing else can bind it meanwhile, as another test's server could bind a port that was only found free.
public final class ClosedPort: @unchecked Sendable {
    public let port: Int
    private let fd: Int32

    public init() throws {
        (fd, port) = try boundLoopbackSocket()
    }

    deinit { close(fd) }
}

/// A TCP socket bound to a port of the kernel's choosing on 127.0.0.1, and that port.
private func boundLoopbackSocket() throws -> (fd: Int32, port: Int) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw FixtureError.noFreePort }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
            bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
        }
    }
    guard bound else {
        close(fd)
        throw FixtureError.noFreePort
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
}

/// True when this machine can bind the IPv6 loopback address.
public var loopbackIPv6Available: Bool {
    let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_addr = in6addr_loopback
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
    } == 0
}

extension Process {
    /// SIGKILL, as a crash would, and waits for the exit. SIGTERM would not do for a fixture: children spawned from
    /// dispatch threads inherit a mask that blocks it.
    public func killHard() {
        guard isRunning else { return }
        kill(processIdentifier, SIGKILL)
        waitUntilExit()
    }
}
