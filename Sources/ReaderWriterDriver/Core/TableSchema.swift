import SQLiteEngine

/// What the record layer needs to know of a table: its primary key and the column that aliases its rowid.
///
/// Read from `PRAGMA table_info` once per table and kept on the connection while `PRAGMA schema_version` stays the
/// same (checked once per access, and again after a statement of the access that can change the schema), so a
/// record insert or update does not query the schema every time.
struct TableSchema {
    /// The primary key columns in key order; empty for a table without a declared key (its key is the rowid).
    let primaryKey: [String]
    /// The INTEGER PRIMARY KEY column, which is the rowid, if any.
    let rowIDColumn: String?

    /// Whether a statement's text may change the schema (CREATE, ALTER, DROP).
    static func mayChangeSchema(_ sql: String) -> Bool {
        let head = sql.drop { $0.isWhitespace }.prefix(6).uppercased()
        return head.hasPrefix("CREATE") || head.hasPrefix("ALTER") || head.hasPrefix("DROP")
    }
}

extension Database {
    /// The schema facts of `table`, from the connection's cache when it is still valid.
    func tableSchema(_ table: String) throws -> TableSchema {
        if !core.schemaChecked {
            let version = try core.controlValue("PRAGMA schema_version")
            if version != core.schemaVersion {
                core.tableSchemas.removeAll()
                core.schemaVersion = version
            }
            core.schemaChecked = true
        }
        // By the name as given (a record type always gives the same one): no lowercasing on the hot path.
        let key = table
        if let cached = core.tableSchemas[key] { return cached }
        let rows = try Row.fetchAll(self, sql: "PRAGMA table_info(\(SQLQuoting.identifier(table)))")
        guard !rows.isEmpty else {
            throw DatabaseError(kind: .sqlite, extendedResultCode: .SQLITE_ERROR, message: "no such table: \(table)")
        }
        var keyColumns: [(Int, String, String)] = []
        for row in rows {
            let position: Int = try row.decode(forColumn: "pk")
            if position > 0 { keyColumns.append((position, try row.decode(forColumn: "name"), try row.decode(forColumn: "type"))) }
        }
        keyColumns.sort { $0.0 < $1.0 }
        let rowID = keyColumns.count == 1 && keyColumns[0].2.uppercased() == "INTEGER" ? keyColumns[0].1 : nil
        let schema = TableSchema(primaryKey: keyColumns.map(\.1), rowIDColumn: rowID)
        core.tableSchemas[key] = schema
        return schema
    }
}
