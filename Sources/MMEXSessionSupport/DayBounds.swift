import MMEXModel

/// How date columns (`TRANSDATE`, `DATE`, `NEXTOCCURRENCEDATE`, ISO text that may carry a time) are compared with a
/// day, the same way by both drivers: as text, so "on or before `day`" is "before the day after `day`"
/// (`2024-05-01T00:00:00` is on 2024-05-01).
public enum DayBounds {
    /// The text every date on or before `day` sorts below: the next day's `YYYY-MM-DD` (or `9999-12-32` after the
    /// last representable day).
    public static func after(_ day: CalendarDay) -> String {
        day.adding(days: 1)?.iso ?? "9999-12-32"
    }
}
