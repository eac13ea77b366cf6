import Differential
import GRDB
import GRDBSessions
import PersistenceSession
import SQLite
import SQLiteSwiftSessions

/// An SQLite failure as either library reported it: SQLite.swift's `Result` (`Result ... (code: 19)`), GRDB's
/// `DatabaseError` (`SQLite error 19: ...`), or a session's `PersistenceError`, read from the error itself (not its
/// description), and described in the tools' standard form (`ComparedErrors.standard`).
///
/// Two libraries refusing the same write then describe it alike, so the differential, transcripts and shadow mode
/// compare the refusal, not the wording.
public struct SQLiteErrorForm: Sendable, Hashable, CustomStringConvertible {
    /// SQLite's primary result code.
    public let code: Int32
    /// SQLite's extended result code, when the library reported it (SQLite.swift's `Result.error` does not).
    public let extendedCode: Int32?
    /// The constraint a write broke, for code 19, as precisely as the library reported it (GRDB's extended code
    /// tells a PRIMARY KEY from a UNIQUE constraint; SQLite.swift's message does not).
    public let constraint: ConstraintViolation.Kind?
    /// SQLite's own message (`sqlite3_errmsg`), without the SQL a library appends; empty when the error carried none.
    public let message: String
    /// ``description``, made once.
    private let standard: String

    /// A form from its parts.
    public init(code: Int32, extendedCode: Int32?, constraint: ConstraintViolation.Kind?, message: String = "") {
        self.init(
            code: code, extendedCode: extendedCode, constraint: constraint, message: message,
            standard: ComparedErrors.sqliteForm(code: extendedCode ?? code, message: message)
        )
    }

    private init(
        code: Int32, extendedCode: Int32?, constraint: ConstraintViolation.Kind?, message: String, standard: String
    ) {
        self.code = code
        self.extendedCode = extendedCode
        self.constraint = constraint
        self.message = message
        self.standard = standard
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
                // The violation's parsed parts, which an adapter may have given without SQLite's message.
                self.init(
                    code: 19, extendedCode: nil, constraint: violation.kind, message: violation.message,
                    standard: ComparedErrors.standard(persistence)
                )
            case .database(let code, let extendedCode, let message):
                self.init(code: code, extendedCode: extendedCode, constraint: nil, message: message)
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
        self.init(
            code: code, extendedCode: hasExtended ? sqliteExtendedCode : nil, constraint: constraint, message: message
        )
    }

    /// The tools' standard form (`ComparedErrors.sqliteForm(code:message:)`): `SQLite error 19 [unique on
    /// note(body)]`, `SQLite error 1 [no such table: folder]`. The code and, for a constraint, the kind, table and
    /// columns SQLite's message names (a PRIMARY KEY reads as `unique`, as SQLite's message words it), or SQLite's
    /// message for any other failure; not the extended code, which one library does not report.
    public var description: String { standard }
}
