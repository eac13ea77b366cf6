import Foundation

/// The file-system steps a crash-safe copy needs: a private name beside the target, fsync, atomic publication.
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
        for suffix in [""] + sidecarSuffixes { unlink(path + suffix) }
    }

    /// Removes the sidecars SQLite may leave under a name that was renamed away: a failed removal of an empty WAL
    /// when the last connection closes is not reported, and nothing else would ever remove it.
    static func removeSidecars(of path: String) {
        for suffix in sidecarSuffixes { unlink(path + suffix) }
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
        guard fsync(fd) == 0 else { throw .io(detail: "\(path): cannot flush to disk (\(String(cString: strerror(errno))))") }
    }

    /// Flushes the folder holding `path`, so a rename in it is durable.
    static func syncFolder(of path: String) throws(CipherError) {
        try sync(URL(fileURLWithPath: path).deletingLastPathComponent().path, directory: true)
    }

    /// Gives `temporary` the name `destination` without ever replacing an existing file (link, then unlink).
    static func publishNew(_ temporary: String, as destination: String) throws(CipherError) {
        guard link(temporary, destination) == 0 else {
            let reason = errno
            if reason == EEXIST { throw .outputExists(path: destination) }
            throw .io(detail: "\(destination): cannot be created (\(String(cString: strerror(reason))))")
        }
        unlink(temporary)
        try syncFolder(of: destination)
    }

    /// Atomically replaces `destination` with `temporary`: a crash leaves one or the other, whole.
    static func replace(_ destination: String, with temporary: String) throws(CipherError) {
        guard rename(temporary, destination) == 0 else {
            throw .io(detail: "\(destination): cannot be replaced (\(String(cString: strerror(errno))))")
        }
        try syncFolder(of: destination)
    }
}
