import SQLiteEngine

extension Database {
    /// A column type of the schema builder (`t.column("name", .text)`).
    public struct ColumnType: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// `TEXT`: strings (TEXT affinity).
        public static let text = ColumnType(rawValue: "TEXT")
        /// `INTEGER`: whole numbers (INTEGER affinity); an `INTEGER PRIMARY KEY` column is the table's rowid.
        public static let integer = ColumnType(rawValue: "INTEGER")
        /// `DOUBLE`: floating-point numbers (REAL affinity).
        public static let double = ColumnType(rawValue: "DOUBLE")
        /// `REAL`: floating-point numbers (REAL affinity).
        public static let real = ColumnType(rawValue: "REAL")
        /// `NUMERIC`: numbers, integer or real as the value allows (NUMERIC affinity: text that looks like a number is
        /// stored as one).
        public static let numeric = ColumnType(rawValue: "NUMERIC")
        /// `BOOLEAN`: `Bool` values, stored as the integers 0 and 1 (NUMERIC affinity).
        public static let boolean = ColumnType(rawValue: "BOOLEAN")
        /// `BLOB`: bytes (`Data`, and `UUID` as GRDB stores it); values are stored as given (BLOB affinity).
        public static let blob = ColumnType(rawValue: "BLOB")
        /// `DATE`: dates, stored as GRDB stores them (`Date` as text); NUMERIC affinity.
        public static let date = ColumnType(rawValue: "DATE")
        /// `DATETIME`: dates with a time, stored as GRDB stores them (`Date` as text); NUMERIC affinity.
        public static let datetime = ColumnType(rawValue: "DATETIME")
        /// `ANY`: any value, stored as given in a STRICT table (NUMERIC affinity in an ordinary one).
        public static let any = ColumnType(rawValue: "ANY")
        /// `JSON`: JSON text; SQLite has no JSON type, so the column has NUMERIC affinity.
        public static let json = ColumnType(rawValue: "JSON")
    }

    /// What a foreign key does when the row it references is deleted or its key updated.
    public enum ForeignKeyAction: String, Sendable {
        /// `ON ... CASCADE`: delete the referencing rows too (on delete), or update their key to the new one (on
        /// update).
        case cascade = "CASCADE"
        /// `ON ... RESTRICT`: refuse the change at once while rows reference the row, even when the foreign key is
        /// deferred.
        case restrict = "RESTRICT"
        /// `ON ... SET NULL`: set the referencing rows' key columns to NULL.
        case setNull = "SET NULL"
        /// `ON ... SET DEFAULT`: set the referencing rows' key columns to their default values.
        case setDefault = "SET DEFAULT"
    }

    /// Options of ``create(table:options:body:)``.
    public struct TableOptions: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `CREATE TABLE IF NOT EXISTS`.
        public static let ifNotExists = TableOptions(rawValue: 1 << 0)
        /// `CREATE TEMPORARY TABLE`.
        public static let temporary = TableOptions(rawValue: 1 << 1)
        /// `WITHOUT ROWID`.
        public static let withoutRowID = TableOptions(rawValue: 1 << 2)
        /// `STRICT`.
        public static let strict = TableOptions(rawValue: 1 << 3)
    }

    /// Options of ``create(index:on:columns:options:)``.
    public struct IndexOptions: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `CREATE INDEX IF NOT EXISTS`: do nothing when an index of that name already exists.
        public static let ifNotExists = IndexOptions(rawValue: 1 << 0)
        /// `CREATE UNIQUE INDEX`: no two rows may have the same values in the indexed columns (NULLs excepted).
        public static let unique = IndexOptions(rawValue: 1 << 1)
    }

    /// Creates a table described in Swift, as GRDB's schema builder:
    ///
    /// ```swift
    /// try db.create(table: "player") { t in
    ///     t.autoIncrementedPrimaryKey("id")
    ///     t.column("name", .text).notNull()
    /// }
    /// ```
    public func create(table name: String, options: TableOptions = [], body: (TableDefinition) throws -> Void) throws {
        let definition = TableDefinition(name: name)
        try body(definition)
        try execute(sql: definition.createSQL(options: options))
        for index in definition.allIndexes { try execute(sql: index) }
    }

    /// Changes a table: add, rename or drop columns.
    public func alter(table name: String, body: (TableAlteration) throws -> Void) throws {
        let alteration = TableAlteration(name: name)
        try body(alteration)
        for statement in alteration.allStatements { try execute(sql: statement) }
    }

    /// Drops a table.
    public func drop(table name: String) throws {
        try execute(sql: "DROP TABLE \(SQLQuoting.identifier(name))")
    }

    /// Renames a table.
    public func rename(table name: String, to newName: String) throws {
        try execute(sql: "ALTER TABLE \(SQLQuoting.identifier(name)) RENAME TO \(SQLQuoting.identifier(newName))")
    }

    /// Creates an index.
    public func create(index name: String, on table: String, columns: [String], options: IndexOptions = []) throws {
        let unique = options.contains(.unique) ? "UNIQUE " : ""
        let ifNotExists = options.contains(.ifNotExists) ? "IF NOT EXISTS " : ""
        try execute(
            sql: "CREATE \(unique)INDEX \(ifNotExists)\(SQLQuoting.identifier(name)) ON \(SQLQuoting.identifier(table))"
                + "(\(columns.map(SQLQuoting.identifier).joined(separator: ", ")))")
    }

    /// Drops an index.
    public func drop(index name: String) throws {
        try execute(sql: "DROP INDEX \(SQLQuoting.identifier(name))")
    }

    /// Whether a table (or view) of this name exists.
    public func tableExists(_ name: String) throws -> Bool {
        try Int.fetchOne(
            self, sql: "SELECT count(*) FROM sqlite_master WHERE type IN ('table', 'view') AND name = ? COLLATE NOCASE",
            arguments: [name]) ?? 0 > 0
    }

    /// The columns of a table, in order.
    public func columns(in table: String) throws -> [ColumnInfo] {
        try Row.fetchAll(self, sql: "PRAGMA table_info(\(SQLQuoting.identifier(table)))").map { row in
            ColumnInfo(
                name: try row.decode(forColumn: "name"), type: try row.decode(forColumn: "type"),
                isNotNull: try row.decode(forColumn: "notnull"), primaryKeyIndex: try row.decode(forColumn: "pk"))
        }
    }
}

