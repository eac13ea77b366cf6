/// Who created a row, which decides how its id and some of its text look.
enum Origin: Sendable {
    /// MMEX desktop: small sequential ids, plain `YYYY-MM-DD` dates, NULL for unset text, -1 for "none".
    case desktop
    /// The MMEX iOS app: ids minted as milliseconds * 1000 + random(0...999), `T00:00:00` dates, "" for unset
    /// text, 0 for "none".
    case mobile
}

/// Mints row ids the way MMEX apps do: small sequential ones (desktop, SQLite's next rowid) and large ones made
/// from a millisecond clock (the iOS app). Each table has its own counter and its own clock, and a clock never runs
/// backwards, so ids never repeat within a table.
struct IdMinter {
    private var nextSmall: [Int64]
    private var clocks: [Int64]

    init() {
        nextSmall = Array(repeating: 1, count: MMEXTable.allCases.count)
        clocks = Array(repeating: 0, count: MMEXTable.allCases.count)
        // Rows tables.sql already holds: 67 categories, 168 currencies, one INFOTABLE row.
        nextSmall[MMEXTable.category.rawValue] = 68
        nextSmall[MMEXTable.currency.rawValue] = 169
        nextSmall[MMEXTable.info.rawValue] = 2
    }

    /// The next sequential id of `table`.
    mutating func small(_ table: MMEXTable) -> Int64 {
        defer { nextSmall[table.rawValue] += 1 }
        return nextSmall[table.rawValue]
    }

    /// A millisecond id of `table` for a row created at `milliseconds` (or just after the table's previous one).
    mutating func large(_ table: MMEXTable, atMilliseconds milliseconds: Int64, random: inout FixtureRandom) -> Int64 {
        let clock = max(clocks[table.rawValue] + 1, milliseconds)
        clocks[table.rawValue] = clock
        return clock * 1000 + Int64(random.below(1000))
    }

    /// An id for a row of `table` created by `origin` at `milliseconds`.
    mutating func next(
        _ table: MMEXTable, origin: Origin, atMilliseconds milliseconds: Int64, random: inout FixtureRandom
    ) -> Int64 {
        switch origin {
        case .desktop: small(table)
        case .mobile: large(table, atMilliseconds: milliseconds, random: &random)
        }
    }
}
