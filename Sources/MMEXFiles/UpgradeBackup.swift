import Foundation
import SQLiteCipher
import SQLiteEngine

/// The byte-for-byte copy of a file that an upgrade takes before it changes anything.
///
/// It sits next to the file as `NAME.pre-upgrade-vN.YYYYMMDDTHHMMSSZ.bak` (N: the version it holds; `-2`, `-3` are
/// appended if that name is taken) and is written atomically: copied to `BACKUP.partial`, flushed to disk, then
/// renamed, so a backup under its final name is always complete. A `.partial` copy left by an interrupted run is
/// incomplete by construction and is removed by the next run.
public enum UpgradeBackup {
    /// The name part that marks a backup of `path`.
    static func prefix(for path: String) -> String { path + ".pre-upgrade-v" }

    /// Backups of `path` that exist now (left by an earlier run, or kept on request), sorted by name.
    public static func existing(for path: String) -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        let namePrefix = (path as NSString).lastPathComponent + ".pre-upgrade-v"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return names.filter { $0.hasPrefix(namePrefix) && $0.hasSuffix(".bak") }.sorted()
            .map { folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0) }
    }

    /// Writes a backup of `path` (which holds `version`) and returns its path.
    ///
    /// The caller holds a write lock on the database, so the file cannot change while it is copied.
    static func write(of path: String, version: Int64, date: Date) throws(UpgradeError) -> String {
        removePartials(of: path)
        let stamp = timestamp(date)
        var backup = "\(prefix(for: path))\(version).\(stamp).bak"
        var counter = 2
        while FileManager.default.fileExists(atPath: backup) {
            backup = "\(prefix(for: path))\(version).\(stamp)-\(counter).bak"
            counter += 1
        }
        let partial = backup + ".partial"
        do {
            try FileManager.default.copyItem(atPath: path, toPath: partial)
            try flush(partial)
            guard FileSystemCalls.current.rename(partial, backup) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            flushFolder(of: backup)
        } catch {
            _ = FileSystemCalls.current.unlink(partial)
            throw .backupFailed(path: backup, reason: SystemErrorReason.of(error))
        }
        return backup
    }

    /// Removes a backup once the upgrade it guarded has committed and passed the integrity check.
    static func remove(_ backup: String) {
        _ = FileSystemCalls.current.unlink(backup)
        flushFolder(of: backup)
    }

    /// Removes `.partial` copies an interrupted run left next to `path`.
    private static func removePartials(of path: String) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let namePrefix = url.lastPathComponent + ".pre-upgrade-v"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(namePrefix) && name.hasSuffix(".bak.partial") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    private static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))T\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
    }

    /// fsync of a file's content.
    static func flush(_ path: String) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        guard FileSystemCalls.current.fsync(fd, path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// fsync of the folder holding `path`, so a rename or removal in it is durable (best effort: the step it
    /// follows has taken effect).
    static func flushFolder(of path: String) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let fd = open(folder, O_RDONLY)
        guard fd >= 0 else { return }
        _ = FileSystemCalls.current.fsync(fd, folder)
        close(fd)
    }
}
