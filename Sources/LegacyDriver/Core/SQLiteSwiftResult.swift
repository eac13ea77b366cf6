import SQLiteEngine

/// SQLite.swift's error type, for code that throws or matches it (`throw Result.error(message:code:statement:)`).
///
/// The driver itself throws ``LegacyError``; ``LegacyError/result`` gives the same failure in this shape, with
/// SQLite's primary code in `error` (SQLite.swift's default) or its extended code in `extendedError`.
public enum Result: Error, CustomStringConvertible {
    /// A failure with SQLite's primary result code.
    case error(message: String, code: Int32, statement: Statement?)
    /// A failure with SQLite's extended result code.
    case extendedError(message: String, extendedCode: Int32, statement: Statement?)

    /// The message, the statement's SQL when there is one, and the code, in the form SQLite.swift prints:
    /// `no such table: T (SELECT ...) (code: 1)`.
    public var description: String {
        switch self {
        case .error(let message, let code, let statement):
            statement.map { "\(message) (\($0.sql)) (code: \(code))" } ?? "\(message) (code: \(code))"
        case .extendedError(let message, let code, let statement):
            statement.map { "\(message) (\($0.sql)) (extended code: \(code))" } ?? "\(message) (extended code: \(code))"
        }
    }
}

extension LegacyError {
    /// The failure as SQLite.swift's ``Result``: SQLite's message and primary code, or for the driver's own checks
    /// the description with `SQLITE_ERROR` (1), the code SQLite.swift's own query errors come closest to.
    public var result: Result {
        if let error = sqliteError { return .error(message: error.message, code: error.code, statement: nil) }
        return .error(message: description, code: 1, statement: nil)
    }
}
