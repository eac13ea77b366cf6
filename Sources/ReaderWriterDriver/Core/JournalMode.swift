/// SQLite's journal modes (`PRAGMA journal_mode`).
///
/// Only `wal` is stored in the file; the rollback modes are chosen by each connection, and a fresh connection on a
/// rollback-journal file reports `delete`.
public enum JournalMode: String, Sendable, Equatable, CaseIterable {
    /// Rollback journal deleted at the end of each transaction: SQLite's default.
    case delete
    /// Rollback journal truncated to zero length at the end of each transaction, which is faster than deleting it on
    /// many systems.
    case truncate
    /// Rollback journal kept and its header zeroed at the end of each transaction.
    case persist
    /// Rollback journal held in memory: faster, but a crash in the middle of a transaction can corrupt the file.
    case memory
    /// Write-ahead log (`-wal` and `-shm` files beside the database): readers and one writer run concurrently. Recorded
    /// in the file, and required by ``DatabasePool``.
    case wal
    /// No journal: `ROLLBACK` does not work and a crash in the middle of a transaction can corrupt the file.
    case off
}
