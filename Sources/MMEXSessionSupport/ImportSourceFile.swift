import Foundation
import MMEXModel
import MMEXSession
import PersistenceSession
import SQLiteCipher
import SQLiteEngine
import Synchronization

/// The file an import attaches, prepared so that the source never changes.
///
/// - A plain source is attached where it is, read-only, with the rules of ``ReadOnlySource``: `mode=ro` for a
///   rollback-journal file, `immutable=1` for a WAL file nobody has open, a private recovered copy when it has a
///   non-empty `-wal` or a hot `-journal` (SQLite would otherwise write sidecars or roll back beside the source).
/// - An encrypted source cannot be keyed once attached: `ATTACH` reads the schema (page 1) before any file control
///   can reach the attached file, and the page codec takes a key only before the first read. So the source is
///   opened read-only with its key through the codec, copied page by page (the backup API) into a private plain
///   copy in a `0700` temporary folder, and the copy is attached `mode=ro`. The copy is removed as soon as it is
///   attached (the open descriptor keeps it readable until the attachment closes), so the plaintext lives on disk
///   only for the moment of the import's start.
///
/// Both drivers' importers use it; each attaches ``uri`` as ``schema`` in its own idiom.
public final class ImportSourceFile {
    /// The `file:` URI to attach (read-only).
    public let uri: String
    /// A schema name no other attachment of this process uses (`dp_import_N`).
    public let schema: String
    private let readOnlySource: ReadOnlySource?
    private let copyFolder: ScratchFolder?

    private static let counter = Atomic<Int>(0)

    private init(uri: String, readOnlySource: ReadOnlySource?, copyFolder: ScratchFolder?) {
        self.uri = uri
        self.readOnlySource = readOnlySource
        self.copyFolder = copyFolder
        let number = Self.counter.wrappingAdd(1, ordering: .relaxed).newValue
        schema = ImportCatalogue.schemaPrefix + String(number)
    }

    deinit { discard() }

    /// Checks the source (a readable MMEX file, the key right, the schema not newer than supported) and prepares it.
    ///
    /// - Throws: the session's open errors for the source (``PersistenceError/notFound(path:)``,
    ///   ``PersistenceError/wrongKey(path:)``, ``PersistenceError/notAnMMEXFile(path:reason:)``, ...), never quoting
    ///   the key.
    public static func prepare(_ source: ImportSource) throws -> ImportSourceFile {
        let key = try source.key.map(SessionKey.init)
        let path = source.path
        let probe = try MMEXFileCheck.examine(path, keyGiven: key != nil)
        let readOnly = try ReadOnlySource.prepare(path: path, probe: probe, key: key)
        do {
            let connection = try EngineConnection(
                path: readOnly.uri, options: OpenOptions(access: .readOnly, uri: true, vfs: SessionKey.vfsName(for: key))
            )
            defer { connection.close() }
            try key?.apply(to: connection, path: path)
            try MMEXFileCheck.verify(connection, path: path, keyGiven: key != nil)
            guard probe.kind != .plainSQLite else {
                return ImportSourceFile(uri: readOnly.uri, readOnlySource: readOnly, copyFolder: nil)
            }
            let folder = try ScratchFolder.make(kind: "import", in: FileManager.default.temporaryDirectory)
            do {
                let copy = folder.appending("source.mmb").path
                let destination = try EngineConnection(path: copy, options: .create)
                defer { destination.close() }
                // A throwaway copy: no journal, no fsync.
                try destination.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
                try connection.backup(to: destination)
                readOnly.discard()
                return ImportSourceFile(uri: FileURI.make(path: copy, query: "mode=ro"), readOnlySource: nil, copyFolder: folder)
            } catch {
                folder.remove()
                throw error
            }
        } catch {
            readOnly.discard()
            if error is PersistenceError { throw error }
            throw SessionErrors.persistenceError(for: error, path: path, keyGiven: key != nil)
        }
    }

    /// Removes the private copies (after attaching: the attachment keeps its open descriptor).
    public func discard() {
        readOnlySource?.discard()
        copyFolder?.remove()
    }
}
