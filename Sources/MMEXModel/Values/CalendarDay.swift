/// A day in the proleptic Gregorian calendar, with no time and no time zone: what MMEX means by a date.
///
/// Used as the parsed form of ``MMEXDate`` and as the parameter of date queries (balance as of a day, transactions in
/// a range). Ordered chronologically; its text form is ISO `YYYY-MM-DD`, which also sorts chronologically, the fact
/// MMEX's SQL relies on when it compares `TRANSDATE` text.
public struct CalendarDay: Sendable, Hashable, Comparable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A valid day (month 1...12, day within the month, leap years included), or `nil`. Years 1...9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= CalendarDay.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD` (ASCII digits, nothing before or after).
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, let parsed = CalendarDay.parsePrefix(bytes) else { return nil }
        self = parsed
    }

    /// `YYYY-MM-DD`.
    public var iso: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Parses a valid `YYYY-MM-DD` from the first ten bytes.
    static func parsePrefix(_ bytes: [UInt8]) -> CalendarDay? {
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }
}

extension CalendarDay: CustomStringConvertible {
    public var description: String { iso }
}

extension CalendarDay: Codable {
    /// Decodes `"YYYY-MM-DD"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = CalendarDay(iso: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a YYYY-MM-DD day: \(text)")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}
