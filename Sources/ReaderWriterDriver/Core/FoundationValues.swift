import Foundation
import SQLiteEngine

/// GRDB's name for a value in one of SQLite's storage classes.
public typealias DatabaseValue = SQLiteValue

/// A `Date` is stored as GRDB stores it: TEXT `yyyy-MM-dd HH:mm:ss.SSS` in UTC.
///
/// It reads back from any SQLite date string with at least a year, month and day (`T` or a space before the time,
/// the time optional and shorter forms accepted, an optional `Z` or `±HH:MM`), and from an INTEGER or REAL as a Unix
/// timestamp. Any other value (a time without a date, text that is not a date, a blob) does not convert: reading it
/// throws ``DatabaseError/Kind/valueConversion`` instead of giving a wrong date.
extension Date: DatabaseValueConvertible {
    public var databaseValue: SQLiteValue { .text(DatabaseDate.text(for: self)) }

    public static func fromDatabaseValue(_ value: SQLiteValue) -> Date? {
        switch value {
        case .integer(let seconds): Date(timeIntervalSince1970: Double(seconds))
        case .real(let seconds): Date(timeIntervalSince1970: seconds)
        case .text(let text): DatabaseDate.date(from: text)
        case .null, .blob: nil
        }
    }
}

/// A `UUID` is stored as GRDB stores it: a 16-byte BLOB. It reads back from a 16-byte blob or from TEXT in the
/// hyphenated form (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`); anything else does not convert.
extension UUID: DatabaseValueConvertible {
    public var databaseValue: SQLiteValue {
        withUnsafeBytes(of: uuid) { .blob(Array($0)) }
    }

    public static func fromDatabaseValue(_ value: SQLiteValue) -> UUID? {
        switch value {
        case .blob(let bytes) where bytes.count == 16:
            bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        case .text(let text): UUID(uuidString: text)
        default: nil
        }
    }
}

/// A `Decimal` is stored as GRDB stores it: TEXT, written in the `en_US_POSIX` locale (`123.45`), so no digit is
/// lost to a binary double. It reads back from an INTEGER, a REAL, or TEXT that is a whole decimal number; other
/// text does not convert.
extension Decimal: DatabaseValueConvertible {
    public var databaseValue: SQLiteValue { .text(description) }

    public static func fromDatabaseValue(_ value: SQLiteValue) -> Decimal? {
        switch value {
        case .integer(let number): Decimal(number)
        case .real(let number): Decimal(number)
        case .text(let text): DecimalText.decimal(from: text)
        case .null, .blob: nil
        }
    }
}

/// Strict parsing of a decimal number's text (Foundation's parser stops silently at the first stray character).
enum DecimalText {
    private static let posix = Locale(identifier: "en_US_POSIX")

    static func decimal(from text: String) -> Decimal? {
        guard isDecimalNumber(Array(text.utf8)) else { return nil }
        return Decimal(string: text, locale: posix)
    }

    /// An optional sign, digits with at most one point (at least one digit), an optional exponent.
    private static func isDecimalNumber(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var digits = 0
        while isDigit(index) { index += 1; digits += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while isDigit(index) { index += 1; digits += 1 }
        }
        guard digits > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
        }
        return index == bytes.count
    }
}

/// A `URL` is stored as GRDB stores it: TEXT, its absolute string. It reads back from TEXT that `URL(string:)`
/// accepts.
extension URL: DatabaseValueConvertible {
    public var databaseValue: SQLiteValue { .text(absoluteString) }

    public static func fromDatabaseValue(_ value: SQLiteValue) -> URL? {
        guard case .text(let text) = value else { return nil }
        return URL(string: text)
    }
}
