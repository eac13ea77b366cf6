import Foundation
import MMEXSessionSupport
import PersistenceSession
import ReaderWriterDriver

/// What ``ReaderWriterSession`` needs of the driver's writer beyond `read`/`write`: how a session opens one on a
/// file and on the sample database. `DatabaseQueue` and `DatabasePool` conform; everything else about the session
/// is one implementation over the driver's `DatabaseWriter` abstraction.
public protocol ReaderWriterStore: DatabaseWriter {
    /// The driver kind a session over this writer reports.
    static var sessionDriver: DriverKind { get }
    /// Opens the writer on a file (or `file:` URI) with the session's configuration.
    static func openStore(path: String, configuration: Configuration) throws -> Self
    /// Opens the writer on a new sample database; `folder` is a private folder to remove after closing, if the
    /// sample needed a file.
    static func openSample(configuration: Configuration) throws -> (store: Self, location: SessionLocation, folder: URL?)
}

extension DatabaseQueue: ReaderWriterStore {
    /// `queue`.
    public static var sessionDriver: DriverKind { .queue }

    /// One connection; the file's journal mode is left as it is (no `journalMode` configured).
    public static func openStore(path: String, configuration: Configuration) throws -> DatabaseQueue {
        try DatabaseQueue(path: path, configuration: configuration)
    }

    /// The sample in memory (`:memory:`), as the legacy session keeps it.
    public static func openSample(configuration: Configuration) throws -> (store: DatabaseQueue, location: SessionLocation, folder: URL?) {
        let queue = try DatabaseQueue(configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.withEngineConnection { engine in try SampleDatabase.fill(engine) }
        }
        return (queue, .memory, nil)
    }
}

extension DatabasePool: ReaderWriterStore {
    /// `pool`.
    public static var sessionDriver: DriverKind { .pool }

    /// WAL while open, with the file's original journal mode put back on close
    /// (`restoresJournalModeOnClose`), so a rollback-journal file shared with MMEX desktop and Android leaves as it
    /// came (the driver removes the `-wal` and `-shm` too, even after a pool that only read). A read-only
    /// configuration never switches the file to WAL.
    public static func openStore(path: String, configuration: Configuration) throws -> DatabasePool {
        var configuration = configuration
        configuration.restoresJournalModeOnClose = true
        return try DatabasePool(path: path, configuration: configuration)
    }

    /// WAL needs a file: the sample is written into a private temporary folder, which the session removes when it
    /// closes. It is as private and short-lived as an in-memory database, but its location is that file.
    public static func openSample(configuration: Configuration) throws -> (store: DatabasePool, location: SessionLocation, folder: URL?) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("driverport-sample-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            let path = folder.appendingPathComponent("sample.mmb").path
            try SampleDatabase.createFile(at: path)
            return (try openStore(path: path, configuration: configuration), .file(path: path), folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }
}
