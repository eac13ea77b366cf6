import SQLiteEngine

/// One row of a query's result, read with the expressions that selected it: `row[name]` as in SQLite.swift, or
/// `try row.get(name)` to have a failed read thrown.
///
/// A row read while its cursor is on it reads straight from SQLite's statement (no copy). If it is kept after the
/// cursor moves on (stored in an array, returned by ``Connection/pluck(_:)``), the cursor copies its values first,
/// so a kept row stays valid and reads the same values.
///
/// ``get(_:)-(Expression<V>)`` throws ``LegacyError`` naming the column when it is not in the row, is ambiguous,
/// is NULL for a non-optional expression, or holds a storage class the type cannot read. SQLite.swift's subscript
/// traps in those cases; this one reports them to ``RowReadFailure`` and returns a fallback.
public struct Row {
    @usableFromInline let storage: RowStorage

    @inlinable
    init(storage: RowStorage) {
        self.storage = storage
    }

    /// The value of a NOT NULL column or expression, without `try`, as SQLite.swift reads it.
    ///
    /// SQLite.swift traps (`try!`) when the column is missing, ambiguous, NULL or of a type the value cannot be
    /// made from. This subscript never stops the process for that: it reports the error to ``RowReadFailure``
    /// (saying what SQLite.swift would have done) and returns the type's fallback, the value made from the zero of
    /// its stored type (0, 0.0, "", empty data). Use ``get(_:)-(Expression<V>)`` to get the error thrown instead.
    @inlinable
    public subscript<V: Value>(_ column: Expression<V>) -> V {
        do {
            return try get(column)
        } catch {
            return RowReadFailure.fallback(for: error, column: column.template)
        }
    }

    /// The value of a nullable column or expression, `nil` for NULL, without `try`, as SQLite.swift reads it.
    ///
    /// When SQLite.swift would trap (a missing or ambiguous column, a value of the wrong type), the error goes to
    /// ``RowReadFailure`` and the result is `nil`. Use ``get(_:)-(Expression<V?>)`` to get the error thrown.
    @inlinable
    public subscript<V: Value>(_ column: Expression<V?>) -> V? {
        do {
            return try get(column)
        } catch {
            RowReadFailure.report(error, column: column.template)
            return nil
        }
    }

    /// The value of a NOT NULL column or expression.
    ///
    /// - Throws: ``LegacyError`` naming the column when it is missing, ambiguous, NULL, or holds a value the type
    ///   cannot be made from.
    @inlinable @inline(__always)
    public func get<V: Value>(_ column: Expression<V>) throws(LegacyError) -> V {
        let index = try storage.columns.index(of: column.template, hash: column.lookupHash)
        return try storage.lock.sync { () throws(LegacyError) -> V in
            guard storage.isLive else { return try V.decode(storage.values[Int(index)], column: column.template) }
            let statement = storage.statement
            let value = statement.columnValue(at: index)
            let storageClass = statement.storageClass(of: value)
            guard let stored = V.Datatype.fromColumn(statement, value, at: index, storageClass: storageClass) else {
                throw RowStorage.readFailure(column.template, storageClass, V.self)
            }
            return try V.convert(stored, column: column.template)
        }
    }

    /// The value of a nullable column or expression; `nil` for NULL.
    ///
    /// - Throws: ``LegacyError`` naming the column when it is missing, ambiguous, or holds a value the type cannot
    ///   be made from.
    @inlinable @inline(__always)
    public func get<V: Value>(_ column: Expression<V?>) throws(LegacyError) -> V? {
        let index = try storage.columns.index(of: column.template, hash: column.lookupHash)
        return try storage.lock.sync { () throws(LegacyError) -> V? in
            guard storage.isLive else { return try V?.decode(storage.values[Int(index)], column: column.template) }
            let statement = storage.statement
            let value = statement.columnValue(at: index)
            let storageClass = statement.storageClass(of: value)
            if storageClass == .null { return nil }
            guard let stored = V.Datatype.fromColumn(statement, value, at: index, storageClass: storageClass) else {
                throw RowStorage.readFailure(column.template, storageClass, V.self)
            }
            return try V.convert(stored, column: column.template)
        }
    }

    /// Whether the row has a column for the expression (exactly, or unambiguously by its column name).
    public func hasValue(for column: some Expressible) -> Bool {
        let template = column.expression.template
        return (try? storage.columns.index(of: template, hash: template.hashValue)) != nil
    }

    /// The column's value in its own storage class, by position.
    public func value(at index: Int) -> SQLiteValue {
        guard index >= 0, index < Int(storage.columns.columnCount) else { return .null }
        return storage.lock.sync { storage.isLive ? storage.statement.value(at: Int32(index)) : storage.values[index] }
    }

    /// Every column's value, in order.
    public var values: [SQLiteValue] {
        (0..<Int(storage.columns.columnCount)).map(value(at:))
    }

    /// The columns' names as the query's expressions render them.
    public var columnNames: [String] { storage.columns.displayNames }
}

/// A row's data: the live statement row, or a copy once the cursor moved on.
@usableFromInline
final class RowStorage {
    @usableFromInline let columns: ColumnMap
    @usableFromInline let statement: EngineStatement
    /// Whether the row is the statement's current row (read through) rather than a copy in `values`.
    /// Unchecked exclusivity: the flag is read on every column access, and a connection's rows are only ever used
    /// by the one thread that owns the connection, with no overlapping access in the driver.
    @usableFromInline @exclusivity(unchecked) var isLive = true
    @usableFromInline var values: [SQLiteValue] = []

    /// The connection's lock, held for every read of the live statement row.
    @usableFromInline let lock: ConnectionLock

    @usableFromInline
    init(columns: ColumnMap, statement: EngineStatement, lock: ConnectionLock) {
        self.columns = columns
        self.statement = statement
        self.lock = lock
    }

    /// Copies the current row's values so the row survives the statement moving on.
    @usableFromInline
    func detach() {
        guard isLive else { return }
        values = (0..<columns.columnCount).map { statement.value(at: $0) }
        isLive = false
    }

    /// The error for a column whose storage class the type cannot read (or NULL for a non-optional).
    @usableFromInline
    static func readFailure<V>(_ column: String, _ storageClass: StorageClass, _ type: V.Type) -> LegacyError {
        if storageClass == .null { return .unexpectedNull(column: column) }
        return .typeMismatch(column: column, expected: String(describing: type), found: storageClass)
    }
}
