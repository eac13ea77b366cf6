import MMEXFiles
import SQLiteCipher
import SQLiteEngine

/// Opening FILE for reading with the key options: probe it, get the key (or prompt), open without changing it.
enum EncryptedOpen {
    /// Opens `path` read-only; an encrypted file needs its key (from the options, or a terminal prompt).
    ///
    /// - Parameter vfs: the VFS for a plain file (the codec's when the connection will be copied from).
    static func readOnly(
        _ path: String, library: SQLiteLibrary = .system, vfs: String? = nil, keyOptions: KeyOptions, console: Console
    ) throws -> ReadOnlyDatabase {
        let probe = try FileProbe.examine(path)
        let needed = keyOptions.needsKey(fileIsPlain: probe.kind == .plainSQLite)
        let key = try keyOptions.key(needed: needed, prompt: "Passphrase for \(path): ", console: console)
        if needed && key == nil { throw CipherError.keyRequired }
        return try ReadOnlyDatabase.open(probe, library: library, vfs: vfs, cipher: keyOptions.choice, key: key)
    }

    /// How `upgrade` and `snapshot` open `path`: a plain file without key options as before; otherwise through the
    /// page codec with the options' cipher and key (asked for on a terminal when the file is encrypted and no key
    /// option was given).
    static func access(for path: String, keyOptions: KeyOptions, console: Console) throws -> DatabaseAccess {
        let probe = try FileProbe.examine(path)
        let plain = probe.kind == .plainSQLite
        if plain && keyOptions.source == nil, case .detect = keyOptions.choice { return .plain }
        if case .none = keyOptions.choice { return .plain }
        let needed = keyOptions.needsKey(fileIsPlain: plain)
        let key = try keyOptions.key(needed: needed, prompt: "Passphrase for \(path): ", console: console)
        if needed && key == nil { throw CipherError.keyRequired }
        return .encrypted(keyOptions.choice, key: key)
    }

    /// The error to report for a failure while reading `database`: on an encrypted file, an I/O or corruption error
    /// SQLite reports for a page the codec refused becomes the codec's own error ("page N failed authentication"),
    /// not a disk I/O error.
    static func explain(_ error: any Error, reading database: ReadOnlyDatabase?) -> any Error {
        guard let database, database.cipher != nil, let sqliteError = error as? SQLiteError,
              database.connection.library.kind == .system,
              let cipherError = PageCodec.cipherError(for: sqliteError, on: database.connection)
        else { return error }
        return cipherError
    }
}
