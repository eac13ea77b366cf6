import CivilDays

/// A calendar day in the proleptic Gregorian calendar, counted in days since 1970-01-01, with the text forms MMEX
/// stores (`2024-03-05`, `2024-03-05T00:00:00`).
///
/// Computed with ``CivilDays`` instead of Foundation's `Calendar` and `DateFormatter`, so the generator depends on
/// no time zone, locale or ICU version.
public struct CivilDate: Sendable, Hashable, Comparable {
    /// Days since 1970-01-01 (negative before).
    public let dayNumber: Int

    public init(dayNumber: Int) { self.dayNumber = dayNumber }

    /// The day `year`-`month`-`day` (month 1...12, day 1...31; out-of-range days roll over).
    public init(year: Int, month: Int, day: Int) {
        dayNumber = CivilDays.days(year: year, month: month, day: day)
    }

    /// Year, month (1...12) and day of month (1...31).
    public var components: (year: Int, month: Int, day: Int) { CivilDays.date(days: dayNumber) }

    public var year: Int { components.year }

    /// 0 = Sunday ... 6 = Saturday.
    public var weekday: Int { ((dayNumber % 7) + 7 + 4) % 7 }

    public func adding(days: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + days) }

    /// The same day of month `months` later, clamped to the month's last day.
    public func adding(months: Int) -> CivilDate {
        let (year, month, day) = components
        let index = year * 12 + (month - 1) + months
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        let last = CivilDate(year: newYear, month: newMonth + 1, day: 1).dayNumber - 1
        return CivilDate(dayNumber: min(CivilDate(year: newYear, month: newMonth, day: day).dayNumber, last))
    }

    /// `YYYY-MM-DD`.
    public var iso: String { DateText.date(self) }

    /// Milliseconds since 1970-01-01T00:00:00Z at `secondOfDay` into this day.
    public func epochMilliseconds(secondOfDay: Int = 0) -> Int64 {
        (Int64(dayNumber) * 86_400 + Int64(secondOfDay)) * 1000
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool { lhs.dayNumber < rhs.dayNumber }
}

/// Text forms of dates and times, built digit by digit (no formatter, no locale).
public enum DateText {
    /// `YYYY-MM-DD`.
    public static func date(_ date: CivilDate) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        appendDate(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `YYYY-MM-DDTHH:MM:SS` (the MMEX "date time string"; `secondOfDay` 0 gives `T00:00:00`).
    public static func dateTime(_ date: CivilDate, secondOfDay: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(19)
        appendDate(date, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendTime(secondOfDay, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `HH:MM:SS`.
    public static func time(secondOfDay: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8)
        appendTime(secondOfDay, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `YYYY-MM`.
    public static func month(_ date: CivilDate) -> String {
        let (year, month, _) = date.components
        var bytes: [UInt8] = []
        appendDigits(year, count: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(month, count: 2, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendDate(_ date: CivilDate, to bytes: inout [UInt8]) {
        let (year, month, day) = date.components
        appendDigits(year, count: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(month, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(day, count: 2, to: &bytes)
    }

    static func appendTime(_ secondOfDay: Int, to bytes: inout [UInt8]) {
        let seconds = ((secondOfDay % 86_400) + 86_400) % 86_400
        appendDigits(seconds / 3600, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(seconds / 60 % 60, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(seconds % 60, count: 2, to: &bytes)
    }

    /// `value` (>= 0) as exactly `count` decimal digits, zero-padded.
    static func appendDigits(_ value: Int, count: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
