import SQLiteEngine

/// An SQLite result code, primary (`SQLITE_CONSTRAINT`) or extended (`SQLITE_CONSTRAINT_UNIQUE`), as GRDB's
/// `ResultCode` type.
///
/// ``DatabaseError/resultCode`` and ``DatabaseError/extendedResultCode`` are result codes. In a pattern, a primary
/// code matches itself and every extended code of its family, and an extended code matches only itself, so the
/// more specific case goes first:
///
/// ```swift
/// do {
///     try player.insert(db)
/// } catch DatabaseError.SQLITE_CONSTRAINT_FOREIGNKEY {
///     // no such team
/// } catch DatabaseError.SQLITE_CONSTRAINT {
///     // any other constraint
/// }
/// ```
///
/// The package's own modules use `SQLiteEngine.ResultCode`, a namespace of `Int32` constants, under that qualified
/// name; code that imports only `ReaderWriterDriver` sees this type, exactly as code that imports GRDB does.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// SQLite's integer code.
    public let rawValue: Int32

    /// The result code SQLite reported as `rawValue`.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code of the family: the low 8 bits (`SQLITE_CONSTRAINT` for `SQLITE_CONSTRAINT_UNIQUE`).
    public var primaryResultCode: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// Whether this is a primary code (not an extended one).
    var isPrimary: Bool { rawValue == rawValue & 0xFF }

    /// Matches a code against a pattern: a primary pattern matches its whole family, an extended one only itself.
    public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        pattern.isPrimary ? pattern == code.primaryResultCode : pattern == code
    }

    /// Matches a thrown error against a pattern (`catch ResultCode.SQLITE_BUSY`): only a ``DatabaseError`` whose
    /// ``DatabaseError/extendedResultCode`` matches as in ``~=(_:_:)-(ResultCode,ResultCode)``.
    public static func ~= (pattern: ResultCode, error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return pattern ~= error.extendedResultCode
    }

    /// The code and SQLite's symbolic name of its family, for example `2067 (SQLITE_CONSTRAINT)`.
    public var description: String { "\(rawValue) (\(SQLiteEngine.ResultCode.name(of: rawValue)))" }

    // Primary result codes (https://www.sqlite.org/rescode.html).
    public static let SQLITE_OK = ResultCode(rawValue: 0)
    public static let SQLITE_ERROR = ResultCode(rawValue: 1)
    public static let SQLITE_INTERNAL = ResultCode(rawValue: 2)
    public static let SQLITE_PERM = ResultCode(rawValue: 3)
    public static let SQLITE_ABORT = ResultCode(rawValue: 4)
    public static let SQLITE_BUSY = ResultCode(rawValue: 5)
    public static let SQLITE_LOCKED = ResultCode(rawValue: 6)
    public static let SQLITE_NOMEM = ResultCode(rawValue: 7)
    public static let SQLITE_READONLY = ResultCode(rawValue: 8)
    public static let SQLITE_INTERRUPT = ResultCode(rawValue: 9)
    public static let SQLITE_IOERR = ResultCode(rawValue: 10)
    public static let SQLITE_CORRUPT = ResultCode(rawValue: 11)
    public static let SQLITE_NOTFOUND = ResultCode(rawValue: 12)
    public static let SQLITE_FULL = ResultCode(rawValue: 13)
    public static let SQLITE_CANTOPEN = ResultCode(rawValue: 14)
    public static let SQLITE_PROTOCOL = ResultCode(rawValue: 15)
    public static let SQLITE_EMPTY = ResultCode(rawValue: 16)
    public static let SQLITE_SCHEMA = ResultCode(rawValue: 17)
    public static let SQLITE_TOOBIG = ResultCode(rawValue: 18)
    public static let SQLITE_CONSTRAINT = ResultCode(rawValue: 19)
    public static let SQLITE_MISMATCH = ResultCode(rawValue: 20)
    public static let SQLITE_MISUSE = ResultCode(rawValue: 21)
    public static let SQLITE_NOLFS = ResultCode(rawValue: 22)
    public static let SQLITE_AUTH = ResultCode(rawValue: 23)
    public static let SQLITE_FORMAT = ResultCode(rawValue: 24)
    public static let SQLITE_RANGE = ResultCode(rawValue: 25)
    public static let SQLITE_NOTADB = ResultCode(rawValue: 26)
    public static let SQLITE_NOTICE = ResultCode(rawValue: 27)
    public static let SQLITE_WARNING = ResultCode(rawValue: 28)
    public static let SQLITE_ROW = ResultCode(rawValue: 100)
    public static let SQLITE_DONE = ResultCode(rawValue: 101)

    /// An extended code: `primary` with `detail` in the second byte, as SQLite numbers them.
    private static func extended(_ primary: ResultCode, _ detail: Int32) -> ResultCode {
        ResultCode(rawValue: primary.rawValue | detail << 8)
    }

    // Extended result codes an app tests for (SQLite's numbering).
    public static let SQLITE_ERROR_MISSING_COLLSEQ = extended(SQLITE_ERROR, 1)
    public static let SQLITE_ERROR_RETRY = extended(SQLITE_ERROR, 2)
    public static let SQLITE_ERROR_SNAPSHOT = extended(SQLITE_ERROR, 3)
    public static let SQLITE_IOERR_READ = extended(SQLITE_IOERR, 1)
    public static let SQLITE_IOERR_SHORT_READ = extended(SQLITE_IOERR, 2)
    public static let SQLITE_IOERR_WRITE = extended(SQLITE_IOERR, 3)
    public static let SQLITE_IOERR_FSYNC = extended(SQLITE_IOERR, 4)
    public static let SQLITE_IOERR_DIR_FSYNC = extended(SQLITE_IOERR, 5)
    public static let SQLITE_IOERR_TRUNCATE = extended(SQLITE_IOERR, 6)
    public static let SQLITE_IOERR_FSTAT = extended(SQLITE_IOERR, 7)
    public static let SQLITE_IOERR_UNLOCK = extended(SQLITE_IOERR, 8)
    public static let SQLITE_IOERR_RDLOCK = extended(SQLITE_IOERR, 9)
    public static let SQLITE_IOERR_DELETE = extended(SQLITE_IOERR, 10)
    public static let SQLITE_IOERR_NOMEM = extended(SQLITE_IOERR, 12)
    public static let SQLITE_IOERR_ACCESS = extended(SQLITE_IOERR, 13)
    public static let SQLITE_IOERR_LOCK = extended(SQLITE_IOERR, 15)
    public static let SQLITE_IOERR_CLOSE = extended(SQLITE_IOERR, 16)
    public static let SQLITE_IOERR_SHMOPEN = extended(SQLITE_IOERR, 18)
    public static let SQLITE_IOERR_SHMSIZE = extended(SQLITE_IOERR, 19)
    public static let SQLITE_IOERR_SHMLOCK = extended(SQLITE_IOERR, 20)
    public static let SQLITE_IOERR_SHMMAP = extended(SQLITE_IOERR, 21)
    public static let SQLITE_IOERR_SEEK = extended(SQLITE_IOERR, 22)
    public static let SQLITE_IOERR_DELETE_NOENT = extended(SQLITE_IOERR, 23)
    public static let SQLITE_IOERR_MMAP = extended(SQLITE_IOERR, 24)
    public static let SQLITE_IOERR_DATA = extended(SQLITE_IOERR, 32)
    public static let SQLITE_IOERR_CORRUPTFS = extended(SQLITE_IOERR, 33)
    public static let SQLITE_LOCKED_SHAREDCACHE = extended(SQLITE_LOCKED, 1)
    public static let SQLITE_LOCKED_VTAB = extended(SQLITE_LOCKED, 2)
    public static let SQLITE_BUSY_RECOVERY = extended(SQLITE_BUSY, 1)
    public static let SQLITE_BUSY_SNAPSHOT = extended(SQLITE_BUSY, 2)
    public static let SQLITE_BUSY_TIMEOUT = extended(SQLITE_BUSY, 3)
    public static let SQLITE_CANTOPEN_NOTEMPDIR = extended(SQLITE_CANTOPEN, 1)
    public static let SQLITE_CANTOPEN_ISDIR = extended(SQLITE_CANTOPEN, 2)
    public static let SQLITE_CANTOPEN_FULLPATH = extended(SQLITE_CANTOPEN, 3)
    public static let SQLITE_CANTOPEN_CONVPATH = extended(SQLITE_CANTOPEN, 4)
    public static let SQLITE_CANTOPEN_SYMLINK = extended(SQLITE_CANTOPEN, 6)
    public static let SQLITE_CORRUPT_VTAB = extended(SQLITE_CORRUPT, 1)
    public static let SQLITE_CORRUPT_SEQUENCE = extended(SQLITE_CORRUPT, 2)
    public static let SQLITE_CORRUPT_INDEX = extended(SQLITE_CORRUPT, 3)
    public static let SQLITE_READONLY_RECOVERY = extended(SQLITE_READONLY, 1)
    public static let SQLITE_READONLY_CANTLOCK = extended(SQLITE_READONLY, 2)
    public static let SQLITE_READONLY_ROLLBACK = extended(SQLITE_READONLY, 3)
    public static let SQLITE_READONLY_DBMOVED = extended(SQLITE_READONLY, 4)
    public static let SQLITE_READONLY_CANTINIT = extended(SQLITE_READONLY, 5)
    public static let SQLITE_READONLY_DIRECTORY = extended(SQLITE_READONLY, 6)
    public static let SQLITE_ABORT_ROLLBACK = extended(SQLITE_ABORT, 2)
    public static let SQLITE_CONSTRAINT_CHECK = extended(SQLITE_CONSTRAINT, 1)
    public static let SQLITE_CONSTRAINT_COMMITHOOK = extended(SQLITE_CONSTRAINT, 2)
    public static let SQLITE_CONSTRAINT_FOREIGNKEY = extended(SQLITE_CONSTRAINT, 3)
    public static let SQLITE_CONSTRAINT_FUNCTION = extended(SQLITE_CONSTRAINT, 4)
    public static let SQLITE_CONSTRAINT_NOTNULL = extended(SQLITE_CONSTRAINT, 5)
    public static let SQLITE_CONSTRAINT_PRIMARYKEY = extended(SQLITE_CONSTRAINT, 6)
    public static let SQLITE_CONSTRAINT_TRIGGER = extended(SQLITE_CONSTRAINT, 7)
    public static let SQLITE_CONSTRAINT_UNIQUE = extended(SQLITE_CONSTRAINT, 8)
    public static let SQLITE_CONSTRAINT_VTAB = extended(SQLITE_CONSTRAINT, 9)
    public static let SQLITE_CONSTRAINT_ROWID = extended(SQLITE_CONSTRAINT, 10)
    public static let SQLITE_CONSTRAINT_PINNED = extended(SQLITE_CONSTRAINT, 11)
    public static let SQLITE_CONSTRAINT_DATATYPE = extended(SQLITE_CONSTRAINT, 12)
    public static let SQLITE_NOTICE_RECOVER_WAL = extended(SQLITE_NOTICE, 1)
    public static let SQLITE_NOTICE_RECOVER_ROLLBACK = extended(SQLITE_NOTICE, 2)
    public static let SQLITE_WARNING_AUTOINDEX = extended(SQLITE_WARNING, 1)
    public static let SQLITE_AUTH_USER = extended(SQLITE_AUTH, 1)
    public static let SQLITE_OK_LOAD_PERMANENTLY = extended(SQLITE_OK, 1)
}