/// A column of a table, as `PRAGMA table_info` describes it.
public struct ColumnInfo: Sendable, Equatable {
    /// The column's name, as declared.
    public let name: String
    /// The column's declared type, as written in `CREATE TABLE` (`"TEXT"`, `"INTEGER"`...; empty when none was given).
    public let type: String
    /// Whether the column is declared `NOT NULL`.
    public let isNotNull: Bool
    /// 1-based position in the primary key, 0 when the column is not part of it.
    public let primaryKeyIndex: Int
}

/// The description of a new table (`t` in `db.create(table:) { t in ... }`).
public final class TableDefinition {
    let name: String
    private var columns: [ColumnDefinition] = []
    private var constraints: [String] = []
    fileprivate(set) var indexes: [String] = []

    init(name: String) { self.name = name }

    /// An `INTEGER PRIMARY KEY AUTOINCREMENT` column: ids are never reused.
    @discardableResult
    public func autoIncrementedPrimaryKey(_ name: String) -> ColumnDefinition {
        column(name, .integer).primaryKey(autoincrement: true)
    }

    /// A primary key column of this type (`INTEGER` makes it the rowid).
    @discardableResult
    public func primaryKey(_ name: String, _ type: Database.ColumnType) -> ColumnDefinition {
        column(name, type).primaryKey().notNull()
    }

    /// A primary key over several columns.
    public func primaryKey(_ columns: [String]) {
        constraints.append("PRIMARY KEY (\(columns.map(SQLQuoting.identifier).joined(separator: ", ")))")
    }

    /// A column, refined by the returned definition (`.notNull()`, `.defaults(to:)`...).
    @discardableResult
    public func column(_ name: String, _ type: Database.ColumnType? = nil) -> ColumnDefinition {
        let column = ColumnDefinition(name: name, type: type)
        columns.append(column)
        return column
    }

