import Foundation
import SQLiteEngine

/// A Swift type that is stored in one column: it binds as an argument and decodes from a column.
///
/// Decoding follows SQLite's own conversions (`sqlite3_column_int64`, `_double`, `_text`, `_blob`): an INTEGER column
/// read as `Double` gives the number, a REAL read as `Int64` is truncated, TEXT read as a number gives its leading
/// number. The one value that never converts is NULL: a non-optional type throws, an optional gives `nil`.
///
/// Conform your own types by implementing ``databaseValue`` and ``fromDatabaseValue(_:)``. The two fast-path
/// requirements have default implementations; the built-in types override them to read and bind without building
/// an intermediate `SQLiteValue`.
public protocol DatabaseValueConvertible {
    /// The value bound when this one is an argument.
    var databaseValue: SQLiteValue { get }
    /// This type's value for a database value; `nil` for NULL and for values the type cannot represent.
    static func fromDatabaseValue(_ value: SQLiteValue) -> Self?
    /// Reads column `index` of the statement's current row; `nil` for NULL.
    static func decode(column index: Int32, of statement: EngineStatement) -> Self?
    /// Binds this value to the 1-based parameter `index`.
    func bind(to statement: EngineStatement, at index: Int32) throws
    /// The value read for a column the row does not have, or `nil` when that is an error: as in GRDB, an optional
    /// reads `nil` there and every other type fails.
    static func fromMissingColumn() -> Self?
}

extension DatabaseValueConvertible {
    /// The default: `nil`, so reading a column the row does not have fails, as in GRDB. `Optional` overrides it to read
    /// `nil` there.
    @inlinable
    public static func fromMissingColumn() -> Self? { nil }

    /// The default: reads the column as an `SQLiteValue` and converts it with ``fromDatabaseValue(_:)``. Override it
    /// (the built-in types do) to read the column without the intermediate value; GRDB's counterpart is
    /// `StatementColumnConvertible`.
    @inlinable
    public static func decode(column index: Int32, of statement: EngineStatement) -> Self? {
        fromDatabaseValue(statement.value(at: index))
    }

    /// The default: binds ``databaseValue``. Override it to bind without building the intermediate value.
    ///
    /// - Throws: `SQLiteError` when SQLite refuses the value or the index is out of range.
    @inlinable
    public func bind(to statement: EngineStatement, at index: Int32) throws {
        try statement.bind(databaseValue, at: index)
    }
}

extension SQLiteValue: DatabaseValueConvertible {
    @inlinable public var databaseValue: SQLiteValue { self }
    @inlinable public static func fromDatabaseValue(_ value: SQLiteValue) -> SQLiteValue? { value }
}

extension Int64: DatabaseValueConvertible {
    @inlinable public var databaseValue: SQLiteValue { .integer(self) }
    @inlinable public static func fromDatabaseValue(_ value: SQLiteValue) -> Int64? { SQLiteConversion.int64(value) }

    @inlinable
    public static func decode(column index: Int32, of statement: EngineStatement) -> Int64? {
        let value = statement.int64(at: index)
        // NULL reads as 0: only a zero needs the (costlier) storage-class check.
        if value == 0 && statement.isNull(at: index) { return nil }
        return value
    }

    @inlinable
    public func bind(to statement: EngineStatement, at index: Int32) throws { try statement.bind(self, at: index) }
}

extension Int: DatabaseValueConvertible {
    @inlinable public var databaseValue: SQLiteValue { .integer(Int64(self)) }
    @inlinable public static func fromDatabaseValue(_ value: SQLiteValue) -> Int? {
        SQLiteConversion.int64(value).map { Int(truncatingIfNeeded: $0) }
    }

    @inlinable
    public static func decode(column index: Int32, of statement: EngineStatement) -> Int? {
        Int64.decode(column: index, of: statement).map { Int(truncatingIfNeeded: $0) }
    }

    @inlinable
    public func bind(to statement: EngineStatement, at index: Int32) throws {
        try statement.bind(Int64(self), at: index)
    }
}

extension Int32: DatabaseValueConvertible {
    @inlinable public var databaseValue: SQLiteValue { .integer(Int64(self)) }
    @inlinable public static func fromDatabaseValue(_ value: SQLiteValue) -> Int32? {
        SQLiteConversion.int64(value).map { Int32(truncatingIfNeeded: $0) }
    }

