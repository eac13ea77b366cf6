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
    public static var declaredDatatype: String { "INTEGER" }

    @inlinable
    public var sqliteValue: SQLiteValue { .integer(self) }

    @inlinable
    public static func fromSQLiteValue(_ value: SQLiteValue) -> Int64? {
        if case .integer(let number) = value { return number }
        return nil
    }
}

extension Double: Binding {
    public static var declaredDatatype: String { "REAL" }

    @inlinable
    public var sqliteValue: SQLiteValue { .real(self) }

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
    public static var declaredDatatype: String { "TEXT" }

    @inlinable
    public var sqliteValue: SQLiteValue { .text(self) }

    @inlinable
    public static func fromSQLiteValue(_ value: SQLiteValue) -> String? {
        if case .text(let text) = value { return text }
        return nil
    }
}

extension Data: Binding {
    public static var declaredDatatype: String { "BLOB" }

    public var sqliteValue: SQLiteValue { .blob([UInt8](self)) }

    public static func fromSQLiteValue(_ value: SQLiteValue) -> Data? {
        if case .blob(let bytes) = value { return Data(bytes) }
        return nil
    }
}
