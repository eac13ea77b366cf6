import SQLiteEngine

/// The one error type of the reader/writer driver: what SQLite (or the driver) refused, with the context a user
/// needs to find the cause.
///
/// It carries SQLite's primary and extended result codes, the message, the SQL that failed and the arguments bound
/// to it. The arguments can hold user data, so ``description`` only says how many there were; read ``arguments``
/// explicitly when you need them.
public struct DatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, beyond SQLite's result code.
    public enum Kind: String, Sendable, Equatable {
        /// SQLite reported the error.
        case sqlite
        /// A statement tried to write inside a read access (`read`, `unsafeRead`), where the connection is read-only.
        case writeInReadAccess
        /// A database access (`read`, `write`, ...) was started inside another access of the same database. Use the
        /// `db` you already hold instead; waiting for the outer access would deadlock.
        case reentrantAccess
        /// The database was closed.
        case closed
        /// A column held a value that cannot become the requested type (for example NULL for a non-optional).
        case valueConversion
        /// No column has the requested name or index.
        case columnNotFound
        /// The arguments do not match the statement's parameters.
        case invalidArguments
        /// `PRAGMA foreign_key_check` found violations before a migration committed.
        case foreignKeyViolation
        /// A transaction was still open at the end of `writeWithoutTransaction`; it was rolled back.
        case transactionLeftOpen
        /// The configuration cannot be used for this kind of database.
        case invalidConfiguration
    }

    /// What went wrong, in the driver's terms: ``Kind/sqlite`` when SQLite reported the error, another case when the
    /// driver refused the operation itself. GRDB's `DatabaseError` has no such property; code meant to run on both
    /// matches ``resultCode`` or ``extendedResultCode`` instead.
    public let kind: Kind
    /// The primary result code (the low byte of ``extendedResultCode``), for example `.SQLITE_CONSTRAINT`.
    public var resultCode: ResultCode { extendedResultCode.primaryResultCode }
    /// The extended result code, for example `.SQLITE_CONSTRAINT_UNIQUE`.
    public let extendedResultCode: ResultCode
    /// SQLite's (or the driver's) message.
    public let message: String
    /// The SQL that failed, when a statement failed.
    public let sql: String?
    /// The arguments bound to the statement that failed. Never part of ``description``.
    public let arguments: [SQLiteValue]?

    /// An error of the given kind with its code, message, and the statement that failed.
    public init(
        kind: Kind = .sqlite, extendedResultCode: ResultCode, message: String, sql: String? = nil,
        arguments: [SQLiteValue]? = nil
    ) {
        self.kind = kind
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
        self.arguments = arguments
    }

    /// An SQLite error as GRDB's initializer makes one: the code (`SQLITE_ERROR` by default), the message (SQLite's
    /// words for the code when `nil`), the SQL and its arguments.
    public init(
        resultCode: ResultCode = .SQLITE_ERROR, message: String? = nil, sql: String? = nil,
        arguments: StatementArguments? = nil
    ) {
        self.init(
            kind: .sqlite, extendedResultCode: resultCode,
            message: message ?? SQLiteEngine.ResultCode.name(of: resultCode.rawValue), sql: sql,
            arguments: arguments?.allValues)
    }

    /// Wraps an engine error, adding the arguments of the statement that failed.
    public init(_ error: SQLiteError, arguments: [SQLiteValue]? = nil) {
        self.init(
            kind: .sqlite, extendedResultCode: ResultCode(rawValue: error.extendedCode), message: error.message,
            sql: error.sql,
            arguments: arguments)
    }

    /// The symbolic name of the primary result code, such as `SQLITE_BUSY`.
    public var resultCodeName: String { SQLiteEngine.ResultCode.name(of: resultCode.rawValue) }

    /// Code, message and SQL; arguments are redacted (only their count is shown) because they can hold user data.
    public var description: String {
        var text = "\(resultCodeName) (\(resultCode.rawValue)/\(extendedResultCode.rawValue)): \(message)"
        if let sql { text += " [SQL: \(sql)]" }
        if let arguments, !arguments.isEmpty {
            text += " [arguments: \(arguments.count) redacted]"
        }
        return text
    }
}

extension DatabaseError {
    static func reentrant(_ access: AccessKind, label: String) -> DatabaseError {
        DatabaseError(
            kind: .reentrantAccess, extendedResultCode: .SQLITE_MISUSE,
            message: "\(access.name) was called inside another access of the same database (\(label)); "
                + "use the db handle of the outer access instead")
    }

    static func closed(label: String) -> DatabaseError {
        DatabaseError(kind: .closed, extendedResultCode: .SQLITE_MISUSE, message: "database \(label) is closed")
    }

    @usableFromInline
    static func invalidArguments(_ message: String, sql: String, arguments: [SQLiteValue]?) -> DatabaseError {
        DatabaseError(
            kind: .invalidArguments, extendedResultCode: .SQLITE_RANGE, message: message, sql: sql,
            arguments: arguments)
    }
}
