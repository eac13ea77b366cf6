import SQLiteEngine

/// One row of a query's result, read with the expressions that selected it: `row[name]` as in SQLite.swift, or
/// `try row.get(name)` to have a failed read thrown.
///
/// As in SQLite.swift, a row holds its values: the cursor copies them out of SQLite's statement when it steps to
/// the row (under the connection's lock, once per row), so reading a column takes no lock and a row kept after the
/// cursor moved on (stored in an array, returned by ``Connection/pluck(_:)``) reads the same values. A row nobody
/// kept lends its buffer to the next one, so a loop allocates nothing per row for numeric columns.
///
/// ``get(_:)-(Expression<V>)`` throws ``LegacyError`` naming the column when it is not in the row, is ambiguous,
/// is NULL for a non-optional expression, or holds a storage class the type cannot read. The subscript stops the
/// program in those cases, as SQLite.swift's does, naming the column and the query.
public struct Row {
    @usableFromInline let storage: RowStorage

    @inlinable
    init(storage: RowStorage) {
        self.storage = storage
    }

    /// The value of a NOT NULL column or expression, without `try`, as SQLite.swift reads it.
    ///
    /// As SQLite.swift's (`try!`), it stops the program when the column is missing or ambiguous, is NULL, holds
    /// another storage class, or holds a value the type cannot be made from, naming the column and the query (see
    /// `RowReadFailure`): a default in place of the value would be written back by the app. Use
    /// ``get(_:)-(Expression<V>)`` to have the error thrown instead.
    @inlinable
    public subscript<V: Value>(_ column: Expression<V>) -> V {
        do {
            return try get(column)
        } catch {
            RowReadFailure.trap(error, column: column.template, sql: storage.columns.sql)
        }
    }

    /// The value of a nullable column or expression, `nil` for NULL, without `try`, as SQLite.swift reads it.
    ///
    /// `nil` also for a value of another storage class (as SQLite.swift, silently). A missing or ambiguous column, or
    /// a stored value the type cannot be made from, stops the program as SQLite.swift's `try!` does, naming the
    /// column and the query. Use ``get(_:)-(Expression<V?>)`` to have the error thrown instead.
    @inlinable
    public subscript<V: Value>(_ column: Expression<V?>) -> V? {
        do {
            return try get(column)
        } catch {
            RowReadFailure.trap(error, column: column.template, sql: storage.columns.sql)
        }
    }

    /// The value of a NOT NULL column or expression.
    ///
    /// - Throws: ``LegacyError`` naming the column when it is missing, ambiguous, NULL, or holds a value the type
    ///   cannot be made from.
    @inlinable @inline(__always)
    public func get<V: Value>(_ column: Expression<V>) throws(LegacyError) -> V {
        let index = try storage.columns.index(of: column.template, hash: column.lookupHash)
        let value = storage.values + Int(index)
        if let number = Self.numberInPlace(value, as: V.self) { return number }
        return try V.decode(value.pointee, column: column.template)
    }

    /// The value of a nullable column or expression; `nil` for NULL.
    ///
    /// A value of another storage class is `nil`, as in SQLite.swift.
    ///
    /// - Throws: ``LegacyError`` naming the column when it is missing, ambiguous, or holds a value of the type's
    ///   storage class that the type cannot be made from.
    @inlinable @inline(__always)
    public func get<V: Value>(_ column: Expression<V?>) throws(LegacyError) -> V? {
        let index = try storage.columns.index(of: column.template, hash: column.lookupHash)
        let value = storage.values + Int(index)
        if case .null = value.pointee { return nil }
        if let number = Self.numberInPlace(value, as: V.self) { return number }
        return try V?.decode(value.pointee, column: column.template)
    }

    /// An INTEGER read as `Int64`, a REAL as `Double`: the payload read in place, without copying the whole value
    /// (and its outlined copy and destroy) into the general decode; `nil` for any other type or storage class.
    /// Decided when `V` is known, so free for every other type.
    @inlinable @inline(__always)
    static func numberInPlace<V>(_ value: UnsafeMutablePointer<SQLiteValue>, as type: V.Type) -> V? {
        if V.self == Int64.self, case .integer(let number) = value.pointee { return unsafeBitCast(number, to: V.self) }
        if V.self == Double.self, case .real(let number) = value.pointee { return unsafeBitCast(number, to: V.self) }
        return nil
    }

    /// Whether the row has a column for the expression (exactly, or unambiguously by its column name).
    public func hasValue(for column: some Expressible) -> Bool {
        let template = column.expression.template
        return (try? storage.columns.index(of: template, hash: template.hashValue)) != nil
    }

    /// The column's value in its own storage class, by position.
    public func value(at index: Int) -> SQLiteValue {
        guard index >= 0, index < storage.count else { return .null }
        return storage.values[index]
    }

    /// Every column's value, in order.
    public var values: [SQLiteValue] { Array(UnsafeBufferPointer(start: storage.values, count: storage.count)) }

    /// The columns' names as the query's expressions render them.
    public var columnNames: [String] { storage.columns.displayNames }
}

/// A row's data: its columns and the values copied from the statement's row.
///
/// The values live in a buffer of its own (not an `Array`): reading a column is then a pointer read, without the
/// retain, bounds and uniqueness checks an array in a class costs on every read.
@usableFromInline
final class RowStorage {
    @usableFromInline let columns: ColumnMap
    /// How many values `values` holds: the statement's column count.
    @usableFromInline let count: Int
    /// The row's values in column order, `count` of them, always initialized. Written only by ``load(from:)``
    /// while the cursor holds the only reference to the storage; read, never written, once a `Row` has it.
    @usableFromInline let values: UnsafeMutablePointer<SQLiteValue>
    /// Whether a value in `values` holds a reference (TEXT or BLOB) that overwriting it must release. Written only
    /// by ``load(from:)`` under the connection's lock, so the runtime's exclusivity check is left out.
    @usableFromInline @exclusivity(unchecked) var holdsReferences = false

    @usableFromInline
    init(columns: ColumnMap) {
        self.columns = columns
        count = Int(columns.columnCount)
        values = .allocate(capacity: max(count, 1))
        values.initialize(repeating: .null, count: count)
    }

    deinit {
        values.deinitialize(count: count)
        values.deallocate()
    }

    /// Copies the statement's current row over the previous row's values. The caller holds the connection's lock.
    /// (When the old values are all integers, reals or NULLs, nothing needs releasing: they are simply overwritten.)
    @inlinable
    func load(from statement: EngineStatement) {
        holdsReferences = statement.copyRow(into: values, count: count, replacing: holdsReferences)
    }
}
