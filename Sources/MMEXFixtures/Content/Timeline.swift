/// The years a fixture covers: three years for a small one, growing to ten for large ones, always ending on
/// 2025-12-31 so the content never depends on today's date.
struct Timeline {
    static let lastDay = CivilDate(year: 2025, month: 12, day: 31)

    let firstDay: CivilDate
    let firstYear: Int
    let lastYear: Int

    init(transactions: Int) {
        let years = min(10, max(3, 3 + transactions / 2000))
        lastYear = Timeline.lastDay.year
        firstYear = lastYear - years + 1
        firstDay = CivilDate(year: firstYear, month: 1, day: 1)
    }

    /// Days from the first to the last day, inclusive.
    var dayCount: Int { Timeline.lastDay.dayNumber - firstDay.dayNumber + 1 }

    /// The day `permille` thousandths of the way through (0 = first day, 1000 = last day).
    func day(permille: Int) -> CivilDate {
        firstDay.adding(days: (dayCount - 1) * min(max(permille, 0), 1000) / 1000)
    }

    /// The day of the `index`-th of `count` evenly spread events.
    func day(index: Int, of count: Int) -> CivilDate {
        firstDay.adding(days: count > 0 ? index * dayCount / count : 0)
    }

    /// How far through the timeline `index` of `count` is, in thousandths.
    static func permille(index: Int, of count: Int) -> Int { count > 0 ? index * 1000 / count : 0 }

    /// Every `step`-th day from the first to the last, as day offsets.
    func days(every step: Int) -> StrideTo<Int> { stride(from: 0, to: dayCount, by: step) }
}
