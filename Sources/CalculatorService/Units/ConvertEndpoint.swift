import CalculatorEngine
import HTTPServer

/// `GET /units` (the converter's units by category, with their factors to the category's SI unit) and
/// `POST /convert` / `GET /convert?value=&from=&to=`: one value converted, exactly where the definitions are
/// (`UnitConversion`). Nothing is stored; the units are a fixed document with an entity tag, as `GET /keys` is.
struct ConvertEndpoint: Sendable {
    let replies: SessionReplies
    let units: [UInt8] = Self.unitsDocument()
    let unitsTag: String

    init(replies: SessionReplies) {
        self.replies = replies
        unitsTag = "\"\(String(WebAssets.fingerprint(units), radix: 16))\""
    }

    static let members = ["value", "from", "to", "digits"]

    /// POST /convert: `{"value": 100, "from": "degF", "to": "degC"}`; the value as a JSON number or a decimal string
    /// (its digits are kept exactly either way), `digits` (8…32, 16 when absent) for the display.
    func post(_ request: borrowing Request) throws(Problem) -> Response {
        try request.requireJSONBody()
        let members = try parseObject(request.body, allowed: Self.members)
        var fields: [String: String] = [:]
        for (name, value) in members {
            switch (name, value) {
            case ("value", .number(let text)), ("value", .string(let text)), ("from", .string(let text)), ("to", .string(let text)):
                fields[name] = text
            case ("digits", .number(let text)):
                fields[name] = text
            default:
                throw Problem(.invalidRequest, "\"\(name)\" must be \(name == "value" ? "a number or a decimal string" : name == "digits" ? "a whole number" : "a unit's id or symbol (GET /units)"), not \(value.typeName)")
            }
        }
        return try answer(fields)
    }

    /// GET /convert?value=100&from=degF&to=degC[&digits=16]
    func get(_ request: borrowing Request) throws(Problem) -> Response {
        let parameters = try QueryParameters(request.query, allowed: Self.members)
        var fields: [String: String] = [:]
        for name in Self.members { fields[name] = parameters[name] }
        return try answer(fields)
    }

    func unitList(_ request: borrowing Request) -> Response {
        replies.fixed(units, entityTag: unitsTag, request)
    }

    private func answer(_ fields: [String: String]) throws(Problem) -> Response {
        for name in ["value", "from", "to"] where fields[name] == nil {
            throw Problem(.invalidRequest, "the conversion needs value, from and to (GET /units lists the units); \(name) is missing")
        }
        let (value, from, to) = (fields["value"]!, fields["from"]!, fields["to"]!)
        var digits = 16
        if let text = fields["digits"] {
            let range = Settings.digitsRange
            guard let number = Double(text), number.rounded() == number, range.contains(Int(exactly: number) ?? 0) else {
                throw Problem(.invalidRequest, "\"digits\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            digits = Int(number)
        }
        let conversion: UnitConversion
        do throws(UnitConversion.Failure) {
            conversion = try UnitConversion(from: from, to: to)
        } catch {
            throw Problem(.invalidConversion, error.message)
        }
        guard let outcome = conversion.convert(decimal: value, digits: digits) else {
            throw Problem(.invalidConversion, "\"value\" must be a decimal number such as -12.5 or 1e3, not \"\(value.prefix(32))\"")
        }
        let converted: ConvertedValue
        switch outcome {
        case .success(let result): converted = result
        case .failure(let error): throw Problem(.invalidConversion, error.message)
        }
        var json = JSONWriter(capacity: 256)
        json.beginObject()
        json.field("value", value)
        json.field("from", conversion.from.id)
        json.field("to", conversion.to.id)
        json.field("display", converted.display)
        json.field("exact", converted.exact)
        json.field("isExact", converted.exact != nil)
        json.endObject()
        return replies.json(200, json.bytes)
    }

    /// Every unit by category, with what a front end lists and what a client checks: the factor and offset to the
    /// category's base unit as exact texts, whether conversions are exact, the definition.
    static func unitsDocument() -> [UInt8] {
        var json = JSONWriter(capacity: 32768)
        json.beginObject()
        json.field("source", "NIST SP 811 (2008), Appendix B.8 and B.9; SI Brochure, 9th edition (2019)")
        json.key("categories")
        json.beginArray()
        for category in UnitCategory.allCases {
            json.beginObject()
            json.field("name", category.rawValue)
            json.field("base", category.base)
            json.key("units")
            json.beginArray()
            for unit in UnitCatalog.units(in: category) {
                json.beginObject()
                json.field("id", unit.id)
                json.field("name", unit.name)
                json.field("symbol", unit.symbol)
                json.field("factor", unit.factorText)
                json.field("offset", unit.offsetText)
                json.field("exact", unit.isExact)
                json.field("definition", unit.definition)
                json.endObject()
            }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.bytes
    }
}
