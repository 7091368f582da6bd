import Testing

@testable import CalculatorEngine

/// Windows' date calculation on the proleptic Gregorian calendar; `scripts/date-test` checks it against Python's
/// `dateutil.relativedelta` over 10⁴ random pairs through the HTTP API.
@Suite struct DateCalculationTests {
    static func date(_ text: String) throws -> CalendarDate { try CalendarDate(iso: text) }

    @Test(arguments: [
        // from, to, years, months, weeks, days, total days
        ("2024-01-31", "2024-03-01", 0, 1, 0, 1, 30),
        ("2024-03-01", "2024-01-31", 0, 1, 0, 1, 30),
        ("2023-01-31", "2023-02-28", 0, 1, 0, 0, 28),
        ("2020-02-29", "2021-02-28", 1, 0, 0, 0, 365),
        ("2020-02-29", "2024-02-28", 3, 11, 4, 2, 1460),
        ("2020-02-29", "2024-02-29", 4, 0, 0, 0, 1461),
        ("2000-01-01", "2000-01-01", 0, 0, 0, 0, 0),
        ("1900-02-28", "1900-03-01", 0, 0, 0, 1, 1),
        ("0001-01-01", "9999-12-31", 9998, 11, 4, 2, 3_652_058),
        ("2024-05-31", "2024-06-30", 0, 1, 0, 0, 30),
    ])
    func differences(from: String, to: String, years: Int, months: Int, weeks: Int, days: Int, total: Int) throws {
        let difference = CalendarDate.difference(try Self.date(from), try Self.date(to))
        #expect(difference.duration == DateDuration(years: years, months: months, weeks: weeks, days: days), "\(from) … \(to)")
        #expect(difference.totalDays == total)
    }

    @Test(arguments: [
        // date, years, months, weeks, days, added, subtracted
        ("2024-01-31", 0, 1, 0, 0, "2024-02-29", "2023-12-31"),
        ("2024-03-31", 0, 1, 0, 1, "2024-05-01", "2024-02-29"),
        ("2024-02-29", 1, 0, 0, 0, "2025-02-28", "2023-02-28"),
        ("2023-03-31", 0, 1, 0, 1, "2023-05-01", "2023-02-28"),
        ("2024-12-31", 0, 2, 1, 3, "2025-03-10", "2024-10-21"),
        ("2000-02-29", 100, 0, 0, 0, "2100-02-28", "1900-02-28"),
    ])
    func addingAndSubtracting(date: String, years: Int, months: Int, weeks: Int, days: Int, added: String, subtracted: String) throws {
        let duration = DateDuration(years: years, months: months, weeks: weeks, days: days)
        #expect(try Self.date(date).adding(duration)?.description == added)
        #expect(try Self.date(date).subtracting(duration)?.description == subtracted)
    }

    @Test func impossibleDatesAreRefused() throws {
        #expect(throws: CalendarDate.Failure.noSuchDay(year: 2023, month: 2, day: 29)) { try CalendarDate(iso: "2023-02-29") }
        #expect(throws: CalendarDate.Failure.noSuchDay(year: 1900, month: 2, day: 29)) { try CalendarDate(iso: "1900-02-29") }
        #expect(throws: CalendarDate.Failure.noSuchMonth(13)) { try CalendarDate(iso: "2024-13-01") }
        #expect(throws: CalendarDate.Failure.yearOutOfRange(0)) { try CalendarDate(iso: "0000-01-01") }
        for text in ["2024-1-01", "24-01-01", "2024/01/01", "2024-01-01T00:00", "２０２４-01-01", ""] {
            #expect(throws: CalendarDate.Failure.notISO8601) { try CalendarDate(iso: text) }
        }
        #expect(try CalendarDate(iso: "2000-02-29").description == "2000-02-29")
    }

    @Test func theCalendarEnds() throws {
        #expect(try Self.date("9999-12-31").adding(DateDuration(days: 1)) == nil)
        #expect(try Self.date("0001-01-01").subtracting(DateDuration(days: 1)) == nil)
        #expect(try Self.date("9999-12-01").adding(DateDuration(months: 1)) == nil)
        #expect(try Self.date("0001-01-01").adding(DateDuration(days: 3_652_058))?.description == "9999-12-31")
    }

    /// Day numbers count every day once: each date's next is one more, across months, leap days and centuries.
    @Test func dayNumbersAreConsecutive() throws {
        var date = try Self.date("1599-12-25")
        var number = date.dayNumber
        for _ in 0..<(366 * 5 + 365 * 300) {
            let next = try #require(date.adding(days: 1))
            #expect(next.dayNumber == number + 1)
            #expect(next > date)
            (date, number) = (next, number + 1)
        }
        #expect(try Self.date("1970-01-01").dayNumber == 0)
    }
}
