/// Why an MMEX upgrade was refused or stopped, with what the user needs to know about the file's state.
public enum UpgradeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's `user_version` is newer than any this toolkit knows; nothing was changed.
    case newerThanSupported(path: String, version: Int64, newest: Int64)
    /// The target version is older than the file's; scripts only go forward. Nothing was changed.
    case cannotDowngrade(path: String, version: Int64, target: Int64)
    /// The target version is not one the scripts reach (1 to the newest).
    case unknownTarget(target: Int64, newest: Int64)
    /// The build carries no script for a version.
    case noScript(version: Int)
    /// The file lacks the tables every MMEX file has; it is not an MMEX database. Nothing was changed.
    case notMMEX(path: String, missingTables: [String])
    /// A script would add a column the file already has: the file's shape is not the one its `user_version` says
    /// (MMEX development builds wrote versions 8-14 with columns script 15 adds again). Nothing was changed.
    case shapeConflict(path: String, version: Int64, step: Int, table: String, column: String)
    /// Another connection changed the file's `user_version` while the upgrade ran.
    case changedDuringUpgrade(path: String, expected: Int64, found: Int64)
    /// A WAL-mode file whose log could not be checkpointed (another connection is reading it); nothing was changed.
    case walInUse(path: String)
    /// The backup copy could not be written; nothing was changed.
    case backupFailed(path: String, reason: String)
    /// A step's script failed; that step was rolled back. Steps before it stay committed.
    case stepFailed(path: String, step: Int, fileVersion: Int64, backup: String?, reason: String)
    /// The upgraded file failed `PRAGMA integrity_check`; the backup is kept.
    case integrityCheckFailed(path: String, problems: [String], backup: String?)

    public var description: String {
        switch self {
        case .newerThanSupported(let path, let version, let newest):
            return "\(path): MMEX database version \(version) is newer than this toolkit supports (\(newest)); "
                + "the file was left untouched"
        case .cannotDowngrade(let path, let version, let target):
            return "\(path): the file is at version \(version); it cannot be brought back to \(target) "
                + "(the upgrade scripts only go forward); the file was left untouched"
        case .unknownTarget(let target, let newest):
            return "version \(target) is not a target: choose 1 to \(newest)"
        case .noScript(let version):
            return "the upgrade script for version \(version) is missing from the DriverPort build"
        case .notMMEX(let path, let missing):
            return "\(path): not an MMEX database (no \(missing.joined(separator: ", "))); the file was left untouched"
        case .shapeConflict(let path, let version, let step, let table, let column):
            return "\(path): the file says version \(version) but already has \(table).\(column), which the step to "
                + "version \(step) adds (a file from an MMEX development build?); the file was left untouched"
        case .changedDuringUpgrade(let path, let expected, let found):
            return "\(path): another program changed the database version (expected \(expected), found \(found)) "
                + "during the upgrade; close it and run the upgrade again"
        case .walInUse(let path):
            return "\(path): the database is open in another program (its WAL could not be checkpointed); "
                + "close it and try again; the file was left untouched"
        case .backupFailed(let path, let reason):
            return "cannot write the backup \(path) (\(reason)); the database was left untouched"
        case .stepFailed(let path, let step, let fileVersion, let backup, let reason):
            return "\(path): the step to version \(step) failed and was rolled back (\(reason)); the file is at "
                + "version \(fileVersion)" + (backup.map { "; the original is kept in \($0)" } ?? "")
        case .integrityCheckFailed(let path, let problems, let backup):
            return "\(path): the upgraded file failed the integrity check (\(problems.prefix(3).joined(separator: "; ")))"
                + (backup.map { "; the original is kept in \($0)" } ?? "")
        }
    }
}
