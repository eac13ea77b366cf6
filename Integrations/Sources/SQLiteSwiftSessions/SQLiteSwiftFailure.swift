import PersistenceSession
import SQLite

/// An SQLite.swift `Result` with the extended result code its connection reported when it was thrown (SQLite.swift's
/// `Result.error(message:code:statement:)` carries only the primary code).
public struct SQLiteSwiftFailure: Error, Sendable, CustomStringConvertible {
    /// SQLite's primary result code.
    public let code: Int32
    /// SQLite's extended result code: from `Result.extendedError`, or read from the connection's handle; the primary
    /// code when neither was available.
    public let extendedCode: Int32
    /// SQLite's message.
    public let message: String

    /// Reduces SQLite.swift's error; `extendedCode` is what the connection reported, when known.
    public init(_ result: SQLite.Result, extendedCode: Int32?) {
        switch result {
        case .error(let message, let code, _):
            self.code = code
            self.message = message
            // The handle's code belongs to this failure only when its primary part agrees.
            self.extendedCode = extendedCode.flatMap { $0 & 0xFF == code ? $0 : nil } ?? code
        case .extendedError(let message, let extended, _):
            self.code = extended & 0xFF
            self.extendedCode = extended
            self.message = message
        }
    }

    public var description: String { "SQLite error \(code)/\(extendedCode): \(message)" }
}

/// SQLite.swift's errors in the session's terms, as the project's own engines report them.
public enum SQLiteSwiftErrorMapping {
    /// ``SQLiteSwiftFailure`` and SQLite.swift's `Result` as `PersistenceError` (the constraint kind from the extended
    /// code, or from SQLite's message when only the primary code is known); an error that maps to no kind is kept
    /// whole (`PersistenceError.database(code:extendedCode:message:)`). Anything else unchanged.
    public static func mapped(_ error: any Error, path: String?) -> any Error {
        let failure: SQLiteSwiftFailure
        if let known = error as? SQLiteSwiftFailure {
            failure = known
        } else if let result = error as? SQLite.Result {
            failure = SQLiteSwiftFailure(result, extendedCode: nil)
        } else {
            return error
        }
        return PersistenceError(sqliteExtendedCode: failure.extendedCode, message: failure.message, path: path)
    }
}
