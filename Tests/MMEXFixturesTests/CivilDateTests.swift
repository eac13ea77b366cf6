import MMEXFixtures
import Testing

@Suite("calendar days and their MMEX text forms, without Foundation")
struct CivilDateTests {
    @Test("known days have the right day numbers and weekdays")
    func knownDays() {
        #expect(CivilDate(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(CivilDate(year: 2000, month: 3, day: 1).dayNumber == 11_017)
        #expect(CivilDate(year: 1969, month: 12, day: 31).dayNumber == -1)
        #expect(CivilDate(year: 2024, month: 3, day: 1).weekday == 5)  // a Friday
        #expect(CivilDate(year: 1970, month: 1, day: 1).weekday == 4)  // a Thursday
    }

    @Test("day numbers round-trip through year, month and day across leap years and centuries")
    func roundTrip() {
        for number in stride(from: -800_000, through: 800_000, by: 97) {
            let date = CivilDate(dayNumber: number)
            let (year, month, day) = date.components
            #expect(CivilDate(year: year, month: month, day: day) == date)
            #expect((1...12).contains(month) && (1...31).contains(day))
        }
        #expect(CivilDate(year: 2024, month: 2, day: 29).adding(days: 1).iso == "2024-03-01")
        #expect(CivilDate(year: 1900, month: 2, day: 28).adding(days: 1).iso == "1900-03-01")
    }

    @Test("adding months keeps the day of month, clamped to the month's end")
    func addingMonths() {
        #expect(CivilDate(year: 2024, month: 1, day: 31).adding(months: 1).iso == "2024-02-29")
        #expect(CivilDate(year: 2023, month: 12, day: 15).adding(months: 2).iso == "2024-02-15")
        #expect(CivilDate(year: 2024, month: 3, day: 31).adding(months: -13).iso == "2023-02-28")
    }

    @Test("text forms are zero-padded ISO dates, date times and months")
    func textForms() {
        let day = CivilDate(year: 2025, month: 3, day: 5)
        #expect(day.iso == "2025-03-05")
        #expect(DateText.dateTime(day, secondOfDay: 0) == "2025-03-05T00:00:00")
        #expect(DateText.dateTime(day, secondOfDay: 14 * 3600 + 32 * 60 + 9) == "2025-03-05T14:32:09")
        #expect(DateText.time(secondOfDay: 3599) == "00:59:59")
        #expect(DateText.month(day) == "2025-03")
        #expect(day.epochMilliseconds(secondOfDay: 1) == Int64(day.dayNumber) * 86_400_000 + 1000)
    }
}
