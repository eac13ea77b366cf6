/// A type built from a result row.
///
/// Write `init(row:)` by hand, reading columns by index, for the fastest decoding (no allocation, no name
/// lookup). A `Decodable` type gets `init(row:)` for free: its coding keys are matched to column names.
///
/// ```swift
/// struct Account: FetchableRecord {
///     var id: Int64, name: String, balance: Double?
///     init(row: Row) throws { id = try row.decode(atIndex: 0); name = row[1]; balance = row[2] }
/// }
/// let accounts = try Account.fetchAll(db, sql: "SELECT id, name, balance FROM account")
/// ```
public protocol FetchableRecord {
    /// Builds a value from a row (valid only during the call).
    init(row: Row) throws
}

extension FetchableRecord where Self: Decodable {
    /// Decodes the record from the row's columns, matching coding keys to column names.
    public init(row: Row) throws {
        self = try Self(from: RowDecoder(row: row))
    }
}

// MARK: Records

extension FetchableRecord {
    /// A lazy cursor over the records of a query.
    @inlinable
    public static func fetchCursor(
        _ db: Database, sql: String, arguments: StatementArguments = []
    ) throws -> RecordCursor<Self> {
        try RecordCursor(statement: db.statementForFetch(sql: sql), arguments: arguments)
    }

    /// A lazy cursor over the records of a compiled statement.
    @inlinable
    public static func fetchCursor(
        _ statement: Statement, arguments: StatementArguments = []
    ) throws -> RecordCursor<Self> {
        try RecordCursor(statement: statement, arguments: arguments)
    }

    /// Every record of a query.
    @inlinable
    public static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Self] {
        let cursor = try fetchCursor(db, sql: sql, arguments: arguments)
        var result: [Self] = []
        while let record = try cursor.next() { result.append(record) }
        return result
    }

    /// Every record of a compiled statement.
    @inlinable
    public static func fetchAll(_ statement: Statement, arguments: StatementArguments = []) throws -> [Self] {
        let cursor = try fetchCursor(statement, arguments: arguments)
        var result: [Self] = []
        while let record = try cursor.next() { result.append(record) }
        return result
    }

    /// The record of the first row of a query, or `nil` when there is none.
    public static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> Self? {
        let cursor = try fetchCursor(db, sql: sql, arguments: arguments)
        defer { cursor.stepper.finish() }
        return try cursor.next()
    }

    /// The record of the first row of a compiled statement, or `nil` when there is none.
    public static func fetchOne(_ statement: Statement, arguments: StatementArguments = []) throws -> Self? {
        let cursor = try fetchCursor(statement, arguments: arguments)
        defer { cursor.stepper.finish() }
        return try cursor.next()
    }
}

/// A cursor of records built from each row with ``FetchableRecord/init(row:)``.
public final class RecordCursor<Record: FetchableRecord>: DatabaseCursor {
    @exclusivity(unchecked) @usableFromInline var stepper: StatementStepper

    @usableFromInline
    init(statement: Statement, arguments: StatementArguments) throws {
        stepper = try StatementStepper(statement: statement, arguments: arguments)
    }

    /// The record built from the next row, or `nil` after the last row.
    ///
    /// - Throws: What ``FetchableRecord/init(row:)`` throws; ``DatabaseError`` when SQLite fails to step;
    ///   `CancellationError` when the task awaiting the access was cancelled.
    @inlinable
    public func next() throws -> Record? {
        guard try stepper.step() else { return nil }
        return try Record(row: Row(statement: stepper.statement))
    }

    deinit { stepper.abandon() }
}
