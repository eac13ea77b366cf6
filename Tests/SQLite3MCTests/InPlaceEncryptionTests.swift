import Foundation
import LegacyDriver
import SQLite3MultipleCiphers
import Testing
import TestSupport

/// `sqlite3_rekey_v2` and `PRAGMA rekey` with a `nil` or empty key decrypt an encrypted database in place, and with a
/// key encrypt a plain one in place, as SQLite3 Multiple Ciphers does: the cipher is the connection's configured one
/// (SQLite3MC's default, ChaCha20, when none is set) and the page reserve grows to what it needs.
@Suite("SQLite3MC encrypt and decrypt in place")
struct InPlaceEncryptionTests {
    static let passphrase = "driverport-fixture-key"
    static let fixtures = SharedData.repositoryRoot.appendingPathComponent("Fixtures")
    static let formats: [(file: String, cipher: String, legacy: Int32)] = [
        ("mmex-200-sqlcipher4.emb", "sqlcipher", 4),
        ("mmex-200-aes128.emb", "aes128cbc", 0),
    ]
    static let plainMagic = Data("SQLite format 3\0".utf8)
    static let shell = URL(fileURLWithPath: "/usr/bin/sqlite3")

    init() throws { try KeyPragmas.install() }

    static func open(_ path: String, cipher: String, legacy: Int32, passphrase: String) throws -> Connection {
        let db = try Connection(path)
        db.chooseCipher(cipher, legacy: legacy)
        try db.unlock(passphrase)
        return db
    }

    static func transactionCount(_ db: Connection) throws -> Int64? {
        try db.scalar("SELECT count(*) FROM CHECKINGACCOUNT_V1") as? Int64
    }

    /// The file's first `count` bytes.
    static func head(_ path: String, count: Int = 24) throws -> Data {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        return try handle.read(upToCount: count) ?? Data()
    }

    /// Debian's sqlite3 shell, without the codec, on `path`: the row count and the integrity check.
    static func plainShellReads(_ path: String) throws -> String {
        let result = try DriverPortBinary.run(
            ["-batch", path, "SELECT count(*) FROM CHECKINGACCOUNT_V1; PRAGMA integrity_check;"], executable: shell)
        return result.exitCode == 0 ? result.standardOutput : "exit \(result.exitCode): \(result.standardError)"
    }

