import Foundation
import TestSupport
import Testing

@testable import CalculatorService

/// W3C Trace Context: a request's `traceparent` comes back with the same trace and a span of the server's own.
@Suite struct TraceContextTests {
    private static let trace = "4bf92f3577b34da6a3ce929d0e0e4736"

    @Test func aValidHeaderIsRead() throws {
        let context = try #require(TraceContext(traceparent: "00-\(Self.trace)-00f067aa0ba902b7-01", span: 0xABC))
        #expect(context.traceID == Self.trace)
        #expect(context.parentSpan == 0x00F0_67AA_0BA9_02B7)
        #expect(context.spanID == "0000000000000abc")
        #expect(context.traceparent == "00-\(Self.trace)-0000000000000abc-01")
        // A later version may add fields; they are not returned.
        #expect(TraceContext(traceparent: "01-\(Self.trace)-00f067aa0ba902b7-00-later", span: 1)?.traceparent == "00-\(Self.trace)-0000000000000001-00")
    }

    @Test(arguments: [
        "", "00-\(trace)-00f067aa0ba902b7", "00-\(trace)-00f067aa0ba902b7-01-extra",
        "ff-\(trace)-00f067aa0ba902b7-01", "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
        "00-\(trace)-0000000000000000-01", "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
        "00_\(trace)_00f067aa0ba902b7_01", "00-\(trace)-00f067aa0ba902bz-01", "01-\(trace)-00f067aa0ba902b7-01x",
    ])
    func anInvalidHeaderIsIgnored(_ header: String) {
        #expect(TraceContext(traceparent: header) == nil, "\(header)")
    }

    @Test func responsesReturnTheTraceWithANewSpan() throws {
        let client = try InProcessClient(store: .sqlite)
        let parent = "00-\(Self.trace)-00f067aa0ba902b7-01"
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        // A press on SQLite answers later, from the store's completion: the header is added then too.
        for response in [
            try client.send("POST", "/sessions/\(id)/press", json: #"{"key":"1"}"#, headers: [("traceparent", parent)]),
            try client.send("GET", "/healthz", headers: [("traceparent", parent)]),
        ] {
            let returned = try #require(response.header("traceparent"))
            let parts = returned.split(separator: "-")
            #expect(parts.count == 4)
            #expect(parts[0] == "00" && parts[1] == Self.trace[...] && parts[3] == "01")
            #expect(parts[2].count == 16 && parts[2] != "00f067aa0ba902b7" && parts[2] != "0000000000000000")
        }
        #expect(try client.send("GET", "/healthz").header("traceparent") == nil, "no trace is started for a request without one")
        #expect(try client.send("GET", "/healthz", headers: [("traceparent", "garbage")]).header("traceparent") == nil)
    }
}
