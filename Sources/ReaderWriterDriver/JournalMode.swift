/// SQLite's journal modes (`PRAGMA journal_mode`).
///
/// Only `wal` is stored in the file; the rollback modes are chosen by each connection, and a fresh connection on a
/// rollback-journal file reports `delete`.
public enum JournalMode: String, Sendable, Equatable, CaseIterable {
    case delete
    case truncate
    case persist
    case memory
    case wal
    case off
}
