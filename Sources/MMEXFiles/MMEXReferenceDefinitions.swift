import SQLiteEngine

/// One table or index of the MMEX version 21 schema, with the `CREATE` statement `tables.sql` gives it.
public struct SchemaDefinition: Sendable, Equatable {
    /// What the statement creates.
    public enum Kind: String, Sendable { case table, index }

    /// Table or index.
    public let kind: Kind
    /// The object's name as `tables.sql` spells it.
    public let name: String
    /// The table an index belongs to (a table's own name for a table).
    public let tableName: String
    /// The `CREATE TABLE` / `CREATE INDEX` text as SQLite stored it (comments kept).
    public let sql: String
}

extension MMEXReference {
    /// Every table and index of MMEX version 21 (automatic indexes excluded), tables first, in `tables.sql` order.
    ///
    /// Used to create what a file lacks (an upgraded file gets the v21 tables the scripts never create).
    public static func definitions() throws -> [SchemaDefinition] {
        try cachedDefinitions.get()
    }

    private static let cachedDefinitions: Result<[SchemaDefinition], any Error> = Result {
        let connection = try EngineConnection(path: ":memory:", options: .create)
        try MMEXFileCreator.runSchema(on: connection)
        let rows = try connection.rows("""
            SELECT type, name, tbl_name, sql FROM sqlite_master
            WHERE type IN ('table', 'index') AND sql IS NOT NULL AND name NOT LIKE 'sqlite_%'
            ORDER BY type = 'index', rowid
            """)
        return rows.compactMap { row in
            guard let type = row[0].textValue.flatMap(SchemaDefinition.Kind.init(rawValue:)),
                  let name = row[1].textValue, let table = row[2].textValue, let sql = row[3].textValue
            else { return nil }
            return SchemaDefinition(kind: type, name: name, tableName: table, sql: sql)
        }
    }
}