    /// A column `<name>Id` referencing `table`'s primary key, with an index on it (GRDB's `t.belongsTo`).
    @discardableResult
    public func belongsTo(
        _ table: String, onDelete: Database.ForeignKeyAction? = nil, onUpdate: Database.ForeignKeyAction? = nil
    ) -> ColumnDefinition {
        let columnName = table + "Id"
        let definition = column(columnName, .integer).references(table, onDelete: onDelete, onUpdate: onUpdate)
        indexes.append(
            "CREATE INDEX \(SQLQuoting.identifier("index_\(name)_on_\(columnName)")) ON \(SQLQuoting.identifier(name))"
                + "(\(SQLQuoting.identifier(columnName)))")
        return definition
    }

    /// A uniqueness constraint over several columns.
    public func uniqueKey(_ columns: [String], onConflict: Database.ConflictResolution? = nil) {
        constraints.append(
            "UNIQUE (\(columns.map(SQLQuoting.identifier).joined(separator: ", ")))"
                + (onConflict.map { " ON CONFLICT \($0.rawValue)" } ?? ""))
    }

    /// A foreign key over several columns.
    public func foreignKey(
        _ columns: [String], references table: String, columns destination: [String]? = nil,
        onDelete: Database.ForeignKeyAction? = nil, onUpdate: Database.ForeignKeyAction? = nil
    ) {
        var sql = "FOREIGN KEY (\(columns.map(SQLQuoting.identifier).joined(separator: ", "))) REFERENCES "
            + SQLQuoting.identifier(table)
        if let destination { sql += "(\(destination.map(SQLQuoting.identifier).joined(separator: ", ")))" }
        if let onDelete { sql += " ON DELETE \(onDelete.rawValue)" }
        if let onUpdate { sql += " ON UPDATE \(onUpdate.rawValue)" }
        constraints.append(sql)
    }

    /// A CHECK constraint on the table.
    public func check(sql: String) { constraints.append("CHECK (\(sql))") }

    /// The indexes to create after the table: `belongsTo` ones, then columns marked ``ColumnDefinition/indexed()``.
    var allIndexes: [String] {
        indexes + columns.filter(\.pendingIndex).map { column in
            "CREATE INDEX \(SQLQuoting.identifier("\(name)_on_\(column.name)")) ON \(SQLQuoting.identifier(name))"
                + "(\(SQLQuoting.identifier(column.name)))"
        }
    }

    func createSQL(options: Database.TableOptions) -> String {
        var sql = "CREATE " + (options.contains(.temporary) ? "TEMPORARY " : "") + "TABLE "
            + (options.contains(.ifNotExists) ? "IF NOT EXISTS " : "") + SQLQuoting.identifier(name) + " ("
        sql += (columns.map(\.sql) + constraints).joined(separator: ", ") + ")"
        var suffixes: [String] = []
        if options.contains(.withoutRowID) { suffixes.append("WITHOUT ROWID") }
        if options.contains(.strict) { suffixes.append("STRICT") }
        if !suffixes.isEmpty { sql += " " + suffixes.joined(separator: ", ") }
        return sql
    }
}

/// One column of a new or altered table; each refinement returns it for chaining.
public final class ColumnDefinition {
    let name: String
    let type: Database.ColumnType?
    private var parts: [String] = []

    init(name: String, type: Database.ColumnType?) {
        self.name = name
        self.type = type
    }

    var sql: String {
        ([SQLQuoting.identifier(name)] + (type.map { [$0.rawValue] } ?? []) + parts).joined(separator: " ")
    }

    /// `PRIMARY KEY` (with `AUTOINCREMENT` when asked).
    @discardableResult
    public func primaryKey(onConflict: Database.ConflictResolution? = nil, autoincrement: Bool = false) -> Self {
        parts.append("PRIMARY KEY" + (onConflict.map { " ON CONFLICT \($0.rawValue)" } ?? "") + (autoincrement ? " AUTOINCREMENT" : ""))
        return self
    }

    /// `NOT NULL`.
    @discardableResult
    public func notNull(onConflict: Database.ConflictResolution? = nil) -> Self {
        parts.append("NOT NULL" + (onConflict.map { " ON CONFLICT \($0.rawValue)" } ?? ""))
        return self
    }

