import CSQLite

/// The physical limit for a driver layer: hand-written C API calls from Swift over the same engine.
///
/// The fastest honest code: a connection opened with `SQLITE_OPEN_NOMUTEX`, statements prepared once, columns read
/// by index, values bound by index. Every bench case compares the drivers with this.
public final class RawC {
    public static let name = "raw C"
    private var db: OpaquePointer?

    /// Opens `path` read-write (creating it) with no mutex.
    public init(path: String) throws {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK else {
            let message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "cannot open"
            sqlite3_close_v2(db)
            throw RawCError(message: message)
        }
    }

    deinit { sqlite3_close_v2(db) }

    private func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw RawCError(message: String(cString: sqlite3_errmsg(db)))
        }
        return statement
    }

    /// Runs SQL text, discarding rows.
    public func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw RawCError(message: String(cString: sqlite3_errmsg(db)))
        }
    }

    /// Reads every row of `SELECT c0...c(n-1) FROM table`, summing the integer columns by index. Returns the row
    /// count; the sum goes to `checksum` so the reads cannot be optimized away.
    public func fetchIntegers(table: String, columns: Int, checksum: inout Int64) throws -> Int {
        let list = (0..<columns).map { "c\($0)" }.joined(separator: ", ")
        let statement = try prepare("SELECT \(list) FROM \(table)")
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

    /// Inserts `count` rows of `columns` integers into `table` in one transaction, with one prepared statement.
    public func insertIntegers(table: String, columns: Int, count: Int) throws -> Int {
        let list = (0..<columns).map { "c\($0)" }.joined(separator: ", ")
        let marks = Array(repeating: "?", count: columns).joined(separator: ", ")
        try execute("BEGIN IMMEDIATE")
        let statement = try prepare("INSERT INTO \(table) (\(list)) VALUES (\(marks))")
        defer { sqlite3_finalize(statement) }
        for row in 0..<count {
            for column in 0..<Int32(columns) {
                sqlite3_bind_int64(statement, column + 1, Int64(row) &* 31 &+ Int64(column))
            }
            guard sqlite3_step(statement) == SQLITE_DONE else {
                let message = String(cString: sqlite3_errmsg(db))
                try? execute("ROLLBACK")
                throw RawCError(message: message)
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
