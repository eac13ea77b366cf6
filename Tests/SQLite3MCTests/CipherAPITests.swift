import Foundation
import LegacyDriver
import SQLite3MultipleCiphers
import Testing
import TestSupport

/// SQLite3 Multiple Ciphers' C API on the legacy driver: an app keys, reads, rekeys and exports the committed
/// SQLCipher 4 and AES-128 fixtures through `sqlite3_key_v2`, `sqlite3mc_config` and friends on `Connection.handle`.
@Suite("SQLite3MC C API")
struct CipherAPITests {
    static let passphrase = "driverport-fixture-key"
    static let fixtures = SharedData.repositoryRoot.appendingPathComponent("Fixtures")
    /// The encrypted fixtures an MMEX app opens, with the cipher name and legacy value SQLite3MC takes for each.
    static let formats: [(file: String, cipher: String, legacy: Int32)] = [
        ("mmex-200-sqlcipher4.emb", "sqlcipher", 4),
        ("mmex-200-aes128.emb", "aes128cbc", 0),
    ]

    init() throws { try KeyPragmas.install() }

    /// The fixture copied to a fresh folder (the committed file is never opened for writing).
    static func copy(_ file: String, into folder: TemporaryDirectory) throws -> String {
        try folder.copy(fixtures.appendingPathComponent(file))
    }

    static func transactionCount(_ db: Connection) throws -> Int64? {
        try db.scalar("SELECT count(*) FROM CHECKINGACCOUNT_V1") as? Int64
    }

    /// Opens `path`, configures `cipher` and keys it with `passphrase`.
    static func open(_ path: String, cipher: String, legacy: Int32, passphrase: String) throws -> Connection {
        let db = try Connection(path)
        db.chooseCipher(cipher, legacy: legacy)
        try db.unlock(passphrase)
        return db
    }

    @Test("the configuration calls answer as SQLite3MC's: indexes, names, counts and the values in force")
    func configurationAnswers() throws {
        #expect(sqlite3mc_cipher_count() == 7)
        #expect(sqlite3mc_cipher_index("sqlcipher") == 4)
        #expect(sqlite3mc_cipher_index("AES128CBC") == 1)
        #expect(sqlite3mc_cipher_index("blowfish") == -1)
        #expect(String(cString: sqlite3mc_cipher_name(4)) == "sqlcipher")
        #expect(String(cString: sqlite3mc_cipher_name(8)) == "")
        let folder = TemporaryDirectory("sqlite3mc-config")
        let db = try Connection(folder.path("new.db"))
        #expect(sqlite3mc_config(db.handle, "cipher", -1) == 3, "unconfigured: SQLite3MC's default, ChaCha20")
        #expect(sqlite3mc_config(db.handle, "default:cipher", 4) == 4)
        #expect(sqlite3mc_config(db.handle, "cipher", -1) == 4)
        #expect(sqlite3mc_config(db.handle, "cipher", 99) == 4, "out of range: unchanged")
        #expect(sqlite3mc_config(db.handle, "max:cipher", -1) == 7)
        #expect(sqlite3mc_config(db.handle, "no_such_parameter", 1) == -1)
        #expect(sqlite3mc_config(nil, "cipher", 4) == -1, "process-wide changes are refused")
        #expect(sqlite3mc_config_cipher(db.handle, "sqlcipher", "legacy", 4) == 4)
        #expect(sqlite3mc_config_cipher(db.handle, "sqlcipher", "legacy", -1) == 4)
        #expect(sqlite3mc_config_cipher(db.handle, "sqlcipher", "legacy", 9) == 4, "out of range: unchanged")
        #expect(sqlite3mc_config_cipher(db.handle, "sqlcipher", "kdf_iter", -1) == 256_000)
        #expect(sqlite3mc_config_cipher(db.handle, "sqlcipher", "legacy_page_size", -1) == 4096)
        #expect(sqlite3mc_config_cipher(db.handle, "twofish", "legacy", 1) == -1)
    }

    @Test("an app keys each MMEX cipher through sqlite3_key_v2 and reads every transaction; cipher_migrate says 0")
    func keyAndRead() throws {
        for format in Self.formats {
            let folder = TemporaryDirectory("sqlite3mc-key")
            let path = try Self.copy(format.file, into: folder)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let db = try Self.open(path, cipher: format.cipher, legacy: format.legacy, passphrase: Self.passphrase)
            #expect(try Self.transactionCount(db) == 200, "\(format.file)")
            #expect(try db.migrateCipher() == "0", "\(format.file)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(format.file): reading changed it")
        }
    }

    @Test("a wrong passphrase is accepted by sqlite3_key_v2 and refused at the first read (SQLITE_NOTADB), file unchanged")
    func wrongKey() throws {
        for format in Self.formats {
            let folder = TemporaryDirectory("sqlite3mc-wrong")
            let path = try Self.copy(format.file, into: folder)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let db = try Connection(path)
            db.chooseCipher(format.cipher, legacy: format.legacy)
            #expect(sqlite3_key_v2(db.handle, "main", "not the key", 11) == SQLITE_OK)
            #expect(throws: LegacyError.self) { _ = try db.scalar("SELECT count(*) FROM sqlite_master") }
            #expect(sqlite3_errcode(db.handle) == SQLITE_NOTADB, "\(format.file)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(format.file)")
        }
    }

