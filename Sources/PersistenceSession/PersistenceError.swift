/// What went wrong in a session, in the app's terms: the errors every driver reports for the same failure.
///
/// The cases are the app-neutral failures of opening and using an SQLite file. An app that needs its own (MMEX
/// files refuse a file without its tables as ``wrongKindOfFile(path:expected:reason:)`` with `expected` "an MMEX
/// file") builds them from these cases, or throws its own error type from inside its units of work, which pass
/// through unchanged.
///
/// Drivers map their engine errors into these (``init(sqliteExtendedCode:message:path:keyGiven:)`` is the shared
/// mapping, so both drivers agree); errors thrown by the app's own closure inside a unit of work pass through
/// unchanged. Messages name the file and the table or constraint involved, never a key or a bound value.
public enum PersistenceError: Error, Sendable, Equatable {
    /// No file at the path.
    case notFound(path: String)
    /// Creating a database found something at the path already (sessions never overwrite).
    case alreadyExists(path: String)
    /// The file is not an SQLite database (and no key was given: it may be encrypted).
    case notADatabase(path: String)
    /// A key was given and does not open the file (or the file is not a database at all).
    case wrongKey(path: String)
    /// An SQLite database, but not one of the kind the app opens: `expected` names the kind (`an MMEX file`),
    /// `reason` what the app's open check found (`no INFOTABLE_V1 table`).
    case wrongKindOfFile(path: String, expected: String, reason: String)
    /// The file's `user_version` is newer than this build understands.
    case schemaTooNew(path: String, found: Int64, supported: Int64)
    /// A write was refused: the session was opened read-only, or the file or folder is not writable.
    case readOnly(path: String?, detail: String)
    /// Another connection holds a lock; retrying later may succeed.
    case busy(path: String?)
    /// A write broke a constraint; says which.
    case constraintViolated(ConstraintViolation)
    /// The file is damaged.
    case corrupt(path: String?, detail: String)
    /// The operating system failed a read or write (disk full, permissions, file moved away).
    case io(path: String?, detail: String)
    /// The file lacks a table this repository needs (for example a table that other apps sharing the file never
    /// create).
    case missingTable(String)
    /// The session was closed.
    case closed
    /// The API was used in a way it does not allow (a write unit of work nested in another, a write inside a read).
    case invalidUse(String)
    /// Any other database error: SQLite's primary and extended result codes and its message (never bound values).
    case database(code: Int32, extendedCode: Int32, message: String)
}

extension PersistenceError: CustomStringConvertible {
    public var description: String {
        func at(_ path: String?) -> String { path.map { "\($0): " } ?? "" }
        switch self {
        case .notFound(let path):
            return "\(path): no such file"
        case .alreadyExists(let path):
            return "\(path): a file already exists there; refusing to overwrite it"
        case .notADatabase(let path):
            return "\(path): not a database (or encrypted: open it with its key)"
        case .wrongKey(let path):
            return "\(path): wrong key: the passphrase or cipher does not open this file (or it is not a database)"
        case .wrongKindOfFile(let path, let expected, let reason):
            return "\(path): not \(expected) (\(reason))"
        case .schemaTooNew(let path, let found, let supported):
            return "\(path): schema version \(found) is newer than this build supports (\(supported)); update the app"
        case .readOnly(let path, let detail):
            return "\(at(path))cannot write: \(detail)"
        case .busy(let path):
            return "\(at(path))the database is locked by another connection; try again"
        case .constraintViolated(let violation):
            return "constraint violated: \(violation)"
        case .corrupt(let path, let detail):
            return "\(at(path))the database is corrupt (\(detail))"
        case .io(let path, let detail):
            return "\(at(path))I/O error (\(detail))"
        case .missingTable(let table):
            return "the file has no \(table) table"
        case .closed:
            return "the session is closed"
        case .invalidUse(let reason):
            return "invalid use: \(reason)"
        case .database(let code, let extendedCode, let message):
            return "database error \(code)/\(extendedCode): \(message)"
        }
    }
}
