import Foundation
import SQLite
import SQLite3MultipleCiphers
import Testing

/// An app written for SQLite.swift on SQLite3 Multiple Ciphers (as mmex-ios is) keeps its C calls on
/// `Connection.handle` and runs on the real SQLite.swift over the system SQLite: `sqlite3mc_config`,
/// `sqlite3mc_config_cipher`, `sqlite3_key_v2`, `sqlite3_rekey_v2` (a key change, decrypting and encrypting in place),
/// `PRAGMA cipher_migrate` and `sqlite3mc_export`.
@Suite("The real SQLite.swift keys, rekeys and exports through SQLite3MC's C API", .serialized)
struct SQLiteSwiftCipherAPITests {
    init() throws { try KeyPragmas.install() }

    /// The cipher configuration and key an app applies right after opening, then a read that fails on a wrong key.
    static func open(_ path: String, _ fixture: EncryptedFixtures.Fixture, passphrase: String) throws -> Connection {
        let db = try Connection(path)
        sqlite3mc_config(db.handle, "default:cipher", sqlite3mc_cipher_index(fixture.cipher))
        sqlite3mc_config_cipher(db.handle, fixture.cipher, "legacy", Int32(fixture.legacy ?? 0))
        try check(sqlite3_key_v2(db.handle, "main", passphrase, Int32(passphrase.utf8.count)))
        _ = try db.scalar("SELECT count(*) FROM sqlite_master;")
        return db
    }

    static func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw Result.error(message: "SQLite3 Error: \(code)", code: code, statement: nil) }
    }

    @Test("keyed with sqlite3_key_v2, rekeyed with sqlite3_rekey_v2: the rows stay and SQLite3MC opens it with the new key",
          .enabled(if: EncryptedFixtures.oracleIsAvailable, "the oracle venv is missing: run make oracles"),
          arguments: EncryptedFixtures.all)
    func keyRekeyAndOracle(fixture: EncryptedFixtures.Fixture) throws {
        let folder = try PrivateFolder()
        let path = try EncryptedFixtures.copy(fixture, into: folder.url)
        let transactions = Table("CHECKINGACCOUNT_V1")
        let newPassphrase = "rekeyed by the C API"
        do {
            let db = try Self.open(path, fixture, passphrase: EncryptedFixtures.passphrase)
            #expect(try db.scalar(transactions.count) == 200)
            #expect(try db.scalar("PRAGMA cipher_migrate;") as? String == "0")
            try Self.check(sqlite3_rekey_v2(db.handle, "main", newPassphrase, Int32(newPassphrase.utf8.count)))
            try db.run(Table("PAYEE_V1").insert(SQLite.Expression<String>("PAYEENAME") <- "After the rekey",
                                                SQLite.Expression<Int64>("CATEGID") <- -1))
        }
        #expect(throws: Result.self) { _ = try Self.open(path, fixture, passphrase: EncryptedFixtures.passphrase) }
        let reopened = try Self.open(path, fixture, passphrase: newPassphrase)
        #expect(try reopened.scalar(transactions.count) == 200)
        try EncryptedFixtures.expectOracleReads(payee: "After the rekey", in: path, fixture, passphrase: newPassphrase)
    }

    @Test("sqlite3_rekey_v2 with a nil key decrypts in place, and with a key on the plain file encrypts it again: SQLite3MC opens it with the new key",
          .enabled(if: EncryptedFixtures.oracleIsAvailable, "the oracle venv is missing: run make oracles"),
          arguments: EncryptedFixtures.all)
    func decryptAndEncryptInPlace(fixture: EncryptedFixtures.Fixture) throws {
        let folder = try PrivateFolder()
        let path = try EncryptedFixtures.copy(fixture, into: folder.url)
        let transactions = Table("CHECKINGACCOUNT_V1")
        let plainHeader = Data("SQLite format 3\0".utf8)
        do {
            let db = try Self.open(path, fixture, passphrase: EncryptedFixtures.passphrase)
            try Self.check(sqlite3_rekey_v2(db.handle, "main", nil, 0))
            #expect(try db.scalar(transactions.count) == 200, "the connection reads on after decrypting")
        }
        #expect(EncryptedFixtures.bytes(path)?.prefix(16) == plainHeader, "\(fixture.file): not plain after decrypting")
        let newPassphrase = "encrypted in place"
        do {
            let db = try Connection(path)
            #expect(try db.scalar(transactions.count) == 200, "the plain file opens without a key")
            sqlite3mc_config(db.handle, "default:cipher", sqlite3mc_cipher_index(fixture.cipher))
            sqlite3mc_config_cipher(db.handle, fixture.cipher, "legacy", Int32(fixture.legacy ?? 0))
            try Self.check(sqlite3_rekey_v2(db.handle, "main", newPassphrase, Int32(newPassphrase.utf8.count)))
            try db.run(Table("PAYEE_V1").insert(SQLite.Expression<String>("PAYEENAME") <- "Encrypted in place",
                                                SQLite.Expression<Int64>("CATEGID") <- -1))
        }
        #expect(EncryptedFixtures.bytes(path)?.prefix(16) != plainHeader, "\(fixture.file): still plain after encrypting")
        let reopened = try Self.open(path, fixture, passphrase: newPassphrase)
        #expect(try reopened.scalar(transactions.count) == 200)
        try EncryptedFixtures.expectOracleReads(payee: "Encrypted in place", in: path, fixture, passphrase: newPassphrase)
    }

    @Test("sqlite3mc_export writes an encrypted copy SQLite3MC opens with the same passphrase",
          .enabled(if: EncryptedFixtures.oracleIsAvailable, "the oracle venv is missing: run make oracles"),
          arguments: EncryptedFixtures.all)
    func exportCopy(fixture: EncryptedFixtures.Fixture) throws {
        let folder = try PrivateFolder()
        let path = try EncryptedFixtures.copy(fixture, into: folder.url)
        let target = folder.url.appendingPathComponent("export.emb").path
        do {
            let db = try Self.open(path, fixture, passphrase: EncryptedFixtures.passphrase)
            try db.run(Table("PAYEE_V1").insert(SQLite.Expression<String>("PAYEENAME") <- "Exported",
                                                SQLite.Expression<Int64>("CATEGID") <- -1))
            try db.attach(.uri(target), as: "cipher_export")
            try db.run("SELECT sqlite3mc_export(?)", "cipher_export")
            try db.detach("cipher_export")
        }
        try EncryptedFixtures.expectOracleReads(payee: "Exported", in: target, fixture)
        let copy = try Self.open(target, fixture, passphrase: EncryptedFixtures.passphrase)
        #expect(try copy.scalar(Table("CHECKINGACCOUNT_V1").count) == 200)
    }
}
