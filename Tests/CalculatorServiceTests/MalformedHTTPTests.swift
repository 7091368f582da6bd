import Foundation
import TestSupport
import Testing

/// Bytes no well-behaved client sends, each on a fresh connection to the real binary.
struct MalformedRequest: Sendable, CustomTestStringConvertible {
    let name: String
    /// The bytes to send, given the id of the session made before.
    let bytes: @Sendable (_ session: String) -> [UInt8]
    /// Whether the client closes its side right after sending instead of waiting for a reply (a body that never
    /// arrives in full has no reply to wait for).
    var hangUp = false
    /// False for requests that currently get through: in the row they would only repeat their own failure.
    var inRow = true

    var testDescription: String { name }

    init(
        _ name: String, hangUp: Bool = false, inRow: Bool = true, _ bytes: @escaping @Sendable (_ session: String) -> [UInt8]
    ) {
        self.name = name
        self.hangUp = hangUp
        self.inRow = inRow
        self.bytes = bytes
    }

    init(_ name: String, hangUp: Bool = false, inRow: Bool = true, text: @escaping @Sendable (_ session: String) -> String) {
        self.init(name, hangUp: hangUp, inRow: inRow) { Array(text($0).utf8) }
    }

    /// A press request on the session with this raw body and a truthful Content-Length.
    static func press(_ name: String, body: [UInt8]) -> MalformedRequest {
        MalformedRequest(name) { id in
            Array("POST /sessions/\(id)/press HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
        }
    }

    /// A chunked press request with this raw body.
    static func chunked(_ name: String, body: String) -> MalformedRequest {
        MalformedRequest(name) { id in
            "POST /sessions/\(id)/press HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n\(body)"
        }
    }

    static let all: [MalformedRequest] = [
        // Request lines
        MalformedRequest("garbage request line") { _ in "hello world\r\n\r\n" },
        MalformedRequest("method only") { _ in "GET\r\n\r\n" },
        MalformedRequest("binary request line") { _ in (0x80...0xFF).map(UInt8.init) + Array("\r\n\r\n".utf8) },
        MalformedRequest("control characters in the request line") { _ in "GET /\u{1}\u{7f}\u{1b}[2J HTTP/1.1\r\nHost: x\r\n\r\n" },
        MalformedRequest("garbage version") { _ in "GET /healthz HTTX/1.1\r\nHost: x\r\n\r\n" },
        MalformedRequest("absurd method") { id in "FROBNICATE /sessions/\(id) HTTP/1.1\r\nHost: x\r\n\r\n" },
        MalformedRequest("5000-byte method") { id in "\(String(repeating: "X", count: 5_000)) /sessions/\(id) HTTP/1.1\r\nHost: x\r\n\r\n" },
        MalformedRequest("100 kB path") { _ in "GET /\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\nHost: x\r\n\r\n" },
        // Headers beyond the connection memory limit (64 KiB)
        MalformedRequest("one 100 kB header") { id in "GET /sessions/\(id) HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n" },
        MalformedRequest("10000 headers") { id in
            "GET /sessions/\(id) HTTP/1.1\r\nHost: x\r\n" + (0..<10_000).map { "X-\($0): v\r\n" }.joined() + "\r\n"
        },
        // RFC 9112 §5.2: obs-fold, which libmicrohttpd 0.9.75 joins into the field's name.
        MalformedRequest("folded field line") { id in "GET /sessions/\(id) HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n" },
        MalformedRequest("header without a colon") { id in "GET /sessions/\(id) HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n" },
        // Lying Content-Length
        MalformedRequest("Content-Length longer than the body, then the client hangs up", hangUp: true) { id in
            "POST /sessions/\(id)/press HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"keys\":\"1\"}"
        },
        MalformedRequest("Content-Length shorter than the body") { id in
            "POST /sessions/\(id)/press HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{\"keys\":\"1 2 3\"}"
        },
        MalformedRequest("negative Content-Length") { id in
            "POST /sessions/\(id)/press HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -12\r\n\r\n{\"keys\":\"1\"}"
        },
        MalformedRequest("Content-Length beyond 64 bits") { id in
            "POST /sessions/\(id)/press HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999999999999999999999\r\n\r\n{\"keys\":\"1\"}"
        },
        // Two Content-Lengths that disagree are the classic request-smuggling shape (RFC 9112 §6.3: reject).
        // HTTPServer reads only the first Content-Length (MHD_lookup_connection_value) and applies the press.
        MalformedRequest("two different Content-Lengths", inRow: false) { id in
            "POST /sessions/\(id)/press HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 12\r\nContent-Length: 11\r\n\r\n{\"keys\":\"1\"}"
        },
        // Bad chunked encoding
        .chunked("chunk size not hexadecimal", body: "zz\r\n{\"keys\":\"1\"}\r\n0\r\n\r\n"),
        .chunked("chunk size beyond 64 bits", body: "ffffffffffffffffffff\r\n{\"keys\":\"1\"}\r\n0\r\n\r\n"),
        .chunked("chunk shorter than its data", body: "3\r\n{\"keys\":\"1\"}\r\n0\r\n\r\n"),
        .chunked("chunk without its CRLF", body: "c\r\n{\"keys\":\"1\"}XX0\r\n\r\n"),
        // Bodies that are not valid JSON text
        .press("invalid UTF-8 outside a string", body: [0xFF, 0xFE] + Array("{}".utf8)),
        .press("overlong UTF-8 in a string", body: Array(#"{"keys":""#.utf8) + [0xC0, 0xB1] + Array(#""}"#.utf8)),
        .press("truncated UTF-8 sequence", body: Array(#"{"keys":""#.utf8) + [0xE2, 0x82] + Array(#""}"#.utf8)),
        .press("lone surrogate escape", body: Array(#"{"keys":"\ud800"}"#.utf8)),
        .press("NUL inside the JSON", body: Array(#"{"keys":"1"#.utf8) + [0] + Array(#""}"#.utf8)),
        .press("10000 nested arrays", body: Array((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8)),
        .press("unterminated nested objects", body: Array(String(repeating: #"{"a":"#, count: 4_000).utf8)),
        // NUL bytes
        MalformedRequest("NUL in a header name") { id in "GET /sessions/\(id) HTTP/1.1\r\nHost: x\r\nX\u{0}A: b\r\n\r\n" },
        MalformedRequest("NUL in If-Match of a press") { id in
            "POST /sessions/\(id)/press HTTP/1.1\r\nHost: x\r\nIf-Match: \"1\u{0}\"\r\nContent-Type: application/json\r\nContent-Length: 12\r\n\r\n{\"keys\":\"1\"}"
        },
        // libmicrohttpd lends the target as a C string: a NUL would cut it, and the rest would reach the session.
        MalformedRequest("NUL in the path of a GET") { id in "GET /sessions/\(id)\u{0} HTTP/1.1\r\nHost: x\r\n\r\n" },
        MalformedRequest("NUL in the path of a DELETE") { id in "DELETE /sessions/\(id)\u{0}/press HTTP/1.1\r\nHost: x\r\n\r\n" },
        MalformedRequest("NUL in the query of a DELETE") { id in "DELETE /sessions/\(id)?a\u{0}b HTTP/1.1\r\nHost: x\r\n\r\n" },
        MalformedRequest("NUL in the path of a PUT") { id in
            "PUT /sessions/\(id)\u{0}x HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
        },
    ]
}

/// A request whose body cannot be framed the way every server in front of this one would frame it, or that no server
/// should act on: answered with exactly this status, as nginx answers it, and the connection closed.
struct UnframableRequest: Sendable, CustomTestStringConvertible {
    let name: String
    let status: Int
    let bytes: @Sendable (_ session: String) -> String

    var testDescription: String { name }

    /// A press of "AC 9 =" with these header fields after Host, and the body as sent.
    static func press(_ name: String, _ status: Int, fields: String, body: String) -> UnframableRequest {
        UnframableRequest(name: name, status: status) { id in
            "POST /sessions/\(id)/press HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\(fields)\r\n\(body)"
        }
    }

    private static let json = #"{"keys":"AC 9 ="}"#
    private static let chunked = "14\r\n\(json)\r\n0\r\n\r\n"

    static let all: [UnframableRequest] = [
        // libmicrohttpd 0.9.75 would read the body until the client closes.
        .press("Transfer-Encoding: gzip, chunked", 501, fields: "Transfer-Encoding: gzip, chunked\r\n", body: chunked),
        .press("two Transfer-Encoding fields", 501, fields: "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", body: chunked),
        // libmicrohttpd 0.9.75 would ignore the field and frame the body by Content-Length (RFC 9112 §5.1).
        .press(
            "whitespace before the colon of Transfer-Encoding", 400,
            fields: "Transfer-Encoding : chunked\r\nContent-Length: \(json.utf8.count)\r\n", body: json),
        // RFC 9112 §6.1: a server that reads such a request must close the connection after it.
        .press(
            "Content-Length and Transfer-Encoding", 400,
            fields: "Content-Length: \(chunked.utf8.count)\r\nTransfer-Encoding: chunked\r\n", body: chunked),
        // RFC 9112 §3.2.
        UnframableRequest(name: "HTTP/1.1 without Host", status: 400) { id in
            "POST /sessions/\(id)/press HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)"
        },
        UnframableRequest(name: "two Host fields", status: 400) { id in
            "POST /sessions/\(id)/press HTTP/1.1\r\nHost: x\r\nHost: y\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(json.utf8.count)\r\n\r\n\(json)"
        },
        // Answered before the body is sent: no 100 Continue.
        .press("Expect: 100-continue beyond the body limit", 413, fields: "Expect: 100-continue\r\nContent-Length: 1000000\r\n", body: ""),
        // libmicrohttpd answers these itself, with its 400 header block sent twice (see README).
        .press("Content-Length with a sign", 400, fields: "Content-Length: +\(json.utf8.count)\r\n", body: json),
        .press("Content-Length listed twice in one field", 400, fields: "Content-Length: 16, 16\r\n", body: json),
        .press("hexadecimal Content-Length", 400, fields: "Content-Length: 0x10\r\n", body: json),
        .press("Content-Length of -1", 400, fields: "Content-Length: -1\r\n", body: json),
    ]
}

/// A press with one field the server reads carrying a NUL (and what follows it) or another control byte in its value;
/// cut at the NUL, as libmicrohttpd lends values, each value is one the server would act on.
struct ControlByteField: Sendable, CustomTestStringConvertible {
    let name: String
    let value: String
    let byte: String

    /// libmicrohttpd reads Content-Length itself and answers a value with another byte than a digit (one that is not
    /// cut at a NUL) with its own 400, before the server sees the request.
    var isAnsweredByLibmicrohttpd: Bool { name == "Content-Length" && byte != "\u{0}" }

    var testDescription: String { "\(name) with \(byte == "\u{0}" ? "NUL" : byte.utf8.first.map { "0x" + String($0, radix: 16) } ?? "nothing")" }

    /// The press "AC 9 =", its framing fields as usual but where `name` is one of them; its value is `value`, the
    /// byte, then "junk".
    func press(_ id: String) -> [UInt8] {
        let json = #"{"keys":"AC 9 ="}"#
        let tainted = value + byte + "junk"
        var fields = [("Host", "127.0.0.1"), ("Content-Type", "application/json"), ("Content-Length", "\(json.utf8.count)")]
        var body = json
        if name == "Transfer-Encoding" {
            fields.removeLast()
            body = "\(String(json.utf8.count, radix: 16))\r\n\(json)\r\n0\r\n\r\n"
        }
        if let index = fields.firstIndex(where: { $0.0 == name }) { fields[index].1 = tainted } else { fields.append((name, tainted)) }
        return Array(("POST /sessions/\(id)/press HTTP/1.1\r\n" + fields.map { "\($0): \($1)\r\n" }.joined() + "\r\n" + body).utf8)
    }

    /// Every field a check or a route of the server reads, with a value it accepts.
    static let all: [ControlByteField] = [
        ("Host", "127.0.0.1"), ("Content-Type", "application/json"), ("Content-Length", "16"), ("Transfer-Encoding", "chunked"),
        ("Expect", "100-continue"), ("Authorization", "Bearer k3y-secret"), ("Idempotency-Key", "k-1"), ("If-Match", "*"),
        ("If-None-Match", #""999""#), ("Accept", "application/json"), ("Accept-Encoding", "gzip"), ("Origin", "http://a.example"),
        ("Access-Control-Request-Headers", "content-type"), ("X-Forwarded-For", "10.0.0.1"), ("X-Forwarded-Proto", "https"),
        ("X-Request-Id", "r-1"), ("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"),
        ("Last-Event-ID", "1"), ("Cache-Control", "no-cache"),
    ].flatMap { name, value in ["\u{0}", "\u{1}", "\u{7f}"].map { ControlByteField(name: name, value: value, byte: $0) } }
}

/// The server facing malformed HTTP: every request gets a 4xx or a closed connection, the server keeps serving,
/// and a session made before is exactly as it was.
@Suite struct MalformedHTTPTests {
    let server: ServerProcess
    let id: String
    let before: HTTPResponse

    init() throws {
        // A short idle timeout bounds how long any half-sent request can hold a connection.
        server = try ServerProcess(["--store", "memory", "--connection-timeout", "5"])
        let client = try server.client()
        let created = try client.send("POST", "/sessions")
        id = try #require(created.json?["id"] as? String)
        _ = try client.send("POST", "/sessions/\(id)/press", json: #"{"keys":"1 2 + 3 m+ 4"}"#)
        before = try client.send("GET", "/sessions/\(id)")
        try #require(before.status == 200)
    }

    enum Outcome: Equatable, CustomStringConvertible {
        case status(Int)
        case closed

        var description: String {
            switch self {
            case .status(let code): "status \(code)"
            case .closed: "closed"
            }
        }
    }

    /// Sends the bytes on a new connection and reads one reply. A server that answers early and closes may cut
    /// the write short; the reply (or the close) is what counts.
    private func exchange(_ bytes: [UInt8], hangUp: Bool = false) throws -> Outcome {
        let raw = try server.client()
        try? raw.write(bytes)
        if hangUp { return .closed }
        do {
            return .status(try raw.readResponse().status)
        } catch let error as HTTPClientError where error.isClosed {
            return .closed
        }
    }

    /// A fresh connection still gets /healthz, and the session has the same body and ETag as before.
    private func expectAliveAndUntouched(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let client = try server.client()
        #expect(try client.send("GET", "/healthz").status == 200, sourceLocation: sourceLocation)
        let after = try client.send("GET", "/sessions/\(id)")
        #expect(after.status == 200, "the session is gone: \(after.text)", sourceLocation: sourceLocation)
        #expect(after.text == before.text, "the session changed", sourceLocation: sourceLocation)
        #expect(after.header("ETag") == before.header("ETag"), sourceLocation: sourceLocation)
    }

    @Test(arguments: MalformedRequest.all)
    func isRejectedAndChangesNothing(_ request: MalformedRequest) throws {
        let outcome = try exchange(request.bytes(id), hangUp: request.hangUp)
        if case .status(let code) = outcome {
            #expect((400..<500).contains(code), "\(request.name): \(outcome)")
        }
        try expectAliveAndUntouched()
    }

    /// Every malformed request in a row on one server: none of them leaves anything behind that breaks the next.
    @Test func allInARowLeaveTheServerServing() throws {
        for request in MalformedRequest.all where request.inRow {
            let outcome = try exchange(request.bytes(id), hangUp: request.hangUp)
            if case .status(let code) = outcome {
                #expect((400..<500).contains(code), "\(request.name): \(outcome)")
            }
        }
        try expectAliveAndUntouched()
    }

    /// Each is answered with its status alone (no 100 Continue before it), the connection closes after it, and the
    /// press it carries is not applied.
    @Test(arguments: UnframableRequest.all)
    func unframableRequestIsAnsweredAsNginxDoesAndClosed(_ request: UnframableRequest) throws {
        let raw = try server.client()
        try raw.write(Array(request.bytes(id).utf8))
        let response = try raw.readResponse()
        #expect(response.status == request.status, "\(response.status) \(response.text)")
        #expect(raw.isClosedByPeer(afterDrainingFor: 2), "the connection stays open")
        try expectAliveAndUntouched()
    }

    /// RFC 9110 §5.5: a field value with a NUL or another control byte but HTAB is refused, 400 problem+json, before
    /// any check reads it (libmicrohttpd lends values cut at a NUL); the press it carries is not applied.
    @Test(arguments: ControlByteField.all)
    func controlByteInAFieldValueIsRefused(_ field: ControlByteField) throws {
        let raw = try server.client()
        try raw.write(field.press(id))
        let response = try raw.readResponse()
        #expect(response.status == 400, "\(response.status) \(response.text)")
        if !field.isAnsweredByLibmicrohttpd { #expect(response.header("Content-Type") == "application/problem+json") }
        try expectAliveAndUntouched()
    }

    /// HTAB is allowed inside a value, and the same press with every field clean is applied: the refusals above are
    /// for the byte alone.
    @Test func tabInAFieldValueIsAccepted() throws {
        let raw = try server.client()
        try raw.write(ControlByteField(name: "X-Note", value: "a\tb", byte: "").press(id))
        let response = try raw.readResponse()
        #expect(response.status == 200, "\(response.status) \(response.text)")
        #expect(response.json?["display"] as? String == "9")
    }

    /// The operator's key followed by a NUL and more opens nothing: libmicrohttpd would lend the value cut at the NUL,
    /// which is the key.
    @Test func apiKeyFollowedByANulIsRefused() throws {
        let guarded = try ServerProcess(["--store", "memory", "--api-key", "k3y-secret"])
        let create = "POST /sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nAuthorization: Bearer k3y-secret"
        let tainted = try guarded.client()
        try tainted.write(create + "\u{0}junk\r\n\r\n")
        let refused = try tainted.readResponse()
        #expect(refused.status == 400, "\(refused.status) \(refused.text)")
        #expect(refused.header("Content-Type") == "application/problem+json")
        let clean = try guarded.client()
        try clean.write(create + "\r\n\r\n")
        #expect(try clean.readResponse().status == 201)
    }

    /// Well-formed presses that the engine fuzzer found to crash the process (a GMP division by zero raises SIGFPE):
    /// each gets its answer, and the server keeps serving.
    @Test(arguments: [
        // A base within 2^-256 of 1 (x logᵧ x with x = 1 + 10^-135): a 256-bit rounding of it has the logarithm 0;
        // the exact base's logarithm is not 0, so the answer is 1.
        #"{"keys":"( 1 EE + 1 EE neg 1 3 5 ) logy ="}"#,
        #"{"keys":"1 EE + 1 EE neg 1 3 5 = logy ="}"#,
        #"{"keys":"( 1 EE + 1 EE neg 1 3 5 ) logy ( 1 EE + 1 EE neg 1 3 5 ) ="}"#,
    ])
    func keySequenceThatCrashedTheEngineAnswersError(_ body: String) throws {
        let client = try server.client()
        let session = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let response = try client.send("POST", "/sessions/\(session)/press", json: body)
        #expect(response.status == 200, "\(response.text)")
        #expect(response.json?["display"] as? String == "1")
        try expectAliveAndUntouched()
    }

    /// A client that trickles its body one byte at a time keeps its connection, but another client's requests are
    /// all served while it does: each of them completes between two of its bytes, before its own reply exists.
    @Test func slowClientDoesNotDelayOthers() throws {
        let other = try server.client()
        let otherID = try #require(try other.send("POST", "/sessions").json?["id"] as? String)

        let slow = try server.client()
        let body = Array(#"{"keys":"AC 6 * 7 ="}"#.utf8)
        try slow.write(Array("POST /sessions/\(id)/press HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8))

        var events: [String] = []
        for byte in body {
            try slow.write([byte])
            let response = try other.send("POST", "/sessions/\(otherID)/press", json: #"{"keys":"AC 7"}"#)
            #expect(response.status == 200)
            #expect(response.json?["display"] as? String == "7")
            events.append("other")
        }
        let slowResponse = try slow.readResponse()
        events.append("slow")

        #expect(slowResponse.status == 200)
        #expect(slowResponse.json?["display"] as? String == "42")
        #expect(events == Array(repeating: "other", count: body.count) + ["slow"])
        let otherState = try other.send("GET", "/sessions/\(otherID)")
        #expect(otherState.json?["version"] as? Int == 1 + body.count)
    }
}
