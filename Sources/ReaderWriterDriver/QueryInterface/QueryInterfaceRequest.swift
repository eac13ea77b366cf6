import SQLiteEngine

/// A request built in Swift (`Player.filter(Column("score") > 1000).order(Column("name")).limit(10)`), as GRDB's
/// query interface: every refinement returns a new request; nothing runs until a fetch, count, delete or update.
///
/// `RowDecoder` is what a fetch gives: the record type, or a value type after
/// ``select(_:as:)->QueryInterfaceRequest<V>``.
public struct QueryInterfaceRequest<RowDecoder>: Sendable {
    var table: String
    var selection: [SQLExpression]
    var filters: [SQLExpression] = []
    var orderings: [SQLOrdering] = []
    var limit: Int?
    var offset: Int?
    var isDistinct = false
    var groups: [SQLExpression] = []
    var havings: [SQLExpression] = []
    /// To-one associations, joined in the same statement.
    var joins: [AssociationJoin] = []
    /// To-many associations, fetched by a second statement per association.
    var prefetches: [AssociationJoin] = []

    init(table: String, selection: [any SQLSelectable]) {
        self.table = table
        self.selection = selection.map(\.sqlSelection)
    }

    // MARK: Refinements

    /// Only the rows that also satisfy `predicate`.
    public func filter(_ predicate: some SQLExpressible) -> Self {
        var request = self
        request.filters.append(predicate.sqlExpression)
        return request
    }

    /// Only the rows that also satisfy an SQL condition.
    public func filter(sql: String, arguments: StatementArguments = []) -> Self {
        filter(SQLExpression(sql: "(\(sql))", arguments: arguments.values))
    }

    /// Only the row whose primary key (`rowid` unless the table declares one) is `key`.
    public func filter(key: some DatabaseValueConvertible) -> Self {
        filter(SQLExpression(sql: "\(SQLQuoting.qualifierMark)\(PrimaryKeyMark.text) = ?", arguments: [key.databaseValue]))
    }

    /// Only the rows whose primary key is one of `keys`.
    public func filter<K: DatabaseValueConvertible & SQLExpressible>(keys: some Sequence<K>) -> Self {
        let values = keys.map(\.databaseValue)
        guard !values.isEmpty else { return filter(SQLExpression(sql: "0")) }
        let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
        return filter(SQLExpression(sql: "\(SQLQuoting.qualifierMark)\(PrimaryKeyMark.text) IN (\(marks))", arguments: values))
    }

    /// The rows sorted by these terms, replacing any earlier order.
    public func order(_ orderings: any SQLOrderingTerm...) -> Self { order(orderings) }

    /// The rows sorted by these terms, replacing any earlier order.
    public func order(_ orderings: [any SQLOrderingTerm]) -> Self {
        var request = self
        request.orderings = orderings.map(\.sqlOrdering)
        return request
    }

    /// The rows sorted by SQL, replacing any earlier order.
    public func order(sql: String) -> Self {
        var request = self
        request.orderings = [SQLOrdering(sql: sql, arguments: [])]
        return request
    }

    /// The order reversed (by `rowid` descending when there was none).
    public func reversed() -> Self {
        var request = self
        if orderings.isEmpty {
            request.orderings = [SQLOrdering(sql: "\(SQLQuoting.qualifierMark)rowid DESC", arguments: [])]
        } else {
            request.orderings = orderings.map { ordering in
                if ordering.sql.hasSuffix(" DESC") { return SQLOrdering(sql: String(ordering.sql.dropLast(5)) + " ASC", arguments: ordering.arguments) }
                if ordering.sql.hasSuffix(" ASC") { return SQLOrdering(sql: String(ordering.sql.dropLast(4)) + " DESC", arguments: ordering.arguments) }
                return SQLOrdering(sql: ordering.sql + " DESC", arguments: ordering.arguments)
            }
        }
        return request
    }

    /// At most `limit` rows, after skipping `offset`.
    public func limit(_ limit: Int, offset: Int? = nil) -> Self {
        var request = self
        request.limit = limit
        request.offset = offset
        return request
    }

    /// Distinct rows only.
    public func distinct() -> Self {
        var request = self
        request.isDistinct = true
        return request
    }