/// The result codes as static members of ``DatabaseError``, for patterns as GRDB writes them:
/// `catch DatabaseError.SQLITE_CONSTRAINT`, `case DatabaseError.SQLITE_BUSY:`.
extension DatabaseError {
    public static let SQLITE_OK = ResultCode.SQLITE_OK
    public static let SQLITE_ERROR = ResultCode.SQLITE_ERROR
    public static let SQLITE_INTERNAL = ResultCode.SQLITE_INTERNAL
    public static let SQLITE_PERM = ResultCode.SQLITE_PERM
    public static let SQLITE_ABORT = ResultCode.SQLITE_ABORT
    public static let SQLITE_BUSY = ResultCode.SQLITE_BUSY
    public static let SQLITE_LOCKED = ResultCode.SQLITE_LOCKED
    public static let SQLITE_NOMEM = ResultCode.SQLITE_NOMEM
    public static let SQLITE_READONLY = ResultCode.SQLITE_READONLY
    public static let SQLITE_INTERRUPT = ResultCode.SQLITE_INTERRUPT
    public static let SQLITE_IOERR = ResultCode.SQLITE_IOERR
    public static let SQLITE_CORRUPT = ResultCode.SQLITE_CORRUPT
    public static let SQLITE_NOTFOUND = ResultCode.SQLITE_NOTFOUND
    public static let SQLITE_FULL = ResultCode.SQLITE_FULL
    public static let SQLITE_CANTOPEN = ResultCode.SQLITE_CANTOPEN
    public static let SQLITE_PROTOCOL = ResultCode.SQLITE_PROTOCOL
    public static let SQLITE_EMPTY = ResultCode.SQLITE_EMPTY
    public static let SQLITE_SCHEMA = ResultCode.SQLITE_SCHEMA
    public static let SQLITE_TOOBIG = ResultCode.SQLITE_TOOBIG
    public static let SQLITE_CONSTRAINT = ResultCode.SQLITE_CONSTRAINT
    public static let SQLITE_MISMATCH = ResultCode.SQLITE_MISMATCH
    public static let SQLITE_MISUSE = ResultCode.SQLITE_MISUSE
    public static let SQLITE_NOLFS = ResultCode.SQLITE_NOLFS
    public static let SQLITE_AUTH = ResultCode.SQLITE_AUTH
    public static let SQLITE_FORMAT = ResultCode.SQLITE_FORMAT
    public static let SQLITE_RANGE = ResultCode.SQLITE_RANGE
    public static let SQLITE_NOTADB = ResultCode.SQLITE_NOTADB
    public static let SQLITE_NOTICE = ResultCode.SQLITE_NOTICE
    public static let SQLITE_WARNING = ResultCode.SQLITE_WARNING
    public static let SQLITE_ROW = ResultCode.SQLITE_ROW
    public static let SQLITE_DONE = ResultCode.SQLITE_DONE
    public static let SQLITE_BUSY_SNAPSHOT = ResultCode.SQLITE_BUSY_SNAPSHOT
    public static let SQLITE_IOERR_DATA = ResultCode.SQLITE_IOERR_DATA
    public static let SQLITE_READONLY_DBMOVED = ResultCode.SQLITE_READONLY_DBMOVED
    public static let SQLITE_CONSTRAINT_CHECK = ResultCode.SQLITE_CONSTRAINT_CHECK
    public static let SQLITE_CONSTRAINT_FOREIGNKEY = ResultCode.SQLITE_CONSTRAINT_FOREIGNKEY
    public static let SQLITE_CONSTRAINT_NOTNULL = ResultCode.SQLITE_CONSTRAINT_NOTNULL
    public static let SQLITE_CONSTRAINT_PRIMARYKEY = ResultCode.SQLITE_CONSTRAINT_PRIMARYKEY
    public static let SQLITE_CONSTRAINT_TRIGGER = ResultCode.SQLITE_CONSTRAINT_TRIGGER
    public static let SQLITE_CONSTRAINT_UNIQUE = ResultCode.SQLITE_CONSTRAINT_UNIQUE
    public static let SQLITE_CONSTRAINT_ROWID = ResultCode.SQLITE_CONSTRAINT_ROWID
}
