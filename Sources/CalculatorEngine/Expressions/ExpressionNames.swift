/// The names an expression reads besides the keys' own (GNOME Calculator's `log` for log₁₀), and the nearest known
/// name to one that is unknown (`sqroot`: sqrt).
enum ExpressionNames {
    /// GNOME Calculator's names for keys that the catalog names otherwise: `log` is its base-10 logarithm.
    static let synonyms: [String: String] = ["log": "log10"]

    /// The key a name stands for in an expression: a key's name or alias, or a synonym.
    static func key(named name: String) -> Key? {
        Key(name: name) ?? synonyms[name].flatMap { Key(name: $0) }
    }

    /// What an unknown name's error expects: a name, and the nearest one known.
    static func expectation(for name: String) -> String {
        if UnitCatalog.unit(named: name) != nil {
            return "a function or constant name (\(name) is a unit: write it after a number, as in 12 \(name))"
        }
        guard let nearest = nearest(to: name) else { return "a function or constant name (GET /keys lists them)" }
        return "a function or constant name (did you mean \(nearest)?)"
    }

    /// The names of units as a quantity spells them (letters, then letters and digits: `km`, `inches`, `degC`).
    static let units: [String] = UnitCatalog.byName.keys.filter { name in
        name.unicodeScalars.first.map { ("a"..."z").contains($0) || ("A"..."Z").contains($0) } == true
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }.sorted()

    /// Names an expression calls or uses as constants, spelled as an expression spells them (letters, then letters
    /// and digits).
    static let known: [String] = {
        var names: [String] = []
        for info in KeyCatalog.all {
            for name in [info.name] + info.aliases where name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }) {
                guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { continue }
                guard let key = Key(name: name) else { continue }
                switch key.action {
                case .constant?, .random?, .unary?, .binary?, .negate?, .percent?: names.append(name)
                default: continue
                }
            }
        }
        return names + synonyms.keys.sorted() + ExpressionFunction.called.map(\.name)
    }()

    /// The known name fewest edits away (insertions, deletions, substitutions, swaps of neighbours), when it is at
    /// most a third of the name's length away (at least one); of two as near, the one that begins as the name does
    /// (`sqroot`: sqrt rather than root).
    static func nearest(to name: String, among candidates: some Sequence<String> = known) -> String? {
        let limit = max(1, name.count / 3)
        let typed = Array(name.lowercased())
        var best: (name: String, distance: Int, prefix: Int)?
        for candidate in candidates {
            let spelled = Array(candidate.lowercased())
            let distance = editDistance(typed, spelled)
            guard distance <= limit else { continue }
            let prefix = zip(typed, spelled).prefix { $0 == $1 }.count
            if best == nil || distance < best!.distance || (distance == best!.distance && prefix > best!.prefix) {
                best = (candidate, distance, prefix)
            }
        }
        return best?.name
    }

    /// Damerau–Levenshtein distance (optimal string alignment).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }
}
