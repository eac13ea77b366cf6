extension DatabaseQueue {
    /// Runs `updates` in a transaction on the queue's connection, as GRDB's `DatabaseQueue.inTransaction(_:_:)`:
    /// it commits when `updates` returns `.commit`, rolls back when it returns `.rollback`, and rolls back and
    /// rethrows when it throws.
    ///
    /// Unlike `write`, the closure decides between commit and rollback without throwing. This is
    /// `writeWithoutTransaction` around ``Database/inTransaction(_:_:)``, so it is serialized with the queue's
    /// other accesses, and without a `kind` the transaction is IMMEDIATE (it takes the write lock at once), as GRDB's
    /// is on a writable connection; on a read-only file SQLite begins a read transaction instead.
    ///
    /// ```swift
    /// try dbQueue.inTransaction { db in
    ///     try Player(name: "Arthur").insert(db)
    ///     return .commit
    /// }
    /// ```
    public func inTransaction(
        _ kind: TransactionKind? = nil,
        _ updates: (Database) throws -> TransactionCompletion
    ) throws {
        try writeWithoutTransaction { db in
            try db.inTransaction(kind) { try updates(db) }
        }
    }
}
