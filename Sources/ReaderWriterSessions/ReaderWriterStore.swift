import PersistenceSession
import ReaderWriterDriver

/// What ``ReaderWriterSessionEngine`` needs of the driver's writer beyond `read`/`write`: how a session opens one
/// on a file. `DatabaseQueue` and `DatabasePool` conform; everything else about the session is one implementation
/// over the driver's `DatabaseWriter` abstraction.
public protocol ReaderWriterStore: DatabaseWriter {
    /// The driver kind a session over this writer reports.
    static var sessionDriver: DriverKind { get }
    /// Opens the writer on a file (or `file:` URI) with the session's configuration.
    static func openStore(path: String, configuration: Configuration) throws -> Self
}

extension DatabaseQueue: ReaderWriterStore {
    /// `queue`.
    public static var sessionDriver: DriverKind { .queue }

    /// One connection; the file's journal mode is left as it is (no `journalMode` configured).
    public static func openStore(path: String, configuration: Configuration) throws -> DatabaseQueue {
        try DatabaseQueue(path: path, configuration: configuration)
    }
}

extension DatabasePool: ReaderWriterStore {
    /// `pool`.
    public static var sessionDriver: DriverKind { .pool }

    /// WAL while open, with the file's original journal mode put back on close
    /// (`restoresJournalModeOnClose`), so a rollback-journal file shared with other apps leaves as it came (the
    /// driver removes the `-wal` and `-shm` too, even after a pool that only read). A read-only configuration never
    /// switches the file to WAL.
    public static func openStore(path: String, configuration: Configuration) throws -> DatabasePool {
        var configuration = configuration
        configuration.restoresJournalModeOnClose = true
        return try DatabasePool(path: path, configuration: configuration)
    }
}
