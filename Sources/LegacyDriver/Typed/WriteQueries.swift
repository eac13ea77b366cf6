import SQLiteEngine

/// What an INSERT does when it meets a constraint conflict: `INSERT OR <resolution>`.
public enum OnConflict: String, Sendable {
    /// `OR REPLACE`: deletes the rows that conflict with the new one, then writes it.
    case replace = "REPLACE"
    /// `OR ROLLBACK`: stops the statement and rolls back the whole transaction.
    case rollback = "ROLLBACK"
    /// `OR ABORT`, SQLite's default: undoes the statement's changes and fails; the transaction stays open.
    case abort = "ABORT"
    /// `OR FAIL`: fails at the conflicting row, keeping the changes the statement already made.
    case fail = "FAIL"
    /// `OR IGNORE`: skips the conflicting row and goes on with the statement.
    case ignore = "IGNORE"
}

/// An INSERT statement; ``Connection/run(_:)-(Insert)`` runs it and returns the last inserted rowid.
public struct Insert: Expressible, Sendable {
    enum Body: Sendable {
        /// `(columns) VALUES (values)`.
        case values([Setter])
        /// `(columns) VALUES (...), (...)`.
        case many(columns: [Expression<Void>], rows: [[Setter]])
        /// `DEFAULT VALUES`.
        case defaultValues
        /// `SELECT ...`.
        case select(Expression<Void>)
        /// `(columns) VALUES (values) ON CONFLICT (target) DO UPDATE SET ...` (or `DO NOTHING`).
        case upsert(values: [Setter], target: [Expression<Void>], set: [Setter])
    }

    let table: QuerySource
    let conflict: OnConflict?
    let body: Body

    /// Why the statement cannot run, found while it was built (reported when it runs).
    var problem: String? {
        if case .many(let columns, let rows) = body {
            for (offset, row) in rows.enumerated() where row.map(\.columnTemplate) != columns.map(\.template) {
                return "insertMany: row \(offset) sets other columns than row 0; every row must set the same columns "
                    + "in the same order"
            }
        }
        return nil
    }

    /// The INSERT statement's SQL, its values bound as `?` parameters.
    public var expression: Expression<Void> {
        var sql = SQLBuilder()
        sql.append(literal: "INSERT")
        if let conflict { sql.append(literal: " OR \(conflict.rawValue)") }
        sql.append(literal: " INTO \(table.qualifiedName)")
        switch body {
        case .values(let setters):
            if setters.isEmpty {
                sql.append(literal: " DEFAULT VALUES")
            } else {
                appendColumnsAndValues(setters.map(\.column), [setters], to: &sql)
            }
        case .many(let columns, let rows):
            appendColumnsAndValues(columns, rows, to: &sql)
        case .defaultValues:
            sql.append(literal: " DEFAULT VALUES")
        case .select(let query):
            sql.append(literal: " ")
            sql.append(query)
        case .upsert(let values, let target, let set):
            appendColumnsAndValues(values.map(\.column), [values], to: &sql)
            sql.append(literal: " ON CONFLICT (")
            sql.append(joined(target))
            if set.isEmpty {
                sql.append(literal: ") DO NOTHING")
            } else {
                sql.append(literal: ") DO UPDATE SET ")
                sql.append(assignments(set))
            }
        }
        return sql.expression
    }

    private func appendColumnsAndValues(_ columns: [Expression<Void>], _ rows: [[Setter]], to sql: inout SQLBuilder) {
        sql.append(literal: " (")
        sql.append(joined(columns))
        sql.append(literal: ") VALUES ")
        for (offset, row) in rows.enumerated() {
            if offset > 0 { sql.append(literal: ", ") }
            sql.append(literal: "(")
            sql.append(joined(row.map(\.valueExpression)))
            sql.append(literal: ")")
        }
    }
}

/// An UPDATE statement; ``Connection/run(_:)-(Update)`` runs it and returns how many rows changed.
public struct Update: Expressible, Sendable {
    let clauses: QueryClauses
    let conflict: OnConflict?
    let setters: [Setter]

    /// The UPDATE statement's SQL, with its WHERE, ORDER BY and LIMIT clauses and its values bound as parameters.
    public var expression: Expression<Void> {
        var sql = SQLBuilder()
        sql.append(literal: "UPDATE")
        if let conflict { sql.append(literal: " OR \(conflict.rawValue)") }
        sql.append(literal: " \(clauses.from.qualifiedName) SET ")
        sql.append(assignments(setters))
        if let filter = clauses.whereClause { sql.append(filter) }
        appendOrderAndLimit(clauses, to: &sql)
        return sql.expression
    }
}

/// A DELETE statement; ``Connection/run(_:)-(Delete)`` runs it and returns how many rows it deleted.
public struct Delete: Expressible, Sendable {
    let clauses: QueryClauses

    /// The DELETE statement's SQL, with its WHERE, ORDER BY and LIMIT clauses and its values bound as parameters.
    public var expression: Expression<Void> {
        var sql = SQLBuilder()
        sql.append(literal: "DELETE FROM \(clauses.from.qualifiedName)")
        if let filter = clauses.whereClause { sql.append(filter) }
        appendOrderAndLimit(clauses, to: &sql)
        return sql.expression
    }
}

