extension ByteBuffer {
    /// `value` as a JSON string (RFC 8259 §7): in quotes, with `"`, `\` and the control characters escaped, the rest
    /// as its UTF-8. The one escaper of the project's JSON writers (replies, problems, log lines).
    public mutating func appendJSONString(_ value: String) {
        append(UInt8(ascii: "\""))
        // Most strings need no escaping: they are copied at once and checked where they lie; the rare one that needs
        // it is written again, escaped.
        let start = count
        append(value)
        if contains(from: start, where: Self.needsEscape) {
            removeAll(from: start)
            appendEscaped(value.utf8Span.span)
        }
        append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private mutating func appendEscaped(_ utf8: Span<UInt8>) {
        for index in utf8.indices {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                append(UInt8(ascii: "\\"))
                append(byte)
            case UInt8(ascii: "\n"): append(#"\n"# as StaticString)
            case UInt8(ascii: "\r"): append(#"\r"# as StaticString)
            case UInt8(ascii: "\t"): append(#"\t"# as StaticString)
            case 0..<0x20:
                append(#"\u00"# as StaticString)
                appendHex(UInt64(byte >> 4))
                appendHex(UInt64(byte & 0xF))
            default: append(byte)
            }
        }
    }
}