    @inlinable
    public static func decode(column index: Int32, of statement: EngineStatement) -> Int32? {
        Int64.decode(column: index, of: statement).map { Int32(truncatingIfNeeded: $0) }
    }

    @inlinable
    public func bind(to statement: EngineStatement, at index: Int32) throws {
        try statement.bind(Int64(self), at: index)
    }
}

extension Bool: DatabaseValueConvertible {
    @inlinable public var databaseValue: SQLiteValue { .integer(self ? 1 : 0) }
    @inlinable public static func fromDatabaseValue(_ value: SQLiteValue) -> Bool? {
        SQLiteConversion.int64(value).map { $0 != 0 }
    }

    @inlinable
    public static func decode(column index: Int32, of statement: EngineStatement) -> Bool? {
        Int64.decode(column: index, of: statement).map { $0 != 0 }
    }

    @inlinable
    public func bind(to statement: EngineStatement, at index: Int32) throws {
        try statement.bind(Int64(self ? 1 : 0), at: index)
    }
}

extension Double: DatabaseValueConvertible {
    @inlinable public var databaseValue: SQLiteValue { .real(self) }
    @inlinable public static func fromDatabaseValue(_ value: SQLiteValue) -> Double? { SQLiteConversion.double(value) }

    @inlinable
    public static func decode(column index: Int32, of statement: EngineStatement) -> Double? {
        let value = statement.double(at: index)
        if value == 0 && statement.isNull(at: index) { return nil }
        return value
    }

    @inlinable
    public func bind(to statement: EngineStatement, at index: Int32) throws { try statement.bind(self, at: index) }
}

extension String: DatabaseValueConvertible {
    @inlinable public var databaseValue: SQLiteValue { .text(self) }
    @inlinable public static func fromDatabaseValue(_ value: SQLiteValue) -> String? { SQLiteConversion.text(value) }

    @inlinable
    public static func decode(column index: Int32, of statement: EngineStatement) -> String? {
        let value = statement.string(at: index)
        if value.isEmpty && statement.isNull(at: index) { return nil }
        return value
    }

    @inlinable
    public func bind(to statement: EngineStatement, at index: Int32) throws { try statement.bind(self, at: index) }
}

extension Data: DatabaseValueConvertible {
    @inlinable public var databaseValue: SQLiteValue { .blob([UInt8](self)) }
    @inlinable public static func fromDatabaseValue(_ value: SQLiteValue) -> Data? {
        SQLiteConversion.bytes(value).map { Data($0) }
    }

    @inlinable
    public static func decode(column index: Int32, of statement: EngineStatement) -> Data? {
        let bytes = statement.blob(at: index)
        if bytes.isEmpty && statement.isNull(at: index) { return nil }
        return Data(bytes)
    }
}

extension Array: DatabaseValueConvertible where Element == UInt8 {
    @inlinable public var databaseValue: SQLiteValue { .blob(self) }
    @inlinable public static func fromDatabaseValue(_ value: SQLiteValue) -> [UInt8]? { SQLiteConversion.bytes(value) }

    @inlinable
    public static func decode(column index: Int32, of statement: EngineStatement) -> [UInt8]? {
        let bytes = statement.blob(at: index)
        if bytes.isEmpty && statement.isNull(at: index) { return nil }
        return bytes
    }

    @inlinable
    public func bind(to statement: EngineStatement, at index: Int32) throws {
        try statement.bind(blob: self, at: index)
    }
}

/// An optional stores NULL for `nil`; reading NULL gives `nil` instead of throwing.
extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    @inlinable public var databaseValue: SQLiteValue { self?.databaseValue ?? .null }

    @inlinable public static func fromMissingColumn() -> Wrapped?? { .some(nil) }

    @inlinable
    public static func fromDatabaseValue(_ value: SQLiteValue) -> Wrapped?? {
        if case .null = value { return .some(nil) }
        return Wrapped.fromDatabaseValue(value).map { .some($0) }
    }

    @inlinable
    public static func decode(column index: Int32, of statement: EngineStatement) -> Wrapped?? {
        if statement.isNull(at: index) { return .some(nil) }
        return Wrapped.decode(column: index, of: statement).map { .some($0) }
    }

    @inlinable
    public func bind(to statement: EngineStatement, at index: Int32) throws {
        if let value = self { try value.bind(to: statement, at: index) } else { try statement.bindNull(at: index) }
    }
}
