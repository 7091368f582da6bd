// libFuzzer target over the service's JSON reader. Compiled into one module together with
// Sources/CalculatorService/JSON/JSON.swift and JSONWriter.swift, which need only the Bytes module (see scripts/fuzz).
//
// Checks: the reader never crashes on any bytes, and whatever it accepts survives a round trip through JSONWriter
// (numbers carried as strings, since the writer only writes integers): the same tree comes back.

/// The tree with every number turned into a string holding its text, so JSONWriter can write all of it.
func numbersAsStrings(_ value: JSONValue) -> JSONValue {
    switch value {
    case .number(let text): .string(text)
    case .array(let items): .array(items.map(numbersAsStrings))
    case .object(let members): .object(members.map { ($0.0, numbersAsStrings($0.1)) })
    case .null, .bool, .string: value
    }
}

func write(_ value: JSONValue, into writer: inout JSONWriter) {
    switch value {
    case .null: writer.null()
    case .bool(let flag): writer.bool(flag)
    case .string(let text), .number(let text): writer.string(text)
    case .array(let items):
        writer.beginArray()
        for item in items { write(item, into: &writer) }
        writer.endArray()
    case .object(let members):
        writer.beginObject()
        for (name, member) in members {
            writer.key(name)
            write(member, into: &writer)
        }
        writer.endObject()
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? JSONReader.parse(bytes) else { return 0 }
    let expected = numbersAsStrings(value)
    var writer = JSONWriter()
    write(expected, into: &writer)
    let written = writer.bytes
    do {
        let reread = try JSONReader.parse(written)
        if reread != expected {
            fatalError("round trip changed the value: \(String(decoding: written, as: UTF8.self))")
        }
    } catch {
        fatalError("JSONWriter output does not parse (\(error)): \(String(decoding: written, as: UTF8.self))")
    }
    return 0
}
