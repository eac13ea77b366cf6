import Foundation

/// The file-system steps a crash-safe copy needs: a private name beside the target, fsync, atomic publication.
///
/// Every fsync, rename, link and unlink goes through ``FileSystemCalls/current``, so a test can fail each one.
enum FileSteps {
    static let sidecarSuffixes = ["-journal", "-wal", "-shm"]

    /// A hidden name in the same folder as `path` (so a rename onto `path` stays on one file system), recording
    /// this process's id so a later run can tell an abandoned copy from a live one (``StaleTemporaries``).
    static func temporarySibling(of path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let name = StaleTemporaries.prefix(of: url.lastPathComponent) + "\(getpid())-\(UUID().uuidString.prefix(8)).tmp"
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Removes a database file and any sidecars SQLite left beside it.
    static func remove(_ path: String) {
        let calls = FileSystemCalls.current
        for suffix in [""] + sidecarSuffixes { _ = calls.unlink(path + suffix) }
    }

    /// Removes the sidecars SQLite may leave under a name that was renamed away: a failed removal of an empty WAL
    /// when the last connection closes is not reported, and nothing else would ever remove it.
    static func removeSidecars(of path: String) {
        let calls = FileSystemCalls.current
        for suffix in sidecarSuffixes { _ = calls.unlink(path + suffix) }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Flushes a file's bytes to the disk.
    static func sync(_ path: String, directory: Bool = false) throws(CipherError) {
        let fd = open(path, directory ? O_RDONLY | O_DIRECTORY : O_RDONLY)
        guard fd >= 0 else { throw .io(detail: "\(path): cannot open to flush it (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        guard FileSystemCalls.current.fsync(fd, path) == 0 else { throw .io(detail: "\(path): cannot flush to disk (\(String(cString: strerror(errno))))") }
    }

    /// Flushes the folder holding `path`, so a rename in it is durable.
    static func syncFolder(of path: String) throws(CipherError) {
        try sync(URL(fileURLWithPath: path).deletingLastPathComponent().path, directory: true)
    }

    /// Gives `temporary` the name `destination` without ever replacing an existing file (link, then unlink).
    static func publishNew(_ temporary: String, as destination: String) throws(CipherError) {
        let calls = FileSystemCalls.current
        guard calls.link(temporary, destination) == 0 else {
            let reason = errno
            if reason == EEXIST { throw .outputExists(path: destination) }
            throw .io(detail: "\(destination): cannot be created (\(String(cString: strerror(reason))))")
        }
        _ = calls.unlink(temporary)
        flushFolderAfterCommit(of: destination)
    }

    /// Atomically replaces `destination` with `temporary`: a crash leaves one or the other, whole.
    static func replace(_ destination: String, with temporary: String) throws(CipherError) {
        guard FileSystemCalls.current.rename(temporary, destination) == 0 else {
            throw .io(detail: "\(destination): cannot be replaced (\(String(cString: strerror(errno))))")
        }
        flushFolderAfterCommit(of: destination)
    }

    /// Flushes the folder after the rename or link that published a file. The step has taken effect by then (the
    /// file is there under its new name, whole), so a failed flush is not reported as a failed step, which would
    /// tell the caller the old state stands while it does not; SQLite ignores a failed directory sync the same way.
    private static func flushFolderAfterCommit(of path: String) {
        try? syncFolder(of: path)
    }
}
