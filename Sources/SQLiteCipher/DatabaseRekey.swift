import Foundation
import SQLiteEngine

/// Changes a database's key, its cipher format, or both, in place and crash-safely.
///
/// The database is copied into a new file beside it with the new cipher (see ``DatabaseCopy``), the copy is read
/// back and flushed to disk, and only then renamed over the original, under an exclusive lock and only if no other
/// connection committed in the meantime. A kill at any moment leaves the file whole under the old key (before the
/// rename) or whole under the new key (after it); at most a hidden `.NAME.driverport-*.tmp` file stays behind, which
/// the next rekey or export beside it removes (``StaleTemporaries``).
///
/// A WAL-mode file is copied as it is (the copy is in WAL mode too), then, right before the rename, switched to
/// rollback-journal mode, which SQLite allows only when no other connection has it open, and which empties the WAL
/// and removes `-wal` and `-shm`: no sidecar of the old key can outlive the rename. If the rekey stops early, the old
/// file is put back in WAL mode; only a kill in the moment between that switch and the rename leaves it in
/// rollback-journal mode (whole, under the old key).
///
/// Other processes must not keep the database open during a rekey: a connection opened before it still reads the
/// old file until it reopens (this is how every rename-based rekey behaves, SQLCipher's export included).
public enum DatabaseRekey {
    /// Rekeys the database at `path`.
    ///
    /// - Parameters:
    ///   - key: the current key (`nil` for a plain file).
    ///   - choice: how to open it (default: detect).
    ///   - newKey: the new key (`nil` only when `newFormat` is `.none`, which decrypts the file).
    ///   - newFormat: the new format; `nil` keeps the current one (SQLCipher 4 for a plain file).
    ///   - progress: called while copying, verifying and replacing; return `false` to cancel (nothing changes).
    /// - Returns: what the file now is.
    /// - Throws: the key errors of opening it; ``CipherError/databaseInUse(detail:)`` when another connection holds
    ///   it or wrote to it during the rekey; errors of writing and verifying the copy.
    @discardableResult
    public static func rekey(
        _ path: String, key: CipherKey?, choice: CipherChoice = .auto, newKey: CipherKey?, newFormat: CipherChoice? = nil,
        busyTimeoutMilliseconds: Int32 = 2000, progress: ((CopyProgress) -> Bool)? = nil
    ) throws(CipherError) -> CopyReport {
        try rekey(
            path, key: key, choice: choice, newKey: newKey, newFormat: newFormat,
            busyTimeoutMilliseconds: busyTimeoutMilliseconds, progress: progress, vfs: PageCodec.vfsName
        )
    }

