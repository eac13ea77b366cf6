import CPageCodec
import SQLiteEngine

/// SQLite3 Multiple Ciphers' key interface for every connection this process opens on the system SQLite, whichever
/// library opens it: the real GRDB, the real SQLite.swift, or C code.
///
/// After ``install(asDefaultVFS:)`` the page codec is SQLite's default VFS (named ``vfsName``, as the loadable
/// extension `libdriverport_codec.so` registers it), and a connection is keyed as SQLite3 Multiple Ciphers keys one,
/// before its first read: `PRAGMA cipher = 'sqlcipher'`, `PRAGMA legacy = 4`, `PRAGMA kdf_iter = N`,
/// `PRAGMA key = 'passphrase'` or `PRAGMA hexkey = '...'`, or the URI parameters `cipher`, `legacy`, `key` and
/// `hexkey`. Without `PRAGMA cipher` the codec tries the formats it reads. A plain file opens unchanged; a wrong key
/// fails the first read with `SQLITE_NOTADB` and changes nothing. After the key, `PRAGMA rekey = 'new'` (or
/// `PRAGMA hexrekey`) rewrites the connection's main database under a new key in place and answers `ok`.
///
/// With GRDB, key each connection in `Configuration.prepareDatabase` (queue and pool, WAL included):
///
/// ```swift
/// try KeyPragmas.install()
/// var configuration = Configuration()
/// configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA key = 'secret'") }
/// let queue = try DatabaseQueue(path: path, configuration: configuration)
/// ```
///
/// With SQLite.swift, after opening the `Connection`: `try db.execute("PRAGMA key = 'secret'")`.
///
/// A passphrase inside SQL text is as secret as the SQL: build it from the user's input with the quotes doubled
/// (``quoted(_:)``), never log the statement, and prefer `PRAGMA hexkey` for raw keys.
public enum KeyPragmas {
    /// The VFS name: the one the loadable extension registers.
    public static let vfsName = "driverport"

    /// Registers the codec VFS answering the key pragmas, as SQLite's default VFS unless `asDefaultVFS` is false
    /// (then open files with `vfs=driverport`), and binds every connection opened from then on. Idempotent and safe
    /// from any thread.
    ///
    /// The first call stacks the codec over the VFS that is the default then, as SQLite3 Multiple Ciphers does (`unix`
    /// in a process that changed nothing; a pass-through layer such as the differential's changed-pages tracker stays
    /// under it and keeps seeing every file).
    ///
    /// - Throws: ``CipherError/crypto(detail:)`` when the VFS cannot register (OpenSSL algorithms or the unix VFS
    ///   missing).
    public static func install(asDefaultVFS: Bool = true) throws(CipherError) {
        let rc = dp_codec_install_mc(vfsName, asDefaultVFS ? 1 : 0)
        guard rc == ResultCode.ok else {
            throw .crypto(detail: "the page codec could not register its key pragmas (SQLite error \(rc))")
        }
    }

    /// `text` as an SQL string literal (single quotes, inner quotes doubled), for `PRAGMA key = ...`.
    public static func quoted(_ text: String) -> String {
        "'" + String(text.flatMap { $0 == "'" ? ["'", "'"] : [$0] }) + "'"
    }
}
