import Foundation

/// Which file a path names, by device and inode number: the identity that survives a rename.
///
/// An app update can move the whole data container to a new path (seed 002 measured it: the container folder is
/// renamed, and the device and inode numbers of every folder and file inside stay the same). A path is therefore
/// never an identity; two paths name the same file exactly when their identities are equal.
public struct FileIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The device (file system) the file lives on.
    public let device: UInt64
    /// The file's inode number on that device.
    public let inode: UInt64

    /// An identity from numbers already known (from `stat`, or a test's own).
    ///
    /// - Parameters:
    ///   - device: The `st_dev` of the file system the file lives on.
    ///   - inode: The `st_ino` of the file on that device.
    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The identity of what `path` names, following symbolic links (the file a database connection would open),
    /// or `nil` when nothing is there.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
    }

    /// The identity of what a file URL names (see ``init(path:)``).
    public init?(url: URL) {
        self.init(path: url.path)
    }

    public var description: String { "device \(device) inode \(inode)" }
}
