import SQLiteEngine

/// A file SQLite keeps beside a database, named by the database's path plus a suffix.
///
/// The cases are in the order the relocation moves them: the write-ahead log first (it holds committed
/// transactions), then its shared-memory index, then the rollback journal.
public enum Sidecar: String, CaseIterable, Sendable, Codable {
    /// The write-ahead log: committed transactions not yet copied into the main file.
    case wal = "-wal"
    /// The WAL's shared-memory index; SQLite rebuilds it from the `-wal`, so it never holds data of its own.
    case shm = "-shm"
    /// The rollback journal: while hot, the original pages a half-written transaction overwrote.
    case journal = "-journal"

    /// The sidecar's path for a database at `databasePath`.
    public func path(for databasePath: String) -> String { databasePath + rawValue }

    /// Whether this sidecar, at `path`, may hold something the main file needs: a `-wal` that is not empty (its
    /// frames are committed transactions), or a `-journal` that may be hot (its pages undo a half-written
    /// transaction). A `-shm` never does.
    public static func carriesTransactions(_ sidecar: Sidecar, atPath path: String) -> Bool {
        switch sidecar {
        case .wal: return UntouchedReader.size(ofFileAt: path) > 0
        case .shm: return false
        case .journal: return UntouchedReader.isHotJournalCandidate(atPath: path)
        }
    }
}
