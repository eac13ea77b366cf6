import Foundation
import SQLiteEngine
import TestSupport

/// Small databases for the relocation tests: a `ledger` table whose rows the tests count after every move.
enum LedgerFixture {
    /// What a database holds: enough to tell that no committed row went missing or changed.
    struct Contents: Equatable, CustomStringConvertible {
        let rows: Int64
        let idSum: Int64
        let noteBytes: Int64
        var description: String { "\(rows) rows (id sum \(idSum), \(noteBytes) note bytes)" }
    }

    static let schema = "CREATE TABLE ledger(id INTEGER PRIMARY KEY, note TEXT NOT NULL);"

    /// Opens `path` read-write the way an app would, and reads what `ledger` holds (`nil`: no such table).
    static func contents(at path: String) throws -> Contents? {
        let connection = try EngineConnection(path: path, options: .readWrite)
        defer { connection.close() }
        return try contents(of: connection)
    }

    static func contents(of connection: EngineConnection) throws -> Contents? {
        guard try connection.scalar("SELECT 1 FROM sqlite_master WHERE name = 'ledger'") != nil else { return nil }
        let row = try connection.rows("SELECT count(*), coalesce(sum(id), 0), coalesce(sum(length(note)), 0) FROM ledger")
        guard case .integer(let count)? = row.first?[0], case .integer(let sum)? = row.first?[1],
              case .integer(let bytes)? = row.first?[2]
        else { return nil }
        return Contents(rows: count, idSum: sum, noteBytes: bytes)
    }

    /// `PRAGMA integrity_check` on the file at `path`.
    static func integrity(at path: String) throws -> String {
        let connection = try EngineConnection(path: path, options: .readWrite)
        defer { connection.close() }
        if case .text(let text)? = try connection.scalar("PRAGMA integrity_check") { return text }
        return "no answer"
    }

    /// Commits `transactions` transactions of `rowsPerTransaction` rows each.
    static func commit(_ connection: EngineConnection, transactions: Int, rowsPerTransaction: Int, firstID: Int64) throws {
        var id = firstID
        let insert = try connection.prepare("INSERT INTO ledger(id, note) VALUES (?, ?)")
        for _ in 0..<transactions {
            try connection.execute("BEGIN IMMEDIATE")
            for _ in 0..<rowsPerTransaction {
                try insert.bind(id, at: 1)
                try insert.bind(String(repeating: "entry \(id) ", count: 12), at: 2)
                _ = try insert.step()
                insert.reset()
                id += 1
            }
            try connection.execute("COMMIT")
        }
    }

    /// A database in rollback-journal mode (`DELETE`) with `rows` committed rows, closed.
    static func makeRollback(at path: String, rows: Int) throws {
        let connection = try EngineConnection(path: path, options: .create)
        try connection.execute(schema)
        if rows > 0 { try commit(connection, transactions: 1, rowsPerTransaction: rows, firstID: 1) }
        connection.close()
    }

    /// A rollback-journal database in `PERSIST` mode with `rows` rows, closed: its `-journal` stays beside it, with
    /// a zeroed header (nothing to roll back).
    static func makePersistJournal(at path: String, rows: Int) throws {
        let connection = try EngineConnection(path: path, options: .create)
        _ = try connection.scalar("PRAGMA journal_mode = PERSIST")
        try connection.execute(schema)
        try commit(connection, transactions: 1, rowsPerTransaction: rows, firstID: 1)
        connection.close()
    }

    /// A WAL-mode database with `rows` rows, closed cleanly (so no sidecar is left).
    static func makeWAL(at path: String, rows: Int) throws {
        let connection = try EngineConnection(path: path, options: .create)
        _ = try connection.scalar("PRAGMA journal_mode = WAL")
        try connection.execute(schema)
        if rows > 0 { try commit(connection, transactions: 1, rowsPerTransaction: rows, firstID: 1) }
        connection.close()
    }

