import CalculatorEngine

/// Settings given when a session is made or patched; absent members keep their value. `"variables": {}` (PATCH)
/// forgets the session's variables; `sto` is the only way to set one.
struct SettingsChange: Equatable {
    var mode: CalculationMode?
    var angle: AngleUnit?
    var digits: Int?
    var radix: Radix?
    var word: WordSize?
    /// The units of the `convert` key: `{"from": "mi", "to": "km"}`, or null, which forgets them.
    var conversion: UnitConversion??
    /// The display format's members (`DisplayFormat`); the locale as a BCP 47 tag, or null for the plain symbols.
    var notation: DisplayFormat.Notation?
    var decimals: Int?
    var grouping: Bool?
    var fraction: DisplayFormat.Fraction?
    var locale: String??
    var clearsVariables = false

    static func parse(_ body: [UInt8]) throws(Problem) -> SettingsChange {
        try parse(members: parseObject(body, allowed: ["angle", "convert", "decimals", "digits", "fraction", "grouping", "locale", "mode", "notation", "radix", "variables", "word"]))
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
        if let value = members[member: "convert"] { change.conversion = try conversion(value) }
        try change.parseFormat(members)
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
        if let conversion { result.conversion = conversion }
        if let notation { result.format.notation = notation }
        if let decimals { result.format.decimals = decimals }
        if let grouping { result.format.grouping = grouping }
        if let fraction { result.format.fraction = fraction }
        // Checked when parsed: a tag the table does not have never gets here.
        if let locale { result.format.setLocale(locale) }
        return result
    }

    /// `{"from": …, "to": …}` with units of one category (ids or symbols, `GET /units`), or null.
    private static func conversion(_ value: JSONValue) throws(Problem) -> UnitConversion? {
        if case .null = value { return nil }
        guard case let .object(members) = value, members.count == 2, case let .string(from)? = members[member: "from"],
            case let .string(to)? = members[member: "to"]
        else {
            throw Problem(.invalidSettings, "\"convert\" must be {\"from\": unit, \"to\": unit} (GET /units lists them) or null")
        }
        do throws(UnitConversion.Failure) {
            return try UnitConversion(from: from, to: to)
        } catch {
            throw Problem(.invalidSettings, "\"convert\": \(error.message)")
        }
    }

    /// `notation`, `decimals`, `grouping`, `fraction` and `locale`.
    private mutating func parseFormat(_ members: [(String, JSONValue)]) throws(Problem) {
        notation = try Self.choice(members, "notation", DisplayFormat.Notation.self)
        fraction = try Self.choice(members, "fraction", DisplayFormat.Fraction.self)
        if let value = members[member: "grouping"] {
            guard case .bool(let on) = value else { throw Problem(.invalidSettings, "\"grouping\" must be true or false, not \(value.typeName)") }
            grouping = on
        }
        if let value = members[member: "decimals"] {
            let range = DisplayFormat.decimalsRange
            guard case let .number(text) = value, let number = Double(text), number.rounded() == number, range.contains(Int(exactly: number) ?? -1) else {
                throw Problem(.invalidSettings, "\"decimals\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            decimals = Int(number)
        }
        if let value = members[member: "locale"] {
            switch value {
            case .null: locale = .some(nil)
            case .string(let tag):
                var probe = DisplayFormat()
                guard probe.setLocale(tag) else {
                    let known = NumberSymbols.all.dropFirst().map(\.locale).joined(separator: ", ")
                    throw Problem(.invalidSettings, "\"locale\": no separators for \"\(tag.prefix(35))\"; known: \(known) (or their languages)")
                }
                locale = .some(tag)
            default: throw Problem(.invalidSettings, "\"locale\" must be a BCP 47 tag such as \"de-DE\", or null, not \(value.typeName)")
            }
        }
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