    @Test("sqlite3_rekey_v2 with a nil key decrypts each MMEX cipher in place: sqlite3 without the codec reads it whole, the old key is refused")
    func decryptInPlace() throws {
        for format in Self.formats {
            let folder = TemporaryDirectory("sqlite3mc-decrypt")
            let path = try folder.copy(Self.fixtures.appendingPathComponent(format.file))
            do {
                let db = try Self.open(path, cipher: format.cipher, legacy: format.legacy, passphrase: Self.passphrase)
                #expect(sqlite3_rekey_v2(db.handle, "main", nil, 0) == SQLITE_OK, "\(format.file)")
                #expect(try Self.transactionCount(db) == 200, "\(format.file): the connection reads on, plain")
                try db.run("UPDATE CHECKINGACCOUNT_V1 SET NOTES = 'after decrypt' WHERE TRANSID = 1")
            }
            #expect(try Self.head(path, count: 16) == Self.plainMagic, "\(format.file): page 1 is plain")
            #expect(try Self.plainShellReads(path) == "200\nok\n", "\(format.file)")
            let reopened = try Connection(path)
            #expect(try Self.transactionCount(reopened) == 200, "\(format.file)")
            #expect(try reopened.scalar("SELECT NOTES FROM CHECKINGACCOUNT_V1 WHERE TRANSID = 1") as? String == "after decrypt")
            #expect(throws: (any Error).self, "\(format.file): the old key still opens it") {
                _ = try Self.open(path, cipher: format.cipher, legacy: format.legacy, passphrase: Self.passphrase)
            }
        }
    }

    @Test("sqlite3_rekey_v2 encrypts a plain database in place with SQLite3MC's default cipher, ChaCha20, reserving its 32 bytes a page")
    func encryptInPlaceWithDefaultCipher() throws {
        let folder = TemporaryDirectory("sqlite3mc-encrypt")
        let path = try folder.copy(Self.fixtures.appendingPathComponent("mmex-200.mmb"))
        #expect(try Self.head(path)[20] == 0, "the fixture reserves nothing")
        do {
            let db = try Connection(path)
            #expect(try Self.transactionCount(db) == 200)
            #expect(sqlite3_rekey_v2(db.handle, "main", "in place", 8) == SQLITE_OK)
            #expect(try Self.transactionCount(db) == 200, "the connection reads on, encrypted")
            try db.run("UPDATE CHECKINGACCOUNT_V1 SET NOTES = 'after encrypt' WHERE TRANSID = 1")
        }
        let head = try Self.head(path)
        #expect(head.prefix(16) != Self.plainMagic, "page 1 is encrypted")
        #expect(head[20] == 32, "ChaCha20 keeps bytes 16-23 in clear: the reserve SQLite3MC's ChaCha20 needs")
        #expect(try Self.plainShellReads(path).contains("file is not a database"))
        let reopened = try Self.open(path, cipher: "chacha20", legacy: 0, passphrase: "in place")
        #expect(try Self.transactionCount(reopened) == 200)
        #expect(try reopened.scalar("SELECT NOTES FROM CHECKINGACCOUNT_V1 WHERE TRANSID = 1") as? String == "after encrypt")
        #expect(try reopened.scalar("PRAGMA integrity_check") as? String == "ok")
    }

    @Test("PRAGMA rekey = '' decrypts and PRAGMA rekey = 'new' encrypts again on one connection, with the configured cipher")
    func pragmaRekeyBothWays() throws {
        let folder = TemporaryDirectory("sqlite3mc-pragma-inplace")
        let path = try folder.copy(Self.fixtures.appendingPathComponent("mmex-200-sqlcipher4.emb"))
        do {
            let db = try Self.open(path, cipher: "sqlcipher", legacy: 4, passphrase: Self.passphrase)
            #expect(try db.scalar("PRAGMA rekey = ''") as? String == "ok")
            #expect(try Self.head(path, count: 16) == Self.plainMagic)
            #expect(try Self.transactionCount(db) == 200)
            #expect(try db.scalar("PRAGMA rekey = 'encrypted again'") as? String == "ok")
            #expect(try Self.head(path, count: 16) != Self.plainMagic)
            #expect(try Self.transactionCount(db) == 200)
        }
        let reopened = try Self.open(path, cipher: "sqlcipher", legacy: 4, passphrase: "encrypted again")
        #expect(try Self.transactionCount(reopened) == 200)
        #expect(try reopened.scalar("PRAGMA integrity_check") as? String == "ok")
    }

    @Test("a WAL database is decrypted, then encrypted, in place and stays in WAL mode each time")
    func walBothWays() throws {
        let folder = TemporaryDirectory("sqlite3mc-inplace-wal")
        let path = try folder.copy(Self.fixtures.appendingPathComponent("mmex-200-sqlcipher4.emb"))
        do {
            let db = try Self.open(path, cipher: "sqlcipher", legacy: 4, passphrase: Self.passphrase)
            #expect(try db.scalar("PRAGMA journal_mode = WAL") as? String == "wal")
            try db.run("DELETE FROM CHECKINGACCOUNT_V1 WHERE TRANSID = 2")
            #expect(sqlite3_rekey_v2(db.handle, "main", nil, 0) == SQLITE_OK)
            #expect(try db.scalar("PRAGMA journal_mode") as? String == "wal")
            #expect(try Self.transactionCount(db) == 199)
            try db.run("DELETE FROM CHECKINGACCOUNT_V1 WHERE TRANSID = 3")
        }
        #expect(try Self.head(path)[18] == 2, "the plain header says WAL")
        #expect(try Self.plainShellReads(path) == "198\nok\n")
        do {
            let db = try Connection(path)
            db.chooseCipher("sqlcipher", legacy: 4)
            #expect(try db.scalar("PRAGMA journal_mode") as? String == "wal")
            #expect(sqlite3_rekey_v2(db.handle, "main", "wal key", 7) == SQLITE_OK)
            #expect(try db.scalar("PRAGMA journal_mode") as? String == "wal")
            try db.run("DELETE FROM CHECKINGACCOUNT_V1 WHERE TRANSID = 4")
        }
        let reopened = try Self.open(path, cipher: "sqlcipher", legacy: 4, passphrase: "wal key")
        #expect(try reopened.scalar("PRAGMA journal_mode") as? String == "wal")
        #expect(try Self.transactionCount(reopened) == 197)
        #expect(try reopened.scalar("PRAGMA integrity_check") as? String == "ok")
    }

    @Test("encrypting a plain file with a cipher that cannot be written here, or needs another page size, is refused and leaves the file unchanged")
    func encryptRefusals() throws {
        let folder = TemporaryDirectory("sqlite3mc-encrypt-refused")
        let path = try folder.copy(Self.fixtures.appendingPathComponent("mmex-200.mmb"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let db = try Connection(path)
        db.chooseCipher("sqlcipher", legacy: 0)
        #expect(sqlite3_rekey_v2(db.handle, "main", "k", 1) == SQLITE_ERROR, "SQLite3MC's own SQLCipher variant")
        try db.run("PRAGMA page_size = 1024")
        try db.run("VACUUM")
        let vacuumed = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(vacuumed != before)
        db.chooseCipher("sqlcipher", legacy: 4)
        #expect(sqlite3_rekey_v2(db.handle, "main", "k", 1) == SQLITE_ERROR, "SQLCipher 4 pages are 4096 bytes")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == vacuumed)
        #expect(try Self.transactionCount(db) == 200)
    }
}