    /// Groups the rows (`GROUP BY`).
    public func group(_ expressions: any SQLExpressible...) -> Self {
        var request = self
        request.groups = expressions.map(\.sqlExpression)
        return request
    }

    /// Keeps the groups that satisfy `predicate` (`HAVING`).
    public func having(_ predicate: some SQLExpressible) -> Self {
        var request = self
        request.havings.append(predicate.sqlExpression)
        return request
    }

    /// These columns or expressions instead of the current selection.
    public func select(_ selection: any SQLSelectable...) -> Self { select(selection) }

    /// These columns or expressions instead of the current selection.
    public func select(_ selection: [any SQLSelectable]) -> Self {
        var request = self
        request.selection = selection.map(\.sqlSelection)
        return request
    }

    /// One expression, fetched as values of `type` (`Player.select(Column("name"), as: String.self)`).
    public func select<V>(_ selection: any SQLSelectable, as type: V.Type) -> QueryInterfaceRequest<V> {
        var request = asRequest(of: type)
        request.selection = [selection.sqlSelection]
        return request
    }

    /// The same request, fetching another type (a record made of the row and its associated records).
    public func asRequest<T>(of type: T.Type) -> QueryInterfaceRequest<T> {
        var request = QueryInterfaceRequest<T>(table: table, selection: [])
        request.selection = selection
        request.prefetches = prefetches
        request.filters = filters
        request.orderings = orderings
        request.limit = limit
        request.offset = offset
        request.isDistinct = isDistinct
        request.groups = groups
        request.havings = havings
        request.joins = joins
        return request
    }

    /// Also reads the associated record of each row; rows without one are left out (`JOIN`).
    public func including<A: Association>(required association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        adding(association.join(.required, selected: true))
    }

    /// Also reads the associated record of each row, `nil` when there is none (`LEFT JOIN`).
    public func including<A: Association>(optional association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        adding(association.join(.optional, selected: true))
    }

    /// Also reads every associated record of each row (a to-many association), with a second statement.
    public func including<A: Association>(all association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        var request = self
        request.prefetches.append(association.join(.all, selected: true))
        return request
    }

    /// Only the rows that have an associated record, without reading it.
    public func joining<A: Association>(required association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        adding(association.join(.required, selected: false))
    }

    /// Joins the associated record for filtering, keeping rows without one.
    public func joining<A: Association>(optional association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        adding(association.join(.optional, selected: false))
    }

    private func adding(_ join: AssociationJoin) -> Self {
        var request = self
        if join.kind == .all { request.prefetches.append(join) } else { request.joins.append(join) }
        return request
    }

    // MARK: SQL

    /// The table name columns are qualified with (only when there are joins).
    var qualifier: String? { joins.isEmpty ? nil : table }

    /// The SELECT statement and its arguments.
    func selectStatement(_ db: Database) throws -> (sql: String, arguments: [SQLiteValue]) {
        var arguments: [SQLiteValue] = []
        var columns = selection.map { expression -> String in
            arguments += expression.arguments
            if expression.sql == "*", let qualifier { return SQLQuoting.identifier(qualifier) + ".*" }
            return SQLQuoting.resolve(expression.sql, table: qualifier)
        }
        for join in joins where join.isSelected {
            columns.append(SQLQuoting.identifier(join.alias) + ".*")
        }
        var sql = "SELECT " + (isDistinct ? "DISTINCT " : "") + columns.joined(separator: ", ")
        sql += " FROM " + SQLQuoting.identifier(table)
        for join in joins {
            let condition = try join.condition(db, originTable: table)
            sql += (join.kind == .required ? " JOIN " : " LEFT JOIN ") + SQLQuoting.identifier(join.table) + " "
                + SQLQuoting.identifier(join.alias) + " ON " + condition
            for filter in join.filters {
                sql += " AND " + SQLQuoting.resolve(filter.sql, table: join.alias)
                arguments += filter.arguments
            }
        }
        sql += try whereClause(db, arguments: &arguments)
        if !groups.isEmpty {
            sql += " GROUP BY " + groups.map { arguments += $0.arguments; return SQLQuoting.resolve($0.sql, table: qualifier) }.joined(separator: ", ")
        }
        if !havings.isEmpty {
            sql += " HAVING " + havings.map { arguments += $0.arguments; return SQLQuoting.resolve($0.sql, table: qualifier) }.joined(separator: " AND ")
        }
        if !orderings.isEmpty {
            sql += " ORDER BY " + orderings.map { arguments += $0.arguments; return SQLQuoting.resolve($0.sql, table: qualifier) }.joined(separator: ", ")
        }
        if let limit {
            sql += " LIMIT \(limit)"
            if let offset { sql += " OFFSET \(offset)" }
        }
        return (sql, arguments)
    }

