import SQLiteCipher
import Foundation
import MMEXSchema
import SQLiteEngine

/// Brings an older MMEX file to a newer database version (by default 21) the way MMEX desktop does: the
/// incremental scripts `database_version_N.sql` in order, `PRAGMA user_version = N` after each.
///
/// Safety, in order:
/// - The plan is read first through a read-only open; a file newer than 21, a target below the file's version, a
///   file that is not MMEX, or a file whose shape contradicts its version is refused before anything is written.
/// - Under a write lock (`BEGIN IMMEDIATE`), a byte-for-byte backup is written next to the file (see
///   ``UpgradeBackup``).
/// - Each step is one transaction holding the script and the new `user_version`: an interrupted upgrade (crash,
///   kill, power loss) leaves the file at the last committed version, a consistent file of that version, and the
///   next run continues from there.
/// - The connection refuses double-quoted string literals, so the upgrade behaves the same as on an SQLite built
///   without them (the project's scripts quote strings with single quotes; the upstream ones did not).
/// - After the last step, `PRAGMA integrity_check` must report `ok`; only then is the backup removed (or kept on
///   request). If a step or the check fails, the backup stays and the error names it.
public struct MMEXUpgrader: Sendable {
    /// Moments of an upgrade a caller can observe: for a progress display, and for tests that interrupt the upgrade
    /// at a known point.
    public enum Phase: Sendable, Equatable, CustomStringConvertible {
        /// The backup is complete at this path; no step has run yet.
        case backupWritten(String)
        /// The step's script and `user_version` are applied inside its transaction, not yet committed.
        case stepApplied(Int)
        /// The step is committed.
        case stepCommitted(Int)
        /// Every step is committed and the integrity check passed; the backup has not been removed yet.
        case verified

        /// `backup`, `applied:N`, `committed:N` or `verified`.
        public var description: String {
            switch self {
            case .backupWritten: "backup"
            case .stepApplied(let version): "applied:\(version)"
            case .stepCommitted(let version): "committed:\(version)"
            case .verified: "verified"
            }
        }
    }

    /// Which step is about to run.
    public struct Progress: Sendable, Equatable {
        /// 1-based position of the step, and how many steps there are.
        public let index: Int
        /// How many steps the upgrade runs.
        public let count: Int
        /// The step about to run.
        public let step: UpgradeStep
    }

    /// The file to upgrade.
    public let path: String
    /// How its connections are opened (library, VFS, a key hook for encrypted files).
    public let access: DatabaseAccess
    /// The clock that names the backup.
    public let now: @Sendable () -> Date

    /// An upgrader for the file at `path`, opened through `access`; `now` names the backup (tests inject it).
    public init(path: String, access: DatabaseAccess = .plain, now: @escaping @Sendable () -> Date = { Date() }) {
        self.path = path
        self.access = access
        self.now = now
    }

    /// What an upgrade to `target` would do, read without changing the file or its sidecars.
    ///
    /// - Throws: ``DatabaseFileError`` for a path that is not a database file, ``UpgradeError`` for a file that
    ///   cannot be upgraded to `target`, ``SQLiteError`` when SQLite cannot read it.
    public func plan(to target: Int64 = MMEXSchema.currentVersion) throws -> UpgradePlan {
        let probe = try FileProbe.examine(path)
        let database = try access.openReadOnly(probe)
        return try UpgradePlanner.plan(database.connection, path: path, target: target)
    }

