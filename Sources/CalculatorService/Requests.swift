import CalculatorEngine
import HTTPServer

/// The body of `POST /sessions/{id}/press`, validated before any session is touched so a bad batch changes nothing.
struct PressRequest: Equatable {
    /// The keys in order, the first kept apart: most presses are one key, which then needs no array.
    let first: Key
    let rest: [Key]
    var trace: Bool

    init(keys: some Collection<Key>, trace: Bool) {
        precondition(!keys.isEmpty, "a press has a key")
        first = keys[keys.startIndex]
        rest = Array(keys.dropFirst())
        self.trace = trace
    }

    var keys: [Key] { [first] + rest }

    var keyCount: Int { 1 + rest.count }

    /// Whether a key of the press may draw a random number.
    var drawsRandom: Bool { first.drawsRandom || rest.contains(where: \.drawsRandom) }

    func forEachKey(_ body: (Key) -> Void) {
        body(first)
        for key in rest { body(key) }
    }

    /// The first key the session's state refuses when the keys are pressed in order, with its place in the batch.
    func firstRefusal(on state: borrowing CalculatorState) -> (index: Int, refusal: KeyRefusal)? {
        if rest.isEmpty { return state.refusal(of: first).map { (0, $0) } }
        return state.firstRefusal(in: keys)
    }

    /// Identifies the request for Idempotency-Key comparison: the same keys pressed the same way, however they were spelled.
    var fingerprint: String {
        keys.map(\.name).joined(separator: " ") + (trace ? " |trace" : "")
    }

    static func parse(_ body: [UInt8], maxKeys: Int) throws(Problem) -> PressRequest {
        if let single = singleKey(body) { return single }
        return try parse(members: parseObject(body, allowed: ["key", "keys", "trace"]), maxKeys: maxKeys)
    }

    /// The press given by `key` or `keys` (and `trace`) among a body's members, which the caller has checked.
    static func parse(members: [(String, JSONValue)], maxKeys: Int) throws(Problem) -> PressRequest {
        var names: [String]
        switch (members[member: "key"], members[member: "keys"]) {
        case (nil, nil):
            throw Problem(.invalidRequest, "the body needs \"key\" (one key name) or \"keys\" (an array of key names, or one string of space-separated names)")
        case (.some, .some):
            throw Problem(.invalidRequest, "give either \"key\" or \"keys\", not both")
        case let (.some(value), nil):
            guard case let .string(name) = value else {
                throw Problem(.invalidRequest, "\"key\" must be a string, not \(value.typeName)")
            }
            names = [name]
        case let (nil, .some(value)):
            switch value {
            case let .string(text):
                // In the typed form a number such as "12.5" stands for its digit keys, as a person would write it.
                names = []
                for token in text.split(whereSeparator: \.isWhitespace) {
                    if token.count > 1, Key(name: String(token)) == nil, token.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
                        names.append(contentsOf: token.map(String.init))
                    } else {
                        names.append(String(token))
                    }
                }
            case let .array(elements):
                names = []
                names.reserveCapacity(elements.count)
                for (index, element) in elements.enumerated() {
                    guard case let .string(name) = element else {
                        throw Problem(
                            .invalidRequest, "\"keys\"[\(index)] must be a string, not \(element.typeName)",
                            extensions: [("index", .int(index))])
                    }
                    names.append(name)
                }
            default:
                throw Problem(.invalidRequest, "\"keys\" must be an array of strings or a string, not \(value.typeName)")
            }
        }
        guard !names.isEmpty else { throw Problem(.invalidRequest, "\"keys\" holds no key") }
        guard names.count <= maxKeys else {
            throw Problem(.tooManyKeys, "\(names.count) keys in one request; the limit is \(maxKeys)", extensions: [("limit", .int(maxKeys))])
        }
        var keys: [Key] = []
        keys.reserveCapacity(names.count)
        for (index, name) in names.enumerated() {
            guard let key = Key(name: name) else {
                throw Problem(
                    .unknownKey, "unknown key \"\(name.prefix(64))\" at index \(index); GET /keys lists every key",
                    extensions: [("key", .string(String(name.prefix(64)))), ("index", .int(index))])
            }
            keys.append(key)
        }
        var trace = false
        if let value = members[member: "trace"] {
            guard case let .bool(flag) = value else { throw Problem(.invalidRequest, "\"trace\" must be a boolean, not \(value.typeName)") }
            trace = flag
        }
        return PressRequest(keys: keys, trace: trace)
    }
}

