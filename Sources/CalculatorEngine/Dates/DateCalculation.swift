/// Windows Calculator's date calculation: the difference between two dates, and a date plus or minus a duration,
/// with its rules for the ends of months.
public struct DateDuration: Sendable, Equatable {
    public var years: Int
    public var months: Int
    public var weeks: Int
    public var days: Int

    public init(years: Int = 0, months: Int = 0, weeks: Int = 0, days: Int = 0) {
        self.years = years
        self.months = months
        self.weeks = weeks
        self.days = days
    }

    /// The most of each part a request may ask for: more would pass 9999-12-31 from any date.
    public static let limits = (years: 9999, months: 119_988, weeks: 521_722, days: 3_652_059)
}

/// The difference between two dates, the earlier first: whole years and months from the earlier date, then weeks
/// and days; and the days in all.
public struct DateDifference: Sendable, Equatable {
    public let duration: DateDuration
    public let totalDays: Int
}

extension CalendarDate {
    /// The difference as Windows shows it, years, months, weeks and days: the most whole months from the earlier date
    /// that do not pass the later one, a month from Jan 31 being the last of February (as years and months,
    /// twelve to the year), then the weeks and days left. The order of the two dates does not matter. The months are
    /// counted from the earlier date itself, as `dateutil.relativedelta` counts them: Windows counts them from the
    /// date the years reach, which differs only from a Feb 29, where it finds 3 years and 12 months from 2020-02-29
    /// to 2024-02-28 (here 3 years, 11 months, 4 weeks and 2 days).
    public static func difference(_ a: CalendarDate, _ b: CalendarDate) -> DateDifference {
        let (start, end) = a <= b ? (a, b) : (b, a)
        // From a guess at or above the answer, down: a date past 9999 is past `end`.
        var months = (end.year - start.year) * 12 + end.month - start.month
        while months > 0, (start.adding(months: months).map { $0 > end } ?? true) { months -= 1 }
        let rest = end.dayNumber - start.adding(months: months)!.dayNumber
        return DateDifference(
            duration: DateDuration(years: months / 12, months: months % 12, weeks: rest / 7, days: rest % 7),
            totalDays: end.dayNumber - start.dayNumber)
    }

    /// The date `duration` later, as Windows adds one (`AddDuration`): the years, then the months (each landing on
    /// the month's last day where the month is shorter), then the weeks and days. nil past 9999-12-31.
    public func adding(_ duration: DateDuration) -> CalendarDate? {
        adding(months: 12 * duration.years)?.adding(months: duration.months)?.adding(days: 7 * duration.weeks + duration.days)
    }

    /// The date `duration` earlier, as Windows subtracts one (`SubtractDuration`): the days and weeks first, then the
    /// months, then the years, so that Mar 31 − (1 month, 1 day) is Feb 28, not Feb 27. nil before 0001-01-01.
    public func subtracting(_ duration: DateDuration) -> CalendarDate? {
        adding(days: -(7 * duration.weeks + duration.days))?.adding(months: -duration.months)?.adding(months: -12 * duration.years)
    }
}
