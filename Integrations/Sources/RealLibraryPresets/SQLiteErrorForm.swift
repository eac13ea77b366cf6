import GRDB
import GRDBSessions
import PersistenceSession
import SQLite
import SQLiteSwiftSessions

/// One form for an SQLite failure, whichever library reported it: SQLite.swift's `Result` (`Result ... (code: 19)`),
/// GRDB's `DatabaseError` (`SQLite error 19: ...`), or a session's `PersistenceError`.
///
/// Two libraries refusing the same write then describe it alike, so the differential, transcripts and shadow mode
/// compare the refusal, not the wording.
public struct SQLiteErrorForm: Sendable, Hashable, CustomStringConvertible {
    /// SQLite's primary result code.
    public let code: Int32
    /// SQLite's extended result code, when the library reported it (SQLite.swift's `Result.error` does not).
    public let extendedCode: Int32?
    /// The constraint a write broke, for code 19.
    public let constraint: ConstraintViolation.Kind?

    public init(code: Int32, extendedCode: Int32?, constraint: ConstraintViolation.Kind?) {
        self.code = code
        self.extendedCode = extendedCode
        self.constraint = constraint
    }

    /// The form of `error`, or `nil` when it is not an SQLite failure of either library or a session's.
    public init?(_ error: any Error) {
        if let grdb = error as? DatabaseError {
            let extended = grdb.extendedResultCode.rawValue
            self.init(sqliteExtendedCode: extended, hasExtended: true, message: grdb.message ?? "")
        } else if let failure = error as? SQLiteSwiftFailure {
            self.init(
                sqliteExtendedCode: failure.extendedCode, hasExtended: failure.extendedCode != failure.code,
                message: failure.message
            )
        } else if let result = error as? SQLite.Result {
            self.init(SQLiteSwiftFailure(result, extendedCode: nil))
        } else if let persistence = error as? SessionError {
            switch persistence {
            case .constraintViolated(let violation):
                self.init(code: 19, extendedCode: nil, constraint: violation.kind)
            case .database(let code, let extendedCode, _):
                self.init(code: code, extendedCode: extendedCode, constraint: nil)
            default:
                return nil
            }
        } else {
            return nil
        }
    }

    private init(sqliteExtendedCode: Int32, hasExtended: Bool, message: String) {
        let code = sqliteExtendedCode & 0xFF
        let constraint =
            code == 19 ? ConstraintViolation(sqliteExtendedCode: sqliteExtendedCode, message: message).kind : nil
        self.init(code: code, extendedCode: hasExtended ? sqliteExtendedCode : nil, constraint: constraint)
    }

    /// `SQLite error 19 (unique constraint)`, `SQLite error 1`: the primary code and, for a constraint, its kind
    /// (not the extended code, which one library may not report), so both libraries describe a refusal alike.
    public var description: String {
        "SQLite error \(code)" + (constraint.map { " (\($0.rawValue) constraint)" } ?? "")
    }
}
