import Bytes
@testable import CalculatorService
import Foundation
import Testing

/// A request's log line as the access log writes it, in both formats: fields in name order, the session segment
/// redacted wherever it is, and values that cannot break a line or a JSON string.
@Suite struct RequestLogLineTests {
    private func fields(path: String, requestID: String = "r-1", method: String = "GET", json: Bool) -> String {
        let line = RequestLogLine(
            method: RequestMethod(method), originalMethod: method, status: 200, bodySize: 12, nanoseconds: 1_234_000,
            requestID: requestID, isHTTPS: false, clientAddress: "127.0.0.1", route: nil, path: path, trace: nil)
        var buffer = ByteBuffer()
        line.appendFields(to: &buffer, json: json)
        return buffer.string
    }

    @Test func textFieldsInNameOrder() {
        #expect(
            fields(path: "/healthz", json: false)
                == " client.address=127.0.0.1 http.request.method=GET http.response.body.size=12 http.response.status_code=200"
                + " http.server.request.duration=0.001234 request.id=r-1 url.path=/healthz url.scheme=http")
    }

    @Test func jsonFieldsAreOneObjectsMembers() throws {
        let text = "{\"a\":1" + fields(path: "/x\"y\\z", requestID: "q\"\u{1}", method: "BREW", json: true) + "}"
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["url.path"] as? String == "/x\"y\\z")
        #expect(object["request.id"] as? String == "q\"\u{1}")
        #expect(object["http.request.method"] as? String == "_OTHER")
        #expect(object["http.request.method_original"] as? String == "BREW")
        #expect(object["http.server.request.duration"] as? Double == 0.001234)
    }

    /// A control character in a text value is written as `?`, so no value can start a line of its own.
    @Test func textValuesCannotStartALine() {
        let text = fields(path: "/x\r\nfake 200", requestID: "a\nb", json: false)
        #expect(!text.contains("\n") && !text.contains("\r"))
        #expect(text.contains("url.path=/x??fake 200") && text.contains("request.id=a?b"))
    }

    @Test(arguments: [
        ("/sessions/abc", "/sessions/REDACTED"), ("/sessions/abc/press", "/sessions/REDACTED/press"),
        ("//sessions//abc", "//sessions//REDACTED"), ("/Sessions/abc.json", "/Sessions/REDACTED"),
        ("/sessions/", "/sessions/"), ("/sessions", "/sessions"), ("/sessionsx/abc", "/sessionsx/abc"),
        ("/v1/sessions/abc/sessions/def/", "/v1/sessions/REDACTED/sessions/REDACTED/"),
    ])
    func theSegmentAfterSessionsIsRedacted(_ path: String, _ logged: String) {
        #expect(fields(path: path, json: false).contains(" url.path=\(logged) "))
        let hashed = fields(path: path, json: false).contains("session.hash=")
        #expect(hashed == logged.contains("REDACTED"))
    }

    @Test func aLongPathIsCut() {
        let text = fields(path: "/" + String(repeating: "a", count: 1_000), json: false)
        #expect(text.contains(" url.path=/" + String(repeating: "a", count: RequestLogLine.pathLimit - 1) + " "))
    }

    @Test func secondsKeepSixDecimalsAtMost() {
        for (microseconds, text) in [(1, "0.000001"), (1_500_000, "1.5"), (2_000_000, "2.0"), (123_456, "0.123456")] {
            var buffer = ByteBuffer()
            RequestLogLine.appendSeconds(microseconds: Int64(microseconds), to: &buffer)
            #expect(buffer.string == text)
        }
    }
}