/// `"a" = ?, "b" = ("b" + ?)`.
private func assignments(_ setters: [Setter]) -> Expression<Void> {
    var sql = SQLBuilder()
    for (offset, setter) in setters.enumerated() {
        if offset > 0 { sql.append(literal: ", ") }
        sql.append(setter.column)
        sql.append(literal: " = ")
        sql.append(setter.valueExpression)
    }
    return sql.expression
}

/// ORDER BY / LIMIT on UPDATE and DELETE (SQLite accepts them only when built with
/// `SQLITE_ENABLE_UPDATE_DELETE_LIMIT`; otherwise it reports a syntax error, never a silent full-table write).
private func appendOrderAndLimit(_ clauses: QueryClauses, to sql: inout SQLBuilder) {
    if !clauses.order.isEmpty {
        sql.append(literal: " ORDER BY ")
        sql.append(joined(clauses.order))
    }
    if let limit = clauses.limit {
        sql.append(Expression(" LIMIT ?", [.integer(Int64(limit))]))
        if let offset = clauses.offset { sql.append(Expression(" OFFSET ?", [.integer(Int64(offset))])) }
    }
}

// MARK: Building writes from a table

// Defined on `Table` itself (not on every query type): the table's clauses are then read directly, without the
// copy a generic protocol accessor makes, which matters when an insert is built per row.
extension Table {
    /// `INSERT INTO table (columns) VALUES (values)`; with no setters, `DEFAULT VALUES`.
    public func insert(_ values: Setter...) -> Insert { insert(values) }

    /// `INSERT INTO table (columns) VALUES (values)` from an array of setters.
    public func insert(_ values: [Setter]) -> Insert {
        Insert(table: clauses.from, conflict: nil, body: .values(values))
    }

    /// `INSERT OR <resolution> INTO ...`, for example `insert(or: .replace, ...)` or `insert(or: .ignore, ...)`.
    public func insert(or resolution: OnConflict, _ values: Setter...) -> Insert { insert(or: resolution, values) }

    /// `INSERT OR <resolution> INTO ...` from an array of setters.
    public func insert(or resolution: OnConflict, _ values: [Setter]) -> Insert {
        Insert(table: clauses.from, conflict: resolution, body: .values(values))
    }

    /// `INSERT INTO table SELECT ...`: copies the rows another query selects (columns in table order).
    public func insert(_ query: some QueryType) -> Insert {
        Insert(table: clauses.from, conflict: nil, body: .select(query.expression))
    }

    /// `INSERT OR <resolution> INTO table SELECT ...`.
    public func insert(or resolution: OnConflict, _ query: some QueryType) -> Insert {
        Insert(table: clauses.from, conflict: resolution, body: .select(query.expression))
    }

    /// One INSERT of several rows: `VALUES (...), (...)`. Every row must set the same columns in the same order.
    public func insertMany(_ rows: [[Setter]]) -> Insert { insertMany(or: nil, rows) }

    /// ``insertMany(_:)`` with a conflict resolution.
    public func insertMany(or resolution: OnConflict?, _ rows: [[Setter]]) -> Insert {
        guard let first = rows.first else { return Insert(table: clauses.from, conflict: resolution, body: .defaultValues) }
        return Insert(table: clauses.from, conflict: resolution, body: .many(columns: first.map(\.column), rows: rows))
    }

    /// ``insertMany(or:_:)`` with the rows as separate arguments, as SQLite.swift spells it:
    /// `users.insertMany(or: .ignore, [email <- "a@mac.com"], [email <- "b@mac.com"])`.
    public func insertMany(or resolution: OnConflict, _ rows: [Setter]...) -> Insert {
        insertMany(or: resolution, rows)
    }

    /// `INSERT ... ON CONFLICT (target) DO UPDATE SET` every other inserted column to its new value
    /// (`"excluded"."column"`), or `DO NOTHING` when only target columns are inserted.
    public func upsert(_ values: Setter..., onConflictOf target: any Expressible) -> Insert {
        upsert(values, onConflictOf: target)
    }

    /// ``upsert(_:onConflictOf:)-(Setter...,_)`` from an array of setters.
    public func upsert(_ values: [Setter], onConflictOf target: any Expressible) -> Insert {
        let targetTemplate = target.expression.template
        let updates = values.filter { $0.columnTemplate != targetTemplate }.map { setter in
            Setter(column: setter.column, value: .expression(Expression(literal: "\"excluded\".\(setter.columnTemplate)")))
        }
        return Insert(table: clauses.from, conflict: nil,
                      body: .upsert(values: values, target: [target.expression], set: updates))
    }

    /// `INSERT ... ON CONFLICT (target) DO UPDATE SET` the given setters.
    public func upsert(_ values: [Setter], onConflictOf target: any Expressible, set: [Setter]) -> Insert {
        Insert(table: clauses.from, conflict: nil, body: .upsert(values: values, target: [target.expression], set: set))
    }

    /// `UPDATE table SET ... WHERE <this query's filter>`. Without a filter it updates every row.
    public func update(_ values: Setter...) -> Update { update(values) }

    /// ``update(_:)-(Setter...)`` from an array of setters.
    public func update(_ values: [Setter]) -> Update { Update(clauses: clauses, conflict: nil, setters: values) }

    /// `UPDATE OR <resolution> table SET ...`.
    public func update(or resolution: OnConflict, _ values: Setter...) -> Update {
        Update(clauses: clauses, conflict: resolution, setters: values)
    }

    /// `DELETE FROM table WHERE <this query's filter>`. Without a filter it deletes every row.
    public func delete() -> Delete { Delete(clauses: clauses) }
}
