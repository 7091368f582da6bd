import Bytes
import CalculatorService

/// The request lines (`RequestLogLine`) on the log's outputs, at info: the time, level, message and logger that every
/// line starts with, then the request's fields, in the format of each output, written into its buffer in one go.
final class AccessLog: RequestLogOutput {
    struct Destination: Sendable {
        let output: LogOutput
        let json: Bool
    }

    let destinations: [Destination]
    /// `","level":"info","message":"request","logger":"<label>"` and ` info <label>:`, made once.
    private let jsonHead: [UInt8]
    private let textHead: [UInt8]

    init(label: String, destinations: [Destination]) {
        self.destinations = destinations
        var json = ByteBuffer()
        json.append(#"","level":"info","message":""# as StaticString)
        json.append(RequestLogLine.message)
        json.append(#"","logger":"# as StaticString)
        json.appendJSONString(label)
        jsonHead = json.bytes
        textHead = Array(" info \(label):".utf8)
    }

    func record(_ line: borrowing RequestLogLine) {
        for destination in destinations {
            destination.output.write { buffer, timestamp in
                if destination.json {
                    buffer.append(#"{"time":""# as StaticString)
                    timestamp.append(to: &buffer)
                    buffer.append(contentsOf: jsonHead)
                    line.appendFields(to: &buffer, json: true)
                    buffer.append(UInt8(ascii: "}"))
                } else {
                    timestamp.append(to: &buffer)
                    buffer.append(contentsOf: textHead)
                    line.appendFields(to: &buffer, json: false)
                    buffer.append(UInt8(ascii: " "))
                    buffer.append(RequestLogLine.message)
                }
                buffer.append(0x0A)
            }
        }
    }
}
