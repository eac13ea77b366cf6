import Foundation

/// Dates as MMEX stores them: ISO-8601 text holding a calendar day.
///
/// A `Date` is written as `yyyy-MM-dd`, the day it falls on in UTC (time of day is not stored: MMEX dates are days).
/// Reading accepts that form and the longer ones found in MMEX files and in files written by other drivers:
/// `yyyy-MM-ddTHH:mm[:ss[.fraction]]` (also with a space instead of `T`), optionally ending in `Z` or a `±HH:MM`
/// offset; without a zone the time is taken as UTC. Days use the proleptic Gregorian calendar, as SQLite's own date
/// functions do, so `date(column)` in SQL and a `Date` read here agree.
///
/// Because the stored form is text, comparisons in SQL are text comparisons: `"2024-01-01T00:00:00"` sorts after
/// `"2024-01-01"`, exactly as in the MMEX apps.
extension Date: Value {
    public typealias Datatype = String

    public static func fromDatatypeValue(_ datatypeValue: String) throws -> Date {
        guard let date = ISODay.parse(datatypeValue) else { throw ISODay.InvalidText(text: datatypeValue) }
        return date
    }

    public var datatypeValue: String { ISODay.format(self) }
}

/// The ISO text conversions behind `Date`'s ``Value`` conformance (hand-written: they must be fast, free of
/// locale and time-zone settings, and proleptic Gregorian).
enum ISODay {
    struct InvalidText: Error, CustomStringConvertible {
        let text: String
        var description: String { "'\(text)' is not an ISO date (yyyy-MM-dd, optionally with THH:mm:ss)" }
    }

    static let secondsPerDay: Int64 = 86_400

    /// `yyyy-MM-dd` of the UTC day the date falls on.
    static func format(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / secondsPerDay : -((-seconds + secondsPerDay - 1) / secondsPerDay)
        let (year, month, day) = civil(fromDays: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }

    /// Parses the forms listed on `Date`'s conformance; `nil` for anything else.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var position = 0
        func number(_ width: Int) -> Int64? {
            guard position + width <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[position..<position + width] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            position += width
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == character else { return false }
            position += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = days(fromYear: year, month: month, day: day) * secondsPerDay
        var fraction = 0.0
        if position < bytes.count {
            guard expect(84) || expect(32) else { return nil }  // 'T' or ' '
            guard let hour = number(2), expect(58), let minute = number(2), hour < 24, minute < 60 else { return nil }
            var second: Int64 = 0
            if expect(58) {
                guard let value = number(2), value < 60 else { return nil }
                second = value
                if expect(46) {  // '.'
                    var scale = 0.1
                    var digits = 0
                    while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 {
                        fraction += Double(bytes[position] - 48) * scale
                        scale /= 10
                        position += 1
                        digits += 1
                    }
                    guard digits > 0 else { return nil }
                }
            }
            seconds += hour * 3600 + minute * 60 + second
            if expect(90) {  // 'Z'
            } else if position < bytes.count {
                let sign: Int64
                if expect(43) { sign = 1 } else if expect(45) { sign = -1 } else { return nil }
                guard let offsetHours = number(2), expect(58), let offsetMinutes = number(2) else { return nil }
                seconds -= sign * (offsetHours * 3600 + offsetMinutes * 60)
            }
            guard position == bytes.count else { return nil }
        }
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    static func isLeap(_ year: Int64) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (the era-based days-from-civil method).
    static func days(fromYear year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (inverse of ``days(fromYear:month:day:)``).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