    @Test("a key after the first read, and a key on a file the codec did not open, return SQLITE_ERROR or MISUSE")
    func keyTooLate() throws {
        let folder = TemporaryDirectory("sqlite3mc-late")
        let path = try Self.copy("mmex-200.mmb", into: folder)
        let db = try Connection(path)
        #expect(try Self.transactionCount(db) == 200)
        #expect(sqlite3_key_v2(db.handle, "main", "secret", 6) != SQLITE_OK)
        let memory = try Connection()
        #expect(sqlite3_key_v2(memory.handle, "main", "secret", 6) == SQLITE_ERROR)
    }

    @Test("sqlite3_rekey_v2 changes the key in place: the new passphrase reads every row, the old one no longer opens")
    func rekeyInPlace() throws {
        for format in Self.formats {
            let folder = TemporaryDirectory("sqlite3mc-rekey")
            let path = try Self.copy(format.file, into: folder)
            do {
                let db = try Self.open(path, cipher: format.cipher, legacy: format.legacy, passphrase: Self.passphrase)
                try db.changeKey("a new passphrase")
                #expect(try Self.transactionCount(db) == 200, "\(format.file): the connection reads on after the rekey")
                try db.run("UPDATE CHECKINGACCOUNT_V1 SET NOTES = 'after rekey' WHERE TRANSID = 1")
            }
            let reopened = try Self.open(path, cipher: format.cipher, legacy: format.legacy, passphrase: "a new passphrase")
            #expect(try Self.transactionCount(reopened) == 200, "\(format.file)")
            #expect(try reopened.scalar("SELECT NOTES FROM CHECKINGACCOUNT_V1 WHERE TRANSID = 1") as? String == "after rekey")
            #expect(try reopened.scalar("PRAGMA integrity_check") as? String == "ok")
            #expect(throws: LegacyError.self, "\(format.file): the old passphrase still opens it") {
                _ = try Self.open(path, cipher: format.cipher, legacy: format.legacy, passphrase: Self.passphrase)
            }
        }
    }

    @Test("a WAL database is rekeyed and stays in WAL mode")
    func rekeyWAL() throws {
        let folder = TemporaryDirectory("sqlite3mc-wal")
        let path = try Self.copy("mmex-200-sqlcipher4.emb", into: folder)
        do {
            let db = try Self.open(path, cipher: "sqlcipher", legacy: 4, passphrase: Self.passphrase)
            #expect(try db.scalar("PRAGMA journal_mode = WAL") as? String == "wal")
            try db.run("DELETE FROM CHECKINGACCOUNT_V1 WHERE TRANSID = 2")
            #expect(sqlite3_rekey_v2(db.handle, "main", "wal passphrase", 14) == SQLITE_OK)
            #expect(try db.scalar("PRAGMA journal_mode") as? String == "wal")
            #expect(try Self.transactionCount(db) == 199)
        }
        let reopened = try Self.open(path, cipher: "sqlcipher", legacy: 4, passphrase: "wal passphrase")
        #expect(try Self.transactionCount(reopened) == 199)
        #expect(try reopened.scalar("PRAGMA integrity_check") as? String == "ok")
    }

    @Test("sqlite3mc_export copies the database to a new file under the same passphrase and cipher")
    func exportCopy() throws {
        for format in Self.formats {
            let folder = TemporaryDirectory("sqlite3mc-export")
            let path = try Self.copy(format.file, into: folder)
            let target = folder.path("exported.emb")
            do {
                let db = try Self.open(path, cipher: format.cipher, legacy: format.legacy, passphrase: Self.passphrase)
                try db.exportEncrypted(to: .uri(target))
            }
            let header = try FileHandle(forReadingFrom: URL(fileURLWithPath: target)).readData(ofLength: 16)
            #expect(header != Data("SQLite format 3\0".utf8), "\(format.file): the copy is plain")
            let copy = try Self.open(target, cipher: format.cipher, legacy: format.legacy, passphrase: Self.passphrase)
            #expect(try Self.transactionCount(copy) == 200, "\(format.file)")
            let schema = "SELECT group_concat(type || name, ',') FROM (SELECT * FROM sqlite_master ORDER BY name)"
            let original = try Self.open(path, cipher: format.cipher, legacy: format.legacy, passphrase: Self.passphrase)
            #expect(try copy.scalar(schema) as? String == original.scalar(schema) as? String)
            #expect(try copy.scalar("PRAGMA user_version") as? Int64 == original.scalar("PRAGMA user_version") as? Int64)
            #expect(try copy.scalar("PRAGMA integrity_check") as? String == "ok")
        }
    }
}
