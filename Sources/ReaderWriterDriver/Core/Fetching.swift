import SQLiteEngine

extension Database {
    /// The statement to run for a fetch: the cached one, since fetches usually repeat, unless a cursor is still
    /// reading it (a nested fetch of the same SQL), which then gets a fresh one.
    @usableFromInline
    func statementForFetch(sql: String) throws -> Statement {
        if let cached = core.statementCache[sql], cached.isReadingRows, cached.database === self {
            return try makeStatement(sql: sql)
        }
        return try cachedStatement(sql: sql)
    }
}

// MARK: Rows

extension Row {
    /// A lazy cursor over the rows of a query.
    public static func fetchCursor(
        _ db: Database, sql: String, arguments: StatementArguments = []
    ) throws -> RowCursor {
        try RowCursor(statement: db.statementForFetch(sql: sql), arguments: arguments)
    }

    /// A lazy cursor over the rows of a compiled statement.
    public static func fetchCursor(_ statement: Statement, arguments: StatementArguments = []) throws -> RowCursor {
        try RowCursor(statement: statement, arguments: arguments)
    }

    /// Every row of a query, copied.
    public static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Row] {
        try Array(fetchCursor(db, sql: sql, arguments: arguments).map { $0.copy() })
    }

    /// Every row of a compiled statement, copied.
    public static func fetchAll(_ statement: Statement, arguments: StatementArguments = []) throws -> [Row] {
        try Array(fetchCursor(statement, arguments: arguments).map { $0.copy() })
    }

    /// The first row of a query, copied, or `nil` when there is none.
    public static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> Row? {
        let cursor = try fetchCursor(db, sql: sql, arguments: arguments)
        defer { cursor.stepper.finish() }
        return try cursor.next()?.copy()
    }

    /// The first row of a compiled statement, copied, or `nil` when there is none.
    public static func fetchOne(_ statement: Statement, arguments: StatementArguments = []) throws -> Row? {
        let cursor = try fetchCursor(statement, arguments: arguments)
        defer { cursor.stepper.finish() }
        return try cursor.next()?.copy()
    }
}

// MARK: Values

extension DatabaseValueConvertible {
    /// A lazy cursor over the first column of each row of a query.
    @inlinable
    public static func fetchCursor(
        _ db: Database, sql: String, arguments: StatementArguments = []
    ) throws -> ValueCursor<Self> {
        try ValueCursor(statement: db.statementForFetch(sql: sql), arguments: arguments)
    }

    /// A lazy cursor over the first column of each row of a compiled statement.
    @inlinable
    public static func fetchCursor(
        _ statement: Statement, arguments: StatementArguments = []
    ) throws -> ValueCursor<Self> {
        try ValueCursor(statement: statement, arguments: arguments)
    }

    /// The first column of every row of a query.
    ///
    /// - Throws: ``DatabaseError`` `.valueConversion` when a value is NULL and `Self` is not optional.
    @inlinable
    public static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Self] {
        let cursor = try fetchCursor(db, sql: sql, arguments: arguments)
        var result: [Self] = []
        while let value = try cursor.next() { result.append(value) }
        return result
    }

    /// The first column of every row of a compiled statement.
    @inlinable
    public static func fetchAll(_ statement: Statement, arguments: StatementArguments = []) throws -> [Self] {
        let cursor = try fetchCursor(statement, arguments: arguments)
        var result: [Self] = []
        while let value = try cursor.next() { result.append(value) }
        return result
    }

    /// The first column of the first row of a query; `nil` when there is no row or the value is NULL.
    public static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> Self? {
        let cursor = try Self?.fetchCursor(db, sql: sql, arguments: arguments)
        defer { cursor.stepper.finish() }
        return try cursor.next() ?? nil
    }

    /// The first column of the first row of a compiled statement; `nil` when there is no row or the value is NULL.
    public static func fetchOne(_ statement: Statement, arguments: StatementArguments = []) throws -> Self? {
        let cursor = try Self?.fetchCursor(statement, arguments: arguments)
        defer { cursor.stepper.finish() }
        return try cursor.next() ?? nil
    }
}

extension DatabaseValueConvertible where Self: Hashable {
    /// The distinct values of the first column of a query's rows, as GRDB's `fetchSet`: a set when only membership
    /// matters, without building the array first (`String.fetchSet(db, sql: "SELECT name FROM player")`).
    ///
    /// - Throws: ``DatabaseError`` `.valueConversion` when a value is NULL and `Self` is not optional.
    public static func fetchSet(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> Set<Self> {
        try set(of: fetchCursor(db, sql: sql, arguments: arguments))
    }

    /// The distinct values of the first column of a compiled statement's rows.
    public static func fetchSet(_ statement: Statement, arguments: StatementArguments = []) throws -> Set<Self> {
        try set(of: fetchCursor(statement, arguments: arguments))
    }

    /// Reads the cursor to its end into a set.
    private static func set(of cursor: ValueCursor<Self>) throws -> Set<Self> {
        var result = Set<Self>()
        while let value = try cursor.next() { result.insert(value) }
        return result
    }
}
