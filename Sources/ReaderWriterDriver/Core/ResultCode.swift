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
    /// The call completed without error.
    public static let SQLITE_OK = ResultCode(rawValue: 0)
    /// A generic error, when no more specific code applies: an SQL syntax error, a missing table or column, a failed
    /// `PRAGMA`.
    public static let SQLITE_ERROR = ResultCode(rawValue: 1)
    /// A malfunction inside SQLite (or an extension it runs): a bug, not something the app caused.
    public static let SQLITE_INTERNAL = ResultCode(rawValue: 2)
    /// The file could not be opened with the access mode requested for a new database.
    public static let SQLITE_PERM = ResultCode(rawValue: 3)
    /// An operation was stopped before it completed, for example a statement cut short by a rollback.
    public static let SQLITE_ABORT = ResultCode(rawValue: 4)
    /// Another connection (in this process or another) holds a lock on the file, and the busy mode did not wait long
    /// enough for it (see ``Configuration/busyMode``).
    public static let SQLITE_BUSY = ResultCode(rawValue: 5)
    /// A conflict inside one connection, or between connections sharing a cache: for example a `DROP TABLE` while a
    /// statement still reads that table.
    public static let SQLITE_LOCKED = ResultCode(rawValue: 6)
    /// SQLite could not allocate the memory it needed.
    public static let SQLITE_NOMEM = ResultCode(rawValue: 7)
    /// A write on a database that cannot be written: a read-only connection or file (``Configuration/readonly``, a
    /// pool's readers).
    public static let SQLITE_READONLY = ResultCode(rawValue: 8)
    /// A statement was interrupted before it completed. When a cancelled `async` access interrupts its statement, the
    /// driver throws `CancellationError` instead.
    public static let SQLITE_INTERRUPT = ResultCode(rawValue: 9)
    /// The operating system reported an input/output error; the extended codes `SQLITE_IOERR_*` say which operation
    /// failed.
    public static let SQLITE_IOERR = ResultCode(rawValue: 10)
    /// The database file is damaged.
    public static let SQLITE_CORRUPT = ResultCode(rawValue: 11)
    /// An unknown file-control operation or system call; queries never report it.
    public static let SQLITE_NOTFOUND = ResultCode(rawValue: 12)
    /// A write failed because the disk (or the temporary directory) is full.
    public static let SQLITE_FULL = ResultCode(rawValue: 13)
    /// SQLite could not open a file: the database, its journal, or a temporary file (a missing directory, missing
    /// permissions, or a read-only open of a file that does not exist).
    public static let SQLITE_CANTOPEN = ResultCode(rawValue: 14)
    /// The file-locking protocol failed, typically a WAL lock race that SQLite gave up retrying.
    public static let SQLITE_PROTOCOL = ResultCode(rawValue: 15)
    /// Not used by current versions of SQLite.
    public static let SQLITE_EMPTY = ResultCode(rawValue: 16)
    /// The schema changed while a statement was prepared; SQLite re-prepares it and reports this only when that keeps
    /// failing.
    public static let SQLITE_SCHEMA = ResultCode(rawValue: 17)
    /// A string, blob or row exceeds SQLite's size limit.
    public static let SQLITE_TOOBIG = ResultCode(rawValue: 18)
    /// A constraint was violated (NOT NULL, UNIQUE, PRIMARY KEY, CHECK, FOREIGN KEY...); the extended codes
    /// `SQLITE_CONSTRAINT_*` say which kind.
    public static let SQLITE_CONSTRAINT = ResultCode(rawValue: 19)
    /// A datatype mismatch, such as a non-integer for an INTEGER PRIMARY KEY. The driver also reports a column value
    /// that cannot become the requested Swift type with this code (``DatabaseError/Kind/valueConversion``).
    public static let SQLITE_MISMATCH = ResultCode(rawValue: 20)
    /// SQLite's interface was used in a way it does not support. The driver also reports its own usage errors with this
    /// code: a reentrant access, a closed database, a transaction left open, an invalid configuration.
    public static let SQLITE_MISUSE = ResultCode(rawValue: 21)
    /// The file grew beyond what the system supports without large-file support.
    public static let SQLITE_NOLFS = ResultCode(rawValue: 22)
    /// The authorizer callback denied the statement.
    public static let SQLITE_AUTH = ResultCode(rawValue: 23)
    /// Not used by current versions of SQLite.
    public static let SQLITE_FORMAT = ResultCode(rawValue: 24)
    /// A parameter index out of range when binding. The driver also reports arguments that do not match the statement's
    /// parameters and a column that does not exist with this code (``DatabaseError/Kind/invalidArguments``,
    /// ``DatabaseError/Kind/columnNotFound``).
    public static let SQLITE_RANGE = ResultCode(rawValue: 25)
    /// The file is not an SQLite database, or it is encrypted and the key is missing or wrong.
    public static let SQLITE_NOTADB = ResultCode(rawValue: 26)
    /// An informational message to SQLite's error log; never the result of a call.
    public static let SQLITE_NOTICE = ResultCode(rawValue: 27)
    /// A warning to SQLite's error log; never the result of a call.
    public static let SQLITE_WARNING = ResultCode(rawValue: 28)
    /// A step produced a row (not an error: the driver's cursors handle it).
    public static let SQLITE_ROW = ResultCode(rawValue: 100)
    /// A statement finished running (not an error: the driver's cursors handle it).
    public static let SQLITE_DONE = ResultCode(rawValue: 101)

    /// An extended code: `primary` with `detail` in the second byte, as SQLite numbers them.
    private static func extended(_ primary: ResultCode, _ detail: Int32) -> ResultCode {
        ResultCode(rawValue: primary.rawValue | detail << 8)
    }

    // Extended result codes an app tests for (SQLite's numbering).
    /// A statement names a collation that is not defined on the connection.
    public static let SQLITE_ERROR_MISSING_COLLSEQ = extended(SQLITE_ERROR, 1)
    /// Used inside SQLite's query planner to retry a preparation; not normally seen by apps.
    public static let SQLITE_ERROR_RETRY = extended(SQLITE_ERROR, 2)
    /// A historical snapshot could not be opened because it is no longer available.
    public static let SQLITE_ERROR_SNAPSHOT = extended(SQLITE_ERROR, 3)
    /// Reading from the file failed.
    public static let SQLITE_IOERR_READ = extended(SQLITE_IOERR, 1)
    /// A read returned fewer bytes than requested.
    public static let SQLITE_IOERR_SHORT_READ = extended(SQLITE_IOERR, 2)
    /// Writing to the file failed.
    public static let SQLITE_IOERR_WRITE = extended(SQLITE_IOERR, 3)
    /// Flushing the file to storage (`fsync`) failed.
    public static let SQLITE_IOERR_FSYNC = extended(SQLITE_IOERR, 4)
    /// Flushing a directory to storage (`fsync`) failed.
    public static let SQLITE_IOERR_DIR_FSYNC = extended(SQLITE_IOERR, 5)
    /// Truncating a file failed.
    public static let SQLITE_IOERR_TRUNCATE = extended(SQLITE_IOERR, 6)
    /// Reading a file's size or attributes (`fstat`) failed.
    public static let SQLITE_IOERR_FSTAT = extended(SQLITE_IOERR, 7)
    /// Releasing a file lock failed.
    public static let SQLITE_IOERR_UNLOCK = extended(SQLITE_IOERR, 8)
    /// Taking a shared (read) lock failed.
    public static let SQLITE_IOERR_RDLOCK = extended(SQLITE_IOERR, 9)
    /// Deleting a file, such as a rollback journal, failed.
    public static let SQLITE_IOERR_DELETE = extended(SQLITE_IOERR, 10)
    /// Memory ran out during an input/output operation.
    public static let SQLITE_IOERR_NOMEM = extended(SQLITE_IOERR, 12)
    /// Checking whether a file exists or is accessible failed.
    public static let SQLITE_IOERR_ACCESS = extended(SQLITE_IOERR, 13)
    /// Checking or taking a lock on the file failed.
    public static let SQLITE_IOERR_LOCK = extended(SQLITE_IOERR, 15)
    /// Closing a file failed.
    public static let SQLITE_IOERR_CLOSE = extended(SQLITE_IOERR, 16)
    /// Opening the WAL's shared-memory file (`-shm`) failed.
    public static let SQLITE_IOERR_SHMOPEN = extended(SQLITE_IOERR, 18)
    /// Growing the WAL's shared-memory file (`-shm`) failed.
    public static let SQLITE_IOERR_SHMSIZE = extended(SQLITE_IOERR, 19)
    /// Locking the WAL's shared memory failed (no longer used by SQLite).
    public static let SQLITE_IOERR_SHMLOCK = extended(SQLITE_IOERR, 20)
    /// Mapping the WAL's shared memory into the process failed.
    public static let SQLITE_IOERR_SHMMAP = extended(SQLITE_IOERR, 21)
    /// Moving to a position in a file failed.
    public static let SQLITE_IOERR_SEEK = extended(SQLITE_IOERR, 22)
    /// A file to delete does not exist.
    public static let SQLITE_IOERR_DELETE_NOENT = extended(SQLITE_IOERR, 23)
    /// Memory-mapping a part of the database file failed.
    public static let SQLITE_IOERR_MMAP = extended(SQLITE_IOERR, 24)
    /// A page failed its checksum (with SQLite's checksum VFS shim): the data on disk is damaged.
    public static let SQLITE_IOERR_DATA = extended(SQLITE_IOERR, 32)
    /// A read or seek fell outside the file's bounds, which usually means a damaged file system.
    public static let SQLITE_IOERR_CORRUPTFS = extended(SQLITE_IOERR, 33)
    /// A lock conflict with another connection sharing the same cache.
    public static let SQLITE_LOCKED_SHAREDCACHE = extended(SQLITE_LOCKED, 1)
    /// A virtual table could not complete because of a lock held elsewhere.
    public static let SQLITE_LOCKED_VTAB = extended(SQLITE_LOCKED, 2)
    /// Another connection is recovering the WAL after a crash; retrying later succeeds.
    public static let SQLITE_BUSY_RECOVERY = extended(SQLITE_BUSY, 1)
    /// A transaction that started by reading cannot start writing, because another connection wrote after its snapshot
    /// was taken: waiting does not help, restart the transaction.
    public static let SQLITE_BUSY_SNAPSHOT = extended(SQLITE_BUSY, 2)
    /// A blocking lock wait timed out (SQLite built with `SQLITE_ENABLE_SETLK_TIMEOUT` only).
    public static let SQLITE_BUSY_TIMEOUT = extended(SQLITE_BUSY, 3)
    /// No temporary directory was available (no longer used by SQLite).
    public static let SQLITE_CANTOPEN_NOTEMPDIR = extended(SQLITE_CANTOPEN, 1)
    /// The path names a directory, not a file.
    public static let SQLITE_CANTOPEN_ISDIR = extended(SQLITE_CANTOPEN, 2)
    /// The file's full path could not be worked out.
    public static let SQLITE_CANTOPEN_FULLPATH = extended(SQLITE_CANTOPEN, 3)
    /// Converting the path for the system failed (Cygwin only).
    public static let SQLITE_CANTOPEN_CONVPATH = extended(SQLITE_CANTOPEN, 4)
    /// The path is a symbolic link and the open refused to follow one.
    public static let SQLITE_CANTOPEN_SYMLINK = extended(SQLITE_CANTOPEN, 6)
    /// A virtual table's content is damaged.
    public static let SQLITE_CORRUPT_VTAB = extended(SQLITE_CORRUPT, 1)
    /// The `sqlite_sequence` table (AUTOINCREMENT counters) is malformed.
    public static let SQLITE_CORRUPT_SEQUENCE = extended(SQLITE_CORRUPT, 2)
    /// An index does not match its table; `REINDEX` can rebuild it.
    public static let SQLITE_CORRUPT_INDEX = extended(SQLITE_CORRUPT, 3)
    /// A WAL file needs recovery, which a read-only connection cannot do.
    public static let SQLITE_READONLY_RECOVERY = extended(SQLITE_READONLY, 1)
    /// A read-only connection could not lock the WAL's shared memory.
    public static let SQLITE_READONLY_CANTLOCK = extended(SQLITE_READONLY, 2)
    /// A hot journal needs rolling back, which a read-only connection cannot do.
    public static let SQLITE_READONLY_ROLLBACK = extended(SQLITE_READONLY, 3)
    /// The database file was moved, renamed or deleted after it was opened, so it is no longer written.
    public static let SQLITE_READONLY_DBMOVED = extended(SQLITE_READONLY, 4)
    /// The WAL's shared memory is read-only and not initialized yet.
    public static let SQLITE_READONLY_CANTINIT = extended(SQLITE_READONLY, 5)
    /// The directory of the database is read-only, so no journal can be created in it.
    public static let SQLITE_READONLY_DIRECTORY = extended(SQLITE_READONLY, 6)
    /// A statement was stopped because the transaction it ran in was rolled back.
    public static let SQLITE_ABORT_ROLLBACK = extended(SQLITE_ABORT, 2)
    /// A CHECK constraint failed.
    public static let SQLITE_CONSTRAINT_CHECK = extended(SQLITE_CONSTRAINT, 1)
    /// A commit hook asked for the commit to be rolled back.
    public static let SQLITE_CONSTRAINT_COMMITHOOK = extended(SQLITE_CONSTRAINT, 2)
    /// A FOREIGN KEY constraint failed (with ``Configuration/foreignKeysEnabled``).
    public static let SQLITE_CONSTRAINT_FOREIGNKEY = extended(SQLITE_CONSTRAINT, 3)
    /// A function of an extension reported a constraint error.
    public static let SQLITE_CONSTRAINT_FUNCTION = extended(SQLITE_CONSTRAINT, 4)
    /// A NOT NULL constraint failed.
    public static let SQLITE_CONSTRAINT_NOTNULL = extended(SQLITE_CONSTRAINT, 5)
    /// A PRIMARY KEY constraint failed: the key is already taken.
    public static let SQLITE_CONSTRAINT_PRIMARYKEY = extended(SQLITE_CONSTRAINT, 6)
    /// A trigger's `RAISE` function failed the statement.
    public static let SQLITE_CONSTRAINT_TRIGGER = extended(SQLITE_CONSTRAINT, 7)
    /// A UNIQUE constraint failed.
    public static let SQLITE_CONSTRAINT_UNIQUE = extended(SQLITE_CONSTRAINT, 8)
    /// A virtual table reported a constraint error.
    public static let SQLITE_CONSTRAINT_VTAB = extended(SQLITE_CONSTRAINT, 9)
    /// A rowid is not unique.
    public static let SQLITE_CONSTRAINT_ROWID = extended(SQLITE_CONSTRAINT, 10)
    /// An UPDATE trigger tried to delete the row being updated.
    public static let SQLITE_CONSTRAINT_PINNED = extended(SQLITE_CONSTRAINT, 11)
    /// A value of the wrong type was stored in a column of a STRICT table.
    public static let SQLITE_CONSTRAINT_DATATYPE = extended(SQLITE_CONSTRAINT, 12)
    /// A log notice: a WAL file was recovered.
    public static let SQLITE_NOTICE_RECOVER_WAL = extended(SQLITE_NOTICE, 1)
    /// A log notice: a hot journal was rolled back.
    public static let SQLITE_NOTICE_RECOVER_ROLLBACK = extended(SQLITE_NOTICE, 2)
    /// A log warning: SQLite built an automatic index, a sign that an index is missing.
    public static let SQLITE_WARNING_AUTOINDEX = extended(SQLITE_WARNING, 1)
    /// The user-authentication extension refused the user.
    public static let SQLITE_AUTH_USER = extended(SQLITE_AUTH, 1)
    /// An extension's initializer asks to stay loaded after the connection closes.
    public static let SQLITE_OK_LOAD_PERMANENTLY = extended(SQLITE_OK, 1)
}

