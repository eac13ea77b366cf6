import Foundation
import TodoModel

/// The values scenarios and generated operations draw from: a small pool of titles, ids, dates and priorities, so
/// random operations keep hitting the same rows (and the corners: case, `%` and `_`, non-ASCII letters, a NaN
/// priority, an id already taken, a list that does not exist).
public enum TodoSamples {
    /// 2026-03-01 00:00:00 UTC: the middle of every generated date.
    public static let referenceDate = Date(timeIntervalSince1970: 1_772_323_200)

    /// List titles.
    public static let listTitles = ["Groceries", "work", "Home", "Trip to Lyon", "Ideas", "ÉCOLE", "50% off", "a_b"]

    /// Item titles: mixed case, pattern characters, accents, duplicates ignoring case.
    public static let itemTitles = [
        "buy milk", "Buy Milk", "call Anna", "Fix the bike", "pay 50% deposit", "file_2026", "Café order", "café Order",
        "email Bob", "Read", "read", "zebra", "Éclair", "renew passport", "",
    ]

    /// Search terms: substrings, case changes, pattern characters (which must match themselves), no match.
    public static let searchTerms = ["milk", "MILK", "bu", "50%", "_", "file_", "%", "café", "CAFÉ", "é", "x", ""]

    /// Notes, `nil` included.
    public static let notes: [String?] = [nil, nil, "two litres", "", "ask about Tuesday", "Ünïcödé ✓"]

    /// Priorities: ties, negatives, fractions, and NaN (which SQLite stores as NULL, so the NOT NULL column refuses
    /// it on both drivers).
    public static let priorities: [Double] = [0, 0, 1, 1, 2.5, -1, 0.001, 10, .nan]

    /// The item id number `n` (a fixed UUID, so generated operations can reach items added earlier).
    public static func itemID(_ n: Int) -> UUID {
        let low = UInt16(truncatingIfNeeded: n)
        return UUID(uuid: (0x7D, 0x0D, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, UInt8(low >> 8), UInt8(low & 0xFF)))
    }

    /// A date `days` days and `seconds` seconds after ``referenceDate``, with `milliseconds` added.
    public static func date(days: Int, seconds: Int = 0, milliseconds: Int = 0) -> Date {
        Date(
            timeIntervalSince1970: referenceDate.timeIntervalSince1970 + Double(days * 86_400 + seconds)
                + Double(milliseconds) / 1000
        )
    }
}