    /// The files a crash in the middle of a large transaction leaves in rollback-journal mode: a main file that
    /// already holds some of the transaction's pages and a hot `-journal` with the pages they overwrote. Copies
    /// them to `path`; the database's committed state is `committedRows` rows.
    static func installHotJournalImage(at path: String, committedRows: Int) throws {
        let folder = TemporaryDirectory("driverport-hot-journal")
        let source = folder.path("ledger.db")
        let connection = try EngineConnection(path: source, options: .create)
        defer { connection.close() }
        try connection.execute(schema)
        try commit(connection, transactions: 1, rowsPerTransaction: committedRows, firstID: 1)
        // A tiny page cache makes SQLite write changed pages into the main file before the commit.
        _ = try connection.scalar("PRAGMA cache_size = 2")
        try connection.execute("BEGIN")
        try connection.run("UPDATE ledger SET note = upper(note)")
        let insert = try connection.prepare("INSERT INTO ledger(note) VALUES (?)")
        for index in 0..<400 {
            try insert.bind(String(repeating: "uncommitted \(index) ", count: 20), at: 1)
            _ = try insert.step()
            insert.reset()
        }
        try FileManager.default.copyItem(atPath: source, toPath: path)
        try FileManager.default.copyItem(atPath: source + "-journal", toPath: path + "-journal")
        try connection.execute("ROLLBACK")
    }

    /// Everything in a folder, byte for byte (file name -> bytes).
    static func snapshot(_ folder: String) -> [String: Data] {
        folderFingerprint(URL(fileURLWithPath: folder))
    }
}

/// A WAL-mode database whose newest committed transactions live only in its `-wal`, and a way to put a copy of
/// that state anywhere: what a crash of the app leaves on disk.
///
/// The writer connection stays open for the fixture's lifetime with `wal_autocheckpoint = 0`, so SQLite never
/// copies the WAL into the main file and never deletes it (a closing last connection would). Copying the main
/// file, `-wal` and `-shm` while the writer is idle between transactions yields exactly the files a killed app
/// leaves behind; the relocation then runs on that copy, with no other connection open on it, as at a real launch.
final class WALCrashImage {
    let folder = TemporaryDirectory("driverport-wal-image")
    let writer: EngineConnection
    /// What the database holds, counting the WAL.
    let expected: LedgerFixture.Contents
    /// What the main file alone holds (the WAL's transactions are not in it).
    let mainFileOnly: LedgerFixture.Contents
    var path: String { folder.path("ledger.db") }

    /// - Parameters:
    ///   - checkpointedRows: rows committed and checkpointed into the main file first.
    ///   - walTransactions: transactions committed afterwards, left in the WAL.
    init(checkpointedRows: Int = 50, walTransactions: Int = 30, rowsPerTransaction: Int = 10) throws {
        writer = try EngineConnection(path: folder.path("ledger.db"), options: .create)
        _ = try writer.scalar("PRAGMA journal_mode = WAL")
        try writer.execute(LedgerFixture.schema)
        try LedgerFixture.commit(writer, transactions: 1, rowsPerTransaction: checkpointedRows, firstID: 1)
        _ = try writer.rows("PRAGMA wal_checkpoint(TRUNCATE)")
        _ = try writer.scalar("PRAGMA wal_autocheckpoint = 0")
        try LedgerFixture.commit(
            writer, transactions: walTransactions, rowsPerTransaction: rowsPerTransaction,
            firstID: Int64(checkpointedRows) + 1
        )
        guard let expected = try LedgerFixture.contents(of: writer) else {
            throw FixtureError("the writer cannot read its own ledger")
        }
        self.expected = expected
        // The main file alone, read without its WAL (immutable: no sidecar is created or read).
        let mainOnly = try EngineConnection(
            path: FileURI.make(path: folder.path("ledger.db"), query: "immutable=1"),
            options: OpenOptions(access: .readOnly, uri: true)
        )
        defer { mainOnly.close() }
        guard let mainFileOnly = try LedgerFixture.contents(of: mainOnly) else {
            throw FixtureError("the main file has no ledger")
        }
        self.mainFileOnly = mainFileOnly
    }

    /// Copies the main file, `-wal` and `-shm` to `path` (plus the same suffixes).
    func install(at path: String) throws {
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.copyItem(atPath: self.path + suffix, toPath: path + suffix)
        }
    }

    deinit { writer.close() }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