/// The result codes as static members of ``DatabaseError``, for patterns as GRDB writes them:
/// `catch DatabaseError.SQLITE_CONSTRAINT`, `case DatabaseError.SQLITE_BUSY:`.
extension DatabaseError {
    /// ``ResultCode/SQLITE_OK``: the call completed without error.
    public static let SQLITE_OK = ResultCode.SQLITE_OK
    /// ``ResultCode/SQLITE_ERROR``: a generic error, when no more specific code applies: an SQL syntax error, a missing
    /// table or column, a failed `PRAGMA`.
    public static let SQLITE_ERROR = ResultCode.SQLITE_ERROR
    /// ``ResultCode/SQLITE_INTERNAL``: a malfunction inside SQLite (or an extension it runs): a bug, not something the
    /// app caused.
    public static let SQLITE_INTERNAL = ResultCode.SQLITE_INTERNAL
    /// ``ResultCode/SQLITE_PERM``: the file could not be opened with the access mode requested for a new database.
    public static let SQLITE_PERM = ResultCode.SQLITE_PERM
    /// ``ResultCode/SQLITE_ABORT``: an operation was stopped before it completed, for example a statement cut short by
    /// a rollback.
    public static let SQLITE_ABORT = ResultCode.SQLITE_ABORT
    /// ``ResultCode/SQLITE_BUSY``: another connection (in this process or another) holds a lock on the file, and the
    /// busy mode did not wait long enough for it (see ``Configuration/busyMode``).
    public static let SQLITE_BUSY = ResultCode.SQLITE_BUSY
    /// ``ResultCode/SQLITE_LOCKED``: a conflict inside one connection, or between connections sharing a cache: for
    /// example a `DROP TABLE` while a statement still reads that table.
    public static let SQLITE_LOCKED = ResultCode.SQLITE_LOCKED
    /// ``ResultCode/SQLITE_NOMEM``: SQLite could not allocate the memory it needed.
    public static let SQLITE_NOMEM = ResultCode.SQLITE_NOMEM
    /// ``ResultCode/SQLITE_READONLY``: a write on a database that cannot be written: a read-only connection or file
    /// (``Configuration/readonly``, a pool's readers).
    public static let SQLITE_READONLY = ResultCode.SQLITE_READONLY
    /// ``ResultCode/SQLITE_INTERRUPT``: a statement was interrupted before it completed. When a cancelled `async`
    /// access interrupts its statement, the driver throws `CancellationError` instead.
    public static let SQLITE_INTERRUPT = ResultCode.SQLITE_INTERRUPT
    /// ``ResultCode/SQLITE_IOERR``: the operating system reported an input/output error; the extended codes
    /// `SQLITE_IOERR_*` say which operation failed.
    public static let SQLITE_IOERR = ResultCode.SQLITE_IOERR
    /// ``ResultCode/SQLITE_CORRUPT``: the database file is damaged.
    public static let SQLITE_CORRUPT = ResultCode.SQLITE_CORRUPT
    /// ``ResultCode/SQLITE_NOTFOUND``: an unknown file-control operation or system call; queries never report it.
    public static let SQLITE_NOTFOUND = ResultCode.SQLITE_NOTFOUND
    /// ``ResultCode/SQLITE_FULL``: a write failed because the disk (or the temporary directory) is full.
    public static let SQLITE_FULL = ResultCode.SQLITE_FULL
    /// ``ResultCode/SQLITE_CANTOPEN``: SQLite could not open a file: the database, its journal, or a temporary file (a
    /// missing directory, missing permissions, or a read-only open of a file that does not exist).
    public static let SQLITE_CANTOPEN = ResultCode.SQLITE_CANTOPEN
    /// ``ResultCode/SQLITE_PROTOCOL``: the file-locking protocol failed, typically a WAL lock race that SQLite gave up
    /// retrying.
    public static let SQLITE_PROTOCOL = ResultCode.SQLITE_PROTOCOL
    /// ``ResultCode/SQLITE_EMPTY``: not used by current versions of SQLite.
    public static let SQLITE_EMPTY = ResultCode.SQLITE_EMPTY
    /// ``ResultCode/SQLITE_SCHEMA``: the schema changed while a statement was prepared; SQLite re-prepares it and
    /// reports this only when that keeps failing.
    public static let SQLITE_SCHEMA = ResultCode.SQLITE_SCHEMA
    /// ``ResultCode/SQLITE_TOOBIG``: a string, blob or row exceeds SQLite's size limit.
    public static let SQLITE_TOOBIG = ResultCode.SQLITE_TOOBIG
    /// ``ResultCode/SQLITE_CONSTRAINT``: a constraint was violated (NOT NULL, UNIQUE, PRIMARY KEY, CHECK, FOREIGN
    /// KEY...); the extended codes `SQLITE_CONSTRAINT_*` say which kind.
    public static let SQLITE_CONSTRAINT = ResultCode.SQLITE_CONSTRAINT
    /// ``ResultCode/SQLITE_MISMATCH``: a datatype mismatch, such as a non-integer for an INTEGER PRIMARY KEY. The
    /// driver also reports a column value that cannot become the requested Swift type with this code
    /// (``DatabaseError/Kind/valueConversion``).
    public static let SQLITE_MISMATCH = ResultCode.SQLITE_MISMATCH
    /// ``ResultCode/SQLITE_MISUSE``: SQLite's interface was used in a way it does not support. The driver also reports
    /// its own usage errors with this code: a reentrant access, a closed database, a transaction left open, an invalid
    /// configuration.
    public static let SQLITE_MISUSE = ResultCode.SQLITE_MISUSE
    /// ``ResultCode/SQLITE_NOLFS``: the file grew beyond what the system supports without large-file support.
    public static let SQLITE_NOLFS = ResultCode.SQLITE_NOLFS
    /// ``ResultCode/SQLITE_AUTH``: the authorizer callback denied the statement.
    public static let SQLITE_AUTH = ResultCode.SQLITE_AUTH
    /// ``ResultCode/SQLITE_FORMAT``: not used by current versions of SQLite.
    public static let SQLITE_FORMAT = ResultCode.SQLITE_FORMAT
    /// ``ResultCode/SQLITE_RANGE``: a parameter index out of range when binding. The driver also reports arguments that
    /// do not match the statement's parameters and a column that does not exist with this code
    /// (``DatabaseError/Kind/invalidArguments``, ``DatabaseError/Kind/columnNotFound``).
    public static let SQLITE_RANGE = ResultCode.SQLITE_RANGE
    /// ``ResultCode/SQLITE_NOTADB``: the file is not an SQLite database, or it is encrypted and the key is missing or
    /// wrong.
    public static let SQLITE_NOTADB = ResultCode.SQLITE_NOTADB
    /// ``ResultCode/SQLITE_NOTICE``: an informational message to SQLite's error log; never the result of a call.
    public static let SQLITE_NOTICE = ResultCode.SQLITE_NOTICE
    /// ``ResultCode/SQLITE_WARNING``: a warning to SQLite's error log; never the result of a call.
    public static let SQLITE_WARNING = ResultCode.SQLITE_WARNING
    /// ``ResultCode/SQLITE_ROW``: a step produced a row (not an error: the driver's cursors handle it).
    public static let SQLITE_ROW = ResultCode.SQLITE_ROW
    /// ``ResultCode/SQLITE_DONE``: a statement finished running (not an error: the driver's cursors handle it).
    public static let SQLITE_DONE = ResultCode.SQLITE_DONE
    /// ``ResultCode/SQLITE_BUSY_SNAPSHOT``: a transaction that started by reading cannot start writing, because another
    /// connection wrote after its snapshot was taken: waiting does not help, restart the transaction.
    public static let SQLITE_BUSY_SNAPSHOT = ResultCode.SQLITE_BUSY_SNAPSHOT
    /// ``ResultCode/SQLITE_IOERR_DATA``: a page failed its checksum (with SQLite's checksum VFS shim): the data on disk
    /// is damaged.
    public static let SQLITE_IOERR_DATA = ResultCode.SQLITE_IOERR_DATA
    /// ``ResultCode/SQLITE_READONLY_DBMOVED``: the database file was moved, renamed or deleted after it was opened, so
    /// it is no longer written.
    public static let SQLITE_READONLY_DBMOVED = ResultCode.SQLITE_READONLY_DBMOVED
    /// ``ResultCode/SQLITE_CONSTRAINT_CHECK``: a CHECK constraint failed.
    public static let SQLITE_CONSTRAINT_CHECK = ResultCode.SQLITE_CONSTRAINT_CHECK
    /// ``ResultCode/SQLITE_CONSTRAINT_FOREIGNKEY``: a FOREIGN KEY constraint failed (with
    /// ``Configuration/foreignKeysEnabled``).
    public static let SQLITE_CONSTRAINT_FOREIGNKEY = ResultCode.SQLITE_CONSTRAINT_FOREIGNKEY
    /// ``ResultCode/SQLITE_CONSTRAINT_NOTNULL``: a NOT NULL constraint failed.
    public static let SQLITE_CONSTRAINT_NOTNULL = ResultCode.SQLITE_CONSTRAINT_NOTNULL
    /// ``ResultCode/SQLITE_CONSTRAINT_PRIMARYKEY``: a PRIMARY KEY constraint failed: the key is already taken.
    public static let SQLITE_CONSTRAINT_PRIMARYKEY = ResultCode.SQLITE_CONSTRAINT_PRIMARYKEY
    /// ``ResultCode/SQLITE_CONSTRAINT_TRIGGER``: a trigger's `RAISE` function failed the statement.
    public static let SQLITE_CONSTRAINT_TRIGGER = ResultCode.SQLITE_CONSTRAINT_TRIGGER
    /// ``ResultCode/SQLITE_CONSTRAINT_UNIQUE``: a UNIQUE constraint failed.
    public static let SQLITE_CONSTRAINT_UNIQUE = ResultCode.SQLITE_CONSTRAINT_UNIQUE
    /// ``ResultCode/SQLITE_CONSTRAINT_ROWID``: a rowid is not unique.
    public static let SQLITE_CONSTRAINT_ROWID = ResultCode.SQLITE_CONSTRAINT_ROWID
}
