import Foundation
import CalculatorEngine
import HTTPServer
import SessionStore
import Testing

@testable import CalculatorService

/// The hand-written JSON reader and writer on the request path, checked against Foundation's.
@Suite struct JSONTests {
    @Test(arguments: [
        #"{"key":"7"}"#, #"{"keys":["1","+","2"],"trace":true}"#, #"  {"a" : [1, -2.5e3, 0, true, false, null] }  "#,
        #"{"s":"tab\there \"quoted\" back\\slash \u00e9 \ud83d\ude00 \/"}"#, #"[]"#, #"{}"#, #""plain""#, #"-0.0"#,
        #"{"unicode":"√ × ÷ sin⁻¹"}"#,
    ])
    func readsWhatFoundationReads(_ text: String) throws {
        let ours = try JSONReader.parse(Array(text.utf8))
        let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        #expect(Self.same(ours, theirs), "\(ours) vs \(theirs)")
    }

    @Test(arguments: [
        (#"{"a":1"#, "unexpected end of input in an object"), (#"{"a":1,}"#, "expected a member name in quotes"),
        (#"[1,]"#, "unexpected character"), (#"01"#, "unexpected data after the JSON value"), (#"{"a":1}x"#, "unexpected data after the JSON value"),
        (#""\x""#, "invalid escape"), (#""\ud800""#, #"unpaired surrogate in \u escape"#), (#"{"a":1,"a":2}"#, "duplicate member \"a\""),
        ("\"a\u{01}\"", "control character in a string"), (#"1."#, "a number needs digits after '.'"), (#"tru"#, "unexpected end of input"),
    ])
    func rejectsWithAPreciseMessage(_ text: String, _ message: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(text.utf8)) }
        do {
            _ = try JSONReader.parse(Array(text.utf8))
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func rejectsInvalidUTF8AndDeepNesting() {
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse([0x22, 0xC3, 0x28, 0x22]) }
        let deep = String(repeating: "[", count: JSONReader.maxDepth + 1) + String(repeating: "]", count: JSONReader.maxDepth + 1)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(deep.utf8)) }
        let allowed = String(repeating: "[", count: JSONReader.maxDepth) + String(repeating: "]", count: JSONReader.maxDepth)
        #expect(throws: Never.self) { try JSONReader.parse(Array(allowed.utf8)) }
    }

    @Test(arguments: ["plain", "with \"quotes\" and \\ backslash", "line\nbreak\ttab\u{01}", "√ × ÷ π", ""])
    func writerOutputParsesBackToTheSameString(_ text: String) throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("text", text)
        writer.field("count", 42)
        writer.field("flag", true)
        writer.field("nothing", nil as String?)
        writer.endObject()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any])
        #expect(object["text"] as? String == text)
        #expect(object["count"] as? Int == 42)
        #expect(object["flag"] as? Bool == true)
        #expect(object["nothing"] is NSNull)
    }

    @Test(arguments: ["application/json", "Application/JSON", " application/json ; charset=utf-8", "application/json;charset=UTF-8"])
    func jsonContentTypesAreAccepted(_ contentType: String) {
        let request = Request(method: "POST", path: "/", headers: ["Content-Type": contentType], body: Array("{}".utf8))
        #expect(throws: Never.self) { try request.requireJSONBody() }
    }

    @Test(arguments: ["text/plain", "application/jsonx", "application/json-seq", "", "json"])
    func otherContentTypesAreRefused(_ contentType: String) {
        let request = Request(method: "POST", path: "/", headers: ["Content-Type": contentType], body: Array("{}".utf8))
        #expect(throws: Problem.self) { try request.requireJSONBody() }
    }

    @Test func writerWritesIntegersAtTheirLimits() throws {
        var writer = JSONWriter(capacity: 1)  // also makes the buffer grow
        writer.beginObject()
        writer.field("min", Int64.min)
        writer.field("max", UInt64.max)
        writer.field("zero", 0)
        writer.field("negative", -42)
        writer.endObject()
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == "{\"min\":\(Int64.min),\"max\":\(UInt64.max),\"zero\":0,\"negative\":-42}")
    }

    /// The session and display replies, byte for byte as openapi.yaml's examples write them (member order, no
    /// spaces): they are written from prepared fragments, so every branch is checked whole.
    @Test func sessionRepliesAreExactBytes() throws {
        let id = try #require(SessionID("s-1"))
        func state(_ keys: String) throws -> CalculatorState {
            var state = CalculatorState()
            var random = SystemRandom()
            for name in keys.split(separator: " ") { state.apply(try #require(Key(name: String(name))), random: &random) }
            return state
        }
        let fresh = String(decoding: Rendering.state(CalculatorState(), id: id, version: 1), as: UTF8.self)
        #expect(
            fresh == #"{"id":"s-1","display":"0","expression":"","pending":false,"error":null,"memory":null,"angle":"deg","#
                + #""second":false,"variables":{},"awaiting":null,"mode":"scientific","digits":16,"version":1}"#)
        let busy = try state("1 2 m+ + 3 2nd")
        #expect(
            String(decoding: Rendering.state(busy, id: id, version: 42), as: UTF8.self)
                == #"{"id":"s-1","display":"3","expression":"12 + 3","pending":true,"error":null,"memory":"12","angle":"deg","#
                + #""second":true,"variables":{},"awaiting":null,"mode":"scientific","digits":16,"version":42}"#)
        #expect(
            String(decoding: Rendering.display(busy), as: UTF8.self)
                == #"{"display":"3","expression":"12 + 3","pending":true,"error":null,"memory":"12","angle":"deg","second":true,"#
                + #""variables":{},"awaiting":null}"#)
        let failed = try state("1 / 0 =")
        #expect(
            String(decoding: Rendering.display(failed), as: UTF8.self)
                == #"{"display":"Error","expression":"1 ÷ 0","pending":false,"error":{"code":"division_by_zero","#
                + #""message":"Division by zero"},"memory":null,"angle":"deg","second":false,"variables":{},"awaiting":null}"#)
        // Programmer mode adds the radix, the word and the value in every radix; variables show like the display.
        var programmer = try state("7 sto x 1 / 3 = sto z rcl")
        programmer.update(settings: Settings(mode: .programmer, radix: .hex, word: .byte))
        #expect(
            String(decoding: Rendering.display(programmer), as: UTF8.self)
                == #"{"display":"0","expression":"","pending":false,"error":null,"memory":null,"angle":"deg","second":false,"#
                + #""radix":"hex","word":8,"radixes":{"hex":"0","dec":"0","oct":"0","bin":"0"},"variables":{"x":"7","z":"0"},"#
                + #""awaiting":"rcl"}"#)
        var hex = CalculatorState(settings: Settings(mode: .programmer, radix: .hex, word: .word))
        var random = SystemRandom()
        for name in ["F", "F", "F", "F"] { hex.apply(try #require(Key(name: name)), random: &random) }
        #expect(
            String(decoding: Rendering.state(hex, id: id, version: 5), as: UTF8.self)
                == #"{"id":"s-1","display":"FFFF","expression":"FFFF","pending":false,"error":null,"memory":null,"angle":"deg","#
                + #""second":false,"radix":"hex","word":16,"radixes":{"hex":"FFFF","dec":"-1","oct":"177777","bin":"1111111111111111"},"#
                + #""variables":{},"awaiting":null,"mode":"programmer","digits":16,"version":5}"#)
        // RPN mode adds its stack, each level as the display shows it, in the reply, the display and the events.
        var rpn = CalculatorState(settings: Settings(mode: .rpn))
        for name in ["1", "enter", "2", "enter", "3", "enter", "4"] { rpn.apply(try #require(Key(name: name)), random: &random) }
        let rpnState = #"{"id":"s-1","display":"4","expression":"4","pending":false,"error":null,"memory":null,"angle":"deg","#
            + #""second":false,"stack":{"x":"4","y":"3","z":"2","t":"1"},"variables":{},"awaiting":null,"mode":"rpn","digits":16,"#
            + #""version":3}"#
        #expect(String(decoding: Rendering.state(rpn, id: id, version: 3), as: UTF8.self) == rpnState)
        #expect(String(decoding: Rendering.event(rpn, id: id, version: 3), as: UTF8.self) == "id: 3\ndata: " + rpnState + "\n\n")
        #expect(String(decoding: Rendering.display(rpn), as: UTF8.self).contains(#""second":false,"stack":{"x":"4","y":"3","z":"2","t":"1"},"#))
        let traced = String(decoding: Rendering.state(try state("7"), id: id, version: 2, steps: [("7", "7")]), as: UTF8.self)
        #expect(traced.hasSuffix(#""digits":16,"version":2,"steps":[{"key":"7","display":"7"}]}"#))
    }

    /// A reply longer than its writer's first capacity grows and is still whole.
    @Test func longRepliesAreWhole() throws {
        let id = try #require(SessionID(String(repeating: "x", count: 64)))
        var state = CalculatorState()
        var random = SystemRandom()
        let keys = (0..<60).flatMap { _ in ["1", "+"] }
        for name in keys { state.apply(try #require(Key(name: name)), random: &random) }
        let steps = (0..<40).map { ("digit \($0)", String(repeating: "9", count: 20)) }
        let bytes = Rendering.state(state, id: id, version: 7, steps: steps)
        #expect(bytes.count > 512)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["expression"] as? String == state.expression)
        #expect((object["steps"] as? [Any])?.count == 40)
    }

    /// An object of thousands of distinct members is read whole, in order; a duplicate far into a large object is
    /// still found, and one among a few members too.
    @Test func largeObjectsAreCheckedForDuplicates() throws {
        let count = 6_354
        let members = (0..<count).map { #""member\#($0)":\#($0)"# }
        let body = Array(("{" + members.joined(separator: ",") + "}").utf8)
        guard case let .object(read) = try JSONReader.parse(body) else {
            Issue.record("not an object")
            return
        }
        #expect(read.count == count)
        #expect(read.map(\.0) == (0..<count).map { "member\($0)" })
        #expect(read.last?.1 == .number("\(count - 1)"))
        for duplicated in ["member3", "member5000"] {
            let text = "{" + members.joined(separator: ",") + #","\#(duplicated)":0}"#
            #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(text.utf8)) }
            do {
                _ = try JSONReader.parse(Array(text.utf8))
            } catch {
                #expect(error.message == "duplicate member \"\(duplicated)\"")
            }
        }
        for size in 1...(JSONReader.scannedMembers + 2) {
            let few = (0..<size).map { #""m\#($0)":\#($0)"# } + [#""m0":true"#]
            #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(("{" + few.joined(separator: ",") + "}").utf8)) }
        }
    }

    /// `GET /keys` is the catalog's every field, in keypad order, and stays byte for byte what clients have read:
    /// its length and FNV-1a hash change only with a deliberate change of the catalog.
    @Test func keyCatalogReplyIsTheCatalog() throws {
        let bytes = Rendering.keyCatalog()
        let full = String(decoding: bytes, as: UTF8.self)
        #expect(full.contains(
            #"{"name":"enter","aliases":["ENTER","⏎"],"label":"ENTER","spoken":"enter","kind":"stack","second":false,"inverse":null,"#
                + #""modes":{"rpn":"stack"}}"#))
        #expect(full.contains(
            #"{"name":"C","aliases":[],"label":"C","spoken":"clear entry","kind":"clear","second":false,"inverse":null,"#
                + #""modes":{"scientific":"clear","immediate":"clear","programmer":"digit","rpn":"clear","statistics":"clear"}}"#))
        #expect(full.contains(
            #"{"name":"bit63","aliases":[],"label":"bit63","spoken":"flip bit 63","kind":"unary","second":false,"inverse":null,"#
                + #""modes":{"programmer":"unary"}}"#))
        // Without RPN mode (issue 48): its member of each key's modes, its stack keys (the last of the catalog) and
        // neg's aliases CHS and chs, and without programmer mode's popcount and bit keys (before them), the reply is
        // the one before them, byte for byte.
        let text = full.replacing(try Regex(#","rpn":"[a-z]+""#), with: "")
            .replacing(try Regex(#",\{"name":"(enter|swap|rolldown|rollup|lastx)",[^{]*\{"rpn":"stack"\}\}"#), with: "")
            .replacing(try Regex(#",\{"name":"(popcount|bit[0-9]+)",[^{]*\{"programmer":"unary"\}\}"#), with: "")
            .replacingOccurrences(of: #""+/-","CHS","chs"]"#, with: #""+/-"]"#)
        #expect(text.hasPrefix(
            #"{"keys":[{"name":"(","aliases":[],"label":"(","spoken":"open parenthesis","kind":"parenthesis","second":false,"#
                + #""inverse":null,"modes":{"scientific":"parenthesis","immediate":"parenthesis","programmer":"parenthesis","statistics":"parenthesis"}},"#))
        #expect(text.contains(
            #"{"name":"C","aliases":[],"label":"C","spoken":"clear entry","kind":"clear","second":false,"inverse":null,"#
                + #""modes":{"scientific":"clear","immediate":"clear","programmer":"digit","statistics":"clear"}}"#))
        func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
            bytes.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }
        // Without the spoken names, and without undo and redo (the last of the catalog's own lines, before programmer
        // mode's keys), the reply is the one before them, byte for byte.
        let spoken = try Regex(#","spoken":"[^"]*""#)
        let undo = #"{"name":"undo","aliases":["↶"],"label":"↶","kind":"undo","second":false,"inverse":null,"#
            + #""modes":{"scientific":"undo","immediate":"undo"}},"#
            + #"{"name":"redo","aliases":["↷"],"label":"↷","kind":"undo","second":false,"inverse":null,"#
            + #""modes":{"scientific":"undo","immediate":"undo"}},"#
        // And without convert (issue 37), the line after them.
        let convert = #"{"name":"convert","aliases":[],"label":"convert","kind":"unary","second":false,"inverse":null,"#
            + #""modes":{"scientific":"unary","immediate":"unary"}},"#
        // And without statistics mode and the memory list (issue 48): their keys, then the mode in each key's modes.
        let statisticsKeys = try Regex(
            #"\{"name":"(ms|m[c+\-r]:[0-9]|sigma[+\-]|pair|clstat|n|sumx2?|sumy2?|sumxy|mean[xy]|p?var[xy]|p?s[xy]|slope|intercept|r|[xy]hat)","[^}]*\}\},"#)
        let statisticsMode = try Regex(#","statistics":"[a-z]+""#)
        let withConvert = text.replacing(spoken, with: "").replacing(statisticsKeys, with: "").replacing(statisticsMode, with: "")
        #expect(withConvert.contains(convert))
        let unspoken = withConvert.replacingOccurrences(of: convert, with: "")
        #expect(Array(unspoken.utf8).count == 13_857)
        #expect(fnv1a(unspoken.utf8) == 0x6f88_1bec_33b5_87e5)
        #expect(unspoken.contains(undo))
        let before = Array(unspoken.replacingOccurrences(of: undo, with: "").utf8)
        #expect(before.count == 13_575)
        #expect(fnv1a(before) == 0x857f_6f8a_9c73_4cf3)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let keys = try #require(object["keys"] as? [[String: Any]])
        #expect(keys.count == KeyCatalog.all.count)
        for (key, info) in zip(keys, KeyCatalog.all) {
            #expect(key["name"] as? String == info.name)
            #expect(key["aliases"] as? [String] == info.aliases)
            #expect(key["label"] as? String == info.label)
            #expect(key["spoken"] as? String == info.spokenName)
            #expect(key["kind"] as? String == info.kind.rawValue)
            #expect(key["second"] as? Bool == info.isSecondFunction)
            #expect(key["inverse"] as? String == info.inverse)
            let modes = try #require(key["modes"] as? [String: String])
            #expect(modes == Dictionary(uniqueKeysWithValues: info.modes.map { ($0.mode.rawValue, $0.kind.rawValue) }))
        }
    }

    @Test(arguments: [0, 7, 10, 99, 1_000, UInt64.max])
    func entityTagsAreTheVersionInQuotes(_ version: UInt64) {
        #expect(Rendering.entityTag(version) == "\"\(version)\"")
    }

    /// The compact `{"key":"…"}` form is read by a shortcut; every key name, alias included, must read the same
    /// through it as through the general parser (reached here with spaces the shortcut does not take).
    @Test func compactSingleKeyReadsLikeTheGeneralForm() throws {
        let names = KeyCatalog.all.flatMap { [$0.name] + $0.aliases }
        for name in names {
            let compact = try PressRequest.parse(Array(#"{"key":"\#(name)"}"#.utf8), maxKeys: 1)
            let spaced = try PressRequest.parse(Array(#"{ "key" : "\#(name)" }"#.utf8), maxKeys: 1)
            #expect(compact == spaced, "key \(name)")
            #expect(compact.keys.count == 1 && !compact.trace)
        }
        for body in [#"{"key":"nope"}"#, #"{"key":""}"#, #"{"key":"7"}x"#, #"{"key":"\u0037"}"#, #"{"key":"7","trace":true}"#] {
            let viaShortcut = Result { () throws(Problem) in try PressRequest.parse(Array(body.utf8), maxKeys: 1) }
            let general = Result { () throws(Problem) in try PressRequest.parse(Array(body.replacingOccurrences(of: ":", with: " : ").utf8), maxKeys: 1) }
            switch (viaShortcut, general) {
            case let (.success(a), .success(b)): #expect(a == b, "\(body)")
            case let (.failure(a), .failure(b)): #expect(a.kind == b.kind, "\(body)")
            default: Issue.record("\(body): \(viaShortcut) versus \(general)")
            }
        }
    }

    @Test func pressRequestFormsAgree() throws {
        let single = try PressRequest.parse(Array(#"{"key":"√"}"#.utf8), maxKeys: 10)
        #expect(single.keys.map(\.name) == ["sqrt"])
        let array = try PressRequest.parse(Array(#"{"keys":["1","2",".","5","×","2"]}"#.utf8), maxKeys: 10)
        let spaced = try PressRequest.parse(Array(#"{"keys":" 12.5\t× 2 "}"#.utf8), maxKeys: 10)
        #expect(array.keys == spaced.keys)
        #expect(array.fingerprint == spaced.fingerprint)
        #expect(try PressRequest.parse(Array(#"{"keys":"1 2","trace":true}"#.utf8), maxKeys: 10).fingerprint != array.fingerprint)
    }

    private static func same(_ ours: JSONValue, _ theirs: Any) -> Bool {
        switch ours {
        case .null: return theirs is NSNull
        case let .bool(value): return (theirs as? Bool) == value
        case let .number(text): return (theirs as? NSNumber).map { $0.doubleValue == Double(text) } ?? false
        case let .string(text): return theirs as? String == text
        case let .array(elements):
            guard let other = theirs as? [Any], other.count == elements.count else { return false }
            return zip(elements, other).allSatisfy { same($0, $1) }
        case let .object(members):
            guard let other = theirs as? [String: Any], other.count == members.count else { return false }
            return members.allSatisfy { name, value in other[name].map { same(value, $0) } ?? false }
        }
    }
}
