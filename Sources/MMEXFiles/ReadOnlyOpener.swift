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
/// - a rollback-journal file with a non-empty `-journal` (possibly hot: a writer died mid-transaction) is read the
///   same way, so the interrupted transaction is rolled back in the copy, not in the original.
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
        // A WAL-mode file's -wal holds committed transactions; a rollback file's non-empty -journal may be hot (a
        // writer died mid-transaction), which a read-only connection cannot roll back. Either is read from a private
        // copy of the pair (main file first: a sidecar only grows while a writer works).
        let sidecar = probe.isWALMode ? "-wal" : "-journal"
        let sidecarPath = probe.path + sidecar
        let sidecarSize = (try? FileManager.default.attributesOfItem(atPath: sidecarPath)[.size] as? NSNumber)?.intValue ?? 0
        if sidecarSize > 0 {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("driverport-read-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let copy = folder.appendingPathComponent("db")
            do {
                try FileManager.default.copyItem(atPath: probe.path, toPath: copy.path)
                try FileManager.default.copyItem(atPath: sidecarPath, toPath: copy.path + sidecar)
                let connection = try EngineConnection(
                    path: copy.path, options: OpenOptions(access: .readWrite, vfs: vfs), library: library
                )
                return ReadOnlyDatabase(connection: connection, copyFolder: folder)
            } catch {
                try? FileManager.default.removeItem(at: folder)
                throw error
            }
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
