import Foundation

/// The temporary copies an export or a rekey writes beside a file (`.NAME.driverport-PID-XXXXXXXX.tmp`, see
/// ``FileSteps/temporarySibling(of:)``), and the removal of those a killed run left behind.
///
/// A temporary copy is never user data: a rekey's is renamed over the file only once whole (before that the file is
/// untouched), an export's gets its name by a hard link (so a copy left after the link is a second name of the
/// finished file). One left behind is as large as the database, so the next export or rekey beside it removes it,
/// with its sidecars, when nobody can still be writing it: the process its name records no longer runs on this
/// machine and the file has not changed for ``quietPeriod`` (a run on another machine sharing the folder keeps
/// writing its copy, so it never looks quiet).
enum StaleTemporaries {
    /// How long a temporary copy must have been left unchanged before it counts as abandoned.
    static let quietPeriod: TimeInterval = 120

    /// The prefix every temporary copy of `name` starts with.
    static func prefix(of name: String) -> String { ".\(name).driverport-" }

    /// Removes the abandoned temporary copies of the file at `path` (and their sidecars); returns their paths.
    @discardableResult
    static func remove(besides path: String, now: Date = Date()) -> [String] {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let prefix = prefix(of: url.lastPathComponent)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let candidate = folder.appendingPathComponent(name).path
            guard isAbandoned(candidate, name: name, prefix: prefix, now: now) else { continue }
            FileSteps.remove(candidate)
            removed.append(candidate)
        }
        return removed
    }

    /// Whether the writer recorded in the name is gone and the file has been quiet long enough.
    static func isAbandoned(_ path: String, name: String, prefix: String, now: Date) -> Bool {
        let middle = name.dropFirst(prefix.count).dropLast(".tmp".count)
        guard let pidText = middle.split(separator: "-").first, let pid = Int32(pidText), pid > 0 else { return false }
        if pid == getpid() { return false }
        if kill(pid, 0) == 0 || errno == EPERM { return false }
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        let modified = Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec))
        return now.timeIntervalSince(modified) >= quietPeriod
    }
}
