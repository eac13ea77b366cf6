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
    public static let ok: Int32 = 0
    public static let error: Int32 = 1
    public static let `internal`: Int32 = 2
    public static let perm: Int32 = 3
    public static let abort: Int32 = 4
    public static let busy: Int32 = 5
    public static let locked: Int32 = 6
    public static let nomem: Int32 = 7
    public static let readonly: Int32 = 8
    public static let interrupt: Int32 = 9
    public static let ioerr: Int32 = 10
    public static let corrupt: Int32 = 11
    public static let notfound: Int32 = 12
    public static let full: Int32 = 13
    public static let cantopen: Int32 = 14
    public static let `protocol`: Int32 = 15
    public static let schema: Int32 = 17
    public static let toobig: Int32 = 18
    public static let constraint: Int32 = 19
    public static let mismatch: Int32 = 20
    public static let misuse: Int32 = 21
    public static let auth: Int32 = 23
    public static let range: Int32 = 25
    public static let notadb: Int32 = 26
    public static let row: Int32 = 100
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
