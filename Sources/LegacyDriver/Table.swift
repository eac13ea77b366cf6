/// A table (or view) to query and write: `let accounts = Table("ACCOUNTLIST_V1")`.
///
/// A value: `accounts.filter(...)` returns a new query and leaves `accounts` as it was. Writes
/// (``insert(_:)-(Setter...)``, ``update(_:)-(Setter...)``, ``delete()``) build statements that
/// ``Connection/run(_:)-(Insert)`` runs.
public struct Table: QueryType {
    public var clauses: QueryClauses

    /// The table `name`, in the schema `database` (`main`, `temp` or an attached name) when given.
    public init(_ name: String, database: String? = nil) {
        clauses = QueryClauses(from: QuerySource(name: name, database: database, alias: nil, subquery: nil))
    }

    public init(clauses: QueryClauses) {
        self.clauses = clauses
    }

    /// The table's name.
    public var tableName: String { clauses.from.name }
}

/// A query that selects one typed expression, such as `accounts.select(balance.sum)` or `accounts.count`.
///
/// ``Connection/scalar(_:)-(ScalarQuery<V>)`` runs it for its single value; it can also be iterated like any
/// query, and used as a subquery: ``contains(_:)-(Expression<V>)`` renders `x IN (SELECT ...)`.
public struct ScalarQuery<V>: QueryType {
    public var clauses: QueryClauses

    public init(clauses: QueryClauses) {
        self.clauses = clauses
    }
}
