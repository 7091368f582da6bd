import CalculatorEngine
import HTTPServer

/// Windows Calculator's date calculation over HTTP: `GET /dates/difference?from=&to=` (years, months, weeks and days
/// between two dates, and the days in all) and `GET /dates/add?date=&years=&months=&weeks=&days=[&operation=subtract]`.
/// Dates are ISO 8601 (`2024-02-29`), proleptic Gregorian, 0001-01-01 … 9999-12-31; a date that does not exist
/// (`2023-02-29`) or a result outside that range is a 422 problem (`invalid-date`). Nothing is stored.
struct DateEndpoint: Sendable {
    let replies: SessionReplies

    func difference(_ request: borrowing Request) throws(Problem) -> Response {
        let parameters = try QueryParameters(request.query, allowed: ["from", "to"])
        let from = try Self.date(parameters, "from")
        let to = try Self.date(parameters, "to")
        let difference = CalendarDate.difference(from, to)
        var json = JSONWriter(capacity: 160)
        json.beginObject()
        json.field("from", from.description)
        json.field("to", to.description)
        Self.write(difference.duration, into: &json)
        json.field("totalDays", difference.totalDays)
        json.endObject()
        return replies.json(200, json.bytes)
    }

    func add(_ request: borrowing Request) throws(Problem) -> Response {
        let parameters = try QueryParameters(request.query, allowed: ["date", "operation", "years", "months", "weeks", "days"])
        let date = try Self.date(parameters, "date")
        let limits = DateDuration.limits
        let duration = DateDuration(
            years: try Self.count(parameters, "years", limit: limits.years),
            months: try Self.count(parameters, "months", limit: limits.months),
            weeks: try Self.count(parameters, "weeks", limit: limits.weeks),
            days: try Self.count(parameters, "days", limit: limits.days))
        let subtracting: Bool
        switch parameters["operation"] {
        case nil, "add": subtracting = false
        case "subtract": subtracting = true
        case let other?: throw Problem(.invalidRequest, "\"operation\" is add or subtract, not \"\(other.prefix(32))\"")
        }
        guard let result = subtracting ? date.subtracting(duration) : date.adding(duration) else {
            throw Problem(.invalidDate, "the result is \(subtracting ? "before 0001-01-01" : "after 9999-12-31"), outside the calendar")
        }
        var json = JSONWriter(capacity: 160)
        json.beginObject()
        json.field("date", date.description)
        json.field("operation", subtracting ? "subtract" : "add")
        Self.write(duration, into: &json)
        json.field("result", result.description)
        json.endObject()
        return replies.json(200, json.bytes)
    }

    private static func write(_ duration: DateDuration, into json: inout JSONWriter) {
        json.field("years", duration.years)
        json.field("months", duration.months)
        json.field("weeks", duration.weeks)
        json.field("days", duration.days)
    }

    private static func date(_ parameters: QueryParameters, _ name: String) throws(Problem) -> CalendarDate {
        guard let text = parameters[name] else { throw Problem(.invalidRequest, "the query needs \(name), a date such as 2024-02-29") }
        do throws(CalendarDate.Failure) {
            return try CalendarDate(iso: text)
        } catch {
            throw Problem(.invalidDate, "\(name) \"\(text.prefix(32))\" is no date: \(error.message)", extensions: [("parameter", .string(name))])
        }
    }

    /// A whole number from 0 to `limit`; 0 when absent.
    private static func count(_ parameters: QueryParameters, _ name: String, limit: Int) throws(Problem) -> Int {
        guard let text = parameters[name] else { return 0 }
        guard text.utf8.count <= 7, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(text), value <= limit else {
            throw Problem(.invalidRequest, "\"\(name)\" must be a whole number from 0 to \(limit)", extensions: [("parameter", .string(name))])
        }
        return value
    }
}
