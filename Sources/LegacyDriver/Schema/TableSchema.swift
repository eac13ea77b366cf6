import SQLiteEngine
// Schema statements on a `Table`, as SQLite.swift 0.15.3 spells and writes them: each returns the SQL text, which
// `try db.run(...)` runs. Values in them are written in as literals (schema statements cannot bind parameters).

extension Table {
    // MARK: CREATE TABLE

    /// `CREATE [TEMPORARY] TABLE [IF NOT EXISTS] "name" (definitions) [WITHOUT ROWID]`, with the columns and
    /// constraints the block adds to its ``TableBuilder``:
    ///
    /// ```swift
    /// try db.run(users.create(ifNotExists: true) { t in
    ///     t.column(id, primaryKey: true)
    ///     t.column(email, unique: true)
    ///     t.column(name)
    /// })
    /// ```
    public func create(
        temporary: Bool = false, ifNotExists: Bool = false, withoutRowid: Bool = false, block: (TableBuilder) -> Void
    ) -> String {
        let builder = TableBuilder()
        block(builder)
        var sql = createPrefix("TABLE", temporary: temporary, ifNotExists: ifNotExists) + " ("
            + builder.definitions.joined(separator: ", ") + ")"
        if withoutRowid { sql += " WITHOUT ROWID" }
        return sql
    }

    /// `CREATE [TEMPORARY] TABLE [IF NOT EXISTS] "name" AS SELECT ...`: a table made from a query's rows.
    public func create(_ query: some QueryType, temporary: Bool = false, ifNotExists: Bool = false) -> String {
        createPrefix("TABLE", temporary: temporary, ifNotExists: ifNotExists) + " AS " + query.asSQL()
    }

    private func createPrefix(_ kind: String, temporary: Bool, ifNotExists: Bool) -> String {
        var parts = ["CREATE"]
        if temporary { parts.append("TEMPORARY") }
        parts.append(kind)
        if ifNotExists { parts.append("IF NOT EXISTS") }
        parts.append(clauses.from.qualifiedName)
        return parts.joined(separator: " ")
    }

    // MARK: ALTER TABLE

    /// `ALTER TABLE "name" ADD COLUMN ...` for a NOT NULL column, which needs a default value.
    public func addColumn<V: Value>(_ name: Expression<V>, check: Expression<Bool>? = nil, defaultValue: V) -> String {
        addColumn(ColumnDefinition(name, V.self, nullable: false, check: check, defaultValue: defaultValue))
    }

    /// `ADD COLUMN` of a NOT NULL column with a check on a nullable condition.
    public func addColumn<V: Value>(_ name: Expression<V>, check: Expression<Bool?>, defaultValue: V) -> String {
        addColumn(ColumnDefinition(name, V.self, nullable: false, check: check, defaultValue: defaultValue))
    }

    /// `ADD COLUMN` of a nullable column.
    public func addColumn<V: Value>(
        _ name: Expression<V?>, check: Expression<Bool>? = nil, defaultValue: V? = nil
    ) -> String {
        addColumn(ColumnDefinition(name, V.self, nullable: true, check: check, defaultValue: defaultValue))
    }

    /// `ADD COLUMN` of a nullable column with a check on a nullable condition.
    public func addColumn<V: Value>(_ name: Expression<V?>, check: Expression<Bool?>, defaultValue: V? = nil) -> String {
        addColumn(ColumnDefinition(name, V.self, nullable: true, check: check, defaultValue: defaultValue))
    }

    /// `ADD COLUMN` of a NOT NULL INTEGER column referencing another table.
    public func addColumn<V: Value>(
        _ name: Expression<V>, unique: Bool = false, check: Expression<Bool>? = nil,
        references table: some QueryType, _ other: Expression<V>
    ) -> String where V.Datatype == Int64 {
        addColumn(ColumnDefinition(name, V.self, nullable: false, unique: unique, check: check,
                                   references: reference(table, other)))
    }

    /// `ADD COLUMN` of a nullable INTEGER column referencing another table.
    public func addColumn<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: Expression<Bool>? = nil,
        references table: some QueryType, _ other: Expression<V>
    ) -> String where V.Datatype == Int64 {
        addColumn(ColumnDefinition(name, V.self, nullable: true, unique: unique, check: check,
                                   references: reference(table, other)))
    }

    /// `ADD COLUMN` of a NOT NULL text column with a collation.
    public func addColumn<V: Value>(
        _ name: Expression<V>, check: Expression<Bool>? = nil, defaultValue: V, collate: Collation
    ) -> String where V.Datatype == String {
        addColumn(ColumnDefinition(name, V.self, nullable: false, check: check, defaultValue: defaultValue,
                                   collate: collate))
    }

    /// `ADD COLUMN` of a nullable text column with a collation.
    public func addColumn<V: Value>(
        _ name: Expression<V?>, check: Expression<Bool>? = nil, defaultValue: V? = nil, collate: Collation
    ) -> String where V.Datatype == String {
        addColumn(ColumnDefinition(name, V.self, nullable: true, check: check, defaultValue: defaultValue,
                                   collate: collate))
    }

    private func addColumn(_ column: ColumnDefinition) -> String {
        "ALTER TABLE \(clauses.from.qualifiedName) ADD COLUMN \(column.sql)"
    }

    /// `ALTER TABLE "name" RENAME TO "other"` (the new name unqualified: a table stays in its schema).
    public func rename(_ to: Table) -> String {
        "ALTER TABLE \(clauses.from.qualifiedName) RENAME TO \(quoteIdentifier(to.clauses.from.name))"
    }

    // MARK: DROP TABLE

    /// `DROP TABLE [IF EXISTS] "name"`.
    public func drop(ifExists: Bool = false) -> String {
        dropStatement("TABLE", clauses.from.qualifiedName, ifExists: ifExists)
    }

    // MARK: Indexes

    /// `CREATE [UNIQUE] INDEX [IF NOT EXISTS] "index_table_on_columns" ON "table" (columns)`, named as SQLite.swift
    /// names it: `index <table> on <columns>` lower-cased, quotes dropped, anything but `a-z` and `0-9` as `_`.
    public func createIndex(_ columns: any Expressible..., unique: Bool = false, ifNotExists: Bool = false) -> String {
        var parts = ["CREATE"]
        if unique { parts.append("UNIQUE") }
        parts.append("INDEX")
        if ifNotExists { parts.append("IF NOT EXISTS") }
        parts += [indexName(columns), "ON", quoteIdentifier(clauses.from.name), parenthesized(columns)]
        return parts.joined(separator: " ")
    }

    /// `DROP INDEX [IF EXISTS] "index_table_on_columns"`: the index ``createIndex(_:unique:ifNotExists:)`` made on
    /// the same columns.
    public func dropIndex(_ columns: any Expressible..., ifExists: Bool = false) -> String {
        dropStatement("INDEX", indexName(columns), ifExists: ifExists)
    }

    private func indexName(_ columns: [any Expressible]) -> String {
        let words = (["index", clauses.from.name, "on"] + columns.map { $0.expression.template })
            .joined(separator: " ").lowercased()
        var name = ""
        for character in words where character != "\"" {
            name.append("a"..."z" ~= character || "0"..."9" ~= character ? character : "_")
        }
        return (clauses.from.database.map { quoteIdentifier($0) + "." } ?? "") + quoteIdentifier(name)
    }

    private func dropStatement(_ kind: String, _ name: String, ifExists: Bool) -> String {
        "DROP \(kind) " + (ifExists ? "IF EXISTS " : "") + name
    }
}
