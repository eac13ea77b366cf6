import Foundation
import SQLiteEngine

/// A Swift type that can be stored in a column and read back: the `V` of `Expression<V>`. Like SQLite.swift's, a
/// value is also an expression of itself (bound as `?`), so `select(1)` and `select(amount, 0)` work.
///
/// Conform your own types by naming the ``Binding`` they are stored as and converting both ways:
///
/// ```swift
/// enum TransCode: String, Value {
///     case withdrawal = "Withdrawal", deposit = "Deposit", transfer = "Transfer"
///     static func fromDatatypeValue(_ text: String) throws -> TransCode {
///         guard let code = TransCode(rawValue: text) else { throw MyError.unknownCode(text) }
///         return code
///     }
///     var datatypeValue: String { rawValue }
/// }
/// ```
///
/// An error thrown by ``fromDatatypeValue(_:)`` reaches the reader as ``LegacyError/invalidValue(column:type:reason:)``.
public protocol Value: ExpressionValue, Expressible where Underlying == Self {
    /// How the value is stored.
    associatedtype Datatype: Binding
    /// The column type a schema would declare for it.
    static var declaredDatatype: String { get }
    /// The value from its stored form.
    static func fromDatatypeValue(_ datatypeValue: Datatype) throws -> Self
    /// The value's stored form.
    var datatypeValue: Datatype { get }
}

/// What an expression can evaluate to: a ``Value`` (a NOT NULL column) or an optional ``Value`` (a nullable one).
///
/// The driver conforms every ``Value`` and `Optional` of one; user code never conforms to it directly.
public protocol ExpressionValue {
    /// The value type without its optionality.
    associatedtype Underlying: Value
    /// The value SQLite receives when it is bound (NULL for `nil`).
    var boundValue: SQLiteValue { get }
    /// Converts a copied SQL value (NULL allowed only for optionals); `column` names it in errors.
    static func decode(_ value: SQLiteValue, column: String) throws(LegacyError) -> Self
}

extension Value {
    /// The column type of the value's ``Value/Datatype``: `INTEGER` for `Int` and `Bool`, `TEXT` for `String`.
    public static var declaredDatatype: String { Datatype.declaredDatatype }

    /// The stored form as SQLite receives it when the value is bound to a statement parameter.
    @inlinable
    public var boundValue: SQLiteValue { datatypeValue.sqliteValue }

    /// Reads the value from a copied SQL value, as a row does for a typed column.
    ///
    /// - Throws: ``LegacyError/unexpectedNull(column:)`` for NULL,
    ///   ``LegacyError/typeMismatch(column:expected:found:)`` for a storage class the ``Value/Datatype`` does not
    ///   read, and ``LegacyError/invalidValue(column:type:reason:)`` when ``Value/fromDatatypeValue(_:)`` throws.
    @inlinable
    public static func decode(_ value: SQLiteValue, column: String) throws(LegacyError) -> Self {
        guard let stored = Datatype.fromSQLiteValue(value) else {
            if value == .null { throw .unexpectedNull(column: column) }
            throw .typeMismatch(column: column, expected: String(describing: Self.self), found: value.storageClass)
        }
        return try convert(stored, column: column)
    }

    /// The value from its stored form, with a failure reported against `column`.
    @inlinable
    static func convert(_ stored: Datatype, column: String) throws(LegacyError) -> Self {
        do {
            return try fromDatatypeValue(stored)
        } catch let error as LegacyError {
            throw error
        } catch {
            throw .invalidValue(column: column, type: String(describing: Self.self), reason: String(describing: error))
        }
    }
}

extension Optional: ExpressionValue where Wrapped: Value {
    /// An optional's value type is its wrapped type.
    public typealias Underlying = Wrapped

    /// The wrapped value's stored form, or NULL for `nil`.
    @inlinable
    public var boundValue: SQLiteValue { self?.boundValue ?? .null }

    /// Reads the wrapped value, or `nil` for NULL and for a storage class the type does not read, as
    /// SQLite.swift does.
    ///
    /// - Throws: ``LegacyError/invalidValue(column:type:reason:)`` when the wrapped type's
    ///   ``Value/fromDatatypeValue(_:)`` throws.
    @inlinable
    public static func decode(_ value: SQLiteValue, column: String) throws(LegacyError) -> Self {
        // SQLite.swift's `values[index] as? V.Datatype`: NULL and a value of another storage class are both nil.
        guard let stored = Wrapped.Datatype.fromSQLiteValue(value) else { return nil }
        return try Wrapped.convert(stored, column: column)
    }
}

// MARK: The built-in values

extension Int64: Value {
    /// The integer itself: an `Int64` is its own stored form.
    @inlinable
    public static func fromDatatypeValue(_ datatypeValue: Int64) -> Int64 { datatypeValue }
    /// The integer itself.
    @inlinable
    public var datatypeValue: Int64 { self }
}

extension Double: Value {
    /// The number itself: a `Double` is its own stored form.
    @inlinable
    public static func fromDatatypeValue(_ datatypeValue: Double) -> Double { datatypeValue }
    /// The number itself.
    @inlinable
    public var datatypeValue: Double { self }
}

extension String: Value {
    /// The string itself: a `String` is its own stored form.
    @inlinable
    public static func fromDatatypeValue(_ datatypeValue: String) -> String { datatypeValue }
    /// The string itself.
    @inlinable
    public var datatypeValue: String { self }
}

extension Data: Value {
    /// The bytes themselves: `Data` is its own stored form.
    public static func fromDatatypeValue(_ datatypeValue: Data) -> Data { datatypeValue }
    /// The bytes themselves.
    public var datatypeValue: Data { self }
}

extension Int: Value {
    /// `Int` is stored as a 64-bit INTEGER.
    public typealias Datatype = Int64
    /// The stored integer as an `Int` (truncated on a platform whose `Int` is narrower than 64 bits).
    @inlinable
    public static func fromDatatypeValue(_ datatypeValue: Int64) -> Int { Int(truncatingIfNeeded: datatypeValue) }
    /// The integer, widened to `Int64`.
    @inlinable
    public var datatypeValue: Int64 { Int64(self) }
}

/// Booleans are stored as INTEGER 0 and 1, as SQLite's own comparisons produce them; any non-zero reads as `true`.
extension Bool: Value {
    /// `Bool` is stored as INTEGER 0 or 1.
    public typealias Datatype = Int64
    /// `true` for any non-zero integer.
    @inlinable
    public static func fromDatatypeValue(_ datatypeValue: Int64) -> Bool { datatypeValue != 0 }
    /// 1 for `true`, 0 for `false`.
    @inlinable
    public var datatypeValue: Int64 { self ? 1 : 0 }
}
