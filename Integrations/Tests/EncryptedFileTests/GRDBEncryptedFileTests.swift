import Foundation
import GRDB
import SQLiteCipher
import Testing

/// The real GRDB reads and writes MMEX's encrypted files through the page codec: `KeyPragmas.install()` once, then
/// `PRAGMA key` in `Configuration.prepareDatabase`, on a queue and on a pool (which turns the file to WAL). SQLite3
/// Multiple Ciphers reads what GRDB wrote.
@Suite("The real GRDB opens the encrypted fixtures with PRAGMA key", .serialized)
struct GRDBEncryptedFileTests {
    init() throws { try KeyPragmas.install() }

    /// A configuration keying every connection as mmex-ios does.
    static func configuration(_ fixture: EncryptedFixtures.Fixture, passphrase: String = EncryptedFixtures.passphrase) -> Configuration {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            for statement in fixture.keyStatements(passphrase: passphrase) { try db.execute(sql: statement) }
        }
        return configuration
    }

    /// The plain fixture's transaction count, read by GRDB.
    static func plainCount() throws -> Int {
        let queue = try DatabaseQueue(path: EncryptedFixtures.plain, configuration: {
            var configuration = Configuration()
            configuration.readonly = true
            return configuration
        }())
        defer { try? queue.close() }
        return try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM CHECKINGACCOUNT_V1") } ?? -1
    }

    @Test("a queue reads the fixture's rows and writes a payee that SQLite3 Multiple Ciphers reads back",
          .enabled(if: EncryptedFixtures.oracleIsAvailable, "the oracle venv is missing: run make oracles"),
          arguments: EncryptedFixtures.all)
    func queueReadsAndWrites(fixture: EncryptedFixtures.Fixture) throws {
        let folder = try PrivateFolder()
        let path = try EncryptedFixtures.copy(fixture, into: folder.url)
        let queue = try DatabaseQueue(path: path, configuration: Self.configuration(fixture))
        let count = try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM CHECKINGACCOUNT_V1") }
        #expect(count == (try Self.plainCount()))
        try queue.write { db in
            try db.execute(sql: "INSERT INTO PAYEE_V1 (PAYEENAME, CATEGID) VALUES (?, -1)", arguments: ["Written by GRDB"])
        }
        try queue.close()
        try EncryptedFixtures.expectOracleReads(payee: "Written by GRDB", in: path, fixture)
    }

    @Test("a pool turns the file to WAL, its readers see the writer's commit, and the oracle reads the result",
          .enabled(if: EncryptedFixtures.oracleIsAvailable, "the oracle venv is missing: run make oracles"),
          arguments: EncryptedFixtures.all)
    func poolInWAL(fixture: EncryptedFixtures.Fixture) throws {
        let folder = try PrivateFolder()
        let path = try EncryptedFixtures.copy(fixture, into: folder.url)
        let pool = try DatabasePool(path: path, configuration: Self.configuration(fixture))
        #expect(try pool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        try pool.write { db in
            try db.execute(sql: "INSERT INTO PAYEE_V1 (PAYEENAME, CATEGID) VALUES (?, -1)", arguments: ["Pooled"])
        }
        #expect(try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM PAYEE_V1 WHERE PAYEENAME = 'Pooled'") } == 1)
        try pool.close()
        try EncryptedFixtures.expectOracleReads(payee: "Pooled", in: path, fixture)
    }

    @Test("a wrong passphrase fails the first read with SQLITE_NOTADB and leaves the file as it was",
          arguments: EncryptedFixtures.all)
    func wrongPassphrase(fixture: EncryptedFixtures.Fixture) throws {
        let folder = try PrivateFolder()
        let path = try EncryptedFixtures.copy(fixture, into: folder.url)
        let before = EncryptedFixtures.bytes(path)
        let error = #expect(throws: DatabaseError.self) {
            let queue = try DatabaseQueue(path: path, configuration: Self.configuration(fixture, passphrase: "not it"))
            _ = try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") }
        }
        #expect(error?.resultCode == .SQLITE_NOTADB)
        #expect(EncryptedFixtures.bytes(path) == before)
    }
}
