import TestSupport
import Testing

/// HEAD is GET without the body (RFC 9110 §9.3.2): the same status and fields, Content-Length included, and no body
/// bytes on the connection.
@Suite struct HeadRequestTests {
    @Test(arguments: TestStore.allCases)
    func headCarriesTheFieldsAndLengthGetSends(_ store: TestStore) throws {
        let server = try ServerProcess(store: store)
        let client = try server.client()
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        _ = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys":"1 2 + 3 ="}"#)

        let paths = [
            "/sessions/\(id)", "/sessions/\(id)/display", "/sessions/\(id)/history", "/sessions/AAAAAAAAAAAAAAAAAAAAAA",
            "/healthz", "/keys", "/",
        ]
        for path in paths {
            let get = try client.send("GET", path)
            let head = try client.send("HEAD", path)
            #expect(head.status == get.status, "\(path)")
            #expect(!get.body.isEmpty, "\(path)")
            #expect(head.header("Content-Length") == String(get.body.count), "\(path)")
            #expect(head.header("Content-Type") == get.header("Content-Type"), "\(path)")
            #expect(head.header("ETag") == get.header("ETag"), "\(path)")
        }
        // No body bytes were sent: the next response on the connection parses cleanly.
        #expect(try client.send("GET", "/healthz").text == #"{"status":"ok"}"#)
    }
}
