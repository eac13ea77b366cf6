import SQLiteEngine

// Raw SQL read through a `RowCursor`: rows read by expressions named after the result columns.

extension Connection {
    /// The rows of one raw statement as a cursor, read by expressions named after the result columns.
    public func prepareRowIterator(_ sql: String, bindings values: (any Value)?...) throws(LegacyError) -> RowCursor {
        try prepare(sql, values).rowCursor()
    }
}

extension Statement {
    /// The rows as a cursor, read by expressions named after the columns: `row[Expression<Int64>("id")]`.
    public func rowCursor() -> RowCursor {
        connection.lock.sync {
            RowCursor(statement: handle, columns: ColumnMap.forStatement(handle, sql: sql), lock: connection.lock, recycle: nil)
        }
    }
}
