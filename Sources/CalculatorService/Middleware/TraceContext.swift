import HTTPServer

/// A request's place in a distributed trace, from its W3C `traceparent` header (Trace Context, level 1): the caller's
/// trace id, which the request's log line carries and the response's `traceparent` returns with a span id of this
/// server's own, so that a client or a proxy can find the request in the server's log. A request without a valid
/// header has none: the service starts no traces of its own.
struct TraceContext: Sendable, Equatable {
    /// The trace id's 128 bits, high half first; never all zero.
    let traceHigh: UInt64
    let traceLow: UInt64
    /// The caller's span, the parent of this server's.
    let parentSpan: UInt64
    /// This server's span for the request.
    let span: UInt64
    let flags: UInt8

    /// The context a `traceparent` value gives, or nil when it is not one: `00-<32 hex>-<16 hex>-<2 hex>` in lowercase,
    /// ids not all zero; a later version may append fields after a `-`, and version `ff` is invalid.
    init?(traceparent header: String, span: UInt64 = UInt64.random(in: 1...UInt64.max)) {
        let bytes = Array(header.utf8.prefix(512))
        guard bytes.count >= 55, bytes[2] == UInt8(ascii: "-"), bytes[35] == UInt8(ascii: "-"), bytes[52] == UInt8(ascii: "-"),
            let version = Self.hex(bytes[0..<2]), version != 0xFF,
            version != 0 ? bytes.count == 55 || bytes[55] == UInt8(ascii: "-") : bytes.count == 55,
            let high = Self.hex(bytes[3..<19]), let low = Self.hex(bytes[19..<35]), high != 0 || low != 0,
            let parent = Self.hex(bytes[36..<52]), parent != 0,
            let flags = Self.hex(bytes[53..<55])
        else { return nil }
        traceHigh = high
        traceLow = low
        parentSpan = parent
        self.span = span
        self.flags = UInt8(flags)
    }

    /// The trace id as the header and the log write it: 32 lowercase hex digits.
    var traceID: String { Self.text(traceHigh) + Self.text(traceLow) }

    var spanID: String { Self.text(span) }

    /// The response's `traceparent`: the same trace and flags, this server's span.
    var traceparent: String { "00-" + traceID + "-" + spanID + "-" + Self.text(UInt64(flags), digits: 2) }

    /// Lowercase hex digits only (the header's uppercase is invalid), at most 16 of them.
    private static func hex(_ digits: ArraySlice<UInt8>) -> UInt64? {
        var value: UInt64 = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt64(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt64(digit - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        return value
    }

    private static func text(_ value: UInt64, digits: Int = 16) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: digits - hex.utf8.count) + hex
    }
}

extension HeaderName {
    /// W3C Trace Context: the caller's trace, logged and returned (`TraceContext`).
    static let traceparent = HeaderName("traceparent")
}
