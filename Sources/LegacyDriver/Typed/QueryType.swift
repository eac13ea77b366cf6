import SQLiteEngine

/// A SELECT query being built: `Table` and ``ScalarQuery`` conform. Every method returns a new query.
public protocol QueryType: Expressible, Sendable {
    /// The clauses collected so far.
    var clauses: QueryClauses { get set }
    /// A query with the given clauses.
    init(clauses: QueryClauses)
}

extension QueryType {
    /// The whole SELECT statement.
    public var expression: Expression<Void> { clauses.selectStatement }

    func with(_ change: (inout QueryClauses) -> Void) -> Self {
        var copy = clauses
        change(&copy)
        return Self(clauses: copy)
    }

    // MARK: SELECT

    /// `SELECT a, b, ...`. Read the columns from each row with the same expressions.
    public func select(_ columns: any Expressible...) -> Self { select(columns) }

    /// `SELECT a, b, ...` from an array.
    public func select(_ columns: [any Expressible]) -> Self {
        with {
            $0.distinct = false
            $0.columns = columns.map(\.expression)
        }
    }

    /// `SELECT DISTINCT a, b, ...`.
    public func select(distinct columns: any Expressible...) -> Self {
        with {
            $0.distinct = true
            $0.columns = columns.map(\.expression)
        }
    }

    /// `SELECT *`: `select(*)`.
    public func select(_ star: Star) -> Self {
        with {
            $0.distinct = false
            $0.columns = []
        }
    }

    /// `SELECT DISTINCT *`.
    public func select(distinct star: Star) -> Self {
        with {
            $0.distinct = true
            $0.columns = []
        }
    }

    /// `SELECT x` of one typed expression: a query ``Connection/scalar(_:)-(ScalarQuery<V>)`` can run for its value.
    public func select<V>(_ column: Expression<V>) -> ScalarQuery<V> {
        var copy = clauses
        copy.distinct = false
        copy.columns = [column.expression]
        return ScalarQuery(clauses: copy)
    }

    /// `SELECT DISTINCT x` of one typed expression.
    public func select<V>(distinct column: Expression<V>) -> ScalarQuery<V> {
        var copy = clauses
        copy.distinct = true
        copy.columns = [column.expression]
        return ScalarQuery(clauses: copy)
    }

    // MARK: JOIN

    /// `INNER JOIN other ON condition`.
    public func join(_ other: some QueryType, on condition: Expression<Bool>) -> Self {
        join(.inner, other, on: condition)
    }

    /// `INNER JOIN other ON condition` with a nullable condition.
    public func join(_ other: some QueryType, on condition: Expression<Bool?>) -> Self {
        join(.inner, other, on: condition)
    }

    /// `<type> JOIN other ON condition`.
    public func join(_ type: JoinType, _ other: some QueryType, on condition: Expression<Bool>) -> Self {
        addJoin(type, other, condition.expression)
    }

    /// `<type> JOIN other ON condition` with a nullable condition.
    public func join(_ type: JoinType, _ other: some QueryType, on condition: Expression<Bool?>) -> Self {
        addJoin(type, other, condition.expression)
    }

    /// `<type> JOIN other` without a condition (a cross join).
    public func join(_ type: JoinType, _ other: some QueryType) -> Self {
        addJoin(type, other, nil)
    }

    private func addJoin(_ type: JoinType, _ other: some QueryType, _ condition: Expression<Void>?) -> Self {
        with { $0.joins.append(JoinClause(type: type, source: other.clauses.asSource, condition: condition)) }
    }

    // MARK: WHERE

    /// `WHERE condition`; a second filter is AND-ed with the first.
    public func filter(_ condition: Expression<Bool>) -> Self { addFilter(condition.expression) }
    /// `WHERE condition` with a nullable condition (a NULL result excludes the row).
    public func filter(_ condition: Expression<Bool?>) -> Self { addFilter(condition.expression) }
    /// The same as ``filter(_:)-(Expression<Bool>)``.
    public func `where`(_ condition: Expression<Bool>) -> Self { addFilter(condition.expression) }
    /// The same as ``filter(_:)-(Expression<Bool?>)``.
    public func `where`(_ condition: Expression<Bool?>) -> Self { addFilter(condition.expression) }

    private func addFilter(_ condition: Expression<Void>) -> Self {
        with { clauses in
            if let existing = clauses.filter {
                clauses.filter = .infix(existing, "AND", condition)
            } else {
                clauses.filter = condition
            }
        }
    }

    // MARK: GROUP BY

