import SQLiteEngine

/// Reads every row of a table in rowid order, streaming, for `driverport dump` and for comparing databases.
public enum TableDumper {
    /// The user tables of the `main` schema, sorted by name.
    public static func tableNames(_ connection: EngineConnection) throws(SQLiteError) -> [String] {
        try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .compactMap { $0.first?.textValue }
    }

    /// Whether a table has a rowid (every MMEX table does; `WITHOUT ROWID` tables are ordered by all columns).
    static func hasRowid(_ connection: EngineConnection, table: String) -> Bool {
        (try? connection.prepare("SELECT rowid FROM \(quoteIdentifier(table)) LIMIT 0")) != nil
    }

    /// Calls `body` with the column names once, then with each row, in rowid order.
    public static func forEachRow(
        _ connection: EngineConnection, table: String,
        columns: ([String]) throws -> Void,
        row: ([SQLiteValue]) throws -> Void
    ) throws {
        let order = hasRowid(connection, table: table) ? "ORDER BY rowid" : "ORDER BY 1"
        let statement = try connection.prepare("SELECT * FROM \(quoteIdentifier(table)) \(order)")
        let count = statement.columnCount
        try columns(statement.columnNames)
        while try statement.step() {
            try row((0..<count).map { statement.value(at: $0) })
        }
    }
}
