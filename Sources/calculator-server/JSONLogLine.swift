import Bytes
import Logging

/// A log event as one JSON object, for log collectors: `time` (UTC, to the microsecond), `level`, `message`,
/// `logger`, then the metadata under its own names (OpenTelemetry's, such as `http.response.status_code`). Metadata
/// keeps its type: integers, floating-point numbers and booleans are written as JSON numbers and booleans, everything
/// else as strings.
enum JSONLogLine {
    /// The object for one event, without the newline.
    static func render(level: Logger.Level, message: String, label: String, metadata: Logger.Metadata) -> [UInt8] {
        var json = ByteBuffer(capacity: 512)
        json.append(UInt8(ascii: "{"))
        for (index, (key, value)) in [("time", LogTimestamp.now()), ("level", level.rawValue), ("message", message), ("logger", label)]
            .enumerated()
        {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.appendJSONString(key)
            json.append(UInt8(ascii: ":"))
            json.appendJSONString(value)
        }
        for key in metadata.keys.sorted() {
            json.append(UInt8(ascii: ","))
            json.appendJSONString(key)
            json.append(UInt8(ascii: ":"))
            append(metadata[key]!, to: &json)
        }
        json.append(UInt8(ascii: "}"))
        return json.bytes
    }

    private static func append(_ value: Logger.MetadataValue, to json: inout ByteBuffer) {
        switch value {
        case .string(let text):
            json.appendJSONString(text)
        case .stringConvertible(let convertible):
            if let number = jsonNumber(convertible) {
                json.append(number)
            } else {
                json.appendJSONString(convertible.description)
            }
        case .dictionary(let dictionary):
            json.append(UInt8(ascii: "{"))
            for (index, key) in dictionary.keys.sorted().enumerated() {
                if index > 0 { json.append(UInt8(ascii: ",")) }
                json.appendJSONString(key)
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
}
