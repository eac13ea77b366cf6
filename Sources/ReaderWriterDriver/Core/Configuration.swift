import SQLiteEngine

/// How a ``DatabaseQueue`` or ``DatabasePool`` opens and sets up its connections.
///
/// Every new connection is opened with `SQLITE_OPEN_NOMUTEX` (the queue or pool serializes every use of it), gets
/// its busy mode, then runs ``prepareDatabase(_:)`` functions before its first statement, then gets `foreign_keys`
/// and the journal mode.
public struct Configuration: Sendable {
    /// Open every connection read-only: writes fail, the file is never created, and the journal mode is never
    /// changed (a pool then does not switch the file to WAL).
    public var readonly: Bool = false
    /// What to do when another connection holds a lock. A ``DatabasePool``'s readers do not take it (see
    /// `readonlyBusyMode`).
    public var busyMode: BusyMode = .immediateError
    /// What read-only connections do when another connection holds a lock; `nil` (the default) chooses as GRDB does:
    /// a ``DatabasePool``'s readers wait up to 10 seconds, and the connections of a ``readonly`` queue take
    /// ``busyMode``.
    ///
    /// A reader of a WAL file still meets `SQLITE_BUSY` in SQLite's "obscure cases" (another connection in exclusive
    /// locking mode, the last connection cleaning up the `-wal` and `-shm` files as it closes, another connection
    /// recovering the WAL after a crash). A pool's readers exist so that reads do not fail on locks, so GRDB gives them
    /// a 10-second busy timeout whatever ``busyMode`` says, and so does this driver. GRDB keeps this setting internal;
    /// here it is package-wide, for tests.
    package var readonlyBusyMode: BusyMode?
    /// How many read-only connections a ``DatabasePool`` opens at most (created on demand). At least 1.
    public var maximumReaderCount: Int = 5
    /// The functions ``prepareDatabase(_:)`` added, run in order on every new connection.
    package var preparations: [@Sendable (Database) throws -> Void] = []
    /// `PRAGMA foreign_keys` for every connection. GRDB's default is `true`; an app whose files were
    /// written with foreign keys off (MMEX's, for example) sets this to `false`.
    public var foreignKeysEnabled: Bool = true
    /// The journal mode a ``DatabaseQueue`` sets on open; `nil` leaves the file as it is. A ``DatabasePool`` always
    /// uses WAL and rejects any other value here.
    public var journalMode: JournalMode?
    /// When a ``DatabasePool`` closes, put back the journal mode the file had before the pool switched it to WAL,
    /// so a rollback-journal file leaves as it came (no `-wal`/`-shm` left behind).
    public var restoresJournalModeOnClose: Bool = false
    /// A name for diagnostics: used in error messages and dispatch queue labels. Never a path's secret part.
    public var label: String?
    /// The SQLite VFS to open through (`nil`: the default one); the page codec registers its own.
    public var vfs: String?
    /// The SQLite library that opens the connections.
    public var library: SQLiteLibrary = .system

    /// The default configuration, as GRDB's: read-write, ``BusyMode/immediateError``, foreign keys enforced, the
    /// journal mode left as the file has it, at most 5 readers in a pool, the system SQLite library.
    public init() {}

    /// Adds a function that runs on every new connection before its first statement, after those added before it:
    /// the place to apply an encryption key (``Database/usePassphrase(_:)-(String)``) or register functions. The
    /// `db` it receives is valid only during the call; an error it throws fails the open. As GRDB's
    /// `Configuration.prepareDatabase(_:)`.
    public mutating func prepareDatabase(_ setup: @escaping @Sendable (Database) throws -> Void) {
        preparations.append(setup)
    }
}
