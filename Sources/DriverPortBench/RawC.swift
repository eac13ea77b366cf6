import CSQLite

/// The physical limit for a driver layer: hand-written C API calls from Swift over the same engine.
///
/// The fastest honest code: a connection opened with `SQLITE_OPEN_NOMUTEX`, statements prepared once, columns read
/// by index, values bound by index. Every driver case compares the drivers with this.
public final class RawC {
    public static let name = "raw C"
    /// The `sqlite3*` handle (system libsqlite3).
    let db: OpaquePointer

    /// Opens `path` read-write (creating it), or read-only, with no mutex.
    public init(path: String, readOnly: Bool = false) throws {
        var handle: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        guard sqlite3_open_v2(path, &handle, access | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let handle else {
            let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "cannot open"
            sqlite3_close_v2(handle)
            throw RawCError(message: "\(path): \(message)")
        }
        db = handle
    }

    deinit { sqlite3_close_v2(db) }

    /// Compiles one statement; the caller finalizes it.
    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw RawCError(message: String(cString: sqlite3_errmsg(db)) + " in: " + sql)
        }
        return statement
    }

    /// The error for the connection's last failure.
    func lastError() -> RawCError { RawCError(message: String(cString: sqlite3_errmsg(db))) }

    /// Runs SQL text, discarding rows.
    public func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw RawCError(message: String(cString: sqlite3_errmsg(db)) + " in: " + sql)
        }
    }

    /// Reads every row of `SELECT c0...c(n-1) FROM table`, summing the integer columns by index. Returns the row
    /// count; the sum goes to `checksum` so the reads cannot be optimized away.
    public func fetchIntegers(table: String, columns: Int, checksum: inout Int64) throws -> Int {
        let statement = try prepare("SELECT \(IntegerTable.columnList(columns)) FROM \(table)")
        defer { sqlite3_finalize(statement) }
        var rows = 0
        var sum: Int64 = 0
        while sqlite3_step(statement) == SQLITE_ROW {
            for column in 0..<Int32(columns) { sum &+= sqlite3_column_int64(statement, column) }
            rows += 1
        }
        checksum &+= sum
        return rows
    }

    /// Reads every row of `SELECT c0...c(n-1) FROM table` into records (columns by index).
    func fetchIntegerRecords(table: String) throws -> [IntegerRecord] {
        let statement = try prepare("SELECT \(IntegerTable.columnList(IntegerRecord.columnCount)) FROM \(table)")
        defer { sqlite3_finalize(statement) }
        var records: [IntegerRecord] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            records.append(IntegerRecord(
                c0: sqlite3_column_int64(statement, 0), c1: sqlite3_column_int64(statement, 1),
                c2: sqlite3_column_int64(statement, 2), c3: sqlite3_column_int64(statement, 3),
                c4: sqlite3_column_int64(statement, 4), c5: sqlite3_column_int64(statement, 5),
                c6: sqlite3_column_int64(statement, 6), c7: sqlite3_column_int64(statement, 7),
                c8: sqlite3_column_int64(statement, 8), c9: sqlite3_column_int64(statement, 9)))
        }
        return records
    }

    /// Inserts `count` rows of `columns` integers into `table` in one transaction, with one prepared statement.
    /// Row `r`, column `c` holds ``IntegerTable/value(row:column:)``.
    public func insertIntegers(table: String, columns: Int, count: Int) throws -> Int {
        try insertIntegers(table: table, columns: columns, count: count, beforeEachRow: { _ in })
    }

    /// ``insertIntegers(table:columns:count:)`` calling `beforeEachRow` with each row's number before binding it
    /// (inlined, so the baseline's own loop, with an empty closure, compiles to the same code).
    @inline(__always)
    func insertIntegers(table: String, columns: Int, count: Int, beforeEachRow: (Int) -> Void) throws -> Int {
        try execute("BEGIN IMMEDIATE")
        let statement = try prepare(
            "INSERT INTO \(table) (\(IntegerTable.columnList(columns))) VALUES (\(IntegerTable.placeholders(columns)))")
        defer { sqlite3_finalize(statement) }
        for row in 0..<count {
            beforeEachRow(row)
            for column in 0..<Int32(columns) {
                sqlite3_bind_int64(statement, column + 1, IntegerTable.value(row: row, column: Int(column)))
            }
            guard sqlite3_step(statement) == SQLITE_DONE else {
                let error = lastError()
                sqlite3_reset(statement)
                try? execute("ROLLBACK")
                throw error
            }
            sqlite3_reset(statement)
        }
        try execute("COMMIT")
        return count
    }
}

/// An error from the raw baseline.
public struct RawCError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { "raw C baseline: \(message)" }
}