    /// Upgrades the file to `target`.
    ///
    /// - Parameters:
    ///   - keepBackup: keep the backup after a successful upgrade (it is always kept after a failure).
    ///   - progress: called before each step.
    ///   - observe: called at each ``Phase``.
    /// - Returns: what was done. A file already at `target` is not touched and gets no backup.
    public func upgrade(
        to target: Int64 = MMEXSchema.currentVersion, keepBackup: Bool = false,
        progress: (Progress) -> Void = { _ in }, observe: (Phase) -> Void = { _ in }
    ) throws -> UpgradeReport {
        let earlier = UpgradeBackup.existing(for: path)
        let preview = try plan(to: target)
        if preview.isEmpty { return UpgradeReport(plan: preview, dryRun: false, earlierBackups: earlier) }

        let connection = try access.openReadWrite(path)
        defer { connection.close() }
        if connection.library.kind == .system { try connection.setDoubleQuotedStringLiterals(enabled: false) }
        try connection.setBusyTimeout(milliseconds: 5_000)
        try checkpointWAL(connection)

        try connection.execute("BEGIN IMMEDIATE")
        let plan: UpgradePlan
        let backup: String
        do {
            // A writer that slipped in between the checkpoint and the lock left frames the backup would miss.
            if walHasFrames() { throw UpgradeError.walInUse(path: path) }
            plan = try UpgradePlanner.plan(connection, path: path, target: target)
            guard !plan.isEmpty else {
                try connection.execute("ROLLBACK")
                return UpgradeReport(plan: plan, dryRun: false, earlierBackups: earlier)
            }
            backup = try UpgradeBackup.write(of: path, version: plan.storedVersion, date: now())
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
        observe(.backupWritten(backup))

        var reached = plan.storedVersion
        var created: [String] = []
        for (index, step) in plan.steps.enumerated() {
            progress(Progress(index: index + 1, count: plan.steps.count, step: step))
            do {
                if index > 0 {
                    try connection.execute("BEGIN IMMEDIATE")
                    let found = try connection.userVersion
                    guard found == reached else {
                        throw UpgradeError.changedDuringUpgrade(path: path, expected: reached, found: found)
                    }
                }
                created += try apply(step, on: connection)
                try connection.setUserVersion(Int64(step.version))
                observe(.stepApplied(step.version))
                try connection.execute("COMMIT")
            } catch let error as UpgradeError {
                try? connection.execute("ROLLBACK")
                throw error
            } catch {
                try? connection.execute("ROLLBACK")
                throw UpgradeError.stepFailed(
                    path: path, step: step.version, fileVersion: reached, backup: backup, reason: "\(error)"
                )
            }
            reached = Int64(step.version)
            observe(.stepCommitted(step.version))
        }

        let problems = try connection.rows("PRAGMA integrity_check").compactMap { $0.first?.textValue }
        guard problems == ["ok"] else {
            throw UpgradeError.integrityCheckFailed(path: path, problems: problems, backup: backup)
        }
        observe(.verified)
        connection.close()
        if !keepBackup { UpgradeBackup.remove(backup) }
        return UpgradeReport(
            plan: plan, dryRun: false, reachedVersion: reached, backup: backup, backupKept: keepBackup,
            integrityCheck: "ok", createdTables: created, earlierBackups: earlier
        )
    }

    /// Runs one step's statements (not its `user_version`) inside the open transaction; returns the tables it
    /// created besides the script's own.
    private func apply(_ step: UpgradeStep, on connection: EngineConnection) throws -> [String] {
        let definitions = try MMEXReference.definitions()
        for table in step.createsFirst {
            let omitted = try UpgradePlanner.columnsAdded(to: table, fromVersion: step.version)
            guard let definition = definitions.first(where: { $0.kind == .table && $0.name.uppercased() == table }),
                  let sql = HistoricalTable.createStatement(definition.sql, omitting: omitted)
            else { throw HistoricalShapeError(table: table, version: step.version - 1) }
            try connection.execute(sql)
        }
        try connection.execute(try UpgradePlanner.scripts()[step.version - 1].sql)
        var created = step.createsFirst
        if step.completesSchema { created += try SchemaCompletion.createMissing(on: connection) }
        return created
    }

    private func walHasFrames() -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber)?.intValue
        return (size ?? 0) > 0
    }

    /// Moves a WAL-mode file's log into the main file, so the backup (a copy of the main file) holds everything.
    private func checkpointWAL(_ connection: EngineConnection) throws {
        guard try connection.pragma("journal_mode")?.textValue?.lowercased() == "wal" else { return }
        let result = try connection.rows("PRAGMA wal_checkpoint(TRUNCATE)").first ?? []
        if result.first?.integerValue != 0 { throw UpgradeError.walInUse(path: path) }
    }
}

/// A version 21 table whose older shape cannot be derived from its definition.
struct HistoricalShapeError: Error, CustomStringConvertible {
    let table: String
    let version: Int
    var description: String { "cannot derive the version \(version) shape of \(table) from its version 21 definition" }
}