extension PressRequest {
    private static let singleKeyPrefix = Array(#"{"key":""#.utf8)

    /// The one press most clients send, `{"key":"7"}` written compactly with a printable ASCII name, read without
    /// building a JSON tree; `nil` for anything else (the general parser then answers, errors included).
    private static func singleKey(_ body: [UInt8]) -> PressRequest? {
        let prefix = singleKeyPrefix
        guard body.count > prefix.count + 2, body.starts(with: prefix),
            body[body.count - 2] == UInt8(ascii: "\""), body[body.count - 1] == UInt8(ascii: "}")
        else { return nil }
        let name = body[prefix.count..<(body.count - 2)]
        for byte in name where byte < 0x20 || byte > 0x7E || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            return nil
        }
        let found = name.count == 1 ? Key(asciiName: name[name.startIndex]) : Key(name: String(decoding: name, as: UTF8.self))
        guard let key = found else { return nil }
        return PressRequest(keys: CollectionOfOne(key), trace: false)
    }
}

/// Settings given when a session is made or patched; absent members keep their value. `"variables": {}` (PATCH)
/// forgets the session's variables; `sto` is the only way to set one.
struct SettingsChange: Equatable {
    var mode: CalculationMode?
    var angle: AngleUnit?
    var digits: Int?
    var radix: Radix?
    var word: WordSize?
    var clearsVariables = false

    static func parse(_ body: [UInt8]) throws(Problem) -> SettingsChange {
        try parse(members: parseObject(body, allowed: ["angle", "digits", "mode", "radix", "variables", "word"]))
    }

