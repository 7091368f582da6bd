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
