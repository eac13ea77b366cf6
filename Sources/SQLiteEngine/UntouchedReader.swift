import Foundation

/// A connection that reads a database file without changing a byte of it or of its sidecars.
///
/// Opening a file "read-only" is not enough to leave it alone: a read-only connection can still create `-wal` and
/// `-shm` files next to a WAL-mode database (as root, even in a read-only folder), writes read marks into an
/// existing `-shm`, and cannot read a file whose hot rollback `-journal` it would have to roll back first. So:
/// - a file with a non-empty `-wal` or a hot `-journal` (or whose header cannot be read, such as an encrypted one)
///   is copied, with those sidecars, into a private folder, and the copy is read: the committed transactions in
///   the WAL are seen, a half-written transaction is rolled back in the copy, and the originals stay as they were;
/// - a WAL-mode file with no (or an empty) `-wal` opens with `immutable=1`, which creates no sidecar;
/// - a rollback-journal file without a hot journal opens with `mode=ro`.
///
/// Used wherever the toolkit must look inside a file it may not change: `inspect`, `dump`, and the relocation's
/// "does this database hold rows" check.
public final class UntouchedReader {
    /// The open connection (read-only, or read-write on a private copy).
    public let connection: EngineConnection
    /// Whether the connection reads a private copy of the file and its sidecars.
    public let readsCopy: Bool
    private let copyFolder: ScratchFolder?

    init(connection: EngineConnection, copyFolder: ScratchFolder?) {
        self.connection = connection
        self.copyFolder = copyFolder
        self.readsCopy = copyFolder != nil
    }

    deinit {
        connection.close()
        copyFolder?.remove()
    }

    /// Opens `path` for reading, leaving the file and its sidecars untouched.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - isWALMode: whether the file is in WAL mode; `nil` reads it from a plain SQLite header, and a header that
    ///     is not plain (an encrypted file) makes the reader use a private copy, the one way that is safe without
    ///     knowing the mode.
    ///   - library: the SQLite library to read it with.
    ///   - vfs: the VFS to open through (for example the page codec's).
    ///   - prepare: runs on the new connection before its first statement (the place to apply a key).
    /// - Throws: ``SQLiteError`` when SQLite cannot open the file or its copy, ``PrivateCopyError`` when the copy
    ///   cannot be made, or what `prepare` throws.
    public static func open(
        path: String, isWALMode: Bool? = nil, library: SQLiteLibrary = .system, vfs: String? = nil,
        prepare: (EngineConnection) throws -> Void = { _ in }
    ) throws -> UntouchedReader {
        let walMode = isWALMode ?? DatabaseHeader.walMode(atPath: path)
        let walSize = Self.size(ofFileAt: path + "-wal")
        let hotJournal = Self.isHotJournalCandidate(atPath: path + "-journal")
        if walMode == nil || walSize > 0 || hotJournal {
            return try openCopy(path: path, library: library, vfs: vfs, prepare: prepare)
        }
        let query = walMode == true ? "immutable=1" : "mode=ro"
        let connection = try EngineConnection(
            path: FileURI.make(path: path, query: query),
            options: OpenOptions(access: .readOnly, uri: true, vfs: vfs),
            library: library
        )
        try prepare(connection)
        return UntouchedReader(connection: connection, copyFolder: nil)
    }

    /// Copies the file with its `-wal` and `-journal` (never the `-shm`, which SQLite rebuilds) and opens the copy.
    private static func openCopy(
        path: String, library: SQLiteLibrary, vfs: String?, prepare: (EngineConnection) throws -> Void
    ) throws -> UntouchedReader {
        let temporary = FileManager.default.temporaryDirectory
        let folder: ScratchFolder
        do {
            folder = try ScratchFolder.make(kind: "read", in: temporary)
        } catch {
            throw PrivateCopyError(path: path, folder: temporary.path, underlying: error)
        }
        let copy = folder.appending("db")
        do {
            do {
                try FileCopy.copy(path, to: copy.path)
                for suffix in ["-wal", "-journal"] where FileManager.default.fileExists(atPath: path + suffix) {
                    try FileCopy.copy(path + suffix, to: copy.path + suffix)
                }
            } catch {
                throw PrivateCopyError(path: path, folder: temporary.path, underlying: error)
            }
            let connection = try EngineConnection(
                path: copy.path, options: OpenOptions(access: .readWrite, vfs: vfs), library: library
            )
            try prepare(connection)
            return UntouchedReader(connection: connection, copyFolder: folder)
        } catch {
            folder.remove()
            throw error
        }
    }

    /// The size of the file at `path` (following symbolic links), 0 when it is missing.
    public static func size(ofFileAt path: String) -> UInt64 {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return UInt64(info.st_size)
    }

    /// Whether a rollback journal might be hot: it exists, is not empty and its header was not zeroed (a committed
    /// transaction in `PERSIST` mode zeroes it; in `TRUNCATE` mode it becomes empty; in `DELETE` mode it goes away).
    /// SQLite also requires that no connection holds a reserved lock; a reader cannot know that, so it assumes hot.
    public static func isHotJournalCandidate(atPath path: String) -> Bool {
        guard size(ofFileAt: path) > 0 else { return false }
        guard let handle = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 8)) ?? Data()
        return head.contains { $0 != 0 }
    }
}

/// What the first 100 bytes of a plain SQLite file say, read without SQLite.
public enum DatabaseHeader {
    /// `true` for a plain SQLite file SQLite opens in WAL mode, `false` for a plain file in rollback-journal mode,
    /// `nil` when the file has no plain SQLite header (missing, short, or encrypted).
    public static func walMode(atPath path: String) -> Bool? {
        bytes(atPath: path).map(isWALMode(header:))
    }

    /// The first 100 bytes of a plain SQLite file, `nil` when the file is missing, shorter, or has no plain SQLite
    /// header (encrypted, or not a database).
    public static func bytes(atPath path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let header = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        let magic = Array("SQLite format 3".utf8) + [0]
        guard header.count == 100, Array(header[0..<16]) == magic else { return nil }
        return header
    }

    /// The file change counter (bytes 24-27, big-endian) of a 100-byte `header`: every rollback-journal commit
    /// writes the next one.
    public static func changeCounter(header: [UInt8]) -> UInt32 {
        header[24...27].reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
    }

    /// Whether SQLite opens a file with this header in WAL mode: the read version (byte 19) is 2. SQLite looks at
    /// that byte alone (the write version, byte 18, only makes a file read-only when above 2), so a header whose
    /// two bytes differ (damaged, or written by a tool that sets one) still gets a `-wal` and `-shm`; a reader that
    /// took it for a rollback-journal file would let SQLite create them beside it.
    public static func isWALMode(header: [UInt8]) -> Bool {
        header.count > 19 && header[19] == 2
    }
}

/// `file:` URIs for paths, for opening with query parameters such as `mode=ro` or `immutable=1`.
public enum FileURI {
    /// A `file:` URI for `path` (made absolute), with the characters URIs reserve percent-encoded.
    public static func make(path: String, query: String? = nil) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var encoded = ""
        for byte in absolute.utf8 {
            switch byte {
            case UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "%"), 0..<0x21, 0x7F...:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count < 2 ? "0" + hex : hex)
            default:
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return "file:" + encoded + (query.map { "?" + $0 } ?? "")
    }
}
