import Foundation

/// The stored forms the legacy (SQLite.swift-style) side of the app wrote, kept on purpose by the reader/writer
/// repositories while the port runs.
///
/// This is the one place where a port usually breaks. Left to its defaults, a GRDB app stores a `Date` as
/// `yyyy-MM-dd HH:mm:ss.SSS` and a `UUID` as a 16-byte BLOB; SQLite.swift stores a `Date` as
/// `yyyy-MM-dd'T'HH:mm:ss.SSS` and a `UUID` as its `uuidString`. Every file the app's users already have holds the
/// legacy forms, the legacy code must keep reading what the new code writes while both run side by side, and text
/// comparisons in SQL (`dueDate <= ?`) are only right when every row uses one form. So the reader/writer
/// repositories bind and read these columns as text in exactly the legacy forms, never through the driver's own
/// `Date`/`UUID` conversions. A later release, once the legacy side is gone, can move the data to the new forms
/// with a migration of its own.
///
/// ``dateForm`` says which form the legacy side writes. The legacy driver of this checkout stores a `Date` as the
/// ISO day (`yyyy-MM-dd`, the UTC day, time dropped: the form MMEX files use); real SQLite.swift stores
/// `yyyy-MM-dd'T'HH:mm:ss.SSS` (UTC, `en_US_POSIX`, milliseconds rounded). The test
/// `legacyDriverStoresTheDateFormThePortKeeps` reads the raw text the legacy side wrote and fails, naming the
/// form, if this constant and the legacy driver disagree.
enum LegacyEncoding {
    /// The text forms a legacy `Date` can have.
    enum DateForm {
        /// `yyyy-MM-dd`: the UTC day.
        case isoDay
        /// `yyyy-MM-dd'T'HH:mm:ss.SSS`: SQLite.swift's `dateFormatter`.
        case sqliteSwift
    }

    /// The form the legacy side of this checkout writes (see the type's documentation).
    static let dateForm: DateForm = .isoDay

    /// A stored value that is not in a legacy form: the file was written by something else.
    struct InvalidStoredValue: Error, CustomStringConvertible {
        let column: String
        let text: String
        let expected: String
        var description: String { "\(column) holds '\(text)', which is not \(expected)" }
    }

    // MARK: Dates

    /// The legacy text of a date.
    static func text(_ date: Date) -> String {
        formatter(dateForm).string(from: date)
    }

    /// The date a legacy text holds. Reads both forms (a day is midnight UTC), so files written before and after
    /// a change of form both read.
    static func date(_ text: String, column: String) throws -> Date {
        let form: DateForm = text.count == 10 ? .isoDay : .sqliteSwift
        if let date = formatter(form).date(from: text) { return date }
        throw InvalidStoredValue(column: column, text: text, expected: "a legacy date (yyyy-MM-dd[THH:mm:ss.SSS])")
    }

    static func date(_ text: String?, column: String) throws -> Date? {
        try text.map { try date($0, column: column) }
    }

    /// A new formatter each time: `DateFormatter` is not `Sendable`, and the app formats a handful of dates per
    /// unit of work.
    private static func formatter(_ form: DateForm) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.calendar = Calendar(identifier: .gregorian)
        switch form {
        case .isoDay: formatter.dateFormat = "yyyy-MM-dd"
        case .sqliteSwift: formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS"
        }
        return formatter
    }

    // MARK: UUIDs

    /// The legacy text of an id: `uuidString` (upper-case, hyphenated).
    static func text(_ id: UUID) -> String { id.uuidString }

    /// The id a legacy text holds.
    static func uuid(_ text: String, column: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else {
            throw InvalidStoredValue(column: column, text: text, expected: "a UUID string")
        }
        return id
    }
}
