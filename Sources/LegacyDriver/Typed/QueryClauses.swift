import SQLiteEngine

/// Everything a query builder has collected: the parts of one SELECT statement.
///
/// Builders (`Table`, `ScalarQuery`) are values: every builder method returns a new query with one clause changed.
public struct QueryClauses: Sendable {
    /// `SELECT [DISTINCT] columns`; no columns means `*`.
    var distinct = false
    var columns: [Expression<Void>] = []
    /// `FROM source`.
    var from: QuerySource
    /// `JOIN ...` in order.
    var joins: [JoinClause] = []
    /// `WHERE ...`: every filter, AND-ed.
    var filter: Expression<Void>?
    /// `GROUP BY ... HAVING ...`.
    var groupBy: [Expression<Void>] = []
    var having: Expression<Void>?
    /// `ORDER BY ...`.
    var order: [Expression<Void>] = []
    /// `LIMIT ? OFFSET ?` (both bound).
    var limit: Int?
    var offset: Int?
    /// `UNION [ALL] SELECT ...` in order; ORDER BY and LIMIT apply to the whole compound.
    var unions: [UnionClause] = []
    /// `WITH [RECURSIVE] name(columns) AS (...)` before the statement, in order.
    var commonTables: [CommonTableClause] = []

    init(from: QuerySource) {
        self.from = from
    }

    /// Whether the clauses select a whole table without any other clause (it can be named, not subqueried).
    var isPlainTable: Bool {
        from.subquery == nil && !distinct && columns.isEmpty && joins.isEmpty && filter == nil && groupBy.isEmpty
            && having == nil && order.isEmpty && limit == nil && offset == nil && unions.isEmpty
            && commonTables.isEmpty
    }
}

/// A table (or view) a query reads, or a subquery with an alias.
///
/// Immutable and shared by reference: every query built from a table, and every insert, carries its source, and
/// copying a reference is cheaper than copying four strings when an insert is built per row.
final class QuerySource: Sendable {
    /// The table's name.
    let name: String
    /// The schema it lives in (`main`, `temp` or an attached name), when given.
    let database: String?
    /// `AS alias`.
    let alias: String?
    /// The subquery's SQL when the source is a query rather than a table.
    let subquery: Expression<Void>?

    init(name: String, database: String?, alias: String?, subquery: Expression<Void>?) {
        self.name = name
        self.database = database
        self.alias = alias
        self.subquery = subquery
    }

    /// The same source under another alias.
    func aliased(_ alias: String) -> QuerySource {
        QuerySource(name: name, database: database, alias: alias, subquery: subquery)
    }

    /// No source at all: `SELECT EXISTS (...)` selects without FROM.
    static let none = QuerySource(name: "", database: nil, alias: nil, subquery: nil)

    var isNone: Bool { name.isEmpty && subquery == nil }

    /// `"db"."name"`: the table as INSERT, UPDATE and DELETE name it.
    var qualifiedName: String {
        (database.map { quoteIdentifier($0) + "." } ?? "") + quoteIdentifier(name)
    }

    /// What columns are prefixed with in `table[column]`: the alias, or the qualified name.
    var namespace: String {
        alias.map(quoteIdentifier) ?? qualifiedName
    }

    /// The source as FROM and JOIN write it.
    var rendered: Expression<Void> {
        if let subquery {
            return Expression("(\(subquery.template)) AS \(quoteIdentifier(alias ?? name))", subquery.bindings)
        }
        return Expression(literal: qualifiedName + (alias.map { " AS " + quoteIdentifier($0) } ?? ""))
    }
}

/// How two sources are joined.
public enum JoinType: String, Sendable {
    /// `CROSS JOIN`: every pairing (SQLite also keeps the written table order for the planner).
    case cross = "CROSS"
    /// `INNER JOIN`: pairings that satisfy the condition.
    case inner = "INNER"
    /// `LEFT OUTER JOIN`: every row of the left side, with NULLs where the right side has no match.
    case leftOuter = "LEFT OUTER"
}

struct JoinClause: Sendable {
    var type: JoinType
    var source: QuerySource
    var condition: Expression<Void>?
}

