import Foundation
import Synchronization
import TestSupport
import Testing

/// Presses of more keys than `PressRequest.inPlaceKeyLimit`, which the long-press worker applies on a copy of the
/// session and writes over that copy: to a client they are presses like any other.
@Suite final class LongPressTests {
    /// 20 keys that end with memory 10 more than before, whatever came before them.
    static let tenToMemory = #"{"keys":[\#(Array(repeating: #""1","m+""#, count: 10).joined(separator: ","))]}"#
    /// Issue 24's request, shortened: huge numbers, memory, pending operations and parentheses.
    static let mixed = ["7", "pow", "2", "0", "0", "=", "m+"] + Array(repeating: ["mr", "+", "("], count: 30).flatMap { $0 } + ["mr", ")", "="]

    private var client: InProcessClient!

    private func session() throws -> String {
        let response = try client.send("POST", "/sessions")
        try #require(response.status == 201)
        return try #require(response.json?["id"] as? String)
    }

    private func press(_ id: String, _ keys: [String], headers: [(String, String)] = []) throws -> HTTPResponse {
        let names = keys.map { "\"\($0)\"" }.joined(separator: ",")
        return try client.send("POST", "/sessions/\(id)/press", json: #"{"keys":[\#(names)]}"#, headers: headers)
    }

    @Test(arguments: TestStore.allCases) func aLongPressAnswersAsItsKeysPressedInShortRequests(_ store: TestStore) throws {
        client = try InProcessClient(store: store)
        let long = try session(), short = try session()
        let reply = try press(long, Self.mixed)
        #expect(reply.status == 200)
        for start in stride(from: 0, to: Self.mixed.count, by: 10) {
            #expect(try press(short, Array(Self.mixed[start..<min(start + 10, Self.mixed.count)])).status == 200)
        }
        let (longState, shortState) = (try client.send("GET", "/sessions/\(long)"), try client.send("GET", "/sessions/\(short)"))
        for field in ["display", "expression", "memory", "pending"] {
            #expect(longState.json?[field] as? NSObject == shortState.json?[field] as? NSObject, "\(field)")
            #expect(reply.json?[field] as? NSObject == longState.json?[field] as? NSObject, "\(field)")
        }
        #expect(reply.json?["version"] as? Int == 2)
        #expect(reply.header("ETag") == "\"2\"")
        #expect(try client.send("GET", "/sessions/\(long)/history").json?["history"] as? NSObject
            == client.send("GET", "/sessions/\(short)/history").json?["history"] as? NSObject)
    }

    @Test(arguments: TestStore.allCases) func aLongPressKeepsIdempotencyIfMatchAndRefusals(_ store: TestStore) throws {
        client = try InProcessClient(store: store)
        let id = try session()
        let keys = Array(repeating: ["1", "m+"], count: 10).flatMap { $0 }
        let first = try press(id, keys, headers: [("Idempotency-Key", "long-one")])
        let again = try press(id, keys, headers: [("Idempotency-Key", "long-one")])
        #expect(first.status == 200)
        #expect(again.status == 200)
        #expect(again.body == first.body)
        #expect(again.header("Idempotent-Replayed") == "true")
        #expect(try press(id, keys + ["1"], headers: [("Idempotency-Key", "long-one")]).status == 422)
        #expect(try press(id, keys, headers: [("If-Match", "\"1\"")]).status == 412)
        let refused = try press(id, keys + ["and"])
        #expect(refused.status == 422)
        #expect(refused.json?["index"] as? Int == keys.count)
        let state = try client.send("GET", "/sessions/\(id)")
        #expect(state.json?["version"] as? Int == 2)
        #expect(state.json?["memory"] as? String == "10")
        #expect(try press(id, keys, headers: [("If-Match", "\"2\"")]).json?["memory"] as? String == "20")
        #expect(try press("absent-session", keys).status == 404)
    }

    /// Long and short presses from several connections at once on one session: every press is applied once, as in
    /// some order one after another (each long one adds 10 to memory, each short one 1, and each is one version).
    @Test(arguments: TestStore.allCases) func longAndShortPressesOnOneSessionLoseNothing(_ store: TestStore) throws {
        let server = try ServerProcess(store: store)
        let client = try server.client()
        let id = try #require(try client.send("POST", "/sessions").json?["id"] as? String)
        let long = Atomic<Int>(0), short = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 6) { index in
            guard let client = try? HTTPClient(port: server.port) else { return }
            for _ in 0..<(index < 2 ? 8 : 20) {
                let body = index < 2 ? Self.tenToMemory : #"{"keys":["1","m+"]}"#
                guard let response = try? client.send("POST", "/sessions/\(id)/press", json: body), response.status == 200 else { continue }
                if index < 2 { long.add(1, ordering: .relaxed) } else { short.add(1, ordering: .relaxed) }
            }
        }
        let (longs, shorts) = (long.load(ordering: .relaxed), short.load(ordering: .relaxed))
        #expect(longs == 16)
        #expect(shorts == 80)
        let state = try client.send("GET", "/sessions/\(id)")
        #expect(state.json?["memory"] as? String == String(10 * longs + shorts))
        #expect(state.json?["version"] as? Int == 1 + longs + shorts)
    }
}
