import Foundation
import SQLiteEngine

/// Opens a plain database for reading in a way that never changes the file or its sidecars.
///
/// A read-only SQLite connection can still create `-wal` and `-shm` files next to a WAL-mode database (as root, even
/// in a read-only folder) and writes read marks into an existing `-shm`. So:
/// - rollback-journal files open with `mode=ro`;
/// - a WAL-mode file with no (or an empty) `-wal` opens with `immutable=1`, which creates no sidecar;
/// - a WAL-mode file with a `-wal` is copied, with its `-wal`, into a private folder, and the copy is read, so the
///   committed transactions in the WAL are seen while the originals stay byte for byte as they were;
/// - a rollback-journal file with a hot `-journal` (a writer died mid-transaction) is copied the same way with its
///   journal: SQLite rolls the interrupted transaction back in the copy, so the last committed state is read (a
///   read-only connection cannot roll back and would fail with "attempt to write a readonly database").
public final class ReadOnlyDatabase {
    /// The open connection (read-only, or on a private copy).
    public let connection: EngineConnection
    /// Whether the connection reads a private copy of the file and its WAL.
    public let readsCopy: Bool
    private let copyFolder: URL?

    init(connection: EngineConnection, copyFolder: URL?) {
        self.connection = connection
        self.copyFolder = copyFolder
        self.readsCopy = copyFolder != nil
    }

    deinit {
        connection.close()
        if let copyFolder { try? FileManager.default.removeItem(at: copyFolder) }
    }

    /// Opens `probe.path` for reading with `library`, as described above.
    public static func open(_ probe: FileProbe, library: SQLiteLibrary = .system, vfs: String? = nil) throws
        -> ReadOnlyDatabase
    {
        let walPath = probe.path + "-wal"
        let walSize = (try? FileManager.default.attributesOfItem(atPath: walPath)[.size] as? NSNumber)?.intValue ?? 0
        if probe.isWALMode && walSize > 0 {
            return try openPrivateCopy(probe, sidecar: "-wal", library: library, vfs: vfs)
        }
        if !probe.isWALMode && hasHotJournalHeader(probe.path + "-journal") {
            return try openPrivateCopy(probe, sidecar: "-journal", library: library, vfs: vfs)
        }
        let query = probe.isWALMode ? "immutable=1" : "mode=ro"
        let connection = try EngineConnection(
            path: fileURI(path: probe.path, query: query),
            options: OpenOptions(access: .readOnly, uri: true, vfs: vfs),
            library: library
        )
        return ReadOnlyDatabase(connection: connection, copyFolder: nil)
    }
}

extension ReadOnlyDatabase {
    /// Copies the file and one sidecar into a private folder and opens the copy read-write, so SQLite can apply the
    /// sidecar (replay a WAL, roll back a hot journal) without touching the originals.
    private static func openPrivateCopy(
        _ probe: FileProbe, sidecar: String, library: SQLiteLibrary, vfs: String?
    ) throws -> ReadOnlyDatabase {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("driverport-read-\(UUID().uuidString)")
        do {
            let copy = folder.appendingPathComponent("db")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: probe.path, toPath: copy.path)
                try FileManager.default.copyItem(atPath: probe.path + sidecar, toPath: copy.path + sidecar)
            } catch {
                throw PrivateCopyError(path: probe.path, sidecar: sidecar, folder: folder.deletingLastPathComponent().path, underlying: error)
            }
            let connection = try EngineConnection(
                path: copy.path, options: OpenOptions(access: .readWrite, vfs: vfs), library: library
            )
            return ReadOnlyDatabase(connection: connection, copyFolder: folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Whether a rollback journal starts with SQLite's journal magic: a journal that may be hot. (A `PERSIST` or
    /// `TRUNCATE` journal left after a commit has its header zeroed or no bytes.)
    static func hasHotJournalHeader(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let magic: [UInt8] = [0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7]
        return (try? handle.read(upToCount: 8)).map { [UInt8]($0) == magic } ?? false
    }
}

/// The private copy a file with a live WAL or hot journal is read from could not be made (usually: no space left
/// in the temporary folder).
public struct PrivateCopyError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let sidecar: String
    /// The temporary folder (`TMPDIR`).
    public let folder: String
    /// The operating system's reason.
    public let reason: String

    init(path: String, sidecar: String, folder: String, underlying: any Error) {
        self.path = path
        self.sidecar = sidecar
        self.folder = folder
        let nsError = underlying as NSError
        let inner = (nsError.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        if let posix = inner, posix.domain == NSPOSIXErrorDomain {
            reason = String(cString: strerror(Int32(posix.code))).lowercased()
        } else {
            reason = nsError.localizedDescription
        }
    }

    public var description: String {
        "\(path): cannot copy it with its \(sidecar) into \(folder) to read it without changing it (\(reason)); "
            + "free space there or set TMPDIR"
    }
}

/// A `file:` URI for a path, with the characters URIs reserve percent-encoded.
public func fileURI(path: String, query: String? = nil) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var encoded = ""
    for byte in absolute.utf8 {
        switch byte {
        case UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "%"), 0..<0x21, 0x7F...:
            encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        default:
            encoded.unicodeScalars.append(Unicode.Scalar(byte))
        }
    }
    return "file:" + encoded + (query.map { "?" + $0 } ?? "")
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
