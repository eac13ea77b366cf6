extension CalendarDay {
    /// The day after this one; `nil` after 9999-12-31.
    ///
    /// Repositories bound "on or before `day`" as "before the next day" (`TRANSDATE < next.iso`), which also takes
    /// in stored dates with a time suffix (`2024-05-01T00:00:00`) and keeps the date index usable.
    public var next: CalendarDay? {
        CalendarDay(year: year, month: month, day: day + 1)
            ?? CalendarDay(year: year, month: month + 1, day: 1)
            ?? CalendarDay(year: year + 1, month: 1, day: 1)
    }
}
