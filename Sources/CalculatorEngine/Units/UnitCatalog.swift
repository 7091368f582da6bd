/// Every unit of the converter (`UnitTable`), resolved to factors of its category's base unit, and found by id or
/// symbol. Resolved once, when first used.
public enum UnitCatalog {
    /// In table order: categories in `UnitCategory` order, each base first.
    public static let all: [PhysicalUnit] = resolve(UnitTable.lines)

    /// Ids, symbols (`fl oz (UK)` with its spaces, as `GET /units` lists it) and other spellings of symbols
    /// (`UnitTable.alternativeSymbols`) to places in `all`; an id wins over another unit's symbol.
    static let byName: [String: Int] = {
        var names: [String: Int] = [:]
        for (index, unit) in all.enumerated() where names[unit.symbol] == nil {
            names[unit.symbol] = index
        }
        for (index, unit) in all.enumerated() { names[unit.id] = index }
        for (spelling, id) in UnitTable.alternativeSymbols where names[spelling] == nil {
            guard let index = names[id] else { preconditionFailure("unit table: \(spelling) names no unit \(id)") }
            names[spelling] = index
        }
        for (index, unit) in all.enumerated() {
            for word in words(naming: unit) where names[word] == nil { names[word] = index }
        }
        return names
    }()

    /// The words a unit's name gives, as people write them in `12 inches to cm`: a name of one word (its part before
    /// a parenthesis: `gallon` of `gallon (US)`, the first such unit in the table), its plural, and the American
    /// spelling of metre and litre. Ids and symbols come first, so a word never takes another unit's id.
    static func words(naming unit: PhysicalUnit) -> [String] {
        let word = unit.name.split(separator: " (").first.map(String.init) ?? unit.name
        guard !word.isEmpty, word.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "-" }) else {
            return []
        }
        var spellings = [word]
        if word.contains("metre") || word.contains("litre") {
            spellings.append(word.replacing("metre", with: "meter").replacing("litre", with: "liter"))
        }
        return spellings.flatMap { [$0, plural(of: $0)] }
    }

    /// English plurals of the unit words: feet, inches, and an s otherwise.
    static func plural(of word: String) -> String {
        switch word {
        case "foot": "feet"
        case _ where word.hasSuffix("ch") || word.hasSuffix("s"): word + "es"
        default: word + "s"
        }
    }

    /// The unit of an id or a symbol (`degF` or `°F`), or nil.
    public static func unit(named name: String) -> PhysicalUnit? {
        byName[name].map { all[$0] }
    }

    public static func units(in category: UnitCategory) -> [PhysicalUnit] {
        all.filter { $0.category == category }
    }

    /// Each line's definition worked out over the units before it; a line the table gets wrong stops the process
    /// at its first use (`UnitTableTests` reads every line).
    private static func resolve(_ lines: [UnitTable.Line]) -> [PhysicalUnit] {
        var resolved: [String: PhysicalUnit] = [:]
        var units: [PhysicalUnit] = []
        for line in lines {
            guard let unit = unit(line, over: resolved) else { preconditionFailure("unit table: \(line.id) = \(line.definition ?? "")") }
            precondition(resolved[line.id] == nil, "unit table: \(line.id) twice")
            resolved[line.id] = unit
            units.append(unit)
        }
        precondition(units.count <= 256, "a unit's place is one byte (UnitConversion)")
        return units
    }

    /// `[product ]unit[^power][ + offset]`: the product and the offset are `ExactProduct`s, the unit one of `known`
    /// of the same category without an offset.
    static func unit(_ line: UnitTable.Line, over known: [String: PhysicalUnit]) -> PhysicalUnit? {
        guard let definition = line.definition else {
            guard line.id == line.category.base else { return nil }
            return PhysicalUnit(
                id: line.id, name: line.name, symbol: line.symbol, category: line.category, scale: .integer(1), piPower: 0,
                offset: .integer(0), definition: "the SI unit of \(line.category.rawValue)")
        }
        let parts = definition.split(separator: " + ", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        var text = parts[0]
        var offset: Number = .integer(0)
        if parts.count == 2 {
            guard let product = ExactProduct(String(parts[1])), product.piPower == 0 else { return nil }
            offset = product.rational
        }
        var product = ExactProduct("1")!
        if let space = text.lastIndex(of: " ") {
            guard let written = ExactProduct(String(text[..<space])) else { return nil }
            product = written
            text = text[text.index(after: space)...]
        }
        var power = 1
        if let caret = text.firstIndex(of: "^") {
            guard let written = Int(text[text.index(after: caret)...]), (1...3).contains(written) else { return nil }
            power = written
            text = text[..<caret]
        }
        guard let reference = known[String(text)], reference.offset.isZero else { return nil }
        // Powers of a length make areas and volumes, so the category of such a reference differs.
        guard power > 1 || reference.category == line.category else { return nil }
        var scale = product.rational
        for _ in 0..<power { scale = Number.field(.multiply, scale, reference.scale) }
        return PhysicalUnit(
            id: line.id, name: line.name, symbol: line.symbol, category: line.category, scale: scale,
            piPower: product.piPower + power * reference.piPower, offset: offset, definition: definition)
    }
}
