import Foundation
import SQLiteEngine

/// What a path holds before any SQLite library touches it: the checks that keep the toolkit from opening the wrong
/// thing (a folder, an empty file, a text file) and tell a plain SQLite file from an encrypted one.
public struct FileProbe: Sendable, Equatable {
    /// What the first bytes say.
    public enum Kind: Sendable, Equatable {
        /// A plain SQLite file ("SQLite format 3\0").
        case plainSQLite
        /// Not a plain SQLite header: an encrypted database, or not a database at all.
        case notPlainSQLite
    }

    public let path: String
    public let size: UInt64
    public let kind: Kind
    /// SQLite opens the file in WAL mode (header byte 19, the read version, is 2).
    public let isWALMode: Bool
    /// The page size in the header (plain files only).
    public let pageSize: Int?
    /// Header byte 20: bytes reserved at the end of every page (plain files only).
    public let reserveBytes: Int?

    /// Which sidecars exist beside the file.
    public let sidecars: [String]

    /// The sidecar suffixes SQLite may create next to a database.
    public static let sidecarSuffixes = ["-wal", "-shm", "-journal"]

    /// Looks at a path without opening it with SQLite.
    ///
    /// - Throws: ``DatabaseFileError`` for a missing path, a folder, something that is not a regular file, an
    ///   unreadable file or an empty file.
    public static func examine(_ path: String) throws(DatabaseFileError) -> FileProbe {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ELOOP { throw .notRegularFile(path: path, what: "a symbolic link loop") }
            throw .missing(path: path)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notRegularFile(path: path, what: "a directory")
        case S_IFIFO: throw .notRegularFile(path: path, what: "a named pipe")
        case S_IFCHR, S_IFBLK: throw .notRegularFile(path: path, what: "a device")
        case S_IFSOCK: throw .notRegularFile(path: path, what: "a socket")
        default: throw .notRegularFile(path: path, what: "not a regular file")
        }
        guard info.st_size > 0 else { throw .empty(path: path) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable(path: path) }
        defer { try? handle.close() }
        let header = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        let magic = Array("SQLite format 3".utf8) + [0]
        if header.count < 100, header.count >= 16, Array(header[0..<16]) == magic {
            throw .badHeader(path: path, reason: "only \(header.count) bytes: cut off inside the 100-byte header; restore it from a backup")
        }
        let plain = header.count >= 100 && Array(header[0..<16]) == magic
        var pageSize: Int?
        var reserve: Int?
        if plain {
            let raw = Int(header[16]) << 8 | Int(header[17])
            let size = raw == 1 ? 65536 : raw
            guard size >= 512, size <= 65536, size & (size - 1) == 0 else {
                throw .badHeader(path: path, reason: "impossible page size \(raw)")
            }
            pageSize = size
            reserve = Int(header[20])
            // The in-header page count is valid when its "version valid for" (bytes 92-95) matches the change
            // counter (bytes 24-27); a file shorter than that count was truncated. Not so for a WAL-mode file with
            // a non-empty -wal: a checkpoint interrupted by a crash writes page 1 (and its new page count) before
            // the pages that grow the file, and the -wal still holds every one of them.
            func be32(_ at: Int) -> UInt64 { header[at..<at + 4].reduce(0) { $0 << 8 | UInt64($1) } }
            let pages = be32(28)
            let walMode = DatabaseHeader.isWALMode(header: header)
            var walInfo = stat()
            let walHoldsPages = walMode && stat(path + "-wal", &walInfo) == 0 && walInfo.st_size > 0
            if pages > 0, be32(92) == be32(24), UInt64(info.st_size) < pages * UInt64(size), !walHoldsPages {
                throw .truncated(path: path, expectedBytes: pages * UInt64(size), actualBytes: UInt64(info.st_size))
            }
        }
        let sidecars = sidecarSuffixes.filter { FileManager.default.fileExists(atPath: path + $0) }
        return FileProbe(
            path: path, size: UInt64(info.st_size), kind: plain ? .plainSQLite : .notPlainSQLite,
            isWALMode: plain && DatabaseHeader.isWALMode(header: header), pageSize: pageSize, reserveBytes: reserve,
            sidecars: sidecars
        )
    }
}

/// A path that cannot be used as a database, and why, before SQLite is asked.
public enum DatabaseFileError: Error, Sendable, Equatable, CustomStringConvertible {
    case missing(path: String)
    case notRegularFile(path: String, what: String)
    case unreadable(path: String)
    case empty(path: String)
    case exists(path: String)
    /// A new file cannot be made at the path (no such folder, read-only file system, ...).
    case cannotCreate(path: String, reason: String)
    case truncated(path: String, expectedBytes: UInt64, actualBytes: UInt64)
    case badHeader(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path): "\(path): no such file"
        case .notRegularFile(let path, let what): "\(path): \(what), not a database file"
        case .unreadable(let path): "\(path): cannot be read (check its permissions)"
        case .empty(let path): "\(path): empty file, not a database"
        case .exists(let path): "\(path): already exists; choose another path or remove it first"
        case .cannotCreate(let path, let reason): "\(path): cannot create the file (\(reason))"
        case .truncated(let path, let expected, let actual):
            "\(path): truncated database (its header says \(expected) bytes, the file has \(actual)); restore it from a backup"
        case .badHeader(let path, let reason): "\(path): not a valid SQLite header (\(reason))"
        }
    }
}
