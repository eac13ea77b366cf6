import SQLiteEngine

/// Where generated rows go: one prepared INSERT per table, reused for every row, inside large transactions that are
/// committed every `commitEvery` rows. It keeps nothing per row but a count, so memory stays flat however many rows
/// pass through.
final class RowSink {
    private let connection: EngineConnection
    private let commitEvery: Int
    private var statements: [EngineStatement?]
    private(set) var counts: [Int]
    /// Every row inserted or updated.
    private(set) var rowsWritten = 0
    private var rowsSinceCommit = 0

    /// Starts the first transaction.
    init(connection: EngineConnection, commitEvery: Int) throws {
        self.connection = connection
        self.commitEvery = max(1, commitEvery)
        statements = Array(repeating: nil, count: MMEXTable.allCases.count)
        counts = Array(repeating: 0, count: MMEXTable.allCases.count)
        try connection.execute("BEGIN IMMEDIATE")
    }

    /// Inserts one full row (every column of `table`, in declaration order).
    func insert(_ table: MMEXTable, _ values: [SQLiteValue]) throws {
        let statement = try self.statement(for: table)
        guard values.count == table.columns.count else {
            throw FixtureError.rowShape(table: table.name, expected: table.columns.count, got: values.count)
        }
        for (offset, value) in values.enumerated() {
            try statement.bind(value, at: Int32(offset + 1))
        }
        _ = try statement.step()
        statement.reset()
        counts[table.rawValue] += 1
        try countWrite()
    }

    /// Runs one statement that changes existing rows (such as a default currency's rate).
    func update(_ sql: String, _ arguments: [SQLiteValue]) throws {
        try connection.run(sql, arguments)
        try countWrite()
    }

    /// Commits the open transaction (and opens none).
    func finish() throws {
        statements = Array(repeating: nil, count: MMEXTable.allCases.count)
        try connection.execute("COMMIT")
    }

    /// Rolls the open transaction back, after a failure.
    func abandon() {
        statements = Array(repeating: nil, count: MMEXTable.allCases.count)
        if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
    }

    /// Rows inserted into `table` so far.
    func count(_ table: MMEXTable) -> Int { counts[table.rawValue] }

    private func countWrite() throws {
        rowsWritten += 1
        rowsSinceCommit += 1
        if rowsSinceCommit >= commitEvery {
            try connection.execute("COMMIT")
            try connection.execute("BEGIN IMMEDIATE")
            rowsSinceCommit = 0
        }
    }

    private func statement(for table: MMEXTable) throws -> EngineStatement {
        if let statement = statements[table.rawValue] { return statement }
        let placeholders = Array(repeating: "?", count: table.columns.count).joined(separator: ", ")
        let sql = "INSERT INTO \(table.name) (\(table.columns.joined(separator: ", "))) VALUES (\(placeholders))"
        let statement = try connection.prepare(sql)
        statements[table.rawValue] = statement
        return statement
    }
}
