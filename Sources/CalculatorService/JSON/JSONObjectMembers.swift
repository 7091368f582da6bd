/// The members of a body that must be one JSON object with only the named members, in the order sent.
func parseObject(_ body: [UInt8], allowed: [String]) throws(Problem) -> [(String, JSONValue)] {
    let value: JSONValue
    do {
        value = try JSONReader.parse(body)
    } catch {
        throw Problem(.malformedJSON, "\(error.message) at byte \(error.offset)", extensions: [("offset", .int(error.offset))])
    }
    guard case let .object(members) = value else { throw Problem(.invalidRequest, "the body must be a JSON object, not \(value.typeName)") }
    for (name, _) in members where !allowed.contains(name) {
        throw Problem(.invalidRequest, "unknown member \"\(name.prefix(64))\"; allowed: \(allowed.joined(separator: ", "))")
    }
    return members
}

extension Array where Element == (String, JSONValue) {
    subscript(member name: String) -> JSONValue? { first { $0.0 == name }?.1 }
}
