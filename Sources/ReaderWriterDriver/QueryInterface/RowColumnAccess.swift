import SQLiteEngine

// Reading a row's column by a query-interface column (`row[Column("name")]`).

extension Row {
    /// The value of a column (`row[Column("name")]`, `row[Columns.name]`); as the name subscript, it does not throw.
    @inlinable
    public subscript<Value: DatabaseValueConvertible>(_ column: some ColumnExpression) -> Value {
        self[column.name]
    }

    /// The value of a column, or an error (as GRDB's `row.decode(_:forColumn:)` with a column).
    @inlinable
    public func decode<Value: DatabaseValueConvertible>(
        _ type: Value.Type = Value.self, forColumn column: some ColumnExpression
    ) throws -> Value {
        try decode(type, forColumn: column.name)
    }
}
