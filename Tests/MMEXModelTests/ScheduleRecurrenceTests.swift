import Foundation
import MMEXModel
import Testing

/// The next-occurrence rule of scheduled transactions (MMEX desktop's repeat codes) and the asset value rule.
@Suite("Schedule recurrence and asset valuation")
struct ScheduleRecurrenceTests {
    private func day(_ text: String) throws -> CalendarDay { try #require(CalendarDay(iso: text)) }

    private func next(_ repeats: Int64?, _ occurrences: Int64?, after text: String) throws -> String? {
        ScheduleRecurrence(repeats: repeats, occurrences: occurrences).occurrence(after: try day(text))?.iso
    }

    @Test("fixed steps: weekly, fortnightly, four-weekly, daily, every x days")
    func daySteps() throws {
        #expect(try next(1, -1, after: "2024-02-26") == "2024-03-04")
        #expect(try next(2, nil, after: "2024-12-25") == "2025-01-08")
        #expect(try next(9, 0, after: "2024-02-01") == "2024-02-29")
        #expect(try next(10, -1, after: "2023-12-31") == "2024-01-01")
        #expect(try next(13, 45, after: "2024-01-01") == "2024-02-15")
    }

    @Test("month steps clamp to the month's last day (Jan 31 + 1 month = Feb 29 in a leap year)")
    func monthSteps() throws {
        #expect(try next(3, -1, after: "2024-01-31") == "2024-02-29")
        #expect(try next(3, -1, after: "2023-01-31") == "2023-02-28")
        #expect(try next(4, -1, after: "2024-12-31") == "2025-02-28")
        #expect(try next(5, -1, after: "2024-11-30") == "2025-02-28")
        #expect(try next(6, -1, after: "2024-08-31") == "2025-02-28")
        #expect(try next(7, -1, after: "2024-02-29") == "2025-02-28")
        #expect(try next(8, -1, after: "2024-10-31") == "2025-02-28")
        #expect(try next(14, 13, after: "2024-02-29") == "2025-03-29")
    }

    @Test("last day and last business day of the month")
    func monthEnds() throws {
        #expect(try next(15, -1, after: "2024-01-15") == "2024-02-29")
        // 2024-08-31 is a Saturday: the last business day of August 2024 is Friday the 30th.
        #expect(try next(16, -1, after: "2024-07-31") == "2024-08-30")
        // 2024-06-30 is a Sunday.
        #expect(try next(16, -1, after: "2024-05-31") == "2024-06-28")
        #expect(try next(16, -1, after: "2024-09-30") == "2024-10-31")
    }

    @Test("auto-execute offsets 100 and 200 keep the base code")
    func autoExecute() throws {
        #expect(ScheduleRecurrence(repeats: 103, occurrences: -1).autoExecute == .prompt)
        #expect(ScheduleRecurrence(repeats: 210, occurrences: -1).autoExecute == .silent)
        #expect(try next(103, -1, after: "2024-01-31") == "2024-02-29")
        #expect(try next(210, -1, after: "2024-01-31") == "2024-02-01")
    }

    @Test("counted occurrences: the last one finishes the schedule; once, in x days and in x months finish after one")
    func finishing() throws {
        let counted = ScheduleRecurrence(repeats: 3, occurrences: 2)
        #expect(counted.remaining == 2 && counted.occurrencesAfterAdvance(stored: 2) == 1)
        #expect(try next(3, 1, after: "2024-01-31") == nil)
        #expect(try next(0, nil, after: "2024-01-31") == nil)
        #expect(try next(nil, nil, after: "2024-01-31") == nil)
        #expect(try next(11, 17, after: "2024-01-31") == nil)
        #expect(ScheduleRecurrence(repeats: 11, occurrences: 17).occurrencesAfterAdvance(stored: 17) == 17)
        #expect(ScheduleRecurrence(repeats: 13, occurrences: 5).remaining == nil, "x of every x days is a step, not a count")
    }

    @Test("unknown codes, and in/every x without a positive x, are unsupported")
    func unsupported() throws {
        #expect(!ScheduleRecurrence(repeats: 17, occurrences: -1).isSupported)
        #expect(!ScheduleRecurrence(repeats: 99, occurrences: 1).isSupported)
        #expect(!ScheduleRecurrence(repeats: 13, occurrences: -1).isSupported)
        #expect(!ScheduleRecurrence(repeats: -1, occurrences: nil).isSupported)
        #expect(try next(17, -1, after: "2024-01-31") == nil)
    }

    @Test("weekday and day arithmetic across centuries")
    func calendar() throws {
        #expect(try day("1970-01-01").weekday == 4)
        #expect(try day("2000-02-29").weekday == 2)
        #expect(try day("2024-03-01").days(since: try day("2024-02-01")) == 29)
        #expect(try day("2100-03-01").adding(days: -1)?.iso == "2100-02-28")
        #expect(try day("0001-01-01").adding(days: -1) == nil)
    }

    @Test("asset value: daily compounding, linear, none, before start")
    func assetValue() throws {
        var asset = Asset(id: 1, startDate: "2024-01-01", name: "a", value: 1000, valueChange: "Appreciates", valueChangeRate: 10)
        let value = AssetValuation.value(of: asset, on: try day("2025-01-01"))?.doubleValue ?? 0
        #expect(abs(value - 1000 * pow(1 + 10 / 36_500.0, 366)) < 1e-9)
        asset.valueChangeMode = "Linear"
        asset.valueChange = "Depreciates"
        #expect(AssetValuation.value(of: asset, on: try day("2024-01-11")) == .real(1000 - 1000 * 0.1 * 10 / 365))
        asset.valueChange = "None"
        #expect(AssetValuation.value(of: asset, on: try day("2030-01-01")) == 1000)
        #expect(AssetValuation.value(of: asset, on: try day("2023-12-31")) == nil)
    }
}
