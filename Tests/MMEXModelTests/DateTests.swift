import Foundation
import MMEXModel
import Testing

@Suite("MMEX dates keep their stored text")
struct DateTests {
    @Test("the stored text is the value; the day is parsed from it")
    func storedTextIsTheValue() {
        let plain = MMEXDate("2024-04-16")
        let midnight = MMEXDate("2024-04-16T00:00:00")
        #expect(plain != midnight, "a repository must not rewrite one form into the other")
        #expect(plain.day == midnight.day)
        #expect(midnight.day?.iso == "2024-04-16")
        #expect(midnight.timeSuffix == "T00:00:00")
        #expect(plain.timeSuffix == nil)
        #expect(MMEXDate("2026-05-10 21:08:00").day == CalendarDay(year: 2026, month: 5, day: 10))
        #expect(MMEXDate(CalendarDay(year: 2024, month: 2, day: 9)!).rawValue == "2024-02-09")
    }

    @Test("text in another shape loads and keeps its text, with no day", arguments: ["04/26/18", "2024-02-30", "2024-1-5", "", "2024-04-16Z"])
    func otherShapes(text: String) {
        let date = MMEXDate(text)
        #expect(date.rawValue == text)
        #expect(date.day == nil)
    }

    @Test("calendar days validate months and leap years and sort chronologically")
    func calendarDays() throws {
        #expect(CalendarDay(year: 2024, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2023, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 1900, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2000, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2024, month: 13, day: 1) == nil)
        #expect(CalendarDay(iso: "2024-04-16 ") == nil)
        let a = try #require(CalendarDay(iso: "2023-12-31"))
        let b = try #require(CalendarDay(iso: "2024-01-01"))
        #expect(a < b)
        #expect(try JSONDecoder().decode(CalendarDay.self, from: JSONEncoder().encode(b)) == b)
        #expect(try JSONDecoder().decode(MMEXDate.self, from: JSONEncoder().encode(MMEXDate("x"))) == MMEXDate("x"))
    }
}
