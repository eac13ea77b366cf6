import SQLiteCipher

/// The page codec's registration, which the functions of this module need before a connection opens:
/// `try KeyPragmas.install()` makes the codec SQLite's default VFS for the process, answering SQLite3 Multiple
/// Ciphers' pragmas and SQL functions (`sqlite3mc_export`, `PRAGMA cipher_migrate`) on every connection opened after.
public typealias KeyPragmas = SQLiteCipher.KeyPragmas