    /// ` WHERE ...` for the filters, or nothing.
    func whereClause(_ db: Database, arguments: inout [SQLiteValue]) throws -> String {
        guard !filters.isEmpty else { return "" }
        var parts: [String] = []
        for filter in filters {
            var sql = SQLQuoting.resolve(filter.sql, table: qualifier)
            if sql.contains(PrimaryKeyMark.text) {
                sql = sql.replacingOccurrences(of: PrimaryKeyMark.text, with: try PrimaryKey.sql(db, table: table))
            }
            parts.append(sql)
            arguments += filter.arguments
        }
        return " WHERE " + parts.joined(separator: " AND ")
    }

    // MARK: Fetching

    /// Whether the request joins or prefetches associations (then rows are split into scopes).
    @usableFromInline var hasAssociations: Bool { !joins.isEmpty || !prefetches.isEmpty }

    /// The SELECT statement and its arguments, for the inlinable fetches.
    @usableFromInline
    func statementArguments(_ db: Database) throws -> (String, StatementArguments) {
        let (sql, arguments) = try selectStatement(db)
        return (sql, StatementArguments(arguments))
    }

    /// The rows with their associated rows attached.
    @usableFromInline
    func associatedRows(_ db: Database) throws -> [Row] {
        try AssociationFetcher.rows(of: self, db)
    }

    /// A cursor over the rows of the request (no association decoding).
    func rowCursor(_ db: Database) throws -> RowCursor {
        let (sql, arguments) = try selectStatement(db)
        return try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(arguments))
    }

    /// How many rows the request gives.
    public func fetchCount(_ db: Database) throws -> Int {
        if joins.isEmpty, !isDistinct, groups.isEmpty, limit == nil {
            var arguments: [SQLiteValue] = []
            let sql = "SELECT count(*) FROM " + SQLQuoting.identifier(table) + (try whereClause(db, arguments: &arguments))
            return try Int.fetchOne(db, sql: sql, arguments: StatementArguments(arguments)) ?? 0
        }
        let (sql, arguments) = try selectStatement(db)
        return try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(sql))", arguments: StatementArguments(arguments)) ?? 0
    }

    /// Whether the request gives at least one row.
    public func isEmpty(_ db: Database) throws -> Bool { try fetchCount(db) == 0 }

    /// Deletes the rows the request selects; returns how many.
    @discardableResult
    public func deleteAll(_ db: Database) throws -> Int {
        var arguments: [SQLiteValue] = []
        let sql: String
        if joins.isEmpty, limit == nil {
            sql = "DELETE FROM " + SQLQuoting.identifier(table) + (try whereClause(db, arguments: &arguments))
        } else {
            let (select, selectArguments) = try rowidRequest().selectStatement(db)
            arguments = selectArguments
            sql = "DELETE FROM \(SQLQuoting.identifier(table)) WHERE rowid IN (\(select))"
        }
        try db.execute(sql: sql, arguments: StatementArguments(arguments))
        return db.changesCount
    }

    /// Updates the rows the request selects; returns how many.
    @discardableResult
    public func updateAll(_ db: Database, _ assignments: ColumnAssignment...) throws -> Int {
        try updateAll(db, assignments)
    }

    /// Updates the rows the request selects; returns how many.
    @discardableResult
    public func updateAll(_ db: Database, _ assignments: [ColumnAssignment]) throws -> Int {
        guard !assignments.isEmpty else { return 0 }
        var arguments: [SQLiteValue] = []
        let sets = assignments.map { assignment -> String in
            arguments += assignment.value.arguments
            return SQLQuoting.identifier(assignment.column) + " = " + SQLQuoting.resolve(assignment.value.sql, table: nil)
        }
        var sql = "UPDATE " + SQLQuoting.identifier(table) + " SET " + sets.joined(separator: ", ")
        if joins.isEmpty, limit == nil {
            sql += try whereClause(db, arguments: &arguments)
        } else {
            let (select, selectArguments) = try rowidRequest().selectStatement(db)
            arguments += selectArguments
            sql += " WHERE rowid IN (\(select))"
        }
        try db.execute(sql: sql, arguments: StatementArguments(arguments))
        return db.changesCount
    }

    /// This request selecting only the rowid of the base table.
    private func rowidRequest() -> QueryInterfaceRequest<Row> {
        var request = select(SQLExpression(sql: SQLQuoting.qualifierMark + "rowid"), as: Row.self)
        request.joins = joins.map { join in var join = join; join.isSelected = false; return join }
        return request
    }
}