    /// The settings among a body's members, which the caller has checked; other members are not looked at.
    static func parse(members: [(String, JSONValue)]) throws(Problem) -> SettingsChange {
        var change = SettingsChange()
        change.mode = try choice(members, "mode", CalculationMode.self)
        change.angle = try choice(members, "angle", AngleUnit.self)
        change.radix = try choice(members, "radix", Radix.self)
        if let value = members[member: "word"] {
            let sizes = WordSize.allCases.map { String($0.bits) }.joined(separator: ", ")
            guard case let .number(text) = value, let number = Double(text), number.rounded() == number, abs(number) < 1e9 else {
                throw Problem(.invalidSettings, "\"word\" must be one of \(sizes) (bits)")
            }
            guard let word = WordSize(rawValue: Int(number)) else {
                throw Problem(.invalidSettings, "\"word\" must be one of \(sizes) (bits), not \(Int(number))")
            }
            change.word = word
        }
        if let value = members[member: "variables"] {
            guard case let .object(variables) = value, variables.isEmpty else {
                throw Problem(.invalidSettings, "\"variables\" can only be {}, which clears them; sto sets a variable")
            }
            change.clearsVariables = true
        }
        if let value = members[member: "digits"] {
            let range = Settings.digitsRange
            // JSON Schema counts 13.0 and 1.3e1 as the integer 13, so they are accepted as such.
            guard case let .number(text) = value, let number = Double(text), number.rounded() == number, abs(number) < 1e9 else {
                throw Problem(.invalidSettings, "\"digits\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            let digits = Int(number)
            guard range.contains(digits) else {
                throw Problem(.invalidSettings, "\"digits\" must be from \(range.lowerBound) to \(range.upperBound), not \(digits)")
            }
            change.digits = digits
        }
        return change
    }

    func applied(to settings: Settings) -> Settings {
        var result = settings
        if let mode { result.mode = mode }
        if let angle { result.angle = angle }
        if let digits { result.digits = digits }
        if let radix { result.radix = radix }
        if let word { result.word = word }
        return result
    }

    /// A member whose value is one of a string enumeration's names.
    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ members: [(String, JSONValue)], _ name: String, _: Choice.Type
    ) throws(Problem) -> Choice? where Choice.RawValue == String {
        guard let value = members[member: name] else { return nil }
        let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard case let .string(text) = value else { throw Problem(.invalidSettings, "\"\(name)\" must be one of \(names), not \(value.typeName)") }
        guard let choice = Choice(rawValue: text) else {
            throw Problem(.invalidSettings, "\"\(name)\" must be one of \(names), not \"\(text.prefix(32))\"")
        }
        return choice
    }
}

extension Problem {
    /// 422 for a key the session refuses now: nothing of the batch is pressed.
    init(refused refusal: KeyRefusal, index: Int) {
        var extensions: [(String, ExtensionValue)] = [
            ("key", .string(refusal.key)), ("mode", .string(refusal.mode.rawValue)), ("reason", .string(refusal.reason.rawValue)),
            ("index", .int(index)),
        ]
        switch refusal.reason {
        case .notInRadix: extensions.append(("radix", .string(refusal.detail ?? "")))
        case .awaitingVariable: extensions.append(("awaiting", .string(refusal.detail ?? "")))
        case .notInMode, .noCommandAwaiting: break
        }
        self.init(.keyRefused, "\(refusal.message) (index \(index)); nothing was pressed", extensions: extensions)
    }
}

/// The members of a body that must be one JSON object with only the named members, in the order sent.
func parseObject(_ body: [UInt8], allowed: [String]) throws(Problem) -> [(String, JSONValue)] {
    let value: JSONValue
    do {
        value = try JSONReader.parse(body)
    } catch {
        throw Problem(.malformedJSON, "\(error.message) at byte \(error.offset)", extensions: [("offset", .int(error.offset))])
    }
    guard case let .object(members) = value else { throw Problem(.invalidRequest, "the body must be a JSON object, not \(value.typeName)") }
    for (name, _) in members where !allowed.contains(name) {
        throw Problem(.invalidRequest, "unknown member \"\(name.prefix(64))\"; allowed: \(allowed.joined(separator: ", "))")
    }
    return members
}

extension Array where Element == (String, JSONValue) {
    subscript(member name: String) -> JSONValue? { first { $0.0 == name }?.1 }
}

extension Request {
    /// A body needs a JSON media type; a request without a body needs none. Compared on the bytes (this runs on every
    /// press): the media type up to `;`, ASCII case-insensitively, spaces around it ignored.
    func requireJSONBody(alsoAccepting extra: String? = nil) throws(Problem) {
        guard !body.isEmpty else { return }
        guard let contentType = headers[.contentType] else {
            throw Problem(.unsupportedMediaType, "a request body needs Content-Type: application/json")
        }
        if Self.mediaType(of: contentType, is: "application/json") || (extra.map { Self.mediaType(of: contentType, is: $0) } ?? false) {
            return
        }
        var mediaType = Substring(contentType)
        if let semicolon = mediaType.firstIndex(of: ";") { mediaType = mediaType[..<semicolon] }
        throw Problem(
            .unsupportedMediaType, "Content-Type \"\(mediaType.trimmingSpaces().lowercased().prefix(64))\" is not supported; send application/json")
    }

    /// Whether the media type of a Content-Type value (before any `;`, spaces and tabs around it ignored) is
    /// `lowercase`, compared ASCII case-insensitively on the contiguous bytes.
    private static func mediaType(of value: String, is lowercase: String) -> Bool {
        // The value as clients send it, compared whole first.
        if value == lowercase { return true }
        var mediaType = value.utf8.prefix { $0 != UInt8(ascii: ";") }
        while let first = mediaType.first, first == 0x20 || first == 0x09 { mediaType.removeFirst() }
        while let last = mediaType.last, last == 0x20 || last == 0x09 { mediaType.removeLast() }
        return mediaType.elementsEqual(lowercase.utf8) { byte, expected in
            (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == expected
        }
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