    /// ``rekey(_:key:choice:newKey:newFormat:busyTimeoutMilliseconds:progress:)`` through the codec VFS instance
    /// named `vfs` (tests register one over a fault-injecting VFS with ``PageCodec/register(named:over:)``).
    @discardableResult
    static func rekey(
        _ path: String, key: CipherKey?, choice: CipherChoice, newKey: CipherKey?, newFormat: CipherChoice?,
        busyTimeoutMilliseconds: Int32, progress: ((CopyProgress) -> Bool)?, vfs: String
    ) throws(CipherError) -> CopyReport {
        let connection: EngineConnection
        do {
            connection = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: vfs))
        } catch {
            throw .sqlite(error)
        }
        defer { connection.close() }
        let current = try PageCodec.apply(choice, key: key, to: connection)
        return try rekey(
            openConnection: connection, path: path, currentFormat: current.format, newKey: newKey,
            newFormat: newFormat, busyTimeoutMilliseconds: busyTimeoutMilliseconds, progress: progress
        )
    }

    /// Rekeys the database of `connection`, an open, keyed connection through the page codec with no transaction
    /// open (a driver's own connection, which then must reopen the file: it still reads the replaced one). The file
    /// at `path` is replaced as ``rekey(_:key:choice:newKey:newFormat:busyTimeoutMilliseconds:progress:)``
    /// describes; no other connection may have it open.
    ///
    /// - Parameter currentFormat: the format the connection was keyed with (`nil`: a plain file).
    @discardableResult
    package static func rekey(
        openConnection connection: EngineConnection, path: String, currentFormat: CipherFormat?, newKey: CipherKey?,
        newFormat: CipherChoice? = nil, busyTimeoutMilliseconds: Int32 = 2000,
        progress: ((CopyProgress) -> Bool)? = nil
    ) throws(CipherError) -> CopyReport {
        let target = try target(current: currentFormat, newKey: newKey, newFormat: newFormat)
        StaleTemporaries.remove(besides: path)
        let temporary = FileSteps.temporarySibling(of: path)
        var walMode = false
        do {
            try connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            walMode = try PageCodec.status(of: connection).walMode == true
            var versionBefore = try dataVersion(connection)
            var report = try DatabaseCopy.writeVerifiedCopy(
                from: connection, schema: "main", to: temporary, as: target, walMode: walMode, progress: progress
            )
            let total = report.pageCount
            if let progress, !progress(CopyProgress(phase: .replacing, pagesDone: total, pagesTotal: total)) {
                throw CipherError.cancelled
            }
            // Left only now, right before the rename: a kill while copying leaves the file in WAL mode as it came.
            if walMode {
                // Leaving WAL counts as a change when this connection has the WAL open itself (a driver's own
                // connection): check for other writers first, then count from the mode switch on.
                guard (try? dataVersion(connection)) == versionBefore else {
                    throw CipherError.databaseInUse(detail: "another connection wrote to it during the rekey")
                }
                try leaveWALMode(connection)
                versionBefore = try dataVersion(connection)
            }
            try lockExclusively(connection)
            let unchanged = (try? dataVersion(connection)) == versionBefore
            if unchanged {
                do {
                    try FileSteps.replace(path, with: temporary)
                    FileSteps.removeSidecars(of: temporary)
                } catch {
                    try? connection.execute("ROLLBACK")
                    throw error
                }
            }
            try? connection.execute("ROLLBACK")
            guard unchanged else { throw CipherError.databaseInUse(detail: "another connection wrote to it during the rekey") }
            report.path = path
            return report
        } catch {
            FileSteps.remove(temporary)
            let failure = PageCodec.translate(error, on: connection)
            if walMode { _ = try? connection.scalar("PRAGMA journal_mode = WAL") }
            throw failure
        }
    }

    private static func target(current: CipherFormat?, newKey: CipherKey?, newFormat: CipherChoice?) throws(CipherError) -> CipherTarget {
        switch newFormat ?? .auto {
        case .none:
            if newKey != nil { throw .keyWithoutCipher }
            return .plain
        case .format(let format):
            guard let newKey else { throw .keyRequired }
            return CipherTarget(format: format, key: newKey)
        case .detect(let detection):
            guard let newKey else { throw .keyRequired }
            return CipherTarget(format: current ?? detection.newFileFormat, key: newKey)
        }
    }

    /// Switches to rollback-journal mode: SQLite empties the WAL into the file and removes `-wal` and `-shm`, and
    /// refuses while another connection has the file open. A refusal is "in use"; a failed checkpoint (an I/O error,
    /// a full disk) is said as such, with what to do: the file is still whole under the old key.
    private static func leaveWALMode(_ connection: EngineConnection) throws {
        let mode: SQLiteValue?
        do {
            mode = try connection.scalar("PRAGMA journal_mode = DELETE")
        } catch {
            if error.code == ResultCode.busy || error.code == ResultCode.locked {
                throw CipherError.databaseInUse(detail: "another connection has it open in WAL mode")
            }
            let failure = PageCodec.translate(error, on: connection)
            guard case .sqlite(let plain) = failure else { throw failure }
            let reason = plain.code == ResultCode.full ? "the disk is full" : "\(plain.message) (\(plain.codeName))"
            throw CipherError.io(detail: "cannot empty its WAL into the file before the rename: \(reason); the database "
                + "is unchanged under its old key: check the disk (free space, errors) and try again")
        }
        guard case .text(let name)? = mode, name.lowercased() == "delete" else {
            throw CipherError.databaseInUse(detail: "another connection has it open in WAL mode")
        }
    }

    private static func dataVersion(_ connection: EngineConnection) throws -> Int64 {
        if case .integer(let version)? = try connection.scalar("PRAGMA data_version") { return version }
        return 0
    }

    private static func lockExclusively(_ connection: EngineConnection) throws(CipherError) {
        do {
            try connection.execute("BEGIN EXCLUSIVE")
        } catch {
            if error.code == ResultCode.busy || error.code == ResultCode.locked {
                throw .databaseInUse(detail: "another connection holds a lock")
            }
            throw .sqlite(error)
        }
    }
}
