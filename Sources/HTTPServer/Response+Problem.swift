extension Response {
    /// An RFC 9457 problem of the generic kind ("about:blank", titled by the status), for the answers this layer
    /// gives itself (a request it cannot hand to the responder). The title and detail are literals, with nothing to
    /// escape in JSON.
    static func problem(_ status: Int, _ title: StaticString, _ detail: StaticString) -> Response {
        let body = #"{"type":"about:blank","title":""# + "\(title)" + #"","status":"# + String(status)
            + #","detail":""# + "\(detail)" + #""}"#
        var response = Response(status: status, body: Array(body.utf8))
        response.headers.add("Content-Type", "application/problem+json")
        return response
    }
}
