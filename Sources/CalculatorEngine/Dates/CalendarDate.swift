/// A day of the proleptic Gregorian calendar (the Gregorian rules carried back before 1582, as ISO 8601 and
/// Python's `datetime.date` count), from 0001-01-01 to 9999-12-31.
public struct CalendarDate: Sendable, Equatable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public static let years = 1...9999

    /// Why a text is no date.
    public enum Failure: Error, Sendable, Equatable {
        /// Not `YYYY-MM-DD`.
        case notISO8601
        case yearOutOfRange(Int)
        case noSuchMonth(Int)
        /// The month has fewer days (`2023-02-29`).
        case noSuchDay(year: Int, month: Int, day: Int)

        public var message: String {
            switch self {
            case .notISO8601: "a date is written YYYY-MM-DD (ISO 8601), such as 2024-02-29"
            case .yearOutOfRange(let year): "the year \(year) is outside 1…9999"
            case .noSuchMonth(let month): "there is no month \(month); months are 01…12"
            case .noSuchDay(let year, let month, let day):
                "there is no day \(day) in \(CalendarDate.monthNames[month - 1]) \(year), which has \(CalendarDate.days(inMonth: month, of: year)) days"
            }
        }
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    public init(year: Int, month: Int, day: Int) throws(Failure) {
        guard Self.years.contains(year) else { throw .yearOutOfRange(year) }
        guard (1...12).contains(month) else { throw .noSuchMonth(month) }
        guard day >= 1, day <= Self.days(inMonth: month, of: year) else { throw .noSuchDay(year: year, month: month, day: day) }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`, exactly ten characters.
    public init(iso text: String) throws(Failure) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { throw .notISO8601 }
        func number(_ range: Range<Int>) throws(Failure) -> Int {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw .notISO8601 }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        try self.init(year: try number(0..<4), month: try number(5..<7), day: try number(8..<10))
    }

    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (negative before), by Howard Hinnant's `days_from_civil`: years counted from March, so
    /// that the leap day ends a year, in 400-year eras of 146 097 days.
    var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `dayNumber` days after 1970-01-01 (`civil_from_days`); nil outside the years 1…9999.
    init?(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard let date = try? CalendarDate(year: year, month: month, day: day) else { return nil }
        self = date
    }

    /// `months` later (earlier when negative), on the same day of the month or, where the month is shorter, its
    /// last day (Jan 31 + 1 month is Feb 28 or 29), as Windows' calendar and `dateutil.relativedelta` add months.
    /// nil outside the years 1…9999.
    func adding(months: Int) -> CalendarDate? {
        let index = year * 12 + (month - 1) + months
        let (newYear, newMonth) = (index / 12, index % 12 + 1)
        guard index >= 0, Self.years.contains(newYear) else { return nil }
        return try? CalendarDate(year: newYear, month: newMonth, day: min(day, Self.days(inMonth: newMonth, of: newYear)))
    }

    func adding(days: Int) -> CalendarDate? { CalendarDate(dayNumber: dayNumber + days) }
}
