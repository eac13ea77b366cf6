import Foundation
import SQLiteCipher
import SQLiteEngine

// How the relocation opens a database is SQLiteCipher's `DatabaseAccess` (library, VFS, key, prepare); it opens a
// database for two reasons only: to tell whether it holds rows (without changing a byte of it or its sidecars), and
// to settle the file it is about to move (roll back a hot journal, checkpoint the WAL into the main file) so that
// the main file alone carries every committed transaction.
extension DatabaseAccess {
    /// Whether any user table of the database at `path` holds a row, counting the committed transactions in its
    /// `-wal` and leaving the file and every sidecar exactly as they were (see ``UntouchedReader``).
    ///
    /// Internal tables (`sqlite_*`) do not count, and neither do virtual tables (their shadow tables carry their
    /// rows). A schema without rows, such as an earlier launch creates, does not hold rows.
    public func holdsRows(atPath path: String) throws -> Bool {
        let reader = try UntouchedReader.open(path: path, library: library, vfs: vfs)
        let connection = reader.connection
        try prepare(connection)
        let tables = try connection.rows(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                + "AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name"
        )
        for row in tables {
            guard case .text(let name)? = row.first else { continue }
            if try connection.scalar("SELECT 1 FROM \(quoteIdentifier(name)) LIMIT 1") != nil { return true }
        }
        return false
    }

    /// Brings the database at `path` to a state where its main file alone holds every committed transaction, then
    /// closes it: a hot rollback journal is rolled back (the half-written transaction never committed), and a WAL
    /// is checkpointed into the main file and truncated. When this connection is the last one, SQLite removes the
    /// `-wal` and `-shm` as it closes.
    ///
    /// - Parameter opened: called once the connection is open and the file recovered, before the checkpoint.
    /// - Throws: ``SettleError/inUse(path:detail:)`` when another connection holds the database (the checkpoint
    ///   reports busy, or the `-wal` is still there after the close), ``SettleError/failed(path:detail:)`` when it
    ///   cannot be opened, read or checkpointed.
    public func settle(atPath path: String, opened: () -> Void = {}) throws(SettleError) {
        do {
            let connection = try EngineConnection(
                path: path, options: OpenOptions(access: .readWrite, vfs: vfs), library: library
            )
            defer { connection.close() }
            try prepare(connection)
            try connection.setBusyTimeout(milliseconds: 0)
            // The first read rolls back a hot journal and recovers the WAL index.
            _ = try connection.scalar("SELECT count(*) FROM sqlite_master")
            opened()
            if case .text(let mode)? = try connection.pragma("journal_mode"), mode.lowercased() == "wal" {
                let result = try connection.rows("PRAGMA wal_checkpoint(TRUNCATE)")
                if case .integer(let busy)? = result.first?.first, busy != 0 {
                    throw SettleError.inUse(path: path, detail: "the WAL checkpoint reported the database busy")
                }
            }
        } catch let error as SettleError {
            throw error
        } catch let error as SQLiteError where error.code == ResultCode.busy || error.code == ResultCode.locked {
            throw .inUse(path: path, detail: error.description)
        } catch {
            throw .failed(path: path, detail: "\(error)")
        }
        if Sidecar.carriesTransactions(.journal, atPath: Sidecar.journal.path(for: path)) {
            throw .failed(path: path, detail: "its hot -journal is still there after opening it")
        }
        if FileManager.default.fileExists(atPath: Sidecar.wal.path(for: path)) {
            // The last connection to close removes the -wal; it is still there, so another connection is open.
            throw .inUse(path: path, detail: "another connection keeps its -wal open")
        }
    }
}

/// Why a database could not be settled before a move.
public enum SettleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another connection (another process, a widget) has the database open.
    case inUse(path: String, detail: String)
    /// It could not be opened, read or checkpointed.
    case failed(path: String, detail: String)

    public var description: String {
        switch self {
        case .inUse(let path, let detail): "\(path) is open in another connection (\(detail))"
        case .failed(let path, let detail): "\(path) could not be prepared for the move: \(detail)"
        }
    }
}
