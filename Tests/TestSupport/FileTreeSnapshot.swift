import Foundation

/// Everything observable about the entries of a folder (recursively), to prove a command changed nothing: type,
/// permissions, inode, size, modification time and, for regular files, the bytes; symbolic links are not followed
/// and pipes or devices are never opened (reading a FIFO would block).
public struct FileTreeSnapshot: Equatable, Sendable, CustomStringConvertible {
    public struct Entry: Equatable, Sendable {
        public var type: String
        public var mode: UInt32
        public var inode: UInt64
        public var size: Int64
        public var modified: Int64
        public var contents: Data?
        public var linkTarget: String?
    }

    /// Relative path -> entry.
    public var entries: [String: Entry]

    public init(_ folder: URL) {
        var entries: [String: Entry] = [:]
        Self.walk(folder.path, relative: "", into: &entries)
        self.entries = entries
    }

    private static func walk(_ path: String, relative: String, into entries: inout [String: Entry]) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        for name in names {
            let full = path + "/" + name
            let key = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            var entry = Entry(
                type: "other", mode: UInt32(info.st_mode & 0o7777), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec), contents: nil, linkTarget: nil
            )
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                entry.type = "file"
                entry.contents = FileManager.default.contents(atPath: full)
            case S_IFDIR:
                entry.type = "directory"
                entry.modified = 0  // a directory's time moves when a temp file comes and goes; its entries are compared
                walk(full, relative: key, into: &entries)
            case S_IFLNK:
                entry.type = "symlink"
                entry.linkTarget = try? FileManager.default.destinationOfSymbolicLink(atPath: full)
            case S_IFIFO: entry.type = "fifo"
            default: break
            }
            entries[key] = entry
        }
    }

    /// What differs from `other`, one line per entry (empty when equal).
    public func differences(from other: FileTreeSnapshot) -> [String] {
        var lines: [String] = []
        for key in Set(entries.keys).union(other.entries.keys).sorted() {
            switch (other.entries[key], entries[key]) {
            case (nil, .some): lines.append("\(key): created")
            case (.some, nil): lines.append("\(key): removed")
            case (let before?, let after?) where before != after:
                var what: [String] = []
                if before.contents != after.contents { what.append("bytes") }
                if before.size != after.size { what.append("size \(before.size) -> \(after.size)") }
                if before.inode != after.inode { what.append("inode") }
                if before.mode != after.mode { what.append("mode") }
                if before.modified != after.modified { what.append("mtime") }
                if before.type != after.type || before.linkTarget != after.linkTarget { what.append("type/link") }
                lines.append("\(key): changed (\(what.joined(separator: ", ")))")
            default: break
            }
        }
        return lines
    }

    public var description: String { entries.keys.sorted().joined(separator: ", ") }
}
