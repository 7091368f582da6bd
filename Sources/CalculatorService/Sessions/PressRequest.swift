import CalculatorEngine

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

    /// Identifies the request for Idempotency-Key comparison: the same keys pressed the same way, however they were spelled.
    var fingerprint: String {
        keys.map(\.name).joined(separator: " ") + (trace ? " |trace" : "")
    }

    /// The fingerprint a kept reply holds: `fingerprint` while it is short, its SHA-256 (`sha256:` and 64 hex
    /// digits) past 71 bytes, so that a reply kept for a press of many keys is no longer than one for a few.
    var keptFingerprint: String {
        let text = fingerprint
        guard text.utf8.count > Self.keptFingerprintBytes else { return text }
        var hex = "sha256:"
        TokenHash(of: text.utf8.span).forEachByte { byte in
            hex.append(Self.hexDigits[Int(byte >> 4)])
            hex.append(Self.hexDigits[Int(byte & 0xF)])
        }
        return hex
    }

    private static let keptFingerprintBytes = 71
    private static let hexDigits = Array("0123456789abcdef")

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
                names = []
                for token in text.split(whereSeparator: \.isWhitespace) { try appendNames(typed: token, to: &names) }
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
    /// The key names of one word of the typed form, as a person writes it: a key's name or alias as it is; a number
    /// as typed (`12.5`, `-5`, `1e5`, `2.5e-3`) for its keys (digits, `.`, `EE`, and `neg` for each minus); names and
    /// numbers run together, where the longest name that fits parts them (`12+30=` is 1 2 + 3 0 =). A malformed
    /// number (`1.2.3`, `1e`) is refused as `/evaluate` refuses it; a word that is neither is left for the key
    /// lookup to name as unknown.
    static func appendNames(typed token: Substring, to names: inout [String]) throws(Problem) {
        if Key(name: String(token)) != nil {
            names.append(String(token))
            return
        }
        let scalars = Array(token.unicodeScalars)
        var parts: [String] = []
        var position = 0
        while position < scalars.count {
            if let end = try numberEnd(scalars, from: position, token: token) {
                appendNumber(scalars[position..<end], to: &parts)
                position = end
                continue
            }
            // A run of letters is one name or none (`sine` is no key, not sin and e); between them, the longest
            // name of other characters that fits (`+`, `×`, `=`, `√`).
            var end: Int
            if scalars[position].properties.isAlphabetic {
                end = position
                while end < scalars.count, scalars[end].properties.isAlphabetic { end += 1 }
                if Key(name: String(String.UnicodeScalarView(scalars[position..<end]))) == nil { end = position }
            } else {
                end = min(scalars.count, position + 8)
                while end > position, Key(name: String(String.UnicodeScalarView(scalars[position..<end]))) == nil { end -= 1 }
            }
            guard end > position else {
                names.append(String(token))
                return
            }
            parts.append(String(String.UnicodeScalarView(scalars[position..<end])))
            position = end
        }
        names.append(contentsOf: parts)
    }

    /// Where a number that starts at `start` ends: digits with at most one point, then an optional exponent (`e`
    /// and digits, with a sign); a minus only as the word's first character and before a digit or point. nil where
    /// no number starts; a Problem for one that goes on malformed.
    private static func numberEnd(_ scalars: [Unicode.Scalar], from start: Int, token: Substring) throws(Problem) -> Int? {
        func isDigit(_ index: Int) -> Bool { index < scalars.count && ("0"..."9").contains(scalars[index]) }
        var index = start
        if start == 0, scalars.count > 1, scalars[0] == "-", isDigit(1) || (scalars[1] == "." && isDigit(2)) { index = 1 }
        guard isDigit(index) || (index < scalars.count && scalars[index] == "." && isDigit(index + 1)) else { return nil }
        var points = 0
        while index < scalars.count, isDigit(index) || scalars[index] == "." {
            if scalars[index] == "." { points += 1 }
            index += 1
        }
        let malformed = Problem(
            .invalidRequest,
            "\"\(token.prefix(64))\" is no number as typed: a number has digits, at most one point and an exponent with digits (12.5, -5, 1e5, 2.5e-3)")
        guard points <= 1 else { throw malformed }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            var exponent = index + 1
            if exponent < scalars.count, scalars[exponent] == "-" || scalars[exponent] == "+" { exponent += 1 }
            guard isDigit(exponent) else { throw malformed }
            while isDigit(exponent) { exponent += 1 }
            index = exponent
        }
        if index < scalars.count, scalars[index] == "." { throw malformed }
        return index
    }

    /// A well-formed number's keys: its digits and point, `neg` after them for a minus, then `EE` and the exponent's
    /// digits, `neg` after them for a negative exponent (± changes the sign of what is being typed).
    private static func appendNumber(_ number: ArraySlice<Unicode.Scalar>, to names: inout [String]) {
        var negativeExponent = false
        var inExponent = false
        let negative = number.first == "-"
        for scalar in number.dropFirst(negative ? 1 : 0) {
            switch scalar {
            case "e", "E":
                if negative { names.append("neg") }
                names.append("EE")
                inExponent = true
            case "-": negativeExponent = true
            case "+": continue
            default: names.append(String(scalar))
            }
        }
        if negative && !inExponent { names.append("neg") }
        if negativeExponent { names.append("neg") }
    }

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
