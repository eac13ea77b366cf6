import SQLiteEngine

/// How each kind of access runs on a connection: the transaction around the closure, the read-only guard, the
/// `Database` handle's lifetime.
extension ConnectionCore {
    /// Runs `body` with a fresh `Database` handle that is marked on this thread and made unusable afterwards.
    func withDatabase<T>(
        _ access: AccessKind, cancellation: CancellationFlag?, _ body: (Database) throws -> T
    ) throws -> T {
        guard !isClosed else { throw DatabaseError.closed(label: label) }
        let db = Database(core: self, access: access, cancellation: cancellation)
        schemaChecked = false  // another connection may have changed the schema since the last access
        AccessMarker.push(db)
        activeCancellation = cancellation
        defer {
            activeCancellation = nil
            db.endAccess()
            AccessMarker.pop(db)
        }
        try db.checkCancellation()
        return try body(db)
    }

    /// Rolls back the open transaction, if any, ignoring errors (the caller is already reporting one).
    func rollbackQuietly() {
        activeCancellation = nil  // never interrupt the rollback itself
        if !engine.isAutocommit { try? control("ROLLBACK TRANSACTION") }
    }

    /// `read`: one read-only transaction, so the closure sees one snapshot from start to end.
    ///
    /// On a pool reader the snapshot is taken at once (a first read right after BEGIN), so a write committed after
    /// the access started is never seen, even by its first statement. On a queue the connection is made
    /// `query_only` for the duration.
    func performRead<T>(cancellation: CancellationFlag?, _ body: (Database) throws -> T) throws -> T {
        try withDatabase(.read, cancellation: cancellation) { db in
            try withQueryOnly {
                try control("BEGIN DEFERRED TRANSACTION")
                do {
                    if role == .poolReader { try control("SELECT 1 FROM sqlite_master LIMIT 1") }
                    let result = try body(db)
                    if !engine.isAutocommit { try control("COMMIT TRANSACTION") }
                    return result
                } catch {
                    rollbackQuietly()
                    throw error
                }
            }
        }
    }

    /// `unsafeRead`: read-only, without a transaction (each statement sees the latest committed state).
    func performUnsafeRead<T>(cancellation: CancellationFlag?, _ body: (Database) throws -> T) throws -> T {
        try withDatabase(.unsafeRead, cancellation: cancellation) { db in
            try withQueryOnly { try requireNoTransactionLeft(db, body(db)) }
        }
    }

    /// `write`: an IMMEDIATE transaction, committed when `body` returns and rolled back when it throws.
    func performWrite<T>(cancellation: CancellationFlag?, _ body: (Database) throws -> T) throws -> T {
        let tracking = beginChangeTracking()
        defer { endChangeTracking(tracking) }
        return try withDatabase(.write, cancellation: cancellation) { db in
            try control("BEGIN IMMEDIATE TRANSACTION")
            do {
                let result = try body(db)
                if !engine.isAutocommit { try control("COMMIT TRANSACTION") }
                return result
            } catch {
                rollbackQuietly()
                throw error
            }
        }
    }

    /// `writeWithoutTransaction` and `barrierWriteWithoutTransaction`: `body` manages transactions itself and must
    /// not leave one open.
    func performWriteWithoutTransaction<T>(
        _ access: AccessKind, cancellation: CancellationFlag?, _ body: (Database) throws -> T
    ) throws -> T {
        let tracking = beginChangeTracking()
        defer { endChangeTracking(tracking) }
        return try withDatabase(access, cancellation: cancellation) { db in
            try requireNoTransactionLeft(db, body(db))
        }
    }

    /// Returns `result` when no transaction is open; otherwise rolls it back and throws.
    private func requireNoTransactionLeft<T>(_ db: Database, _ result: @autoclosure () throws -> T) throws -> T {
        let value: T
        do {
            value = try result()
        } catch {
            rollbackQuietly()
            throw error
        }
        guard engine.isAutocommit else {
            rollbackQuietly()
            throw DatabaseError(
                kind: .transactionLeftOpen, extendedResultCode: .SQLITE_MISUSE,
                message: "a transaction was still open at the end of \(db.access.name) (\(label)); it was rolled "
                    + "back. Commit it inside the closure, or use write")
        }
        return value
    }

    /// Runs `body` with `PRAGMA query_only` on a queue's connection (pool readers are opened read-only instead).
    private func withQueryOnly<T>(_ body: () throws -> T) throws -> T {
        guard role == .queue, !configuration.readonly else { return try body() }
        try control("PRAGMA query_only = 1")
        defer { try? control("PRAGMA query_only = 0") }
        return try body()
    }
}
