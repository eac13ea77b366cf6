import Foundation
import Synchronization

/// A private folder for one run's throwaway files (working copies, snapshots, generated sources): the one way the
/// package makes scratch space.
///
/// Scratch files are copies of the user's data, so the folder is owner-only (0700, whatever the umask) and named
/// `driverport-<kind>-<pid>-<random>` under a root the caller chooses (configuration, never a process-wide setting).
/// It is removed by ``remove()`` (callers `defer` it, so a thrown error removes it too); while it exists it is in a
/// process-wide registry, so a process that is interrupted (the CLI's ``ScratchSignals``) removes every live folder
/// before it dies. A folder whose process was killed outright (SIGKILL) is removed by the next run that makes scratch
/// under the same root (``removeAbandoned(in:)``).
package struct ScratchFolder: Sendable, Hashable {
    /// The folder.
    package let url: URL
    package var path: String { url.path }

    /// The name every scratch folder starts with.
    package static let prefix = "driverport-"

    /// The folders made and not yet removed by this process (guarded by the mutex itself).
    private static let live = Mutex<Set<String>>([])

    /// Makes a new scratch folder under `root` (created if missing), after removing the abandoned ones there.
    ///
    /// - Parameter kind: what the folder is for (`diff`, `import-sources`...), shown in its name.
    package static func make(kind: String, in root: URL) throws -> ScratchFolder {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        removeAbandoned(in: root)
        var template = Array(root.appendingPathComponent("\(prefix)\(kind)-\(getpid())-XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
            return String(cString: base)
        }
        guard let path = made else {
            throw CocoaError(.fileWriteUnknown, userInfo: [
                NSFilePathErrorKey: root.path,
                NSLocalizedDescriptionKey: "cannot make a scratch folder in \(root.path) (\(String(cString: strerror(errno))))",
            ])
        }
        // mkdtemp asks for 0700 but the umask could take more away: set it exactly.
        chmod(path, 0o700)
        live.withLock { _ = $0.insert(path) }
        return ScratchFolder(url: URL(fileURLWithPath: path, isDirectory: true))
    }

    /// A path inside the folder.
    package func appending(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Removes the folder and everything in it.
    package func remove() { Self.remove(url) }

    /// Removes the scratch folder at `url` (made by ``make(kind:in:)`` and handed on as a plain URL).
    package static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
        live.withLock { _ = $0.remove(url.path) }
    }

    /// Removes every scratch folder this process made and has not removed: at exit and on a terminating signal.
    package static func removeAllLive() {
        let paths = live.withLock { $0 }
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        live.withLock { $0.subtract(paths) }
    }

    /// The scratch folders this process holds now (for tests and diagnostics).
    package static var livePaths: Set<String> { live.withLock { $0 } }

    /// Removes the scratch folders under `root` that a process which no longer runs left behind; returns their paths.
    ///
    /// Only a real folder (not a symbolic link) owned by this user, named `driverport-<kind>-<pid>-<random>`, whose
    /// process is gone: a live process's folder, another user's, or anything else is never touched.
    @discardableResult
    package static func removeAbandoned(in root: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root.path) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(prefix) {
            let parts = name.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count >= 4, parts[parts.count - 1].count == 6, let pid = Int32(parts[parts.count - 2]), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) == 0 || errno != ESRCH { continue }
            let path = root.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid() else { continue }
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
        }
        return removed
    }
}
