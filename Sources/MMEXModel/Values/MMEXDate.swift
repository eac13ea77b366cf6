/// A date column's text exactly as the file stores it, with a parsed view.
///
/// MMEX stores dates as ISO text, but not always the same text: `TRANSDATE` is `2024-04-16` in most files and
/// `2024-04-16T00:00:00` in files written by some versions; `LASTUPDATEDTIME` carries a time. A repository that
/// parsed and re-formatted the text would silently rewrite a user's rows (and break the file for the app that wrote
/// them), so the stored text is the value: equality and hashing compare ``rawValue`` byte for byte, and writing an
/// `MMEXDate` back writes the same text. ``day`` is the parsed accessor for logic and display.
public struct MMEXDate: Sendable, Hashable, RawRepresentable {
    /// The text as stored.
    public let rawValue: String

    /// Any stored text (it need not parse: ``day`` is then `nil`).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Any stored text.
    public init(_ text: String) { self.rawValue = text }

    /// A new date written the way the MMEX apps write one today: `YYYY-MM-DD`.
    public init(_ day: CalendarDay) { self.rawValue = day.iso }

    /// The calendar day the text starts with: a valid `YYYY-MM-DD`, followed by nothing, by `T` or by a space (then a
    /// time). `nil` for text in any other shape.
    public var day: CalendarDay? {
        let bytes = Array(rawValue.utf8.prefix(11))
        guard let day = CalendarDay.parsePrefix(bytes) else { return nil }
        if bytes.count == 10 { return day }
        return bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ") ? day : nil
    }

    /// The text after the day, including its separator (`"T00:00:00"`), when the text starts with a valid day and
    /// carries more; `nil` otherwise.
    public var timeSuffix: Substring? {
        guard day != nil, rawValue.utf8.count > 10 else { return nil }
        return rawValue.dropFirst(10)
    }
}

extension MMEXDate: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.rawValue = value }
}

extension MMEXDate: CustomStringConvertible {
    public var description: String { rawValue }
}

extension MMEXDate: Codable {
    /// Decodes the stored text.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the stored text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
