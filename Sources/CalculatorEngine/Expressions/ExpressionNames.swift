/// The names an expression reads besides the keys' own (GNOME Calculator's `log` for log₁₀), what to type instead of
/// a function GNOME has and no key computes, and the nearest known name to one that is unknown (`sqroot`: sqrt).
enum ExpressionNames {
    /// GNOME Calculator's names for keys that the catalog names otherwise: `log` is its base-10 logarithm.
    static let synonyms: [String: String] = ["log": "log10"]

    /// Functions GNOME Calculator has that no key of these modes computes, each with what to type instead.
    static let instead: [String: String] = [
        "abs": "√(x²) for |x|",
        "mod": "the keys of programmer mode for a remainder of integers (\"10 mod 3 =\" with \"mode\": \"programmer\")",
        "round": "the value itself: a display format rounds what it shows (\"notation\": \"fixed\", \"decimals\": 0)",
        "floor": "the value itself: a display format rounds what it shows (\"notation\": \"fixed\", \"decimals\": 0)",
        "ceil": "the value itself: a display format rounds what it shows (\"notation\": \"fixed\", \"decimals\": 0)",
        "nCr": "n! ÷ (r! × (n − r)!) for nCr(n, r)",
        "nPr": "n! ÷ (n − r)! for nPr(n, r)",
        "gcd": "the numbers' common factors by hand: no key computes a greatest common divisor",
        "lcm": "a × b ÷ gcd(a, b) with the gcd by hand: no key computes a least common multiple",
    ]

    /// The key a name stands for in an expression: a key's name or alias, or a synonym.
    static func key(named name: String) -> Key? {
        Key(name: name) ?? synonyms[name].flatMap { Key(name: $0) }
    }

    /// What an unknown name's error expects: a name, and the nearest one known, or what to type instead.
    static func expectation(for name: String) -> String {
        if let instead = instead[name] { return "a function or constant name (\(name) is none here; type \(instead))" }
        if UnitCatalog.unit(named: name) != nil {
            return "a function or constant name (\(name) is a unit: a conversion ends the expression, as in 12 \(name) to …, and its value is in one unit)"
        }
        guard let nearest = nearest(to: name) else { return "a function or constant name (GET /keys lists them)" }
        return "a function or constant name (did you mean \(nearest)?)"
    }

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
        return names + synonyms.keys.sorted()
    }()

    /// The known name fewest edits away (insertions, deletions, substitutions, swaps of neighbours), when it is at
    /// most a third of the name's length away (at least one); of two as near, the one that begins as the name does
    /// (`sqroot`: sqrt rather than root).
    static func nearest(to name: String) -> String? {
        let limit = max(1, name.count / 3)
        let typed = Array(name.lowercased())
        var best: (name: String, distance: Int, prefix: Int)?
        for candidate in known {
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