    /// `UNIQUE`.
    @discardableResult
    public func unique(onConflict: Database.ConflictResolution? = nil) -> Self {
        parts.append("UNIQUE" + (onConflict.map { " ON CONFLICT \($0.rawValue)" } ?? ""))
        return self
    }

    /// `DEFAULT value` (the value written as an SQL literal).
    @discardableResult
    public func defaults(to value: some DatabaseValueConvertible) -> Self {
        parts.append("DEFAULT " + value.databaseValue.description)
        return self
    }

    /// `DEFAULT (sql)`.
    @discardableResult
    public func defaults(sql: String) -> Self {
        parts.append("DEFAULT (\(sql))")
        return self
    }

    /// `COLLATE name`.
    @discardableResult
    public func collate(_ collation: Database.CollationName) -> Self {
        parts.append("COLLATE \(collation.rawValue)")
        return self
    }

    /// `CHECK (sql)`.
    @discardableResult
    public func check(sql: String) -> Self {
        parts.append("CHECK (\(sql))")
        return self
    }

    /// `CHECK` from a Swift expression on this column (`t.column("score").check { $0 >= 0 }`).
    @discardableResult
    public func check(_ condition: (Column) -> SQLExpression) -> Self {
        let expression = condition(Column(name))
        parts.append("CHECK (\(SQLQuoting.resolve(SQLInlined.sql(expression), table: nil)))")
        return self
    }

    /// `REFERENCES table(column)`, the table's primary key when `column` is `nil`.
    @discardableResult
    public func references(
        _ table: String, column: String? = nil, onDelete: Database.ForeignKeyAction? = nil,
        onUpdate: Database.ForeignKeyAction? = nil, deferred: Bool = false
    ) -> Self {
        var sql = "REFERENCES " + SQLQuoting.identifier(table)
        if let column { sql += "(\(SQLQuoting.identifier(column)))" }
        if let onDelete { sql += " ON DELETE \(onDelete.rawValue)" }
        if let onUpdate { sql += " ON UPDATE \(onUpdate.rawValue)" }
        if deferred { sql += " DEFERRABLE INITIALLY DEFERRED" }
        parts.append(sql)
        return self
    }

    /// An index on this column alone, created with the table.
    @discardableResult
    public func indexed() -> Self {
        pendingIndex = true
        return self
    }

    var pendingIndex = false
}

/// The changes of ``Database/alter(table:body:)``.
public final class TableAlteration {
    let name: String
    private(set) var statements: [String] = []

    init(name: String) { self.name = name }

    /// `ALTER TABLE ... ADD COLUMN`.
    @discardableResult
    public func add(column name: String, _ type: Database.ColumnType? = nil) -> ColumnDefinition {
        let column = ColumnDefinition(name: name, type: type)
        pending.append(column)
        return column
    }

    /// `ALTER TABLE ... RENAME COLUMN`.
    public func rename(column name: String, to newName: String) {
        flush()
        statements.append(
            "ALTER TABLE \(SQLQuoting.identifier(self.name)) RENAME COLUMN \(SQLQuoting.identifier(name)) TO "
                + SQLQuoting.identifier(newName))
    }

    /// `ALTER TABLE ... DROP COLUMN`.
    public func drop(column name: String) {
        flush()
        statements.append("ALTER TABLE \(SQLQuoting.identifier(self.name)) DROP COLUMN \(SQLQuoting.identifier(name))")
    }

    private var pending: [ColumnDefinition] = []

    /// Turns added columns into statements (their refinements are complete by the time another change comes).
    private func flush() {
        for column in pending {
            statements.append("ALTER TABLE \(SQLQuoting.identifier(name)) ADD COLUMN \(column.sql)")
        }
        pending.removeAll()
    }

    var allStatements: [String] {
        flush()
        return statements
    }
}

/// An expression with its arguments written into the SQL as literals (for DDL, where parameters are not allowed).
enum SQLInlined {
    static func sql(_ expression: SQLExpression) -> String {
        var arguments = expression.arguments[...]
        var result = ""
        var inString = false
        for character in expression.sql {
            if character == "'" { inString.toggle() }
            if character == "?", !inString, let value = arguments.popFirst() {
                result += value.description
            } else {
                result.append(character)
            }
        }
        return result
    }
}
