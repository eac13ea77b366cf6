import Foundation
import SQLiteCipher
import SQLiteEngine

/// Opens a database, plain or encrypted, for reading in a way that never changes the file or its sidecars.
///
/// A read-only SQLite connection can still create `-wal` and `-shm` files next to a WAL-mode database (as root, even
/// in a read-only folder) and writes read marks into an existing `-shm`. So:
/// - rollback-journal files open with `mode=ro`;
/// - a WAL-mode file with no (or an empty) `-wal` opens with `immutable=1`, which creates no sidecar;
/// - a WAL-mode file with a `-wal` is copied, with its `-wal`, into a private folder, and the copy is read, so the
///   committed transactions in the WAL are seen while the originals stay byte for byte as they were.
///
/// An encrypted file only shows whether it is in WAL mode once page 1 is decrypted, so it is first examined with the
/// key (``CipherProbe``), then opened the same way through the page codec (system engine), or with Debian's
/// SQLCipher keyed by ``SQLCipherEngineKey`` (engine `sqlcipher`, SQLCipher v1-v3 only).
public final class ReadOnlyDatabase {
    /// The open connection (read-only, or on a private copy).
    public let connection: EngineConnection
    /// Whether the connection reads a private copy of the file and its WAL.
    public let readsCopy: Bool
    /// The cipher the file opened with (`nil`: plain).
    public let cipher: CipherFormat?
    /// Page 1's reserved bytes per page, read from the (decrypted) header.
    public let reservedBytes: Int
    /// The header says WAL mode.
    public let walMode: Bool
    private let copyFolder: URL?

    init(connection: EngineConnection, copyFolder: URL?, cipher: CipherFormat? = nil, reservedBytes: Int, walMode: Bool) {
        self.connection = connection
        self.copyFolder = copyFolder
        self.readsCopy = copyFolder != nil
        self.cipher = cipher
        self.reservedBytes = reservedBytes
        self.walMode = walMode
    }

    /// The name of the cipher for reports: a ``CipherFormat`` raw value, or `none`.
    public var cipherName: String { cipher?.rawValue ?? "none" }

    deinit {
        connection.close()
        if let copyFolder { try? FileManager.default.removeItem(at: copyFolder) }
    }

    /// Opens `probe.path` for reading with `library`, as described above.
    ///
    /// - Parameters:
    ///   - cipher: how to open it; `auto` detects (a plain file needs no key).
    ///   - key: the key of an encrypted file.
    /// - Throws: ``CipherError`` for an encrypted file without its key, a wrong key, a tampered page 1; SQLite's
    ///   errors otherwise.
    public static func open(
        _ probe: FileProbe, library: SQLiteLibrary = .system, vfs: String? = nil, cipher: CipherChoice = .auto,
        key: CipherKey? = nil
    ) throws -> ReadOnlyDatabase {
        let plainRequest: Bool = switch cipher {
        case .auto, .none: key == nil
        case .format: false
        }
        if probe.kind == .plainSQLite && plainRequest {
            return try openFile(
                probe.path, walMode: probe.isWALMode, library: library, vfs: vfs, cipher: nil,
                reservedBytes: probe.reserveBytes ?? 0, prepare: { _ in }
            )
        }
        let facts = try CipherProbe.examine(path: probe.path, choice: cipher, key: key)
        if library.kind == .sqlcipher {
            // Debian's SQLCipher keeps its own codec (and knows nothing of this one's VFS).
            return try openFile(
                probe.path, walMode: facts.walMode, library: library, vfs: nil, cipher: facts.format,
                reservedBytes: facts.reservedBytes
            ) { connection in
                if let format = facts.format, let key {
                    try SQLCipherEngineKey.apply(key: key, format: format, pageSize: facts.pageSize, to: connection)
                }
            }
        }
        return try openFile(
            probe.path, walMode: facts.walMode, library: library, vfs: PageCodec.vfsName, cipher: facts.format,
            reservedBytes: facts.reservedBytes
        ) { connection in
            try PageCodec.apply(cipher, key: key, to: connection)
        }
    }

    private static func openFile(
        _ path: String, walMode: Bool, library: SQLiteLibrary, vfs: String?, cipher: CipherFormat?, reservedBytes: Int,
        prepare: (EngineConnection) throws -> Void
    ) throws -> ReadOnlyDatabase {
        let walPath = path + "-wal"
        let walSize = (try? FileManager.default.attributesOfItem(atPath: walPath)[.size] as? NSNumber)?.intValue ?? 0
        if walMode && walSize > 0 {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("driverport-read-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let copy = folder.appendingPathComponent("db")
            do {
                try FileManager.default.copyItem(atPath: path, toPath: copy.path)
                try FileManager.default.copyItem(atPath: walPath, toPath: copy.path + "-wal")
                let connection = try EngineConnection(
                    path: copy.path, options: OpenOptions(access: .readWrite, vfs: vfs), library: library
                )
                try prepare(connection)
                return ReadOnlyDatabase(
                    connection: connection, copyFolder: folder, cipher: cipher, reservedBytes: reservedBytes, walMode: walMode
                )
            } catch {
                try? FileManager.default.removeItem(at: folder)
                throw error
            }
        }
        let query = walMode ? "immutable=1" : "mode=ro"
        let connection = try EngineConnection(
            path: fileURI(path: path, query: query),
            options: OpenOptions(access: .readOnly, uri: true, vfs: vfs),
            library: library
        )
        try prepare(connection)
        return ReadOnlyDatabase(connection: connection, copyFolder: nil, cipher: cipher, reservedBytes: reservedBytes, walMode: walMode)
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
