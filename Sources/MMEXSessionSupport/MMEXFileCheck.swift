import MMEXFiles
import SQLiteCipher
import MMEXSchema
import MMEXSession
import PersistenceSession
import SQLiteEngine

/// The checks every session runs when it opens an existing file, before it changes anything.
///
/// ``examine(_:keyGiven:)`` looks at the path before SQLite does (a missing path, a folder, an empty or truncated
/// file, a text file); ``verify(_:path:)`` runs in the connection's set-up hook, right after the key, and refuses a
/// schema newer than this build and a database without the core MMEX tables. Both run before the session switches
/// a journal mode or writes anything, so a refused file is left byte for byte as it was.
public enum MMEXFileCheck {
    /// The newest MMEX schema (`user_version`) this build reads and writes.
    public static let supportedVersion: Int64 = MMEXSchema.currentVersion

    /// Tables every MMEX file has had since 0.9 (desktop, Android and iOS files alike): without them a database is
    /// not an MMEX file.
    public static let coreTables = ["INFOTABLE_V1", "ACCOUNTLIST_V1", "CHECKINGACCOUNT_V1", "CURRENCYFORMATS_V1"]

    /// Refuses what is not a database file before SQLite opens it (SQLite would create a missing file and treat an
    /// empty one as a new database).
    ///
    /// - Throws: ``PersistenceError/notFound(path:)``, ``PersistenceError/notADatabase(path:)`` (a folder, an empty
    ///   file, or a file that is not plain SQLite when no key was given), ``PersistenceError/corrupt(path:detail:)``
    ///   (truncated), ``PersistenceError/io(path:detail:)`` (unreadable).
    @discardableResult
    public static func examine(_ path: String, keyGiven: Bool) throws(PersistenceError) -> FileProbe {
        let probe: FileProbe
        do {
            probe = try FileProbe.examine(path)
        } catch {
            throw SessionErrors.persistenceError(for: error, path: path, keyGiven: keyGiven)
        }
        if probe.kind == .notPlainSQLite && !keyGiven { throw .notADatabase(path: path) }
        return probe
    }

    /// Checks an opened (and keyed) connection: `user_version` at most ``supportedVersion``, every core table
    /// present. Reads only.
    ///
    /// - Throws: ``PersistenceError/schemaTooNew(path:found:supported:)``,
    ///   ``PersistenceError/notAnMMEXFile(path:reason:)``, and what reading the schema fails with
    ///   (``PersistenceError/notADatabase(path:)``, ``PersistenceError/wrongKey(path:)``, corruption).
    public static func verify(_ connection: EngineConnection, path: String, keyGiven: Bool) throws(PersistenceError) {
        let version: Int64
        let tables: Set<String>
        do {
            version = try connection.userVersion
            let rows = try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table'")
            tables = Set(rows.compactMap { row in row.first?.textValue?.uppercased() })
        } catch {
            throw SessionErrors.persistenceError(for: error, path: path, keyGiven: keyGiven)
        }
        if version > supportedVersion {
            throw .schemaTooNew(path: path, found: version, supported: supportedVersion)
        }
        let missing = coreTables.filter { !tables.contains($0) }
        if !missing.isEmpty {
            throw .notAnMMEXFile(path: path, reason: "no \(missing.joined(separator: ", ")) table")
        }
    }
}

extension MMEXFileCheck {
    /// Whether the file's header says WAL mode (decrypting page 1 with the key for an encrypted file), without
    /// opening it through SQLite; `nil` when that cannot be read.
    public static func isWALMode(_ path: String, key: SessionKey?) -> Bool? {
        if let key {
            return try? CipherProbe.examine(path: path, choice: key.choice, key: key.key).walMode
        }
        return DatabaseHeader.walMode(atPath: path)
    }
}
