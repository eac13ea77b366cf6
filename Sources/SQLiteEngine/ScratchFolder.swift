import Foundation
import Synchronization

/// A private folder for one run's throwaway files (working copies, snapshots, generated sources): the one way the
/// package makes scratch space.
///
/// Scratch files are copies of the user's data, so the folder is owner-only (0700, whatever the umask) and named
/// `driverport-<kind>-<pid>-<random>` under a root the caller chooses (configuration, never a process-wide setting).
/// It is removed by ``remove()`` (callers `defer` it, so a thrown error removes it too); while it exists it is in a
/// process-wide registry, so a process that is interrupted (the CLI's `ScratchSignals`) removes every live folder
/// before it dies: ``removeAllLive()`` first seals the registry (no new scratch folder after it), then renames each
/// folder away before deleting it. Folders inside a scratch folder are made with ``makeFolder(at:)``, one level at a
/// time, so once a scratch folder is gone no thread of the run can bring it back by writing into it. A folder whose
/// process was killed outright (SIGKILL) is removed by the next run that makes scratch under the same root
/// (``removeAbandoned(in:)``).
package struct ScratchFolder: Sendable, Hashable {
    /// The folder.
    package let url: URL
    package var path: String { url.path }

    /// The name every scratch folder starts with.
    package static let prefix = "driverport-"

    /// The folders made and not yet removed by this process, and whether the process is ending (no new folder then).
    private struct Registry {
        var paths: Set<String> = []
        var sealed = false
    }

    /// The registry (guarded by the mutex itself).
    private static let live = Mutex(Registry())

    /// Makes a new scratch folder under `root` (created if missing), after removing the abandoned ones there.
    ///
    /// - Parameter kind: what the folder is for (`diff`, `import-sources`...), shown in its name.
    package static func make(kind: String, in root: URL) throws -> ScratchFolder {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        removeAbandoned(in: root)
        var template = Array(root.appendingPathComponent("\(prefix)\(kind)-\(getpid())-XXXXXX").path.utf8CString)
        // Made and registered under the lock: a folder is either made before the registry is sealed (and removed
        // with the others) or not made at all.
        let made = live.withLock { registry -> Result<String, CocoaError> in
            guard !registry.sealed else {
                return .failure(CocoaError(.fileWriteUnknown, userInfo: [
                    NSFilePathErrorKey: root.path, NSLocalizedDescriptionKey: "the process is ending: no new scratch folder",
                ]))
            }
            let path = template.withUnsafeMutableBufferPointer { buffer -> String? in
                guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
                return String(cString: base)
            }
            guard let path else {
                return .failure(CocoaError(.fileWriteUnknown, userInfo: [
                    NSFilePathErrorKey: root.path,
                    NSLocalizedDescriptionKey: "cannot make a scratch folder in \(root.path) (\(String(cString: strerror(errno))))",
                ]))
            }
            // mkdtemp asks for 0700 but the umask could take more away: set it exactly.
            chmod(path, 0o700)
            registry.paths.insert(path)
            return .success(path)
        }
        return ScratchFolder(url: URL(fileURLWithPath: try made.get(), isDirectory: true))
    }

    /// ``make(kind:in:)`` for a folder kept for the whole life of the process (files made once and shared by every
    /// run in it): it is removed at the process's normal exit (`atexit`), whoever the process is (the CLI, a test
    /// runner, an app), as well as on the CLI's terminating signals. A forked child must end with `_exit` (as crash
    /// isolation's children do), or its exit would remove its parent's folders.
    package static func makeForProcess(kind: String, in root: URL) throws -> ScratchFolder {
        _ = removalAtExit
        return try make(kind: kind, in: root)
    }

    /// Installs the exit-time removal once (a global's initializer runs once, under the runtime's lock).
    private static let removalAtExit: Int32 = atexit { ScratchFolder.removeAllLive() }

    /// Makes the folder at `url` (0700) inside a scratch folder: its parent must exist, so a folder made after its
    /// scratch folder was removed fails rather than bringing the scratch folder back. An existing folder is kept.
    package static func makeFolder(at url: URL) throws {
        if mkdir(url.path, 0o700) == 0 {
            chmod(url.path, 0o700)
            return
        }
        let reason = errno
        var isDirectory: ObjCBool = false
        if reason == EEXIST, FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return
        }
        throw CocoaError(.fileWriteUnknown, userInfo: [
            NSFilePathErrorKey: url.path,
            NSLocalizedDescriptionKey: "cannot make the folder \(url.path) (\(String(cString: strerror(reason))))",
        ])
    }

    /// A path inside the folder.
    package func appending(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Removes the folder and everything in it.
    package func remove() { Self.remove(url) }

    /// Removes the scratch folder at `url` (made by ``make(kind:in:)`` and handed on as a plain URL).
    package static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
        live.withLock { _ = $0.paths.remove(url.path) }
    }

    /// Removes every scratch folder this process made and has not removed, and refuses new ones from then on: at exit
    /// and on a terminating signal, while other threads of the run may still be writing.
    ///
    /// Each folder is first renamed (to `driverport-removed-<pid>-<random>`, a name the next run's sweep also
    /// knows): a write into the old path, or a folder made in it with ``makeFolder(at:)``, then fails instead of
    /// landing in a folder being deleted.
    package static func removeAllLive() {
        let paths = live.withLock { registry -> Set<String> in
            registry.sealed = true
            defer { registry.paths = [] }
            return registry.paths
        }
        for path in paths {
            let url = URL(fileURLWithPath: path)
            let random = url.lastPathComponent.split(separator: "-").last.map(String.init) ?? "XXXXXX"
            let moved = url.deletingLastPathComponent().appendingPathComponent("\(prefix)removed-\(getpid())-\(random)").path
            let target = rename(path, moved) == 0 ? moved : path
            try? FileManager.default.removeItem(atPath: target)
        }
    }

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
