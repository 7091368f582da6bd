import Logging

/// A log event as one JSON object, for log collectors: `time` (UTC, to the microsecond), `level`, `message`,
/// `logger`, then the metadata under its own names (OpenTelemetry's, such as `http.response.status_code`). Metadata
/// keeps its type: integers, floating-point numbers and booleans are written as JSON numbers and booleans, everything
/// else as strings.
enum JSONLogLine {
    /// The object for one event, without the newline.
    static func render(level: Logger.Level, message: String, label: String, metadata: Logger.Metadata) -> [UInt8] {
        var json: [UInt8] = []
        json.reserveCapacity(512)
        json.append(UInt8(ascii: "{"))
        for (index, (key, value)) in [("time", LogTimestamp.now()), ("level", level.rawValue), ("message", message), ("logger", label)]
            .enumerated()
        {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            append(string: key, to: &json)
            json.append(UInt8(ascii: ":"))
            append(string: value, to: &json)
        }
        for key in metadata.keys.sorted() {
            json.append(UInt8(ascii: ","))
            append(string: key, to: &json)
            json.append(UInt8(ascii: ":"))
            append(metadata[key]!, to: &json)
        }
        json.append(UInt8(ascii: "}"))
        return json
    }

    private static func append(_ value: Logger.MetadataValue, to json: inout [UInt8]) {
        switch value {
        case .string(let text):
            append(string: text, to: &json)
        case .stringConvertible(let convertible):
            if let number = jsonNumber(convertible) {
                json.append(contentsOf: number.utf8)
            } else {
                append(string: convertible.description, to: &json)
            }
        case .dictionary(let dictionary):
            json.append(UInt8(ascii: "{"))
            for (index, key) in dictionary.keys.sorted().enumerated() {
                if index > 0 { json.append(UInt8(ascii: ",")) }
                append(string: key, to: &json)
                json.append(UInt8(ascii: ":"))
                append(dictionary[key]!, to: &json)
            }
            json.append(UInt8(ascii: "}"))
        case .array(let values):
            json.append(UInt8(ascii: "["))
            for (index, element) in values.enumerated() {
                if index > 0 { json.append(UInt8(ascii: ",")) }
                append(element, to: &json)
            }
            json.append(UInt8(ascii: "]"))
        }
    }

    /// The JSON text of a number or a boolean; nil for anything else, and for a value JSON cannot hold (infinity,
    /// NaN), which is written as a string.
    private static func jsonNumber(_ value: any CustomStringConvertible & Sendable) -> String? {
        switch value {
        case let flag as Bool: return flag ? "true" : "false"
        case let integer as any BinaryInteger: return integer.description
        case let number as Double: return number.isFinite ? number.description : nil
        case let number as Float: return number.isFinite ? number.description : nil
        default: return nil
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped (RFC 8259 §7), the rest as UTF-8.
    private static func append(string: String, to json: inout [UInt8]) {
        json.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): json.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): json.append(contentsOf: #"\\"#.utf8)
            case 0x0A: json.append(contentsOf: #"\n"#.utf8)
            case 0x0D: json.append(contentsOf: #"\r"#.utf8)
            case 0x09: json.append(contentsOf: #"\t"#.utf8)
            case ..<0x20:
                let hex = String(byte, radix: 16)
                json.append(contentsOf: (#"\u00"# + (hex.count == 1 ? "0" : "") + hex).utf8)
            default: json.append(byte)
            }
        }
        json.append(UInt8(ascii: "\""))
    }
}
