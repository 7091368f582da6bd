import Bytes
import CalculatorEngine
import SessionStore

/// JSON bodies of session responses, written field by field (the press path is hot).
enum Rendering {
    static func state(_ state: CalculatorState, id: SessionID, version: UInt64, steps: [(String, String)]? = nil) -> [UInt8] {
        let memory = state.memory
        var capacity = 200 + id.utf8Count + variableLength(state, memory: memory)
        for (key, display) in steps ?? [] { capacity += 32 + key.utf8.count + display.utf8.count }
        return JSONWriter.bytes(capacity: capacity) { json in
            stateObject(state, memory: memory, id: id, version: version, steps: steps, into: &json)
        }
    }

    /// The object of a session's state: its id, display fields, settings, version and, when traced, the steps.
    private static func stateObject(
        _ state: CalculatorState, memory: String?, id: SessionID, version: UInt64, steps: [(String, String)]?,
        into json: inout JSONWriter
    ) {
        json.name(#"{"id":"#)
        id.withUTF8 { json.plainString(utf8: $0) }
        json.literal(",")
        displayFields(state, memory: memory, into: &json)
        json.name(#","mode":"#)
        json.plainString(state.settings.mode.rawValue)
        json.name(#","digits":"#)
        json.int(state.settings.digits)
        if state.settings.format != .standard {
            formatFields(state.settings.format, into: &json)
        }
        if let conversion = state.settings.conversion {
            json.key("convert")
            json.beginObject()
            json.field("from", conversion.from.id)
            json.field("to", conversion.to.id)
            json.endObject()
        }
        json.name(#","version":"#)
        json.int(version)
        if let steps {
            json.key("steps")
            json.beginArray()
            for (key, display) in steps {
                json.beginObject()
                json.field("key", key)
                json.field("display", display)
                json.endObject()
            }
            json.endArray()
        }
        json.endObject()
    }

    /// The small set of fields a front end redraws with after each key; for `/evaluate`, also the id of the unit the
    /// answer is in (`cm` for `5 ft + 3 in to cm`), when it is in one.
    static func display(_ state: CalculatorState, unit: String? = nil) -> [UInt8] {
        let memory = state.memory
        return JSONWriter.bytes(capacity: 160 + variableLength(state, memory: memory)) { json in
            json.literal("{")
            displayFields(state, memory: memory, into: &json)
            if let unit {
                json.name(#","unit":"#)
                json.string(unit)
            }
            json.endObject()
        }
    }

    /// A session's event for one version in an event stream (text/event-stream): the version as its id, and as its
    /// data the session's state as `GET /sessions/{id}` answers it (settings included, so that a mirror follows a
    /// change of mode or format), on one line (JSON escapes every line break inside a string).
    static func event(_ state: CalculatorState, id: SessionID, version: UInt64) -> [UInt8] {
        let memory = state.memory
        return JSONWriter.bytes(capacity: 216 + id.utf8Count + variableLength(state, memory: memory)) { json in
            json.name("id: ")
            json.int(version)
            json.name("\ndata: ")
            stateObject(state, memory: memory, id: id, version: version, steps: nil, into: &json)
            json.literal("\n\n")
        }
    }

    /// The last event of a session's stream, named for why it ends (`deleted`, `expired`, `revoked`), with the session's id as
    /// its data (an event with no data is not dispatched by browsers).
    static func endEvent(_ reason: StaticString, id: SessionID) -> [UInt8] {
        JSONWriter.bytes(capacity: 48 + reason.utf8CodeUnitCount + id.utf8Count) { json in
            json.name("event: ")
            json.name(reason)
            json.name("\ndata: {\"id\":")
            id.withUTF8 { json.plainString(utf8: $0) }
            json.literal("}\n\n")
        }
    }

    /// The bytes of the display fields' texts: with the constant parts, the usual reply's exact size.
    private static func variableLength(_ state: CalculatorState, memory: String?) -> Int {
        var length = state.display.utf8.count + state.expression.utf8.count + (memory?.utf8.count ?? 0)
        if let error = state.error { length += 32 + error.code.utf8.count + error.message.utf8.count }
        if state.hasVariables { length += 4 * 40 }
        if state.settings.mode == .programmer { length += 200 }
        // RPN mode's Y, Z and T, each as long as a display.
        if state.settings.mode == .rpn { length += 200 }
        // Most states keep no memory list and no data set: one look for both.
        guard state.holdsLists else { return length }
        if state.memoryEntryCount > 1 { length += 40 * state.memoryEntryCount }
        if state.hasData { length += 600 + 60 * state.dataPoints.count }
        return length
    }

    /// The members after `{` or a comma; `memory` is `state.memory`, formatted once by the caller. The constant
    /// text between two values is one prepared fragment (this runs on every press and display read).
    private static func displayFields(_ state: CalculatorState, memory: String?, into json: inout JSONWriter) {
        json.name(#""display":"#)
        json.string(state.display)
        if let exact = state.exact {
            json.name(#","exact":"#)
            json.plainString(exact)
        }
        json.name(#","expression":"#)
        json.string(state.expression)
        json.name(state.isPending ? #","pending":true,"error":"# : #","pending":false,"error":"#)
        if let error = state.error {
            json.beginObject()
            json.field("code", error.code)
            json.field("message", error.message)
            json.endObject()
        } else {
            json.literal("null")
        }
        json.name(#","memory":"#)
        json.string(memory)
        json.name(#","angle":"#)
        json.plainString(state.settings.angle.rawValue)
        json.literal(state.isSecondActive ? #","second":true"# : #","second":false"#)
        programmerFields(state, into: &json)
        if state.settings.mode == .rpn { rpnFields(state, into: &json) }
        // Most states keep no memory list and no data set: one look for both.
        let holdsLists = state.holdsLists
        if holdsLists, state.memoryEntryCount > 1 { memoryListField(state, into: &json) }
        if state.settings.mode == .statistics || holdsLists && state.hasData { statisticsFields(state, into: &json) }
        // Most states hold no variable and wait for none: one prepared fragment.
        guard state.hasVariables || state.awaiting != nil else {
            json.literal(#","variables":{},"awaiting":null"#)
            return
        }
        json.name(#","variables":"#)
        if state.hasVariables {
            json.beginObject()
            for variable in Variable.allCases {
                if let value = state.variable(variable) { json.member(variable.rawValue, value) }
            }
            json.endObject()
        } else {
            json.literal("{}")
        }
        json.name(#","awaiting":"#)
        if let command = state.awaiting { json.plainString(command.rawValue) } else { json.literal("null") }
    }

    /// In RPN mode: the stack, X (the display), Y, Z and T, each as the display shows a number.
    private static func rpnFields(_ state: CalculatorState, into json: inout JSONWriter) {
        guard let stack = state.rpnStack else { return }
        json.name(#","stack":"#)
        json.beginObject()
        json.field("x", stack.x)
        json.field("y", stack.y)
        json.field("z", stack.z)
        json.field("t", stack.t)
        json.endObject()
    }

    /// The memory list, first entry first (`memory` is the first), once it holds more than one entry: a session that
    /// never presses `ms` answers as it always did.
    private static func memoryListField(_ state: CalculatorState, into json: inout JSONWriter) {
        json.key("memories")
        json.beginArray()
        for entry in state.memoryEntries { json.string(entry) }
        json.endArray()
    }

    /// In statistics mode, or while a data set is kept: the points, the x waiting for its y, and every result the
    /// data define (null where they do not: a sample's deviation of one point), with the exact ones' `p/q`.
    private static func statisticsFields(_ state: CalculatorState, into json: inout JSONWriter) {
        json.key("statistics")
        json.beginObject()
        statisticsMembers(state, into: &json)
        json.endObject()
    }

    /// GET, PUT and DELETE /sessions/{id}/data: the data set, its results and the version.
    static func data(_ state: CalculatorState, id: SessionID, version: UInt64) -> [UInt8] {
        JSONWriter.bytes(capacity: 700 + id.utf8Count + 60 * state.dataPoints.count) { json in
            json.name(#"{"id":"#)
            id.withUTF8 { json.plainString(utf8: $0) }
            json.name(#","mode":"#)
            json.plainString(state.settings.mode.rawValue)
            statisticsMembers(state, into: &json)
            json.field("version", version)
            json.endObject()
        }
    }

    /// The members of a state's `statistics` object and of the data route's reply.
    private static func statisticsMembers(_ state: CalculatorState, into json: inout JSONWriter) {
        dataFields(state, into: &json)
        let results = state.statisticsResults
        json.key("results")
        json.beginObject()
        for (result, text, _) in results {
            json.key(result.rawValue)
            json.string(text)
        }
        json.endObject()
        json.key("exact")
        json.beginObject()
        for case (let result, _, let exact?) in results { json.member(result.rawValue, exact) }
        json.endObject()
    }

    /// The data set's points (`{"x": …}` or `{"x": …, "y": …}`, formatted like the display) and the waiting x.
    private static func dataFields(_ state: CalculatorState, into json: inout JSONWriter) {
        json.key("points")
        json.beginArray()
        for point in state.dataPoints {
            let (x, y) = state.shownPoint(point)
            json.beginObject()
            json.field("x", x)
            if let y { json.field("y", y) }
            json.endObject()
        }
        json.endArray()
        json.field("pendingX", state.pendingX)
    }

    /// In programmer mode: the radix and word, and the value in every radix, as Windows shows them side by side.
    private static func programmerFields(_ state: CalculatorState, into json: inout JSONWriter) {
        guard state.settings.mode == .programmer else { return }
        json.name(#","radix":"#)
        json.plainString(state.settings.radix.rawValue)
        json.name(#","word":"#)
        json.int(state.settings.word.bits)
        json.name(#","radixes":"#)
        // Each radix's digits go from the engine's stack buffer into the reply, with no String made; hex comes first.
        let written = state.forEachRadixDigits { radix, digits in
            switch radix {
            case .hex: json.name(#"{"hex":"#)
            case .dec: json.name(#","dec":"#)
            case .oct: json.name(#","oct":"#)
            case .bin: json.name(#","bin":"#)
            }
            json.plainString(utf8: digits)
        }
        json.literal(written ? "}" : "null")
    }

    /// The entries at `positions` of the history tape (all of it by default), with the tape's length and the position
    /// of the first entry shown, which pages back (`HistoryPage`).
    static func history(_ state: CalculatorState, id: SessionID, positions: Range<Int>? = nil) -> [UInt8] {
        let positions = positions ?? state.history.indices
        return JSONWriter.bytes(capacity: 96 + id.utf8Count + positions.count * 48) { json in
            json.beginObject()
            json.key("id")
            id.withUTF8 { json.plainString(utf8: $0) }
            json.key("history")
            json.beginArray()
            for entry in state.history[positions] {
                json.beginObject()
                json.field("expression", entry.expression)
                json.field("result", entry.result)
                json.endObject()
            }
            json.endArray()
            json.field("count", state.history.count)
            json.field("start", positions.lowerBound)
            json.endObject()
        }
    }

    /// The history of a session whose tape is empty.
    static func emptyHistory(id: SessionID) -> [UInt8] {
        history(CalculatorState(), id: id)
    }

    /// The strong entity tag of a session version, `"7"`; small enough to be stored inline in the String. The
    /// display's plain-text form is another representation of the same version, so it has a tag of its own, `"7-text"`
    /// (RFC 9110 §8.8.3: a strong validator names one representation).
    static func entityTag(_ version: UInt64, plainText: Bool = false) -> String {
        ByteBuffer.withTemporary(capacity: 32) { buffer in
            var buffer = buffer
            buffer.append(UInt8(ascii: "\""))
            buffer.appendDecimal(version)
            if plainText { buffer.append("-text" as StaticString) }
            buffer.append(UInt8(ascii: "\""))
            return buffer.string
        }
    }

    static func keyCatalog() -> [UInt8] {
        var json = JSONWriter(capacity: 16384)
        json.beginObject()
        json.key("keys")
        json.beginArray()
        for info in KeyCatalog.all {
            json.beginObject()
            json.field("name", info.name)
            json.key("aliases")
            json.beginArray()
            for alias in info.aliases { json.string(alias) }
            json.endArray()
            json.field("label", info.label)
            json.field("spoken", info.spokenName)
            json.field("kind", info.kind.rawValue)
            json.field("second", info.isSecondFunction)
            json.field("inverse", info.inverse)
            // Where the key works and what it is there (C is clear entry, or the hex digit in programmer mode).
            json.key("modes")
            json.beginObject()
            for mode in info.modes {
                json.key(mode.mode.rawValue)
                json.plainString(mode.kind.rawValue)
            }
            json.endObject()
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.bytes
    }
}
