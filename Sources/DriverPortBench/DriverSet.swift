import LegacyDriver
import ReaderWriterDriver

/// The four implementations of the driver cases, open on one database file: the raw C baseline, the legacy
/// driver's connection, a queue and a pool.
///
/// The file is put in WAL mode first (a pool would switch it anyway), and every connection writes with
/// `synchronous = NORMAL` (what a pool's writer uses), so all four do the same I/O.
final class DriverSet {
    static let legacyName = "legacy"
    static let queueName = "queue"
    static let poolName = "pool"

    let raw: RawC
    let legacy: LegacyDriver.Connection
    let queue: DatabaseQueue
    let pool: DatabasePool

    /// Opens the four on `path` (an existing file).
    init(path: String, label: String) throws {
        let raw = try RawC(path: path)
        try raw.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        self.raw = raw
        legacy = try LegacyDriver.Connection(path)
        try legacy.execute("PRAGMA synchronous = NORMAL")
        var configuration = Configuration()
        configuration.label = "bench-\(label)"
        configuration.foreignKeysEnabled = false
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = NORMAL") }
        pool = try DatabasePool(path: path, configuration: configuration)
    }

    /// Closes the drivers (the raw connection closes when released).
    func close() {
        legacy.close()
        try? queue.close()
        try? pool.close()
    }

    /// A checkpoint that empties the WAL, so no implementation's timed commit pays for another's pages.
    func truncateWAL() throws {
        try raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
