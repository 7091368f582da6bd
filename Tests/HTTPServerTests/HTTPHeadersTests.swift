import HTTPServer
import Testing

@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresCaseAndReturnsFirstMatch() {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        headers.add("Vary", "Accept")
        headers.add("vary", "Origin")
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers["Vary"] == "Accept")
        #expect(headers.values("VARY") == ["Accept", "Origin"])
        #expect(headers["Accept"] == nil)
    }

    @Test func namesDifferingOnlyOutsideLettersDoNotMatch() {
        // '-' (0x2D) and '\r' (0x0D) differ only by bit 0x20, which case folding must not ignore.
        let headers: HTTPHeaders = ["a-b": "1"]
        #expect(headers["a\rb"] == nil)
        #expect(headers["A-B"] == "1")
    }

    @Test func setReplacesEveryFieldOfThatNameInPlace() {
        var headers = HTTPHeaders()
        headers.add("A", "1")
        headers.add("Set-Cookie", "x=1")
        headers.add("B", "2")
        headers.add("set-cookie", "y=2")
        headers.set("SET-COOKIE", "z=3")
        #expect(headers.map(\.name) == ["A", "SET-COOKIE", "B"])
        #expect(headers.values("set-cookie") == ["z=3"])
        headers.set("C", "3")
        #expect(headers.map(\.name) == ["A", "SET-COOKIE", "B", "C"])
    }

    @Test func addKeepsOrderAndDuplicates() {
        var headers = HTTPHeaders()
        headers.add("X", "1")
        headers.add("Y", "2")
        headers.add("X", "3")
        #expect(headers.map(\.value) == ["1", "2", "3"])
        #expect(headers.count == 3)
        headers.remove("x")
        #expect(headers.map(\.name) == ["Y"])
    }
}
