import Foundation

// Foundation values stored exactly as SQLite.swift stores them: Date as TEXT through `dateFormatter`, UUID as its
// `uuidString`, URL as its absolute string (Data is a BLOB, Bool INTEGER 0/1: see Binding.swift and Value.swift).
// Where SQLite.swift force-unwraps the parse of a stored text (a date, UUID or URL another program wrote in another
// form), the driver throws ``LegacyError/invalidValue(column:type:reason:)`` from `row.get` and reports it from
// `row[...]` instead of trapping.

/// The formatter dates are written and read with, as in SQLite.swift: `yyyy-MM-dd'T'HH:mm:ss.SSS`, `en_US_POSIX`,
/// UTC, so `2024-02-29T13:45:10.250` (milliseconds kept, no zone suffix).
///
/// SQLite.swift lets an app replace it (say, to store days only); assigning a new formatter here does the same.
/// Set it once at start-up, before any connection is used: reads and writes use it under `dateFormatterLock`, but
/// assigning it while another thread formats a date is a data race, as in SQLite.swift.
nonisolated(unsafe) public var dateFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS"
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    return formatter
}()

/// Serializes use of ``dateFormatter`` (a formatter is not safe to use from several threads at once on Linux).
private let dateFormatterLock = NSLock()

/// A stored text that is not a value of the type: what SQLite.swift's force unwrap would have trapped on.
struct UnreadableText: Error, CustomStringConvertible {
    let text: String
    let expected: String
    var description: String {
        "'\(text)' is not \(expected) (SQLite.swift would trap on this value: it force-unwraps the parse)"
    }
}

/// Dates are TEXT in ``dateFormatter``'s form (`yyyy-MM-dd'T'HH:mm:ss.SSS`, UTC), as SQLite.swift writes them.
/// Because the stored form is text, SQL compares dates as text.
extension Date: Value {
    /// Dates are stored as TEXT.
    public typealias Datatype = String

    /// Parses a stored date with ``dateFormatter``.
    ///
    /// - Throws: An error naming the text when it is not in the formatter's form; SQLite.swift traps there,
    ///   and a row read reports it as ``LegacyError/invalidValue(column:type:reason:)``.
    public static func fromDatatypeValue(_ datatypeValue: String) throws -> Date {
        let parsed = dateFormatterLock.withLock { dateFormatter.date(from: datatypeValue) }
        guard let parsed else { throw UnreadableText(text: datatypeValue, expected: "a date in dateFormatter's form") }
        return parsed
    }

    /// The date as ``dateFormatter`` writes it: `2024-02-29T13:45:10.250`.
    public var datatypeValue: String {
        dateFormatterLock.withLock { dateFormatter.string(from: self) }
    }
}

/// UUIDs are TEXT, their `uuidString` (upper-case hexadecimal with hyphens), as SQLite.swift writes them.
extension UUID: Value {
    /// UUIDs are stored as TEXT.
    public typealias Datatype = String

    /// Parses a stored UUID string (either case).
    ///
    /// - Throws: An error naming the text when it is not a UUID; SQLite.swift traps there, and a row read reports it
    ///   as ``LegacyError/invalidValue(column:type:reason:)``.
    public static func fromDatatypeValue(_ datatypeValue: String) throws -> UUID {
        guard let uuid = UUID(uuidString: datatypeValue) else {
            throw UnreadableText(text: datatypeValue, expected: "a UUID")
        }
        return uuid
    }

    /// The UUID as its `uuidString`: upper-case hexadecimal with hyphens.
    public var datatypeValue: String { uuidString }
}

/// URLs are TEXT, their absolute string, as SQLite.swift writes them.
extension URL: Value {
    /// URLs are stored as TEXT.
    public typealias Datatype = String

    /// Parses a stored URL string.
    ///
    /// - Throws: An error naming the text when `URL(string:)` rejects it; SQLite.swift traps there, and a row
    ///   read reports it as ``LegacyError/invalidValue(column:type:reason:)``.
    public static func fromDatatypeValue(_ datatypeValue: String) throws -> URL {
        guard let url = URL(string: datatypeValue) else { throw UnreadableText(text: datatypeValue, expected: "a URL") }
        return url
    }

    /// The URL as its `absoluteString`.
    public var datatypeValue: String { absoluteString }
}
