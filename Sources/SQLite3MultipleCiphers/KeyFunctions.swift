@_exported import CSQLite
import CPageCodec

// SQLite3 Multiple Ciphers' key functions, with its names, parameters and return values, over DriverPort's page
// codec on the system SQLite. They are Swift functions, not C symbols: they never clash with the C functions of the
// same names in Debian's libsqlcipher, which the same process may load. Call `KeyPragmas.install()` once before
// opening, so the codec is SQLite's default VFS.

/// Keys the main database of `db` with the passphrase `pKey` (`nKey` bytes; negative: up to the first NUL), as
/// SQLite3 Multiple Ciphers' `sqlite3_key` does: right after opening, before anything reads the database.
///
/// Returns `SQLITE_OK` also for a wrong passphrase: the first read then fails with `SQLITE_NOTADB` and the file is not
/// changed, as in SQLite3MC. A `nil` or empty key does nothing. `SQLITE_ERROR` when the codec did not open the file
/// (install it first) or a key was already applied; the reason goes to `sqlite3_log`.
@discardableResult
public func sqlite3_key(_ db: OpaquePointer?, _ pKey: UnsafeRawPointer?, _ nKey: Int32) -> Int32 {
    dp_mc_key_v2(UnsafeMutableRawPointer(db), "main", pKey, nKey)
}

/// Keys database `zDbName` (`"main"`, or an attached one) of `db`; see ``sqlite3_key(_:_:_:)``. An attached
/// database takes the connection's cipher configuration (``sqlite3mc_config(_:_:_:)``).
@discardableResult
public func sqlite3_key_v2(
    _ db: OpaquePointer?, _ zDbName: UnsafePointer<CChar>?, _ pKey: UnsafeRawPointer?, _ nKey: Int32
) -> Int32 {
    dp_mc_key_v2(UnsafeMutableRawPointer(db), zDbName, pKey, nKey)
}

/// Changes the key of the main database of `db` to `pKey`, as SQLite3 Multiple Ciphers' `sqlite3_rekey` does: every
/// page is rewritten under the new key in one transaction, so a crash leaves the file whole under the old key.
///
/// A `nil` or empty key decrypts the file in place, and a key on a plain file encrypts it in place, as in SQLite3MC:
/// the same rewrite, whose crash leaves the file whole in its old state (plain, or under the old key). The connection
/// must be outside a transaction, an encrypted file keyed, and no other connection may have the file open (theirs
/// would still hold the old key). A WAL database is rewritten in rollback-journal mode and put back in WAL mode. The
/// cipher is the one configured with ``sqlite3mc_config(_:_:_:)``, else the file's own, else (a plain file)
/// SQLite3MC's default, ChaCha20; the pages' reserve grows to the cipher's and is never shrunk (a decrypted file keeps
/// its reserved bytes, which SQLite reads as any file). `SQLITE_ERROR`, the reason in `sqlite3_log`: a key change to
/// a cipher that reserves another number of bytes per page (`driverport rekey --cipher` writes a new file), or an
/// encryption with a cipher fixing another page size (SQLCipher 1 to 3: 1024 bytes).
@discardableResult
public func sqlite3_rekey(_ db: OpaquePointer?, _ pKey: UnsafeRawPointer?, _ nKey: Int32) -> Int32 {
    dp_mc_rekey_v2(UnsafeMutableRawPointer(db), "main", pKey, nKey)
}

/// Changes the key of database `zDbName` of `db`; see ``sqlite3_rekey(_:_:_:)``.
@discardableResult
public func sqlite3_rekey_v2(
    _ db: OpaquePointer?, _ zDbName: UnsafePointer<CChar>?, _ pKey: UnsafeRawPointer?, _ nKey: Int32
) -> Int32 {
    dp_mc_rekey_v2(UnsafeMutableRawPointer(db), zDbName, pKey, nKey)
}
