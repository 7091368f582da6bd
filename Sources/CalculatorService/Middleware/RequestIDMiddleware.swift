import Bytes
import HTTPServer
import Synchronization

/// Gives every response the request's id (`X-Request-Id`: the client's when it sent an acceptable one, else one made
/// here) and, for a request that came with a W3C `traceparent`, this server's span in the caller's trace; the log
/// line carries both.
struct RequestIDMiddleware: Middleware {
    private let prefix: [UInt8] = Array(String(UInt32.random(in: 0..<(1 << 24)) | (1 << 24), radix: 16).utf8.dropFirst())
    private let counter = Counter()

    func request(_ request: borrowing Request, _ context: inout CalculatorContext) -> Response? {
        context.requestID = request.headers[.xRequestID].flatMap(Self.acceptable) ?? makeRequestID()
        context.trace = request.headers[.traceparent].flatMap { TraceContext(traceparent: $0) }
        return nil
    }

    /// Handlers never set these, so they are appended without a scan for an earlier field of the same name.
    func response(_ response: inout Response, _ context: borrowing CalculatorContext) {
        response.headers.add("X-Request-Id", context.requestID)
        if let trace = context.trace { response.headers.add("traceparent", trace.traceparent) }
    }

    private static func acceptable(_ value: String) -> String? {
        (1...128).contains(value.utf8.count) && value.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) ? value : nil
    }

    /// "<6 random hex digits>-<sequence in hex>": 15 bytes or fewer for the first 4 billion requests, so the
    /// String is stored inline, without an allocation.
    private func makeRequestID() -> String {
        let sequence = counter.next()
        return ByteBuffer.withTemporary(capacity: 32) { buffer in
            var buffer = buffer
            buffer.append(contentsOf: prefix)
            buffer.append(UInt8(ascii: "-"))
            buffer.appendHex(sequence)
            return buffer.string
        }
    }

    /// The sequence of the ids made here, shared by the copies of the middleware.
    private final class Counter: Sendable {
        private let value = Atomic<UInt64>(0)

        func next() -> UInt64 { value.wrappingAdd(1, ordering: .relaxed).newValue }
    }
}
