import Foundation
import SQLiteCipher
import SQLiteEngine

extension Database {
    /// Applies the passphrase of an encrypted database (or makes a new, empty file encrypted), as GRDB's SQLCipher
    /// `usePassphrase(_:)`: call it in ``Configuration/prepareDatabase(_:)``.
    ///
    /// The key goes through DriverPort's page codec, which reads every cipher format it knows (SQLCipher 1-4, AES-128/256,
    /// ChaCha20, sqleet) and creates SQLCipher 4 files; a plain file opens without using the key. The connection
    /// must go through the codec's VFS: when it does not (the configuration names no VFS, as GRDB code never does),
    /// the driver reopens it through the codec and runs `prepareDatabase` again, once per connection.
    ///
    /// - Throws: a `CipherError` for a wrong key (`wrongKey`), a file that needs one, or an invalid key.
    public func usePassphrase(_ passphrase: String) throws {
        try usePassphrase(Data(passphrase.utf8))
    }

    /// ``usePassphrase(_:)-(String)`` with the passphrase's bytes (`x'<hex>'` is a raw key, as in SQLCipher).
    public func usePassphrase(_ passphrase: Data) throws {
        preconditionAccessible()
        let given = try passphrase.withUnsafeBytes { buffer throws(CipherError) in try CipherKey.parsing(buffer: buffer) }
        try apply(core.passphraseOverride ?? given)
    }

    /// Applies `key` through the page codec (the configuration's passphrase, or the new one while the connection
    /// reopens after ``changePassphrase(_:)-(String)``).
    private func apply(_ key: CipherKey) throws {
        do {
            try PageCodec.apply(.auto, key: key, to: core.engine)
        } catch CipherError.notThroughCodec {
            throw NeedsPageCodec()
        }
    }
}

extension Database {
    /// Changes the passphrase of the encrypted database, as GRDB's SQLCipher `changePassphrase(_:)`: afterwards
    /// only `passphrase` opens the file, in the cipher format it had (a plain file opened through the page codec
    /// becomes SQLCipher 4).
    ///
    /// ```swift
    /// try dbQueue.write { db in try db.changePassphrase("new secret") }
    /// try dbPool.barrierWriteWithoutTransaction { db in
    ///     try db.changePassphrase("new secret")
    ///     dbPool.invalidateReadOnlyConnections()
    /// }
    /// ```
    ///
    /// The page codec cannot re-encrypt pages in place, so the file is rewritten as the CLI's `driverport rekey`
    /// does (`DatabaseRekey`: a verified copy renamed over the file, crash-safe), and this connection reopens it
    /// with the new passphrase, running ``Configuration/prepareDatabase(_:)`` again with the new passphrase in place
    /// of the one its `usePassphrase` gives. Inside `write`, what the closure wrote before is committed first and a
    /// new transaction holds the rest. On a pool, call it in `barrierWriteWithoutTransaction`: the idle readers are
    /// closed before the rekey (SQLite must be alone on the file to leave WAL for the rename), and readers opened
    /// later run `prepareDatabase`, which must then give the new passphrase (as in GRDB).
    ///
    /// - Throws: ``DatabaseError`` outside a write access, inside a savepoint, or on an in-memory database; a
    ///   `CipherError` when the connection is not through the page codec (`usePassphrase` was never called) or
    ///   another connection has the file open (`databaseInUse`, nothing changed).
    public func changePassphrase(_ passphrase: String) throws {
        try changePassphrase(Data(passphrase.utf8))
    }

    /// ``changePassphrase(_:)-(String)`` with the passphrase's bytes (`x'<hex>'` is a raw key, as in SQLCipher).
    public func changePassphrase(_ passphrase: Data) throws {
        preconditionAccessible()
        let newKey = try passphrase.withUnsafeBytes { buffer throws(CipherError) in try CipherKey.parsing(buffer: buffer) }
        try checkCanChangePassphrase()
        let current = try PageCodec.status(of: core.engine)
        let reopenTransaction = isInsideTransaction
        if reopenTransaction { try core.control("COMMIT TRANSACTION") }
        core.closeOtherConnections?()
        do {
            // Empty the WAL first (nothing in rollback-journal mode): leaving WAL for the rename then only flips
            // the header, and the rekey sees no change of the file it copied.
            _ = try core.controlValue("PRAGMA wal_checkpoint(TRUNCATE)")
            try DatabaseRekey.rekey(
                openConnection: core.engine, path: core.engine.path, currentFormat: current.format, newKey: newKey)
        } catch {
            try? core.installHandlers()  // the rekey set its own busy timeout; the file was not replaced
            if reopenTransaction { try core.control("BEGIN IMMEDIATE TRANSACTION") }
            throw error
        }
        try core.reopenRekeyed(with: newKey)
        if reopenTransaction { try core.control("BEGIN IMMEDIATE TRANSACTION") }
    }

    private func checkCanChangePassphrase() throws {
        let message: String? =
            switch access {
            case .write, .writeWithoutTransaction, .barrierWrite:
                if core.savepointDepth > 0 || (access != .write && isInsideTransaction) {
                    "changePassphrase cannot run inside a savepoint or a transaction of your own (\(label))"
                } else if core.engine.path.isEmpty || core.engine.path == ":memory:" {
                    "an in-memory database has no passphrase (\(label))"
                } else {
                    nil
                }
            default:
                "changePassphrase needs a write access (write, or barrierWriteWithoutTransaction on a pool), not "
                    + "\(access.name) (\(label))"
            }
        if let message {
            throw DatabaseError(kind: .invalidConfiguration, extendedResultCode: .SQLITE_MISUSE, message: message)
        }
    }
}

/// Thrown by ``Database/usePassphrase(_:)-(String)`` on a connection that was not opened through the page codec:
/// the opener reopens it through the codec and prepares it again.
struct NeedsPageCodec: Error {}
