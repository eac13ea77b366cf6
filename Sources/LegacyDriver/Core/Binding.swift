import Foundation
import SQLiteEngine

/// A type SQLite stores directly: the storage representation of every ``Value``.
///
/// The driver's set is closed in practice: `Int64` (INTEGER), `Double` (REAL), `String` (TEXT), `Data` (BLOB) and
/// `Decimal` (money in `numeric` columns). A user type becomes storable by conforming to ``Value`` with one of these
/// as its `Datatype`.
public protocol Binding: Sendable {
    /// The column type a schema would declare for it (`INTEGER`, `REAL`, `TEXT`, `BLOB`, `NUMERIC`).
    static var declaredDatatype: String { get }
    /// The value SQLite receives when it is bound to a statement parameter.
    var sqliteValue: SQLiteValue { get }
    /// Reads it from a copied value; `nil` when the storage class is not one this type reads.
    static func fromSQLiteValue(_ value: SQLiteValue) -> Self?
}

extension Int64: Binding {
    /// `INTEGER`: the column type a schema declares for an `Int64` column.
    public static var declaredDatatype: String { "INTEGER" }

    /// The integer as SQLite's INTEGER value.
    @inlinable
    public var sqliteValue: SQLiteValue { .integer(self) }

    /// The value of an INTEGER; `nil` for any other storage class (a REAL or numeric TEXT is not converted).
    @inlinable
    public static func fromSQLiteValue(_ value: SQLiteValue) -> Int64? {
        if case .integer(let number) = value { return number }
        return nil
    }
}

extension Double: Binding {
    /// `REAL`: the column type a schema declares for a `Double` column.
    public static var declaredDatatype: String { "REAL" }

    /// The number as SQLite's REAL value.
    @inlinable
    public var sqliteValue: SQLiteValue { .real(self) }

    /// The value of a REAL, or of an INTEGER converted to `Double` (SQLite stores a whole number in a numeric
    /// column as INTEGER); `nil` for TEXT, BLOB and NULL.
    @inlinable
    public static func fromSQLiteValue(_ value: SQLiteValue) -> Double? {
        switch value {
        case .real(let number): number
        case .integer(let number): Double(number)
        default: nil
        }
    }
}

extension String: Binding {
    /// `TEXT`: the column type a schema declares for a `String` column.
    public static var declaredDatatype: String { "TEXT" }

    /// The string as SQLite's TEXT value.
    @inlinable
    public var sqliteValue: SQLiteValue { .text(self) }

    /// The text of a TEXT value; `nil` for any other storage class (numbers are not turned into text).
    @inlinable
    public static func fromSQLiteValue(_ value: SQLiteValue) -> String? {
        if case .text(let text) = value { return text }
        return nil
    }
}

extension Data: Binding {
    /// `BLOB`: the column type a schema declares for a `Data` column.
    public static var declaredDatatype: String { "BLOB" }

    /// The bytes as SQLite's BLOB value.
    public var sqliteValue: SQLiteValue { .blob([UInt8](self)) }

    /// The bytes of a BLOB value; `nil` for any other storage class (TEXT is not converted to bytes).
    public static func fromSQLiteValue(_ value: SQLiteValue) -> Data? {
        if case .blob(let bytes) = value { return Data(bytes) }
        return nil
    }
}
