@testable import HTTPServer
import Testing

@Suite struct RequestHeadersTests {
    @Test func lookupIgnoresCaseAndReturnsFirstMatch() {
        let headers: RequestHeaders = ["Content-Type": "application/json", "Vary": "Accept", "vary": "Origin"]
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers["Vary"] == "Accept")
        #expect(headers.values("VARY") == ["Accept", "Origin"])
        #expect(headers["Accept"] == nil)
        #expect(headers.values("Accept") == [])
        #expect(headers.count == 3)
    }

    @Test func namesDifferingOnlyOutsideLettersDoNotMatch() {
        // '-' (0x2D) and '\r' (0x0D) differ only by bit 0x20, which case folding must not ignore.
        let headers: RequestHeaders = ["a-b": "1"]
        #expect(headers["a\rb"] == nil)
        #expect(headers["A-B"] == "1")
    }

    /// "Origin" and "Expect" share a presence bit, as do "Y-A" and "Ba": the bit only says a walk may find the name.
    @Test func namesSharingAPresenceBitAreToldApart() {
        let headers: RequestHeaders = ["Expect": "100-continue", "Ba": "1"]
        #expect(headers["Origin"] == nil)
        #expect(headers["Expect"] == "100-continue")
        #expect(headers["Y-A"] == nil)
        #expect(headers["ba"] == "1")
    }

    /// A prepared name finds what its text finds: case-insensitively, the first field, nothing for an absent name
    /// or one that only shares its presence bit ("Origin" and "Expect").
    @Test func preparedNamesFindWhatTheirTextFinds() {
        let headers: RequestHeaders = ["content-TYPE": "text/plain", "Expect": "100-continue", "If-Match": "\"1\"", "if-match": "\"2\""]
        #expect(headers[.contentType] == "text/plain")
        #expect(headers[.ifMatch] == "\"1\"")
        #expect(headers[.origin] == nil)
        #expect(headers[HeaderName("EXPECT")] == "100-continue")
        #expect(headers[.accept] == nil)
        #expect(RequestHeaders()[.contentType] == nil)
        let names: [(String, HeaderName)] = [
            ("Content-Type", .contentType), ("If-Match", .ifMatch), ("Origin", .origin), ("Expect", HeaderName("Expect")),
            ("Accept", .accept),
        ]
        for (text, prepared) in names {
            #expect(headers[text] == headers[prepared])
        }
    }

    @Test func fieldsKeepTheirOrderSpellingAndEmptyValues() {
        let headers: RequestHeaders = ["Host": "localhost", "X-Empty": "", "ACCEPT": "*/*", "x-empty": "second"]
        #expect(headers.map(\.name) == ["Host", "X-Empty", "ACCEPT", "x-empty"])
        #expect(headers.map(\.value) == ["localhost", "", "*/*", "second"])
        #expect(headers["x-EMPTY"] == "")
    }

    @Test func longAndNonASCIIValuesReadBackWhole() {
        let long = String(repeating: "token-", count: 100)
        let headers: RequestHeaders = ["Authorization": "Bearer " + long, "X-Name": "Zoë", "Content-Type": "application/json; charset=utf-8"]
        #expect(headers["authorization"] == "Bearer " + long)
        #expect(headers["X-Name"] == "Zoë")
        #expect(headers["Content-Type"] == "application/json; charset=utf-8")
    }

    /// The server empties a connection's spare buffer for the next request; a request kept by the responder keeps its
    /// fields.
    @Test func emptyingForReuseLeavesCopiesIntact() {
        var spare: RequestHeaders = ["Authorization": "Bearer secret", "Origin": "https://a.test"]
        let kept = spare
        spare.removeAll()
        #expect(spare.count == 0)
        #expect(spare["Authorization"] == nil)
        #expect(spare.map(\.name) == [])
        spare.append(name: Array("If-Match".utf8), value: Array("\"3\"".utf8))
        #expect(spare.map(\.name) == ["If-Match"])
        #expect(spare["Origin"] == nil, "the emptied buffer forgets which names it held")
        #expect(kept["authorization"] == "Bearer secret")
        #expect(kept["Origin"] == "https://a.test")
        #expect(kept.count == 2)
    }

    @Test func growsPastItsReservedRoom() {
        var headers = RequestHeaders()
        headers.reserveCapacity(bytes: 16, fields: 1)
        var expected: [(String, String)] = []
        for index in 0..<200 {
            let (name, value) = ("X-Field-\(index)", String(repeating: "v", count: index))
            headers.append(name: name.utf8, value: value.utf8)
            expected.append((name, value))
        }
        #expect(headers.count == 200)
        #expect(headers.map(\.name) == expected.map(\.0))
        #expect(headers.map(\.value) == expected.map(\.1))
        #expect(headers["x-field-199"] == String(repeating: "v", count: 199))
    }
}
