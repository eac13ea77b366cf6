import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// Crash images: a hot journal this key wrote (here or by SQLCipher) is rolled back; one written with another key,
/// or by a library whose format has no MAC, is refused and nothing changes. WAL files left by the real libraries
/// recover here, and ours recover there.
@Suite("hot journals and WAL crash images")
struct HotJournalAndWALTests {
    /// Leaves `crash` as the image of `path` in the middle of a transaction that spilled pages to the main file.
    static func crashImageHere(_ path: String, key: CipherKey, format: CipherFormat, to crash: String) throws {
        let (connection, _) = try CipherFixtures.open(path, choice: .format(format), key: key)
        defer { connection.close() }
        try connection.execute("PRAGMA cache_size = 5")
        try connection.execute("BEGIN")
        try connection.execute("UPDATE t SET note = 'half done' WHERE id % 2 = 0")
        try connection.execute(CipherFixtures.insertSQL(first: 1000, count: 300))
        for suffix in ["", "-journal"] {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: crash + suffix)
        }
        try connection.execute("ROLLBACK")
    }

    /// The cipher error opening `path` and reading its rows ends in: the key's application reads the schema (for
    /// the encrypted page cache's pragma), so a hot journal is met there or, failing that, at the first read.
    static func refusal(_ path: String, key: CipherKey) -> CipherError? {
        do {
            let (connection, _) = try CipherFixtures.open(path, key: key)
            defer { connection.close() }
            do {
                _ = try connection.rows(CipherFixtures.selectSQL)
                return nil
            } catch {
                return PageCodec.translate(error, on: connection)
            }
        } catch {
            return error as? CipherError
        }
    }

    @Test("a hot journal the codec wrote is rolled back to the rows before the transaction")
    func ownHotJournalRollsBack() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db")
        let crash = folder.path("crash.db")
        let key = try CipherFixtures.rawKey()
        let before = try CipherFixtures.create(path, format: .sqlcipher4, key: key, pageSize: 1024, rows: 300)
        try Self.crashImageHere(path, key: key, format: .sqlcipher4, to: crash)
        #expect(try FileBytes.read(crash) != FileBytes.read(path), "the crash image should hold spilled pages")
        let rows = try CipherFixtures.rows(crash, key: key, access: .readWrite)
        #expect(rowDifference(rows, before) == "")
        #expect(!FileManager.default.fileExists(atPath: crash + "-journal"))
    }

    @Test("a hot journal SQLCipher 4 wrote with the same key is rolled back here")
    func sqlcipherHotJournalRollsBack() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db")
        let crash = folder.path("crash.db")
        let key = try CipherFixtures.rawKey()
        let before = try CipherFixtures.create(path, format: .sqlcipher4, key: key, rows: 300)
        try Oracle.expectSuccess(.init(.sqlcipher, path, [
            .sql(CipherFixtures.keyStatement(rawHex: CipherFixtures.rawHex)), .sql("PRAGMA cache_size = 2"),
            .sql("BEGIN"), .sql("UPDATE t SET note = 'half done by SQLCipher'"),
            .sql(CipherFixtures.insertSQL(first: 1000, count: 300)),
            .copy(from: path, to: crash, suffixes: ["", "-journal"]), .sql("ROLLBACK"),
        ]))
        #expect(FileManager.default.fileExists(atPath: crash + "-journal"))
        let rows = try CipherFixtures.rows(crash, key: key, access: .readWrite)
        #expect(rowDifference(rows, before) == "")
    }

    @Test("a hot journal written with another key is refused, and the database and journal stay as they were")
    func foreignKeyJournalRefused() throws {
        let folder = TemporaryDirectory()
        let first = folder.path("first.db")
        let second = folder.path("second.db")
        let crash = folder.path("crash.db")
        let firstKey = try CipherFixtures.rawKey()
        let secondKey = try CipherKey.parsing("x'" + String(repeating: "fe", count: 32) + "'")
        try CipherFixtures.create(first, format: .sqlcipher4, key: firstKey, pageSize: 1024, rows: 300)
        try CipherFixtures.create(second, format: .sqlcipher4, key: secondKey, pageSize: 1024, rows: 300)
        try Self.crashImageHere(first, key: firstKey, format: .sqlcipher4, to: crash)
        // The journal of a transaction on `first`, beside `second`.
        try FileManager.default.copyItem(atPath: crash + "-journal", toPath: second + "-journal")
        let databaseBefore = try FileBytes.read(second)
        let journalBefore = try FileBytes.read(second + "-journal")
        let failure = Self.refusal(second, key: secondKey)
        guard case .foreignHotJournal(let detail)? = failure else {
            Issue.record("expected a refused hot journal, got \(String(describing: failure))")
            return
        }
        #expect(detail.contains("refusing to roll it back"))
        #expect(try FileBytes.read(second) == databaseBefore)
        #expect(try FileBytes.read(second + "-journal") == journalBefore)
    }

    @Test("a hot journal SQLite3MC wrote for an AES file (no MAC, no tag of ours) is refused")
    func aesHotJournalRefused() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db")
        let crash = folder.path("crash.db")
        try CipherFixtures.create(path, format: .aes128, key: try CipherFixtures.key(), rows: 300)
        let outcomes = try Oracle.expectSuccess(.init(.multipleCiphers, path, [
            .sql("PRAGMA cipher = 'aes128cbc'"), .sql(CipherFixtures.keyStatement()), .sql("PRAGMA cache_size = 2"),
            .sql("BEGIN"), .sql("UPDATE t SET note = 'half done by SQLite3MC'"),
            .sql(CipherFixtures.insertSQL(first: 1000, count: 300)),
            .copy(from: path, to: crash, suffixes: ["", "-journal"]), .sql("ROLLBACK"),
        ]))
        #expect(outcomes.count == 8)
        #expect(FileManager.default.fileExists(atPath: crash + "-journal"))
        let before = try FileBytes.read(crash)
        let failure = Self.refusal(crash, key: try CipherFixtures.key())
        guard case .foreignHotJournal? = failure else {
            Issue.record("expected a refused hot journal, got \(String(describing: failure))")
            return
        }
        #expect(try FileBytes.read(crash) == before)
    }

    @Test("a WAL that SQLite3MC and SQLCipher 4 left behind recovers here with every committed row",
          arguments: [Oracle.Library.multipleCiphers, .sqlcipher])
    func oracleWALRecoversHere(_ library: Oracle.Library) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db")
        let crash = folder.path("crash.db")
        let format: CipherFormat = library == .sqlcipher ? .sqlcipher4 : .chacha20
        let setup = CipherFixtures.oracleOpen(library, format, key: CipherFixtures.keyStatement(rawHex: CipherFixtures.rawHex))
        let statements = setup + ["PRAGMA journal_mode = WAL"] + CipherFixtures.createSQL.split(separator: ";")
            .map { String($0) }.filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
            + [CipherFixtures.insertSQL(count: 200), "UPDATE t SET note = 'updated in the WAL' WHERE id < 50",
               CipherFixtures.selectSQL]
        let outcomes = try Oracle.expectSuccess(.init(library, path, statements.map { .sql($0) }
            + [.copy(from: path, to: crash, suffixes: ["", "-wal"])]))
        let expected = outcomes[outcomes.count - 2].rows
        #expect(try FileBytes.read(crash + "-wal").count > 0)
        let rows = try CipherFixtures.rows(crash, key: try CipherFixtures.rawKey())
        #expect(rowDifference(rows, expected) == "")
    }

    @Test("a WAL the codec left behind recovers in SQLCipher 4 with every committed row")
    func ourWALRecoversThere() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db")
        let crash = folder.path("crash.db")
        let key = try CipherFixtures.rawKey()
        try CipherFixtures.create(path, format: .sqlcipher4, key: key, rows: 50, walMode: true)
        let (connection, _) = try CipherFixtures.open(path, key: key)
        defer { connection.close() }
        try connection.execute(CipherFixtures.insertSQL(first: 1000, count: 200))
        try connection.execute("UPDATE t SET note = 'updated in the WAL' WHERE id < 30")
        let expected = try connection.rows(CipherFixtures.selectSQL)
        for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: path + suffix, toPath: crash + suffix) }
        #expect(try FileBytes.read(crash + "-wal").count > 0)
        let outcomes = try Oracle.expectSuccess(.init(.sqlcipher, crash, sql: [
            CipherFixtures.keyStatement(rawHex: CipherFixtures.rawHex), "PRAGMA integrity_check", CipherFixtures.selectSQL,
        ]))
        #expect(outcomes[1].rows == [[.text("ok")]])
        #expect(rowDifference(outcomes[2].rows, expected) == "")
    }
}
