/// A table (or view) to query and write: `let accounts = Table("ACCOUNTLIST_V1")`.
///
/// A value: `accounts.filter(...)` returns a new query and leaves `accounts` as it was. Writes
/// (``insert(_:)-(Setter...)``, ``update(_:)-(Setter...)``, ``delete()``) build statements that
/// ``Connection/run(_:)-(Insert)`` runs.
public struct Table: QueryType {
    /// The query's clauses: the table, and what `select`, `filter`, `join`, `order` and the rest have added.
    public var clauses: QueryClauses

    /// The table `name`, in the schema `database` (`main`, `temp` or an attached name) when given.
    public init(_ name: String, database: String? = nil) {
        clauses = QueryClauses(from: QuerySource(name: name, database: database, alias: nil, subquery: nil))
    }

    /// A query of the given clauses: how the ``QueryType`` methods return changed copies. Apps start from
    /// ``init(_:database:)``; SQLite.swift's `QueryType` asks for that initializer instead of this one.
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
    /// The query's clauses: its source, the one selected expression, and the filters, joins and ordering.
    public var clauses: QueryClauses

    /// A scalar query of the given clauses, whose column list should hold one expression of type `V`.
    /// `select(_:)` of one typed expression builds one; call this only to rebuild a query from its clauses.
    public init(clauses: QueryClauses) {
        self.clauses = clauses
    }
}