    /// `GROUP BY a, b`.
    public func group(_ by: any Expressible...) -> Self { group(by, having: nil) }
    /// `GROUP BY a, b HAVING condition`.
    public func group(_ by: any Expressible..., having: Expression<Bool>) -> Self { group(by, having: having.expression) }
    /// `GROUP BY a, b HAVING condition` with a nullable condition.
    public func group(_ by: any Expressible..., having: Expression<Bool?>) -> Self { group(by, having: having.expression) }

    private func group(_ by: [any Expressible], having: Expression<Void>?) -> Self {
        with {
            $0.groupBy = by.map(\.expression)
            $0.having = having
        }
    }

    // MARK: ORDER BY, LIMIT

    /// `ORDER BY a, b DESC, ...`; replaces an earlier order.
    public func order(_ by: any Expressible...) -> Self { order(by) }
    /// `ORDER BY` from an array.
    public func order(_ by: [any Expressible]) -> Self { with { $0.order = by.map(\.expression) } }

    /// `LIMIT ?`; `nil` removes the limit (and the offset).
    public func limit(_ length: Int?) -> Self {
        with {
            $0.limit = length
            if length == nil { $0.offset = nil }
        }
    }

    /// `LIMIT ? OFFSET ?`.
    public func limit(_ length: Int?, offset: Int) -> Self {
        with {
            $0.limit = length
            $0.offset = offset
        }
    }

    // MARK: UNION

    /// `... UNION [ALL] SELECT ...`; this query's order and limit apply to the whole compound.
    public func union(_ other: some QueryType, all: Bool) -> Self {
        with { $0.unions.append(UnionClause(all: all, query: other.clauses)) }
    }

    /// `... UNION [ALL] SELECT ...`, in SQLite.swift's argument order: `union(all: true, other)`.
    public func union(all: Bool = false, _ other: some QueryType) -> Self {
        union(other, all: all)
    }

    // MARK: WITH

    /// `WITH [RECURSIVE] "alias"(columns) AS (query) SELECT ...`: a common table expression this query (its
    /// joins, filters, subqueries) can read by the alias table's name, as in
    /// `accounts.with(flows, columns: [id, inflow], as: flowQuery).join(flows, on: flows[id] == accounts[id])`.
    ///
    /// - Parameters:
    ///   - alias: the name the query reads it by (`Table("b")`).
    ///   - columns: names for its columns (by default the query's own).
    ///   - recursive: `WITH RECURSIVE`, for a query that reads the alias itself.
    ///   - hint: `MATERIALIZED` or `NOT MATERIALIZED`.
    ///   - query: what it holds.
    public func with(
        _ alias: Table, columns: [any Expressible]? = nil, recursive: Bool = false, hint: MaterializationHint? = nil,
        as query: some QueryType
    ) -> Self {
        let clause = CommonTableClause(
            name: alias.clauses.from.name, columns: columns?.map(\.expression), recursive: recursive, hint: hint,
            query: query.expression
        )
        return with { $0.commonTables.append(clause) }
    }

    // MARK: Aliases and namespaced columns

    /// The query under another name, as in `FROM "ACCOUNTLIST_V1" AS "a"` (or a subquery `(SELECT ...) AS "a"`);
    /// namespace its columns with the aliased query: `a[column]`.
    public func alias(_ name: String) -> Self {
        with { $0.from = $0.from.aliased(name) }
    }

    /// The column namespaced by this query's table or alias: `"table"."column"`.
    public subscript<V>(column: Expression<V>) -> Expression<V> {
        Expression("\(clauses.from.namespace).\(column.template)", column.bindings)
    }

    /// `"table".*`, for `select(table[*])`.
    public subscript(star: Star) -> Expression<Void> {
        Expression(literal: "\(clauses.from.namespace).*")
    }

    // MARK: Derived queries

    /// `SELECT count(*) FROM ...` with this query's joins and filters.
    public var count: ScalarQuery<Int> { select(LegacyDriver.count(*)) }

    /// `SELECT EXISTS (SELECT ...)`: whether this query returns a row.
    public var exists: ScalarQuery<Bool> {
        var outer = QueryClauses(from: .none)
        outer.columns = [LegacyDriver.exists(self).expression]
        return ScalarQuery(clauses: outer)
    }
}

extension QueryClauses {
    /// These clauses as a FROM or JOIN source: the table itself when nothing else was added, else a subquery.
    var asSource: QuerySource {
        if isPlainTable { return from }
        return QuerySource(
            name: from.alias ?? from.name, database: nil, alias: from.alias ?? from.name, subquery: selectStatement
        )
    }
}
