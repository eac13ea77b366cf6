import Foundation
import ReaderWriterDriver

/// How the reader/writer repositories store the two kinds of values whose stored form differs between SQLite.swift
/// and GRDB: dates and UUIDs.
///
/// This is where ports break. Left to its defaults, a GRDB app stores a `Date` as `yyyy-MM-dd HH:mm:ss.SSS` and a
/// `UUID` as a 16-byte BLOB; SQLite.swift stores a `Date` as `yyyy-MM-dd'T'HH:mm:ss.SSS` and a `UUID` as its
/// `uuidString`. The files the app's users have hold the legacy forms, the legacy code must keep reading what the
/// new code writes while both ship, and SQL that compares these columns (`WHERE id = ?`, `dueDate <= ?`) is only
/// right when the bound value and every row use one form. So the sessions use ``legacy``: the repositories bind
/// these columns as text in exactly the legacy side's forms, never through a driver's own `Date`/`UUID` conversion.
/// A later release, with the legacy side gone, can move the data to the GRDB forms in a migration of its own.
///
/// Reading accepts every form either side writes (an ISO day, `T` or space before the time, a UUID string or 16
/// bytes), so a row in another form still reads; only writes depend on the choice.
public enum StoredForms: Sendable, Hashable {
    /// The legacy side's forms: a `Date` as the legacy driver's text (see ``legacyDateForm``), a `UUID` as its
    /// `uuidString`.
    case legacy
    /// What a GRDB app stores when left to its defaults: `Date` and `UUID` bound as themselves, so the
    /// reader/writer driver's own conversions store a `Date` as `yyyy-MM-dd HH:mm:ss.SSS` (UTC) and a `UUID` as 16
    /// bytes. The naive port: the differential catches it (`TodoAppTests`' "naive port" test), since its rows
    /// differ on disk and its `WHERE id = ?` no longer finds the rows the legacy side wrote.
    case grdbDefaults

    /// The text forms a `Date` can have.
    public enum DateForm: Sendable, Hashable {
        /// `yyyy-MM-dd`: the UTC day, time of day dropped (MMEX's day strings; DriverPort's legacy driver stored dates
        /// this way before it matched SQLite.swift's `dateFormatter`).
        case isoDay
        /// `yyyy-MM-dd'T'HH:mm:ss.SSS`: SQLite.swift's `dateFormatter` (UTC, `en_US_POSIX`, milliseconds rounded).
        case sqliteSwift
        /// `yyyy-MM-dd HH:mm:ss.SSS`: GRDB's default (UTC).
        case grdb
    }

    /// The date form the legacy side writes: what `SQLExpression<Date>` stores on the legacy driver the app links
    /// (real SQLite.swift: ``DateForm/sqliteSwift``). The test `legacyDriverStoresTheDateFormThePortKeeps` writes
    /// one date through both sessions and fails, showing both texts, when this constant and the legacy driver
    /// disagree: a port keeps it equal to what its users' files hold.
    public static let legacyDateForm: DateForm = .sqliteSwift

    /// A stored value in none of the known forms: the file was written by something else.
    struct InvalidStoredValue: Error, CustomStringConvertible {
        let column: String
        let found: String
        let expected: String
        var description: String { "\(column) holds \(found), which is not \(expected)" }
    }

    // MARK: Writing

    /// The value a date is stored as (and bound as in `dueDate <= ?`).
    func value(_ date: Date) -> any DatabaseValueConvertible {
        switch self {
        case .legacy: Self.formatter(Self.legacyDateForm).string(from: date)
        case .grdbDefaults: date
        }
    }

    /// The value an id is stored as (and bound as in `WHERE id = ?`).
    func value(_ id: UUID) -> any DatabaseValueConvertible {
        switch self {
        case .legacy: id.uuidString
        case .grdbDefaults: id
        }
    }

    // MARK: Reading (every form)

    /// The date a stored text holds, in any of the ``DateForm``s.
    static func date(_ text: String, column: String) throws -> Date {
        let form: DateForm =
            text.count == 10 ? .isoDay : text.dropFirst(10).first == "T" ? .sqliteSwift : .grdb
        if let date = formatter(form).date(from: text) { return date }
        throw InvalidStoredValue(column: column, found: "'\(text)'", expected: "a date (yyyy-MM-dd[ HH:mm:ss.SSS])")
    }

    static func date(_ text: String?, column: String) throws -> Date? {
        try text.map { try date($0, column: column) }
    }

    /// The id a stored value holds: 16 bytes, or the text of a UUID string.
    static func uuid(_ stored: Data, column: String) throws -> UUID {
        if stored.count == 16 {
            return UUID(uuid: stored.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) })
        }
        if let text = String(data: stored, encoding: .utf8), let id = UUID(uuidString: text) { return id }
        throw InvalidStoredValue(column: column, found: "\(stored.count) bytes", expected: "a UUID")
    }

    /// A new formatter each time: `DateFormatter` is not `Sendable`, and a unit of work formats a handful of dates.
    private static func formatter(_ form: DateForm) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.calendar = Calendar(identifier: .gregorian)
        switch form {
        case .isoDay: formatter.dateFormat = "yyyy-MM-dd"
        case .sqliteSwift: formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS"
        case .grdb: formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        }
        return formatter
    }
}
