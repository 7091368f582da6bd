import Bytes

extension Response {
    /// An RFC 9457 problem of the generic kind ("about:blank", titled by the status), for the answers this layer
    /// gives itself (a request it cannot hand to the responder).
    static func problem(_ status: Int, _ title: StaticString, _ detail: StaticString) -> Response {
        var body = ByteBuffer(capacity: 160)
        body.append(#"{"type":"about:blank","title":"# as StaticString)
        body.appendJSONString("\(title)")
        body.append(#","status":"# as StaticString)
        body.appendDecimal(UInt64(status))
        body.append(#","detail":"# as StaticString)
        body.appendJSONString("\(detail)")
        body.append(UInt8(ascii: "}"))
        var response = Response(status: status, body: body.bytes)
        response.headers.add("Content-Type", "application/problem+json")
        return response
    }
}
