import SQLiteEngine

extension ColumnMap {
    /// The names of a raw SQL statement's columns as SQLite reports them: each column answers to its name quoted
    /// as an identifier (`"ACCOUNTID"`, what `Expression<Int64>("ACCOUNTID")` renders) and to the bare name
    /// (`count(*)`).
    static func forStatement(_ statement: EngineStatement, sql: String, hasJoins: Bool = false) -> ColumnMap {
        let count = statement.columnCount
        var keys: [Key] = []
        for index in 0..<count {
            let name = statement.columnName(index)
            keys.append(Key(template: quoteIdentifier(name), index: index))
            if quoteIdentifier(name) != name { keys.append(Key(template: name, index: index)) }
        }
        return ColumnMap(keys: keys, columnCount: count, hasJoins: hasJoins, sql: sql)
    }

    /// The names of a query builder's columns: the SQL text of each selected expression, and for `*` every
    /// column of every source (namespaced as `"table"."column"` when the query joins several sources, so that
    /// `table[column]` finds it).
    static func forQuery(
        _ clauses: QueryClauses, statement: EngineStatement, sql: String, connection: EngineConnection
    ) -> ColumnMap {
        let count = statement.columnCount
        let hasJoins = !clauses.joins.isEmpty
        if clauses.columns.isEmpty && !hasJoins {
            return forStatement(statement, sql: sql)
        }
        let sources = [clauses.from] + clauses.joins.map(\.source)
        var keys: [Key] = []
        var next: Int32 = 0
        func expand(_ source: QuerySource) -> Bool {
            guard let names = columnNames(of: source, connection: connection) else { return false }
            for name in names {
                let column = quoteIdentifier(name)
                keys.append(Key(template: hasJoins ? "\(source.namespace).\(column)" : column, index: next))
                next += 1
            }
            return true
        }
        var expanded = true
        if clauses.columns.isEmpty {
            for source in sources where expanded { expanded = expand(source) }
        } else {
            for column in clauses.columns where expanded {
                if column.template == "*" {
                    for source in sources where expanded { expanded = expand(source) }
                } else if column.template.hasSuffix(".*") {
                    let namespace = String(column.template.dropLast(2))
                    if let source = sources.first(where: { $0.namespace == namespace }) {
                        expanded = expand(source)
                    } else {
                        expanded = false
                    }
                } else {
                    keys.append(Key(template: column.template, index: next))
                    next += 1
                }
            }
        }
        // Anything the expansion could not account for (a view changed, an unknown namespace): trust SQLite's names.
        guard expanded, next == count else { return forStatement(statement, sql: sql, hasJoins: hasJoins) }
        return ColumnMap(keys: keys, columnCount: count, hasJoins: hasJoins, sql: sql)
    }

    /// The columns `SELECT *` returns for one source.
    private static func columnNames(of source: QuerySource, connection: EngineConnection) -> [String]? {
        guard !source.isNone else { return [] }
        let statement = try? connection.prepare("SELECT * FROM \(source.rendered.template)")
        return statement?.columnNames
    }
}
