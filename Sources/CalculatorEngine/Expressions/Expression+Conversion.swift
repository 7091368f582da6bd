extension Expression {
    /// The words that join the units of a conversion at an expression's end: `12 in to cm`, or GNOME's `12 in in cm`.
    static let conversionWords: Set<String> = ["to", "in"]

    /// Takes `<unit> to <unit>` (three words apart by white space) off the end of `scalars` and reads it, leaving the
    /// expression before it; nil, and `scalars` as they were, when the text does not end so. Units are named by id
    /// or symbol (`GET /units`). After `to`, a word that names no unit is an error; after `in`, which may be no
    /// conversion at all, the text is read as it is.
    static func takeConversion(from scalars: inout [Unicode.Scalar]) throws(ExpressionError) -> UnitConversion? {
        var words: [Range<Int>] = []
        var end = scalars.count
        while words.count < 3 {
            while end > 0, scalars[end - 1].properties.isWhitespace { end -= 1 }
            var start = end
            while start > 0, !scalars[start - 1].properties.isWhitespace { start -= 1 }
            guard start < end else { return nil }
            words.append(start..<end)
            end = start
        }
        func text(_ range: Range<Int>) -> String {
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[range])
            return text
        }
        let (to, word, from) = (words[0], text(words[1]), words[2])
        guard conversionWords.contains(word), scalars[..<from.lowerBound].contains(where: { !$0.properties.isWhitespace }) else { return nil }
        let conversion: UnitConversion
        do throws(UnitConversion.Failure) {
            conversion = try UnitConversion(from: text(from), to: text(to))
        } catch {
            guard word == "to" else { return nil }
            switch error {
            case .unknownUnit(let name):
                let place = name == text(from) ? from : to
                throw ExpressionError(offset: place.lowerBound, expected: "a unit (GET /units lists them)", found: name)
            case .differentCategories(let category, _):
                throw ExpressionError(offset: to.lowerBound, expected: "a unit of \(category.rawValue)", found: text(to))
            }
        }
        var bodyEnd = from.lowerBound
        while bodyEnd > 0, scalars[bodyEnd - 1].properties.isWhitespace { bodyEnd -= 1 }
        scalars.removeSubrange(bodyEnd...)
        return conversion
    }

    /// The end of the word that begins after any white space from `start`.
    static func wordEnd(from start: Int, in scalars: [Unicode.Scalar]) -> Int {
        var end = start
        while end < scalars.count, scalars[end].properties.isWhitespace { end += 1 }
        while end < scalars.count, !scalars[end].properties.isWhitespace { end += 1 }
        return end
    }

    /// Where the text's last word begins.
    static func lastWordStart(in scalars: [Unicode.Scalar]) -> Int {
        var end = scalars.count
        while end > 0, scalars[end - 1].properties.isWhitespace { end -= 1 }
        while end > 0, !scalars[end - 1].properties.isWhitespace { end -= 1 }
        return end
    }

    /// A clearer reason than the parser's for text that ends in a conversion of a plain number (`sin(30) to cm`,
    /// `2 + 3 to cm`, `12 to cm`), or in `to` with no unit after it (`12 in to`); nil for other text.
    static func conversionMistake(in all: [Unicode.Scalar], symbols: NumberSymbols, answer: Number?) -> ExpressionError? {
        let lastStart = lastWordStart(in: all)
        let lastEnd = wordEnd(from: lastStart, in: all)
        if lastStart > 0, Array(all[lastStart..<lastEnd]) == ["t", "o"] {
            return ExpressionError(offset: lastEnd, expected: "a unit after to (12 in to cm; GET /units lists them)", found: "the end")
        }
        guard let (start, _) = target(in: all) else { return nil }
        var parser = ExpressionParser(Array(all[..<start]), symbols: symbols, answer: answer)
        guard (try? parser.parse()) != nil, parser.unit == nil else { return nil }
        var before = String(String.UnicodeScalarView(all[..<start]))
        while before.last?.isWhitespace == true { before.removeLast() }
        return ExpressionError(
            offset: start, expected: "a unit after the number to convert (12 in to cm): \(before) is a plain number, with no unit",
            found: "to")
    }

    /// For text that ends in `to <unit>`: where the word `to` begins, and the unit.
    static func target(in scalars: [Unicode.Scalar]) -> (start: Int, unit: PhysicalUnit)? {
        let unitStart = lastWordStart(in: scalars)
        let toStart = lastWordStart(in: Array(scalars[..<unitStart]))
        let unitEnd = wordEnd(from: unitStart, in: scalars)
        guard toStart > 0, Array(scalars[toStart..<wordEnd(from: toStart, in: scalars)]) == ["t", "o"],
            let unit = UnitCatalog.unit(named: String(String.UnicodeScalarView(scalars[unitStart..<unitEnd])))
        else { return nil }
        return (toStart, unit)
    }
}
