import Foundation
import SQLiteCipher

/// The file operations the relocation performs, behind a protocol so a test can fail any single one of them.
///
/// The relocation only ever renames and removes; it never copies a database (a copy interrupted half-way would
/// leave two files that both look real).
public protocol RelocationFileSystem: Sendable {
    /// What is at `path`, without following a symbolic link at the last component.
    func kind(atPath path: String) -> FileEntryKind
    /// The device and inode of what `path` names.
    func identity(atPath path: String) -> FileIdentity?
    /// Renames `source` to `destination` atomically. Must fail (and change nothing) when `destination` exists, and
    /// must fail rather than copy when the two are on different volumes.
    func moveItem(atPath source: String, toPath destination: String) throws(FileOperationError)
    /// Removes the file at `path`.
    func removeItem(atPath path: String) throws(FileOperationError)
    /// Flushes the folder at `path` to the disk, so the renames and removals made in it survive a power cut.
    /// Best effort: the step before it has taken effect, so a failure is not reported (as SQLite treats a failed
    /// directory sync).
    func syncFolder(atPath path: String)
}

extension RelocationFileSystem {
    /// `fsync(2)` of the folder, through the file-system seam the crash-safe steps share (a test can fail it or
    /// route it through a simulated disk).
    public func syncFolder(atPath path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        _ = FileSystemCalls.current.fsync(descriptor, path)
        close(descriptor)
    }
}

/// What a path names.
public enum FileEntryKind: Sendable, Equatable {
    /// Nothing is there.
    case missing
    /// A regular file (or a symbolic link to one).
    case regularFile
    /// A folder (or a symbolic link to one).
    case directory
    /// A socket, device, dangling symbolic link or anything else that is neither a file nor a folder.
    case other
}

/// A rename or removal that failed, with the paths and the system's reason.
public struct FileOperationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which operation failed.
    public enum Operation: String, Sendable {
        /// A rename.
        case move
        /// A removal.
        case remove
    }

    /// Whether a move or a removal failed.
    public let operation: Operation
    /// The path that was moved or removed.
    public let path: String
    /// The destination of a move.
    public let destination: String?
    /// The system's reason (`strerror`), or the test's injected reason.
    public let reason: String

    /// A failed operation, as a ``RelocationFileSystem`` reports it (a test builds one to inject a failure).
    ///
    /// - Parameters:
    ///   - operation: Which operation failed.
    ///   - path: The path that was moved or removed.
    ///   - destination: The destination of a move; `nil` for a removal.
    ///   - reason: Why, in words a user can read (the system's `strerror`, or the test's own).
    public init(operation: Operation, path: String, destination: String? = nil, reason: String) {
        self.operation = operation
        self.path = path
        self.destination = destination
        self.reason = reason
    }

    public var description: String {
        switch operation {
        case .move: "cannot move \(path) to \(destination ?? "?"): \(reason)"
        case .remove: "cannot remove \(path): \(reason)"
        }
    }
}

/// The real file system.
///
/// Moves use `rename(2)` rather than `FileManager.moveItem`: on Linux, Foundation turns a move across volumes into
/// a copy followed by a removal, which is not atomic; a crash in the middle would leave a partial database at the
/// destination next to the whole one. `rename(2)` either moves the file or fails with nothing changed. Renames,
/// removals and folder flushes go through the seam export and rekey use (`FileSystemCalls.current`), so a test can
/// fail them or run them on a simulated disk.
public struct SystemFileSystem: RelocationFileSystem {
    /// The real file system; it holds no state.
    public init() {}

    /// What is at `path` (`lstat`): a symbolic link at the last component counts as what it names, a dangling one
    /// as ``FileEntryKind/other``; ``FileEntryKind/missing`` when nothing is there or `lstat` fails.
    public func kind(atPath path: String) -> FileEntryKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .directory
        case S_IFLNK:
            // A link to a file or folder counts as what it names; a dangling one as neither.
            guard stat(path, &info) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .regularFile
            case S_IFDIR: return .directory
            default: return .other
            }
        default: return .other
        }
    }

    /// The device and inode of what `path` names, following symbolic links; `nil` when nothing is there.
    public func identity(atPath path: String) -> FileIdentity? {
        FileIdentity(path: path)
    }

    /// Renames `source` to `destination` with `rename(2)`: atomic, never a copy.
    ///
    /// - Parameters:
    ///   - source: The file to move.
    ///   - destination: Its new path, which must not exist (checked with `lstat` just before the rename).
    /// - Throws: ``FileOperationError`` when `destination` exists, the two are on different volumes (`EXDEV`), or
    ///   the rename fails for any other reason; nothing changed then.
    public func moveItem(atPath source: String, toPath destination: String) throws(FileOperationError) {
        var info = stat()
        guard lstat(destination, &info) != 0 else {
            throw FileOperationError(operation: .move, path: source, destination: destination, reason: "the destination exists")
        }
        guard FileSystemCalls.current.rename(source, destination) == 0 else {
            let code = errno
            let reason = code == EXDEV ? "the destination is on another volume" : String(cString: strerror(code))
            throw FileOperationError(operation: .move, path: source, destination: destination, reason: reason)
        }
    }

    /// Removes the file at `path` with `unlink(2)` (a folder cannot be removed this way).
    ///
    /// - Throws: ``FileOperationError`` with the system's reason when the removal fails.
    public func removeItem(atPath path: String) throws(FileOperationError) {
        guard FileSystemCalls.current.unlink(path) == 0 else {
            throw FileOperationError(operation: .remove, path: path, reason: String(cString: strerror(errno)))
        }
    }
}