struct UnionClause: Sendable {
    var all: Bool
    var query: QueryClauses
}

struct CommonTableClause: Sendable {
    var name: String
    var columns: [Expression<Void>]?
    var recursive: Bool
    var hint: MaterializationHint?
    var query: Expression<Void>
}

/// Whether SQLite should compute a common table expression once (`MATERIALIZED`) or fold it into the query that
/// uses it (`NOT MATERIALIZED`), as in `WITH t AS MATERIALIZED (...)`.
public enum MaterializationHint: String, Sendable {
    /// `MATERIALIZED`: SQLite computes the common table expression once and reads its stored result.
    case materialized = "MATERIALIZED"
    /// `NOT MATERIALIZED`: SQLite may fold the common table expression into each place that uses it.
    case notMaterialized = "NOT MATERIALIZED"
}

// MARK: Rendering

extension QueryClauses {
    /// The whole SELECT statement.
    var selectStatement: Expression<Void> {
        var parts = SQLBuilder()
        if !commonTables.isEmpty {
            parts.append(literal: commonTables.contains(where: \.recursive) ? "WITH RECURSIVE " : "WITH ")
            for (position, table) in commonTables.enumerated() {
                if position > 0 { parts.append(literal: ", ") }
                parts.append(literal: quoteIdentifier(table.name))
                if let columns = table.columns {
                    parts.append(literal: "(" + columns.map(\.template).joined(separator: ", ") + ")")
                }
                parts.append(literal: " AS ")
                if let hint = table.hint { parts.append(literal: hint.rawValue + " ") }
                parts.append(literal: "(")
                parts.append(table.query)
                parts.append(literal: ")")
            }
            parts.append(literal: " ")
        }
        parts.append(core)
        for union in unions {
            parts.append(literal: union.all ? " UNION ALL " : " UNION ")
            parts.append(union.query.selectStatement)
        }
        if !order.isEmpty {
            parts.append(literal: " ORDER BY ")
            parts.append(joined(order))
        }
        if let limit {
            parts.append(Expression(" LIMIT ?", [.integer(Int64(limit))]))
            if let offset { parts.append(Expression(" OFFSET ?", [.integer(Int64(offset))])) }
        } else if let offset {
            // SQLite needs a LIMIT before OFFSET; -1 means no limit.
            parts.append(Expression(" LIMIT -1 OFFSET ?", [.integer(Int64(offset))]))
        }
        return parts.expression
    }

    /// SELECT ... FROM ... JOIN ... WHERE ... GROUP BY ... HAVING ..., without compound, order and limit.
    var core: Expression<Void> {
        var parts = SQLBuilder()
        parts.append(literal: distinct ? "SELECT DISTINCT " : "SELECT ")
        if columns.isEmpty {
            parts.append(literal: "*")
        } else {
            parts.append(joined(columns))
        }
        if !from.isNone {
            parts.append(literal: " FROM ")
            parts.append(from.rendered)
        }
        for join in joins {
            parts.append(literal: " \(join.type.rawValue) JOIN ")
            parts.append(join.source.rendered)
            if let condition = join.condition {
                parts.append(literal: " ON ")
                parts.append(condition)
            }
        }
        if let filter {
            parts.append(literal: " WHERE ")
            parts.append(filter)
        }
        if !groupBy.isEmpty {
            parts.append(literal: " GROUP BY ")
            parts.append(joined(groupBy))
            if let having {
                parts.append(literal: " HAVING ")
                parts.append(having)
            }
        }
        return parts.expression
    }

    /// The WHERE clause (with a leading space), or nothing.
    var whereClause: Expression<Void>? {
        filter.map { Expression(" WHERE \($0.template)", $0.bindings) }
    }
}

/// Accumulates SQL text and its bindings.
struct SQLBuilder {
    var template = ""
    var bindings: [SQLiteValue] = []

    mutating func append(literal text: String) {
        template += text
    }

    mutating func append(_ expression: Expression<Void>) {
        template += expression.template
        bindings += expression.bindings
    }

    var expression: Expression<Void> { Expression(template, bindings) }
}
