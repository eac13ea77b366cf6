import SQLiteEngine

/// How a transaction takes its locks (`BEGIN DEFERRED|IMMEDIATE|EXCLUSIVE`).
public enum TransactionKind: String, Sendable {
    /// `BEGIN DEFERRED`: no lock until the first statement needs one (a read takes a shared lock, a write the write
    /// lock). A transaction that reads first can then fail to write with `SQLITE_BUSY` (or `SQLITE_BUSY_SNAPSHOT` in
    /// WAL) when another connection wrote in between.
    case deferred = "DEFERRED"
    /// `BEGIN IMMEDIATE`: takes the write lock at once, so no other connection can start writing; readers go on (in
    /// WAL, and until commit in rollback-journal mode). The default of ``Database/inTransaction(_:_:)`` on the writer.
    case immediate = "IMMEDIATE"
    /// `BEGIN EXCLUSIVE`: takes the write lock at once and, outside WAL mode, keeps other connections from reading
    /// until the transaction ends. In WAL mode it behaves as ``immediate``.
    case exclusive = "EXCLUSIVE"
}

/// What a transaction or savepoint closure asks for when it returns normally.
public enum TransactionCompletion: Sendable {
    /// Commit the transaction (or release the savepoint), keeping its changes.
    case commit
    /// Roll the transaction (or the savepoint) back, undoing its changes; no error is thrown.
    case rollback
}

extension Database {
    /// Runs `body` in a transaction, for use inside `writeWithoutTransaction`: commits or rolls back as `body`
    /// returns, rolls back when it throws.
    ///
    /// Without a `kind`, as in GRDB, the transaction is IMMEDIATE on the writer (it takes the write lock at once, so
    /// it never fails half-way on a lock another writer holds) and DEFERRED in a read-only access.
    public func inTransaction(
        _ kind: TransactionKind? = nil, _ body: () throws -> TransactionCompletion
    ) throws {
        preconditionAccessible()
        try checkCancellation()
        let kind = kind ?? (access.isReadOnly ? .deferred : .immediate)
        try core.control("BEGIN \(kind.rawValue) TRANSACTION")
        do {
            switch try body() {
            case .commit: try core.control("COMMIT TRANSACTION")
            case .rollback: try core.control("ROLLBACK TRANSACTION")
            }
        } catch {
            core.rollbackQuietly()
            throw error
        }
    }

    /// Runs `body` in a savepoint: a nestable transaction. `.commit` releases it (its changes join the enclosing
    /// transaction, or are committed when there is none), `.rollback` undoes only its changes, and a thrown error
    /// undoes them and is rethrown.
    public func inSavepoint(_ body: () throws -> TransactionCompletion) throws {
        preconditionAccessible()
        try checkCancellation()
        let name = "driverport_savepoint_\(core.savepointDepth)"
        try core.control("SAVEPOINT \(name)")
        core.savepointDepth += 1
        defer { core.savepointDepth -= 1 }
        do {
            switch try body() {
            case .commit:
                try core.control("RELEASE SAVEPOINT \(name)")
            case .rollback:
                try core.control("ROLLBACK TRANSACTION TO SAVEPOINT \(name)")
                try core.control("RELEASE SAVEPOINT \(name)")
            }
        } catch {
            // The savepoint may already be gone (SQLite rolls a whole transaction back after some errors).
            if !core.engine.isAutocommit {
                try? core.control("ROLLBACK TRANSACTION TO SAVEPOINT \(name)")
                try? core.control("RELEASE SAVEPOINT \(name)")
            }
            throw error
        }
    }
}
