import SQLiteEngine

// Running query builders: SELECT into cursors, rows and scalars; INSERT, UPDATE and DELETE.

extension Connection {
    // MARK: SELECT

    /// Runs a query and returns a cursor over its rows.
    public func prepare(_ query: some QueryType) throws(LegacyError) -> RowCursor {
        let sql = query.expression
        return try lock.sync { () throws(LegacyError) in
            let statement = try checkout(sql.template)
            do throws(LegacyError) {
                try bind(sql.bindings, to: statement, sql: sql.template)
            } catch {
                checkin(sql.template, statement)
                throw error
            }
            let columns = ColumnMap.forQuery(query.clauses, statement: statement, sql: sql.template, connection: engine)
            return RowCursor(statement: statement, columns: columns, lock: lock) { [self] in
                checkin(sql.template, $0)
            }
        }
    }

    /// The same as ``prepare(_:)-(QueryType)`` (SQLite.swift's name for the failable iterator).
    public func prepareRowIterator(_ query: some QueryType) throws(LegacyError) -> RowCursor {
        try prepare(query)
    }

    /// The first row of a query (run with `LIMIT 1`, keeping its offset), or `nil` when it returns none.
    public func pluck(_ query: some QueryType) throws(LegacyError) -> Row? {
        var limited = query.clauses
        limited.limit = 1
        return try lock.sync { () throws(LegacyError) in try prepare(Table(clauses: limited)).next() }
    }

    /// The value of a query that selects one non-optional expression, such as `table.count`.
    ///
    /// - Throws: ``LegacyError/unexpectedNull(column:)`` when it is NULL, ``LegacyError/invalidQuery(reason:sql:)``
    ///   when the query returns no row.
    public func scalar<V: Value>(_ query: ScalarQuery<V>) throws(LegacyError) -> V {
        guard let value = try scalarValue(query, as: V.self) else {
            throw .invalidQuery(reason: "the scalar query returned no row", sql: query.expression.template)
        }
        return value
    }

    /// The value of a query that selects one optional expression, such as `table.select(amount.sum)`; `nil` for
    /// NULL or no row.
    public func scalar<V: Value>(_ query: ScalarQuery<V?>) throws(LegacyError) -> V? {
        try scalarValue(query, as: V?.self) ?? nil
    }

    private func scalarValue<Q: QueryType, T: ExpressionValue>(_ query: Q, as type: T.Type) throws(LegacyError) -> T? {
        let sql = query.expression
        return try lock.sync { () throws(LegacyError) -> T? in
            let statement = try checkout(sql.template)
            defer { checkin(sql.template, statement) }
            try bind(sql.bindings, to: statement, sql: sql.template)
            guard try sqliteCall({ () throws(SQLiteError) in try statement.step() }) else { return nil }
            let name = query.clauses.columns.first?.template ?? statement.columnName(0)
            return try T.decode(statement.value(at: 0), column: name)
        }
    }

    // MARK: INSERT, UPDATE, DELETE

    /// Runs an INSERT and returns the last inserted rowid.
    ///
    /// As in SQLite.swift this is SQLite's `last_insert_rowid()` after the statement: an insert that `OR IGNORE`
    /// skipped, or an upsert that updated instead, leaves it at the previous insert's rowid (check ``changes``).
    @discardableResult
    public func run(_ insert: Insert) throws(LegacyError) -> Int64 {
        try lock.sync { () throws(LegacyError) in
            if case .values(let setters) = insert.body, !setters.isEmpty {
                try runInsertValues(insert, setters)
            } else {
                if let problem = insert.problem {
                    throw .invalidQuery(reason: problem, sql: insert.expression.template)
                }
                try runWrite(insert.expression)
            }
            return engine.lastInsertRowid
        }
    }

    /// Runs an UPDATE and returns how many rows it changed.
    @discardableResult
    public func run(_ update: Update) throws(LegacyError) -> Int {
        try lock.sync { () throws(LegacyError) in
            try runWrite(update.expression)
            return engine.changes
        }
    }

    /// Runs a DELETE and returns how many rows it deleted.
    @discardableResult
    public func run(_ delete: Delete) throws(LegacyError) -> Int {
        try lock.sync { () throws(LegacyError) in
            try runWrite(delete.expression)
            return engine.changes
        }
    }

    /// `INSERT ... VALUES` through the statement compiled for the insert's shape.
    ///
    /// The shape used last is tried first, checking each setter while binding it (one pass over the setters in the
    /// common loop of same-shaped inserts); otherwise the cached shapes are searched, and a new one is compiled.
    private func runInsertValues(_ insert: Insert, _ setters: [Setter]) throws(LegacyError) {
        let ranRecentShape = try sqliteCall { () throws(SQLiteError) -> Bool in
            guard let recent = inserts.mostRecent, recent.accepts(insert.table, insert.conflict, setters.count),
                  try recent.bindIfSameShape(setters)
            else { return false }
            try recent.run()
            return true
        }
        if ranRecentShape { return }
        let entry: InsertStatementCache.Entry
        if let cached = inserts.entry(for: insert.table, insert.conflict, setters) {
            entry = cached
        } else {
            let sql = insert.expression
            let statement = try sqliteCall { () throws(SQLiteError) in try engine.prepare(sql.template) }
            try checkParameterCount(statement, sql.bindings.count, sql: sql.template)
            entry = InsertStatementCache.Entry(
                table: insert.table, conflict: insert.conflict, setters: setters, statement: statement
            )
            inserts.add(entry)
        }
        inserts.mostRecent = entry
        try sqliteCall { () throws(SQLiteError) in
            _ = try entry.bindIfSameShape(setters)
            try entry.run()
        }
    }

    /// Runs a statement that returns no rows of interest.
    func runWrite(_ sql: Expression<Void>) throws(LegacyError) {
        let statement = try checkout(sql.template)
        defer { checkin(sql.template, statement) }
        try bind(sql.bindings, to: statement, sql: sql.template)
        try sqliteCall { () throws(SQLiteError) in while try statement.step() {} }
    }

    // MARK: Binding

    /// Binds every value to its placeholder, after checking that the SQL has exactly that many.
    func bind(_ values: [SQLiteValue], to statement: EngineStatement, sql: String) throws(LegacyError) {
        try checkParameterCount(statement, values.count, sql: sql)
        try sqliteCall { () throws(SQLiteError) in
            for (offset, value) in values.enumerated() { try statement.bind(value, at: Int32(offset + 1)) }
        }
    }

    func checkParameterCount(_ statement: EngineStatement, _ count: Int, sql: String) throws(LegacyError) {
        let expected = Int(statement.parameterCount)
        guard expected == count else {
            throw .invalidQuery(reason: "the SQL has \(expected) parameters but \(count) values were given", sql: sql)
        }
    }
}
