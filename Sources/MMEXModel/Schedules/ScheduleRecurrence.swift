import CivilDays
/// How a scheduled transaction (`BILLSDEPOSITS_V1`) repeats, read from `REPEATS` and `NUMOCCURRENCES` the way MMEX
/// desktop reads them, and the date of the occurrence after a given one.
///
/// ## Codes
/// `REPEATS` holds a base code, plus 100 when MMEX should enter the occurrence after asking the user, or 200 when it
/// should enter it silently (``autoExecute``). Supported base codes, with the step from one occurrence to the next:
///
/// | code | meaning | step |
/// |---|---|---|
/// | 0 | once | none: the schedule finishes after its occurrence |
/// | 1 | weekly | 7 days |
/// | 2 | every two weeks | 14 days |
/// | 3 | monthly | 1 month |
/// | 4 | every two months | 2 months |
/// | 5 | quarterly | 3 months |
/// | 6 | half-yearly | 6 months |
/// | 7 | yearly | 12 months |
/// | 8 | every four months | 4 months |
/// | 9 | every four weeks | 28 days |
/// | 10 | daily | 1 day |
/// | 11 | in *x* days | once, then finished (*x* = `NUMOCCURRENCES`) |
/// | 12 | in *x* months | once, then finished |
/// | 13 | every *x* days | *x* days |
/// | 14 | every *x* months | *x* months |
/// | 15 | monthly, last day | 1 month, then the month's last day |
/// | 16 | monthly, last business day | 1 month, then the month's last day, moved back to Friday from a weekend |
///
/// A month step keeps the day of the month and clamps it to the target month's length (January 31 plus one month
/// is February 28 or 29), as wxWidgets' date arithmetic does in MMEX desktop.
///
/// ## Occurrence count
/// For codes other than 11...14, `NUMOCCURRENCES` is how many occurrences remain, the next one included; `NULL`,
/// zero or a negative value (MMEX writes -1) means unlimited. For 11...14 it is the *x* of the step, never counted
/// down.
///
/// Any other base code (or a step of 11...14 whose *x* is not positive) is ``Kind/unsupported``: such a schedule
/// lists and updates normally, but advancing it throws.
public struct ScheduleRecurrence: Sendable, Hashable {
    /// What the base code means.
    public enum Kind: Sendable, Hashable {
        /// Happens once (code 0, and codes 11 and 12 whose one occurrence is *x* days or months away).
        case once
        case days(Int)
        case months(Int)
        case monthlyLastDay
        case monthlyLastBusinessDay
        /// A code this toolkit does not know (kept as stored).
        case unsupported(Int64)
    }

    /// When MMEX enters an occurrence by itself.
    public enum AutoExecute: Sendable, Hashable {
        case manual, prompt, silent
    }

    public let kind: Kind
    public let autoExecute: AutoExecute
    /// Occurrences left, the next one included; `nil` when unlimited or when `NUMOCCURRENCES` is a step.
    public let remaining: Int64?

    /// Reads `REPEATS` (`nil` reads as 0, once) and `NUMOCCURRENCES`.
    public init(repeats: Int64?, occurrences: Int64?) {
        var code = repeats ?? 0
        if code >= 200 {
            autoExecute = .silent
            code -= 200
        } else if code >= 100 {
            autoExecute = .prompt
            code -= 100
        } else {
            autoExecute = .manual
        }
        let step = occurrences.flatMap { $0 > 0 && $0 <= 100_000 ? Int($0) : nil }
        var counted = true
        switch code {
        case 0: kind = .once
        case 1: kind = .days(7)
        case 2: kind = .days(14)
        case 3: kind = .months(1)
        case 4: kind = .months(2)
        case 5: kind = .months(3)
        case 6: kind = .months(6)
        case 7: kind = .months(12)
        case 8: kind = .months(4)
        case 9: kind = .days(28)
        case 10: kind = .days(1)
        case 11, 12:
            kind = step == nil ? .unsupported(code) : .once
            counted = false
        case 13:
            kind = step.map { .days($0) } ?? .unsupported(code)
            counted = false
        case 14:
            kind = step.map { .months($0) } ?? .unsupported(code)
            counted = false
        case 15: kind = .monthlyLastDay
        case 16: kind = .monthlyLastBusinessDay
        default: kind = .unsupported(code)
        }
        remaining = counted ? occurrences.flatMap { $0 > 0 ? $0 : nil } : nil
    }

    /// Whether ``kind`` is a code this toolkit can advance.
    public var isSupported: Bool {
        if case .unsupported = kind { return false }
        return true
    }

    /// The occurrence after the one on `day`, or `nil` when the schedule finishes with it (a one-time schedule, or
    /// the last counted occurrence). Unsupported codes also give `nil`; check ``isSupported`` first.
    public func occurrence(after day: CalendarDay) -> CalendarDay? {
        if let remaining, remaining <= 1 { return nil }
        switch kind {
        case .once, .unsupported: return nil
        case .days(let count): return day.adding(days: count)
        case .months(let count): return day.adding(months: count)
        case .monthlyLastDay: return day.adding(months: 1)?.lastOfMonth
        case .monthlyLastBusinessDay: return day.adding(months: 1)?.lastOfMonth.lastWeekdayOnOrBefore
        }
    }

    /// `NUMOCCURRENCES` after one occurrence was entered or skipped: counted down by one when counted, unchanged
    /// otherwise.
    public func occurrencesAfterAdvance(stored: Int64?) -> Int64? {
        guard let remaining else { return stored }
        return remaining - 1
    }
}

extension CalendarDay {
    /// Days since 1970-01-01 (negative before), in the proleptic Gregorian calendar.
    var daysSinceEpoch: Int { CivilDays.days(year: year, month: month, day: day) }

    init?(daysSinceEpoch days: Int) {
        let (year, month, day) = CivilDays.date(days: days)
        self.init(year: year, month: month, day: day)
    }

    /// This day plus `count` days (`nil` outside years 1...9999).
    public func adding(days count: Int) -> CalendarDay? {
        CalendarDay(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// This day plus `count` months, the day clamped to the target month's length.
    public func adding(months count: Int) -> CalendarDay? {
        let index = year * 12 + (month - 1) + count
        let targetYear = index / 12
        let targetMonth = index % 12 + 1
        guard (1...9999).contains(targetYear) else { return nil }
        return CalendarDay(
            year: targetYear, month: targetMonth, day: min(day, CalendarDay.daysIn(month: targetMonth, year: targetYear))
        )
    }

    /// Days from `other` to this day (positive when this day is later).
    public func days(since other: CalendarDay) -> Int { daysSinceEpoch - other.daysSinceEpoch }

    /// The last day of this day's month.
    public var lastOfMonth: CalendarDay {
        CalendarDay(year: year, month: month, day: CalendarDay.daysIn(month: month, year: year)) ?? self
    }

    /// ISO weekday: 1 Monday ... 7 Sunday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (4).
        let offset = (daysSinceEpoch % 7 + 7) % 7
        return (offset + 3) % 7 + 1
    }

    /// This day, or the Friday before it when it falls on a weekend.
    var lastWeekdayOnOrBefore: CalendarDay {
        switch weekday {
        case 6: adding(days: -1) ?? self
        case 7: adding(days: -2) ?? self
        default: self
        }
    }
}
