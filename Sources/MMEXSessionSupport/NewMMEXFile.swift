import MMEXFiles
import PersistenceSession
import SQLiteCipher

/// Creating a new MMEX file for a session, the way the MMEX apps do (`user_version` 21, then `tables.sql`), encrypted
/// when a key is given (with ``MMEXModel/CipherChoice/automatic``: SQLCipher 4, what MMEX writes today).
public enum NewMMEXFile {
    /// Creates the file (never overwriting anything at `path`) and closes it; the session then opens it as any file.
    ///
    /// - Throws: ``PersistenceError/alreadyExists(path:)`` when anything is at `path`; I/O errors (a missing folder).
    ///   A failed creation leaves no file behind.
    public static func create(at path: String, key: SessionKey?) throws(PersistenceError) {
        do {
            let target = try key.map { try CipherTarget(newFile: $0.choice, key: $0.key) }
            let connection = try MMEXFileCreator.create(at: path, vfs: SessionKey.vfsName(for: key)) { connection in
                try target?.applyToNewFile(connection)
            }
            connection.close()
        } catch {
            throw SessionErrors.persistenceError(for: error, path: path, keyGiven: key != nil)
        }
    }
}