extension QueryInterfaceRequest where RowDecoder: FetchableRecord {
    /// A cursor over the records (to-one associations decoded; to-many ones need ``fetchAll(_:)``).
    @inlinable
    public func fetchCursor(_ db: Database) throws -> RecordCursor<RowDecoder> {
        let (sql, arguments) = try statementArguments(db)
        return try RowDecoder.fetchCursor(db, sql: sql, arguments: arguments)
    }

    /// Every record of the request.
    ///
    /// Inlinable, so the record's `init(row:)` is specialized into the loop as in `Record.fetchAll(db, sql:)`.
    @inlinable
    public func fetchAll(_ db: Database) throws -> [RowDecoder] {
        if hasAssociations {
            return try associatedRows(db).map { try RowDecoder(row: $0) }
        }
        let (sql, arguments) = try statementArguments(db)
        return try RowDecoder.fetchAll(db, sql: sql, arguments: arguments)
    }

    /// The first record of the request, or `nil`.
    public func fetchOne(_ db: Database) throws -> RowDecoder? {
        try limit(1, offset: offset).fetchAll(db).first
    }
}

extension QueryInterfaceRequest where RowDecoder: FetchableRecord & Hashable {
    /// Every distinct record of the request.
    public func fetchSet(_ db: Database) throws -> Set<RowDecoder> { Set(try fetchAll(db)) }
}

extension QueryInterfaceRequest where RowDecoder: DatabaseValueConvertible {
    /// The selected value of every row.
    public func fetchAll(_ db: Database) throws -> [RowDecoder] {
        let (sql, arguments) = try selectStatement(db)
        return try RowDecoder.fetchAll(db, sql: sql, arguments: StatementArguments(arguments))
    }

    /// The selected value of the first row, or `nil` (no row, or NULL).
    public func fetchOne(_ db: Database) throws -> RowDecoder? {
        let (sql, arguments) = try limit(1, offset: offset).selectStatement(db)
        return try RowDecoder.fetchOne(db, sql: sql, arguments: StatementArguments(arguments))
    }

    /// A cursor over the selected values.
    public func fetchCursor(_ db: Database) throws -> ValueCursor<RowDecoder> {
        let (sql, arguments) = try selectStatement(db)
        return try RowDecoder.fetchCursor(db, sql: sql, arguments: StatementArguments(arguments))
    }
}

extension QueryInterfaceRequest where RowDecoder: DatabaseValueConvertible & Hashable {
    /// The distinct selected values.
    public func fetchSet(_ db: Database) throws -> Set<RowDecoder> { Set(try fetchAll(db)) }
}

extension QueryInterfaceRequest where RowDecoder == Row {
    /// Every row of the request, copied.
    public func fetchAll(_ db: Database) throws -> [Row] {
        try AssociationFetcher.rows(of: self, db)
    }

    /// The first row of the request, or `nil`.
    public func fetchOne(_ db: Database) throws -> Row? { try limit(1, offset: offset).fetchAll(db).first }
}

/// Stands for a table's primary key column in a filter until the request looks it up.
enum PrimaryKeyMark {
    static let text = "\u{E001}"
}

/// A table's primary key column, as the schema declares it.
enum PrimaryKey {
    /// The quoted single primary key column, or `rowid` for a table without one (or with a composite key).
    static func sql(_ db: Database, table: String) throws -> String {
        let columns = try self.columns(db, table: table)
        return columns.count == 1 ? SQLQuoting.identifier(columns[0]) : "rowid"
    }

    /// The primary key columns in key order (empty for a rowid table without a declared key).
    static func columns(_ db: Database, table: String) throws -> [String] {
        try db.tableSchema(table).primaryKey
    }
}
