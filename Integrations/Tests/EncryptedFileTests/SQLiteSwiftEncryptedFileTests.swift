import Foundation
import SQLite
import SQLiteCipher
import Testing

/// The real SQLite.swift reads and writes MMEX's encrypted files through the page codec: `KeyPragmas.install()`
/// once, then `PRAGMA key` on the `Connection` before its first read. SQLite3 Multiple Ciphers reads what it wrote.
@Suite("The real SQLite.swift opens the encrypted fixtures with PRAGMA key", .serialized)
struct SQLiteSwiftEncryptedFileTests {
    init() throws { try KeyPragmas.install() }

    static func open(_ path: String, _ fixture: EncryptedFixtures.Fixture, passphrase: String = EncryptedFixtures.passphrase) throws -> Connection {
        let db = try Connection(path)
        for statement in fixture.keyStatements(passphrase: passphrase) { try db.execute(statement) }
        return db
    }

    @Test("a Connection reads the fixture's rows with the query builder and writes a payee the oracle reads back",
          .enabled(if: EncryptedFixtures.oracleIsAvailable, "the oracle venv is missing: run make oracles"),
          arguments: EncryptedFixtures.all)
    func readsAndWrites(fixture: EncryptedFixtures.Fixture) throws {
        let folder = try PrivateFolder()
        let path = try EncryptedFixtures.copy(fixture, into: folder.url)
        let plainCount = try Connection(EncryptedFixtures.plain, readonly: true).scalar(Table("CHECKINGACCOUNT_V1").count)
        do {
            let db = try Self.open(path, fixture)
            #expect(try db.scalar(Table("CHECKINGACCOUNT_V1").count) == plainCount)
            let payees = Table("PAYEE_V1")
            try db.run(payees.insert(SQLite.Expression<String>("PAYEENAME") <- "Written by SQLite.swift",
                                     SQLite.Expression<Int64>("CATEGID") <- -1))
        }
        try EncryptedFixtures.expectOracleReads(payee: "Written by SQLite.swift", in: path, fixture)
    }

    @Test("a wrong passphrase fails the first read with SQLITE_NOTADB and leaves the file as it was",
          arguments: EncryptedFixtures.all)
    func wrongPassphrase(fixture: EncryptedFixtures.Fixture) throws {
        let folder = try PrivateFolder()
        let path = try EncryptedFixtures.copy(fixture, into: folder.url)
        let before = EncryptedFixtures.bytes(path)
        let error = #expect(throws: Result.self) {
            let db = try Self.open(path, fixture, passphrase: "not it")
            _ = try db.scalar("SELECT count(*) FROM sqlite_master")
        }
        guard case .error(_, let code, _)? = error else {
            Issue.record("expected Result.error, got \(String(describing: error))")
            return
        }
        #expect(code == 26)  // SQLITE_NOTADB
        #expect(EncryptedFixtures.bytes(path) == before)
    }
}
