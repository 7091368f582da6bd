import Bytes
import Glibc

/// The time of a log line: UTC in ISO 8601 to the microsecond (`2026-11-26T01:13:21.123456Z`), so that lines of one
/// second keep their order and requests can be timed from the log.
///
/// A value keeps the text of the last second it wrote, so a line within the same second costs a clock read and six
/// digits, not a calendar conversion.
struct LogTimestamp {
    private var second = -1
    /// "YYYY-MM-DDTHH:MM:SS." of `second`.
    private var secondText: [UInt8] = []

    mutating func append(to buffer: inout ByteBuffer) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        if now.tv_sec != second {
            second = now.tv_sec
            secondText = Self.secondText(now.tv_sec)
        }
        buffer.append(contentsOf: secondText)
        buffer.appendDecimal(UInt64(now.tv_nsec / 1_000), width: 6)
        buffer.append(UInt8(ascii: "Z"))
    }

    /// The time now as text, for lines written apart from the access log.
    static func now() -> String {
        var timestamp = LogTimestamp()
        var buffer = ByteBuffer(capacity: 32)
        timestamp.append(to: &buffer)
        return buffer.string
    }

    private static func secondText(_ seconds: Int) -> [UInt8] {
        var seconds = seconds
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text = ByteBuffer(capacity: 24)
        text.appendDecimal(UInt64(Int(parts.tm_year) + 1900), width: 4)
        for (separator, value) in [("-", Int(parts.tm_mon) + 1), ("-", Int(parts.tm_mday)), ("T", Int(parts.tm_hour)),
            (":", Int(parts.tm_min)), (":", Int(parts.tm_sec))]
        {
            text.append(separator)
            text.appendDecimal(UInt64(value), width: 2)
        }
        text.append(UInt8(ascii: "."))
        return text.bytes
    }
}
