import LegacyDriver
import SQLite3MultipleCiphers

/// How an app written for SQLite.swift on SQLite3 Multiple Ciphers keys its connection (mmex-ios's `App/SQLite3MC.swift`
/// makes these calls): the C functions on `Connection.handle`, then SQLite.swift's own API. Written here against the
/// legacy driver with only the imports changed from such an app, to show the calls compile and behave.
extension Connection {
    /// The cipher configuration, before the key: SQLCipher 4 (`legacy` 4), or another cipher by name.
    func chooseCipher(_ name: String = "sqlcipher", legacy: Int32 = 4) {
        sqlite3mc_config(handle, "default:cipher", sqlite3mc_cipher_index(name))
        sqlite3mc_config_cipher(handle, name, "legacy", legacy)
    }

    /// Keys the main database, then reads the schema so a wrong key fails here.
    func unlock(_ passphrase: String, db: String = "main") throws {
        try require(sqlite3_key_v2(handle, db, passphrase, Int32(passphrase.utf8.count)))
        _ = try scalar("SELECT count(*) FROM sqlite_master;")
    }

    /// Keys with raw bytes (an app's `Blob` key).
    func unlock(_ key: Blob, db: String = "main") throws {
        try require(sqlite3_key_v2(handle, db, key.bytes, Int32(key.bytes.count)))
        _ = try scalar("SELECT count(*) FROM sqlite_master;")
    }

    /// SQLCipher's migration pragma, whose "0" means nothing to migrate.
    func migrateCipher() throws -> String? {
        try scalar("PRAGMA cipher_migrate;") as? String
    }

    /// Changes the key in place.
    func changeKey(_ passphrase: String, db: String = "main") throws {
        try require(sqlite3_rekey_v2(handle, db, passphrase, Int32(passphrase.utf8.count)))
    }

    /// Copies the database to a new encrypted file under the same key.
    func exportEncrypted(to location: Location) throws {
        let schema = "cipher_export"
        try attach(location, as: schema)
        try run("SELECT sqlite3mc_export(?)", schema)
        try detach(schema)
    }

    private func require(_ code: Int32) throws {
        guard code == SQLITE_OK else {
            throw Result.error(message: "SQLite3 Error: \(code)", code: code, statement: nil)
        }
    }
}
