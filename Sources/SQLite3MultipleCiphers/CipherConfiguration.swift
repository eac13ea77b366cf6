import CPageCodec

// SQLite3 Multiple Ciphers' configuration functions, with its names and return values. A connection's configuration
// applies to the keys and rekeys that follow on it.

/// Reads or sets a connection's parameter, as SQLite3 Multiple Ciphers' `sqlite3mc_config` does: `"cipher"` (the
/// cipher index a key uses, see ``sqlite3mc_cipher_index(_:)``) or `"hmac_check"` (always 1 here), with the prefixes
/// `"default:"`, `"min:"` and `"max:"`. A negative `newValue` only reads. Returns the value now in force, or -1 for an
/// unknown parameter, or for a change with a `nil` connection (SQLite3MC's process-wide defaults are read-only here).
///
/// Without a configured cipher the codec finds an existing file's format itself and gives a new file ChaCha20, so
/// `"cipher"` then reads 3 (ChaCha20), SQLite3MC's default.
@discardableResult
public func sqlite3mc_config(_ db: OpaquePointer?, _ paramName: UnsafePointer<CChar>?, _ newValue: Int32) -> Int32 {
    dp_mc_config(UnsafeMutableRawPointer(db), paramName, newValue)
}

/// Reads or sets a cipher's parameter on a connection, as SQLite3 Multiple Ciphers' `sqlite3mc_config_cipher` does:
/// `"legacy"` (SQLCipher: 1-4 for SQLCipher 1-4 files; 0-1 for the others), `"kdf_iter"` (each format's standard
/// count, which is all this codec reads) and `"legacy_page_size"`. Returns the value in force, or -1 for an unknown
/// cipher or parameter.
@discardableResult
public func sqlite3mc_config_cipher(
    _ db: OpaquePointer?, _ cipherName: UnsafePointer<CChar>?, _ paramName: UnsafePointer<CChar>?, _ newValue: Int32
) -> Int32 {
    dp_mc_config_cipher(UnsafeMutableRawPointer(db), cipherName, paramName, newValue)
}

/// The number of ciphers: 7, as in SQLite3 Multiple Ciphers (`aes128cbc`, `aes256cbc`, `chacha20`, `sqlcipher`,
/// `rc4`, `ascon128`, `aegis`).
public func sqlite3mc_cipher_count() -> Int32 {
    dp_mc_cipher_count()
}

/// The index (1-7) of the cipher named `cipherName` (any case), or -1.
public func sqlite3mc_cipher_index(_ cipherName: UnsafePointer<CChar>?) -> Int32 {
    dp_mc_cipher_index(cipherName)
}

/// The name of cipher `cipherIndex` (1-7), or an empty string out of range.
public func sqlite3mc_cipher_name(_ cipherIndex: Int32) -> UnsafePointer<CChar>! {
    dp_mc_cipher_name(cipherIndex)
}
