import Foundation
import SQLiteEngine

/// How a transaction takes its locks (`BEGIN DEFERRED|IMMEDIATE|EXCLUSIVE`).
public enum TransactionMode: String, Sendable {
    /// Locks are taken on first read and first write (SQLite's default).
    case deferred = "DEFERRED"
    /// The write lock is taken at once, so the transaction cannot fail later with `SQLITE_BUSY` on its first write.
    case immediate = "IMMEDIATE"
    /// Like immediate; in rollback-journal mode it also keeps readers out.
    case exclusive = "EXCLUSIVE"
}

extension Connection {
    /// Runs `block` in a transaction: commits when it returns, rolls back when it throws (and rethrows).
    ///
    /// A transaction cannot be nested in another (SQLite reports "cannot start a transaction within a
    /// transaction"); nest ``savepoint(_:block:)`` instead. When the commit itself fails (for example with
    /// `SQLITE_BUSY`), the transaction is rolled back and the commit's error thrown.
    @discardableResult
    public func transaction<T>(_ mode: TransactionMode = .deferred, block: () throws -> T) throws -> T {
        // The lock is held for the whole block: other threads wait, this thread's calls inside it run at once.
        try lock.sync {
            try execute("BEGIN \(mode.rawValue) TRANSACTION")
            do {
                let result = try block()
                try execute("COMMIT TRANSACTION")
                return result
            } catch {
                // SQLite may already have rolled back by itself (after SQLITE_FULL, SQLITE_IOERR, ...).
                if !engine.isAutocommit { try? execute("ROLLBACK TRANSACTION") }
                throw error
            }
        }
    }

    /// Runs `block` inside a savepoint: releases it when `block` returns, rolls back to it (undoing only what
    /// `block` did) when it throws, and rethrows. Savepoints nest, inside each other and inside a transaction;
    /// outside any transaction the outermost one acts as a transaction.
    @discardableResult
    public func savepoint<T>(_ name: String = UUID().uuidString, block: () throws -> T) throws -> T {
        try lock.sync {
            let quoted = quoteIdentifier(name)
            try execute("SAVEPOINT \(quoted)")
            do {
                let result = try block()
                try execute("RELEASE SAVEPOINT \(quoted)")
                return result
            } catch {
                if !engine.isAutocommit {
                    // Undo the savepoint's work, then drop it so an outermost savepoint ends its transaction.
                    try? execute("ROLLBACK TRANSACTION TO SAVEPOINT \(quoted)")
                    try? execute("RELEASE SAVEPOINT \(quoted)")
                }
                throw error
            }
        }
    }
}
