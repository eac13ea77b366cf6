import Foundation
import SQLiteCipher
import SQLiteEngine

/// Opens a database, plain or encrypted, for reading in a way that never changes the file or its sidecars.
///
/// The file rules live in the engine's ``UntouchedReader`` (a non-empty `-wal` or a hot `-journal` is read from a
/// private copy; a WAL-mode file without one opens `immutable=1`; a rollback-journal file opens `mode=ro`). An
/// encrypted file only shows whether it is in WAL mode once page 1 is decrypted, so it is first examined with the key
/// (``CipherProbe``), then opened the same way through the page codec (system engine), or with Debian's SQLCipher
/// keyed by ``SQLCipherEngineKey`` (engine `sqlcipher`, SQLCipher v1-v3 only).
public final class ReadOnlyDatabase {
    private let reader: UntouchedReader
    /// The open connection (read-only, or on a private copy).
    public var connection: EngineConnection { reader.connection }
    /// Whether the connection reads a private copy of the file and its sidecars.
    public var readsCopy: Bool { reader.readsCopy }
    /// The cipher the file opened with (`nil`: plain).
    public let cipher: CipherFormat?
    /// Page 1's reserved bytes per page, read from the (decrypted) header.
    public let reservedBytes: Int
    /// The header says WAL mode.
    public let walMode: Bool

    init(reader: UntouchedReader, cipher: CipherFormat?, reservedBytes: Int, walMode: Bool) {
        self.reader = reader
        self.cipher = cipher
        self.reservedBytes = reservedBytes
        self.walMode = walMode
    }

    /// The name of the cipher for reports: a ``CipherFormat`` raw value, or `none`.
    public var cipherName: String { cipher?.rawValue ?? "none" }

    /// Opens `probe.path` for reading with `library`, as described above.
    ///
    /// - Parameters:
    ///   - cipher: how to open it; `auto` detects (a plain file needs no key).
    ///   - key: the key of an encrypted file.
    /// - Throws: ``CipherError`` for an encrypted file without its key, a wrong key, a tampered page 1; SQLite's
    ///   errors otherwise.
    public static func open(
        _ probe: FileProbe, library: SQLiteLibrary = .system, vfs: String? = nil, cipher: CipherChoice = .mmex,
        key: CipherKey? = nil
    ) throws -> ReadOnlyDatabase {
        let plainRequest: Bool = switch cipher {
        case .detect, .none: key == nil
        case .format: false
        }
        if probe.kind == .plainSQLite && plainRequest {
            let reader = try UntouchedReader.open(path: probe.path, isWALMode: probe.isWALMode, library: library, vfs: vfs)
            return ReadOnlyDatabase(reader: reader, cipher: nil, reservedBytes: probe.reserveBytes ?? 0, walMode: probe.isWALMode)
        }
        let facts = try CipherProbe.examine(path: probe.path, choice: cipher, key: key)
        let reader: UntouchedReader
        if library.kind == .sqlcipher {
            // Debian's SQLCipher keeps its own codec (and knows nothing of this one's VFS).
            reader = try UntouchedReader.open(path: probe.path, isWALMode: facts.walMode, library: library) { connection in
                if let format = facts.format, let key {
                    try SQLCipherEngineKey.apply(key: key, format: format, pageSize: facts.pageSize, to: connection)
                }
            }
        } else {
            reader = try UntouchedReader.open(
                path: probe.path, isWALMode: facts.walMode, library: library, vfs: PageCodec.vfsName
            ) { connection in
                try PageCodec.apply(cipher, key: key, to: connection)
            }
        }
        return ReadOnlyDatabase(reader: reader, cipher: facts.format, reservedBytes: facts.reservedBytes, walMode: facts.walMode)
    }
}

/// A `file:` URI for a path, with the characters URIs reserve percent-encoded.
public func fileURI(path: String, query: String? = nil) -> String {
    FileURI.make(path: path, query: query)
}
