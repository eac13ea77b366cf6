import CivilDays
import Foundation

/// The text form GRDB gives a `Date`, and the SQLite date strings it reads back.
///
/// A date is stored as TEXT `yyyy-MM-dd HH:mm:ss.SSS` in UTC (milliseconds truncated, as a date formatter with that
/// pattern writes them). Reading accepts what SQLite's date functions produce and accept: `YYYY-MM-DD`, then
/// optionally `T` or a space and `HH:MM`, `HH:MM:SS` or `HH:MM:SS.S` (one digit or more; beyond three they are
/// ignored), then optionally `Z` or `±HH:MM`. A string without a year-month-day part, a field out of its range
/// (month 13, February 30, hour 24...) or anything left over is not a date.
enum DatabaseDate {
    /// Seconds between 1970-01-01 and 2001-01-01, the reference date of `Date`.
    private static let epochOffset: Int64 = 978_307_200

    /// `yyyy-MM-dd HH:mm:ss.SSS` in UTC.
    static func text(for date: Date) -> String {
        // A microsecond of slack, so a date made from whole milliseconds is not written one millisecond early
        // because its binary double lies just under it.
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000 + 0.001).rounded(.down))
        var days = milliseconds / 86_400_000
        var inDay = milliseconds % 86_400_000
        if inDay < 0 {
            inDay += 86_400_000
            days -= 1
        }
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        let hour = inDay / 3_600_000
        let minute = inDay / 60_000 % 60
        let second = inDay / 1000 % 60
        let millisecond = inDay % 1000
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + " " + pad(hour, 2) + ":" + pad(minute, 2) + ":"
            + pad(second, 2) + "." + pad(millisecond, 3)
    }

    /// The date a SQLite date string names, or `nil` when the text is not such a string.
    static func date(from text: String) -> Date? {
        var parser = Parser(bytes: Array(text.utf8))
        guard let year = parser.digits(4), parser.skip("-"), let month = parser.digits(2), parser.skip("-"),
            let day = parser.digits(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        var hour: Int64 = 0
        var minute: Int64 = 0
        var second: Int64 = 0
        var millisecond: Int64 = 0
        var offsetMinutes: Int64 = 0
        if !parser.isAtEnd {
            guard parser.skip(" ") || parser.skip("T"), let h = parser.digits(2), parser.skip(":"),
                let m = parser.digits(2)
            else { return nil }
            hour = h
            minute = m
            if parser.skip(":") {
                guard let s = parser.digits(2) else { return nil }
                second = s
                if parser.skip(".") {
                    guard let fraction = parser.fraction() else { return nil }
                    millisecond = fraction
                }
            }
            if !parser.isAtEnd {
                guard let offset = parser.timeZoneOffset() else { return nil }
                offsetMinutes = offset
            }
        }
        guard parser.isAtEnd, hour < 24, minute < 60, second < 60 else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60
        return Date(timeIntervalSinceReferenceDate: Double(seconds - epochOffset) + Double(millisecond) / 1000)
    }

    // MARK: Calendar arithmetic (proleptic Gregorian, as SQLite's date functions)

    private static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a civil date.
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        Int64(CivilDays.days(year: Int(year), month: Int(month), day: Int(day)))
    }

    /// The civil date of a day counted from 1970-01-01.
    private static func civilDate(daysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
        let (year, month, day) = CivilDays.date(days: Int(days))
        return (Int64(year), Int64(month), Int64(day))
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Reads ASCII fields off the front of a date string.
    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        /// Exactly `count` decimal digits.
        mutating func digits(_ count: Int) -> Int64? {
            guard position + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[position..<position + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            position += count
            return value
        }

        /// One digit or more after the point, as milliseconds (digits past the third are ignored).
        mutating func fraction() -> Int64? {
            var milliseconds: Int64 = 0
            var count = 0
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                if count < 3 { milliseconds = milliseconds * 10 + Int64(bytes[position] - UInt8(ascii: "0")) }
                count += 1
                position += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<max(count, 3) { milliseconds *= 10 }
            return milliseconds
        }

        /// `Z` or `+HH:MM` / `-HH:MM`, in minutes east of UTC.
        mutating func timeZoneOffset() -> Int64? {
            if skip("Z") { return 0 }
            let sign: Int64
            if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
            guard let hours = digits(2), skip(":"), let minutes = digits(2), hours < 24, minutes < 60 else { return nil }
            return sign * (hours * 60 + minutes)
        }
    }
}
