/// An error SQLite reported, with everything a user needs to find the cause.
///
/// Carries the primary and extended result codes, SQLite's message, and the SQL that failed (when a statement
/// failed). Bound arguments are never part of it: they can hold user data.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The extended result code (for example 2067, `SQLITE_CONSTRAINT_UNIQUE`).
    public let extendedCode: Int32
    /// SQLite's message for this failure.
    public let message: String
    /// The SQL text that failed, if a statement failed.
    public let sql: String?

    /// The primary result code (the low byte of the extended code, for example 19, `SQLITE_CONSTRAINT`).
    public var code: Int32 { extendedCode & 0xFF }

    /// An error with the given codes and message, for SQLite failures the engine reports itself (a missing symbol,
    /// an unknown parameter name) as well as ones SQLite returned.
    ///
    /// - Parameters:
    ///   - extendedCode: The extended result code; a primary code (below 256) is also accepted.
    ///   - message: What went wrong, in SQLite's words or the engine's.
    ///   - sql: The SQL text that failed, or `nil` when no statement was involved. Never pass bound values.
    public init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    /// The symbolic name of the primary code, such as `SQLITE_BUSY`.
    public var codeName: String { ResultCode.name(of: code) }

    public var description: String {
        var text = "\(codeName) (\(code)/\(extendedCode)): \(message)"
        if let sql { text += " [SQL: \(sql)]" }
        return text
    }
}

/// SQLite's primary result codes the toolkit tests for.
public enum ResultCode {
    /// `SQLITE_OK`: success.
    public static let ok: Int32 = 0
    /// `SQLITE_ERROR`: a generic error, such as an SQL syntax error or a missing table.
    public static let error: Int32 = 1
    /// `SQLITE_INTERNAL`: an internal malfunction of SQLite.
    public static let `internal`: Int32 = 2
    /// `SQLITE_PERM`: the requested access mode for a new database cannot be provided.
    public static let perm: Int32 = 3
    /// `SQLITE_ABORT`: an operation was aborted, for example by a rollback.
    public static let abort: Int32 = 4
    /// `SQLITE_BUSY`: another connection holds a lock on the database file.
    public static let busy: Int32 = 5
    /// `SQLITE_LOCKED`: a conflict inside the same connection or shared cache.
    public static let locked: Int32 = 6
    /// `SQLITE_NOMEM`: a memory allocation failed.
    public static let nomem: Int32 = 7
    /// `SQLITE_READONLY`: a write to a database opened read only, or to a read-only file.
    public static let readonly: Int32 = 8
    /// `SQLITE_INTERRUPT`: the statement was interrupted (`sqlite3_interrupt` or a progress handler).
    public static let interrupt: Int32 = 9
    /// `SQLITE_IOERR`: the operating system reported an I/O error; the extended code says which.
    public static let ioerr: Int32 = 10
    /// `SQLITE_CORRUPT`: the database file is malformed (also what a wrong key can look like).
    public static let corrupt: Int32 = 11
    /// `SQLITE_NOTFOUND`: an unknown file-control opcode, among other internal uses.
    public static let notfound: Int32 = 12
    /// `SQLITE_FULL`: the disk or the database size limit is full.
    public static let full: Int32 = 13
    /// `SQLITE_CANTOPEN`: the file or its folder cannot be opened.
    public static let cantopen: Int32 = 14
    /// `SQLITE_PROTOCOL`: the file-locking protocol failed (typically a WAL race).
    public static let `protocol`: Int32 = 15
    /// `SQLITE_SCHEMA`: the schema changed under a prepared statement.
    public static let schema: Int32 = 17
    /// `SQLITE_TOOBIG`: a string or blob exceeds SQLite's size limit.
    public static let toobig: Int32 = 18
    /// `SQLITE_CONSTRAINT`: a constraint was violated; the extended code says which kind.
    public static let constraint: Int32 = 19
    /// `SQLITE_MISMATCH`: a datatype mismatch, such as a non-integer rowid.
    public static let mismatch: Int32 = 20
    /// `SQLITE_MISUSE`: the C API was used incorrectly, such as a finalized statement.
    public static let misuse: Int32 = 21
    /// `SQLITE_AUTH`: an authorizer denied the statement.
    public static let auth: Int32 = 23
    /// `SQLITE_RANGE`: a parameter or column index is out of range, or a parameter name is unknown.
    public static let range: Int32 = 25
    /// `SQLITE_NOTADB`: the file is not a database (or is encrypted with another key).
    public static let notadb: Int32 = 26
    /// `SQLITE_ROW`: `sqlite3_step` has a row ready.
    public static let row: Int32 = 100
    /// `SQLITE_DONE`: `sqlite3_step` finished the statement.
    public static let done: Int32 = 101

    private static let names: [Int32: String] = [
        0: "SQLITE_OK", 1: "SQLITE_ERROR", 2: "SQLITE_INTERNAL", 3: "SQLITE_PERM", 4: "SQLITE_ABORT",
        5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 7: "SQLITE_NOMEM", 8: "SQLITE_READONLY", 9: "SQLITE_INTERRUPT",
        10: "SQLITE_IOERR", 11: "SQLITE_CORRUPT", 12: "SQLITE_NOTFOUND", 13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN",
        15: "SQLITE_PROTOCOL", 16: "SQLITE_EMPTY", 17: "SQLITE_SCHEMA", 18: "SQLITE_TOOBIG",
        19: "SQLITE_CONSTRAINT", 20: "SQLITE_MISMATCH", 21: "SQLITE_MISUSE", 22: "SQLITE_NOLFS",
        23: "SQLITE_AUTH", 24: "SQLITE_FORMAT", 25: "SQLITE_RANGE", 26: "SQLITE_NOTADB", 27: "SQLITE_NOTICE",
        28: "SQLITE_WARNING", 100: "SQLITE_ROW", 101: "SQLITE_DONE",
    ]

    /// The symbolic name of a primary result code.
    public static func name(of code: Int32) -> String { names[code & 0xFF] ?? "SQLITE_\(code)" }
}
