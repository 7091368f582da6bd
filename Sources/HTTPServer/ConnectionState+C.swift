import CMicroHTTPD
import Glibc

extension ConnectionState {
    /// Starts the next request from its raw target ("/sessions/x/press?trace=1"), a C string libmicrohttpd lends for
    /// the call.
    func begin(target: UnsafePointer<CChar>) {
        let length = strlen(target)
        targetEnd = UInt(bitPattern: target) &+ UInt(length)
        let bytes = UnsafeRawBufferPointer(start: target, count: length)
        guard let mark = memchr(target, Int32(UInt8(ascii: "?")), length) else {
            return begin(path: bytes, query: nil as UnsafeRawBufferPointer?)
        }
        let pathLength = UnsafeRawPointer(mark) - UnsafeRawPointer(target)
        begin(path: UnsafeRawBufferPointer(rebasing: bytes[..<pathLength]), query: UnsafeRawBufferPointer(rebasing: bytes[(pathLength + 1)...]))
    }

    /// Whether the target `begin(target:)` was lent ended at a NUL byte inside it, judged from where the request's
    /// HTTP version starts. libmicrohttpd 0.9.75 ends the target, in its read buffer, with the NUL it writes over the
    /// space before the version, and lends both as C strings: a raw NUL the client sent inside the target cuts it
    /// short, and what follows is never seen (`DELETE /sessions/<id>\0/press` would delete the session). The version
    /// then starts further on than one byte past the end seen. A version that is not in the same line (a literal of
    /// another libmicrohttpd) tells nothing, and is never taken for a cut.
    func targetIsCut(before version: UnsafePointer<CChar>) -> Bool {
        let distance = UInt(bitPattern: version) &- (targetEnd &+ 1)
        return distance != 0 && distance < UInt(Self.longestRequestLine)
    }

    /// Whether the client has shut down its sending side with nothing left unread in the socket: it will send no
    /// more. Asked without blocking.
    var clientHasStoppedSending: Bool {
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) == 0
    }

    /// More than a request line can hold in any connection memory limit this server accepts.
    private static let longestRequestLine = ServerConfiguration.Accepted.connectionMemoryLimit.upperBound
}
